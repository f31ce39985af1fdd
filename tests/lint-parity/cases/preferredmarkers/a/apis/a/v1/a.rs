// Twin of kube-api-linter's pkg/analysis/preferredmarkers/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

/// Type with kubebuilder optional marker (should be k8s:optional)
// +kubebuilder:validation:Optional
pub struct OptionalTypeKubebuilder(pub String); // want `type OptionalTypeKubebuilder uses marker "kubebuilder:validation:Optional", should use preferred marker "k8s:optional" instead`

/// Type with custom optional marker (should be k8s:optional)
pub struct OptionalTypeCustom(pub String); // want `type OptionalTypeCustom uses marker "custom:optional", should use preferred marker "k8s:optional" instead`

/// Type with kubebuilder required marker (should be k8s:required)
// +kubebuilder:validation:Required
pub struct RequiredTypeKubebuilder(pub String); // want `type RequiredTypeKubebuilder uses marker "kubebuilder:validation:Required", should use preferred marker "k8s:required" instead`

/// Type with custom old marker (should be custom:preferred)
pub struct CustomOldType(pub String); // want `type CustomOldType uses marker "custom:old", should use preferred marker "custom:preferred" instead`

/// Type with custom deprecated marker (should be custom:preferred)
pub struct CustomDeprecatedType(pub String); // want `type CustomDeprecatedType uses marker "custom:deprecated", should use preferred marker "custom:preferred" instead`

/// Type with preferred marker (should not report)
pub struct OptionalTypePreferred(pub String);

/// Type with preferred marker (should not report)
pub struct RequiredTypePreferred(pub String);

/// Type with preferred marker (should not report)
pub struct CustomPreferredType(pub String);

/// Type with unrelated marker (should not report)
pub struct UnrelatedMarkerType(pub String);

/// Type with multiple equivalent markers (both should be reported)
// +kubebuilder:validation:Optional
pub struct MultipleEquivalentMarkersType(pub String); // want `type MultipleEquivalentMarkersType uses markers "custom:optional", "kubebuilder:validation:Optional", should use preferred marker "k8s:optional" instead`

#[serde(rename_all = "camelCase")]
pub struct Test {
    /// Field with kubebuilder optional marker (should be k8s:optional)
    // +kubebuilder:validation:Optional
    pub optional_field_kubebuilder: String, // want `field Test.optionalFieldKubebuilder uses marker "kubebuilder:validation:Optional", should use preferred marker "k8s:optional" instead`
    /// Inherited from type alias (not reported since type is already checked)
    pub optional_field_kubebuilder_type_alias: OptionalTypeKubebuilder,
    /// Field with custom optional marker (should be k8s:optional)
    pub optional_field_custom: String, // want `field Test.optionalFieldCustom uses marker "custom:optional", should use preferred marker "k8s:optional" instead`
    /// Inherited from type alias (not reported since type is already checked)
    pub optional_field_custom_type_alias: OptionalTypeCustom,
    /// Field with kubebuilder required marker (should be k8s:required)
    // +kubebuilder:validation:Required
    pub required_field_kubebuilder: String, // want `field Test.requiredFieldKubebuilder uses marker "kubebuilder:validation:Required", should use preferred marker "k8s:required" instead`
    /// Inherited from type alias (not reported since type is already checked)
    pub required_field_kubebuilder_type_alias: RequiredTypeKubebuilder,
    /// Field with custom old marker (should be custom:preferred)
    pub custom_old_field: String, // want `field Test.customOldField uses marker "custom:old", should use preferred marker "custom:preferred" instead`
    /// Inherited from type alias (not reported since type is already checked)
    pub custom_old_field_type_alias: CustomOldType,
    /// Field with custom deprecated marker (should be custom:preferred)
    pub custom_deprecated_field: String, // want `field Test.customDeprecatedField uses marker "custom:deprecated", should use preferred marker "custom:preferred" instead`
    /// Inherited from type alias (not reported since type is already checked)
    pub custom_deprecated_field_type_alias: CustomDeprecatedType,
    /// Field with preferred marker (should not report)
    // +k8s:optional
    pub optional_field_preferred: String,
    /// Inherited from type alias (should not report)
    pub optional_field_preferred_type_alias: OptionalTypePreferred,
    /// Field with preferred marker (should not report)
    // +k8s:required
    pub required_field_preferred: String,
    /// Inherited from type alias (should not report)
    pub required_field_preferred_type_alias: RequiredTypePreferred,
    /// Field with preferred marker (should not report)
    pub custom_preferred_field: String,
    /// Inherited from type alias (should not report)
    pub custom_preferred_field_type_alias: CustomPreferredType,
    /// Field with unrelated marker (should not report)
    pub unrelated_marker_field: String,
    /// Inherited from type alias (should not report)
    pub unrelated_marker_field_type_alias: UnrelatedMarkerType,
    /// Field with multiple equivalent markers (both should be reported)
    // +kubebuilder:validation:Optional
    pub multiple_equivalent_markers_field: String, // want `field Test.multipleEquivalentMarkersField uses markers "custom:optional", "kubebuilder:validation:Optional", should use preferred marker "k8s:optional" instead`
    /// Inherited from type alias with multiple markers (not reported since type is already checked)
    pub multiple_equivalent_markers_field_type_alias: MultipleEquivalentMarkersType,
    /// Test marker with unnamed expression (should preserve expression)
    pub optional_with_unnamed_expression: String, // want `field Test.optionalWithUnnamedExpression uses marker "kubebuilder:validation:Optional", should use preferred marker "k8s:optional" instead`
    /// Test marker with named expressions (should preserve expressions)
    pub custom_with_named_expressions: String, // want `field Test.customWithNamedExpressions uses marker "custom:old", should use preferred marker "custom:preferred" instead`
}

/// Type with unnamed expression (should preserve expression)
pub struct RequiredWithUnnamedExpression(pub String); // want `type RequiredWithUnnamedExpression uses marker "kubebuilder:validation:Required", should use preferred marker "k8s:required" instead`

/// Type with named expressions (should preserve expressions)
pub struct CustomDeprecatedWithExpressions(pub String); // want `type CustomDeprecatedWithExpressions uses marker "custom:deprecated", should use preferred marker "custom:preferred" instead`

/// Type with both preferred and equivalent markers (should only remove equivalent)
// +kubebuilder:validation:Optional
pub struct TypeWithBothPreferredAndEquivalent(pub String); // want `type TypeWithBothPreferredAndEquivalent uses marker "kubebuilder:validation:Optional", should use preferred marker "k8s:optional" instead`

/// Type with both preferred and multiple equivalent markers (should remove all equivalents)
// +kubebuilder:validation:Optional
pub struct TypeWithPreferredAndMultipleEquivalents(pub String); // want `type TypeWithPreferredAndMultipleEquivalents uses markers "custom:optional", "kubebuilder:validation:Optional", should use preferred marker "k8s:optional" instead`

#[serde(rename_all = "camelCase")]
pub struct EdgeCaseTest {
    /// Field with both preferred and equivalent markers (should only remove equivalent)
    // +k8s:optional
    // +kubebuilder:validation:Optional
    pub field_with_both_preferred_and_equivalent: String, // want `field EdgeCaseTest.fieldWithBothPreferredAndEquivalent uses marker "kubebuilder:validation:Optional", should use preferred marker "k8s:optional" instead`
    /// Field with both preferred and multiple equivalent markers (should remove all equivalents)
    // +k8s:required
    // +kubebuilder:validation:Required
    pub field_with_preferred_and_multiple_equivalents: String, // want `field EdgeCaseTest.fieldWithPreferredAndMultipleEquivalents uses marker "kubebuilder:validation:Required", should use preferred marker "k8s:required" instead`
}

