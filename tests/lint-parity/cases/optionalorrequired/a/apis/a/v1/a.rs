// Twin of kube-api-linter's pkg/analysis/optionalorrequired/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct OptionalOrRequiredTestStruct {
    #[serde(rename = "NoMarkers")]
    pub no_markers: String, // want "field OptionalOrRequiredTestStruct.NoMarkers must be marked as optional or required"
    /// noOptionalOrRequiredMarker is a field with no optional or required marker.
    // +kubebuilder:validation:Enum=Foo;Bar
    #[serde(rename = "NoOptionalOrRequiredMarker")]
    pub no_optional_or_required_marker: String, // want "field OptionalOrRequiredTestStruct.NoOptionalOrRequiredMarker must be marked as optional or required"
    // +optional
    #[serde(rename = "MarkedOpitonalAndRequired")]
    pub marked_opitonal_and_required: String, // want "field OptionalOrRequiredTestStruct.MarkedOpitonalAndRequired must not be marked as both optional and required"
    // +optional
    // +kubebuilder:validation:Optional
    #[serde(rename = "MarkedOptionalAndKubeBuilderOptional")]
    pub marked_optional_and_kube_builder_optional: String, // want "field OptionalOrRequiredTestStruct.MarkedOptionalAndKubeBuilderOptional should use only the marker optional, kubebuilder:validation:Optional is not required"
    // +required
    // +kubebuilder:validation:Required
    #[serde(rename = "MarkedRequiredAndKubeBuilderRequired")]
    pub marked_required_and_kube_builder_required: String, // want "field OptionalOrRequiredTestStruct.MarkedRequiredAndKubeBuilderRequired should use only the marker required, kubebuilder:validation:Required is not required"
    // +kubebuilder:validation:Optional
    #[serde(rename = "KubebuilderOptionalMarker")]
    pub kubebuilder_optional_marker: String, // want "field OptionalOrRequiredTestStruct.KubebuilderOptionalMarker should use marker optional instead of kubebuilder:validation:Optional"
    // +kubebuilder:validation:Required
    #[serde(rename = "KubebuilderRequiredMarker")]
    pub kubebuilder_required_marker: String, // want "field OptionalOrRequiredTestStruct.KubebuilderRequiredMarker should use marker required instead of kubebuilder:validation:Required"
    // +optional
    #[serde(rename = "OptionalMarker")]
    pub optional_marker: String,
    // +required
    #[serde(rename = "RequiredMarker")]
    pub required_marker: String,
    // +kubebuilder:validation:Optional
    // +kubebuilder:validation:Optional
    #[serde(rename = "MarkedWithKubeBuilderOptionalTwice")]
    pub marked_with_kube_builder_optional_twice: String, // want "field OptionalOrRequiredTestStruct.MarkedWithKubeBuilderOptionalTwice should use marker optional instead of kubebuilder:validation:Optional"
    // +kubebuilder:validation:Optional
    // +kubebuilder:validation:Optional
    // +optional
    #[serde(rename = "MarkedWithKubeBuilderOptionalTwiceAndOptional")]
    pub marked_with_kube_builder_optional_twice_and_optional: String, // want "field OptionalOrRequiredTestStruct.MarkedWithKubeBuilderOptionalTwiceAndOptional should use only the marker optional, kubebuilder:validation:Optional is not required"
    /// MarkedWithK8sRequiredAndKubeBuilderRequired is a field with both k8s and kubebuilder required markers.
    /// The k8s versions of the markers are currently in addition to other markers so this is accepted.
    // +k8s:required
    // +kubebuilder:validation:Required
    #[serde(rename = "MarkedWithK8sRequiredAndKubeBuilderRequired")]
    pub marked_with_k8s_required_and_kube_builder_required: String, // want "field OptionalOrRequiredTestStruct.MarkedWithK8sRequiredAndKubeBuilderRequired should use marker required instead of kubebuilder:validation:Required"
    /// MarkedWithK8sRequiredAndRequired is a field with both k8s and required markers.
    /// The k8s versions of the markers are currently in addition to other markers so this is accepted.
    // +k8s:required
    // +required
    #[serde(rename = "MarkedWithK8sRequiredAndRequired")]
    pub marked_with_k8s_required_and_required: String,
    /// MarkedWithK8sOptionalAndKubeBuilderOptional is a field with both k8s and kubebuilder optional markers.
    /// The k8s versions of the markers are currently in addition to other markers so this is accepted.
    // +k8s:optional
    // +kubebuilder:validation:Optional
    #[serde(rename = "MarkedWithK8sOptionalAndKubeBuilderOptional")]
    pub marked_with_k8s_optional_and_kube_builder_optional: String, // want "field OptionalOrRequiredTestStruct.MarkedWithK8sOptionalAndKubeBuilderOptional should use marker optional instead of kubebuilder:validation:Optional"
    /// MarkedWithK8sOptionalAndOptional is a field with both k8s and optional markers.
    /// The k8s versions of the markers are currently in addition to other markers so this is accepted.
    // +k8s:optional
    // +optional
    #[serde(rename = "MarkedWithK8sOptionalAndOptional")]
    pub marked_with_k8s_optional_and_optional: String,
    /// MarkedWithK8sOptionalAndRequired is a field with both k8s and required markers.
    /// The k8s versions of the markers are currently in addition to other markers, but they should match the semantics.
    // +k8s:optional
    #[serde(rename = "MarkedWithK8sOptionalAndRequired")]
    pub marked_with_k8s_optional_and_required: String, // want "field OptionalOrRequiredTestStruct.MarkedWithK8sOptionalAndRequired must not be marked as both k8s:optional and required"
    /// MarkedWithK8sRequiredAndOptional is a field with both k8s and optional markers.
    /// The k8s versions of the markers are currently in addition to other markers, but they should match the semantics.
    // +k8s:required
    #[serde(rename = "MarkedWithK8sRequiredAndOptional")]
    pub marked_with_k8s_required_and_optional: String, // want "field OptionalOrRequiredTestStruct.MarkedWithK8sRequiredAndOptional must not be marked as both optional and k8s:required"
    /// MarkedWithK8sRequiredAndK8sOptional is a field with both k8s and kubebuilder optional markers.
    // +k8s:required
    #[serde(rename = "MarkedWithK8sRequiredAndK8sOptional")]
    pub marked_with_k8s_required_and_k8s_optional: String, // want "field OptionalOrRequiredTestStruct.MarkedWithK8sRequiredAndK8sOptional must be marked as optional or required" "field OptionalOrRequiredTestStruct.MarkedWithK8sRequiredAndK8sOptional must not be marked as both k8s:optional and k8s:required"
    #[serde(flatten)]
    pub a: A,
    #[serde(default)]
    pub b: B, // want "embedded field OptionalOrRequiredTestStruct.b must be marked as optional or required"
    // +optional
    #[serde(default)]
    pub c: C,
    #[serde(rename = "Embedded")]
    pub embedded: Embedded,
}

#[serde(rename_all = "camelCase")]
pub struct A {}

#[serde(rename_all = "camelCase")]
pub struct B {}

#[serde(rename_all = "camelCase")]
pub struct C {}

#[serde(rename_all = "camelCase")]
pub struct Embedded {}

