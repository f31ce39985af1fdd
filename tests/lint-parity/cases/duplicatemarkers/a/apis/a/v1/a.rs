// Twin of kube-api-linter's pkg/analysis/duplicatemarkers/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

// +kubebuilder:validation:Enum=foo;bar;baz
// +kubebuilder:validation:Enum=foo;bar;baz
pub struct Enum(pub String); // want "Enum has duplicated markers kubebuilder:validation:Enum"

pub struct MaxLength(pub isize);

pub struct DuplicatedMaxLength(pub isize); // want "DuplicatedMaxLength has duplicated markers kubebuilder:validation:MaxLength=10"

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:object:root=true
#[serde(rename_all = "camelCase")]
pub struct DuplicateMarkerSpec { // want "DuplicateMarkerSpec has duplicated markers kubebuilder:object:root"
    pub metadata: ObjectMeta,
    // +kubebuilder:validation:Required
    /// should be ignored since it only has single marker
    pub required: String,
    // +required
    /// should be ignored since listMapKey is allowed to have different values
    pub map: Map,
    // +optional
    // +kubebuilder:validation:XValidation:rule="self >= 1 && self <= 3",message="must be 1 to 5"
    // +kubebuilder:validation:XValidation:rule="self == oldSelf",message="replicas must be immutable"
    /// should be ignored since XValidation is allowed to have different values
    pub replicas: Option<isize>,
    /// should be ignored since MaxLength is allowed to have different values
    pub maxlength: isize,
    // +kubebuilder:validation:Required
    // +kubebuilder:validation:Required
    pub duplicated_required: String, // want "DuplicateMarkerSpec.duplicatedRequired has duplicated markers kubebuilder:validation:Required"
    // +kubebuilder:validation:Enum=foo;bar;baz
    // +kubebuilder:validation:Enum=foo;bar;baz
    pub duplicated_enum: String, // want "DuplicateMarkerSpec.duplicatedEnum has duplicated markers kubebuilder:validation:Enum"
    pub duplicated_max_length: isize, // want "DuplicateMarkerSpec.duplicatedMaxLength has duplicated markers kubebuilder:validation:MaxLength=10"
    // +kubebuilder:validation:MaxLength=10
    pub duplicated_max_length_including_type_marker: MaxLength, // want "DuplicateMarkerSpec.duplicatedMaxLengthIncludingTypeMarker has duplicated markers kubebuilder:validation:MaxLength=10"
    // +required
    pub duplicated_list_type_map: Map, // want "DuplicateMarkerSpec.duplicatedListTypeMap has duplicated markers listType=map"
    // +optional
    // +kubebuilder:validation:XValidation:rule="self >= 1 && self <= 3",message="must be 1 to 5"
    // +kubebuilder:validation:XValidation:rule="self == oldSelf",message="replicas must be immutable"
    // +kubebuilder:validation:XValidation:rule="self >= 1 && self <= 3",message="must be 1 to 5"
    pub duplicated_replicas: Option<isize>, // want "DuplicateMarkerSpec.duplicatedReplicas has duplicated markers kubebuilder:validation:XValidation:rule=\"self >= 1 && self <= 3\",message=\"must be 1 to 5\""
    // +optional
    // +kubebuilder:validation:XValidation:rule="self >= 1 && self <= 3",message="must be 1 to 5"
    // +kubebuilder:validation:XValidation:rule="self == oldSelf",message="replicas must be immutable"
    // +kubebuilder:validation:XValidation:message="must be 1 to 5",rule="self >= 1 && self <= 3"
    pub duplicated_unordered_validation_replicas: Option<isize>, // want "DuplicateMarkerSpec.duplicatedUnorderedValidationReplicas has duplicated markers kubebuilder:validation:XValidation:message=\"must be 1 to 5\",rule=\"self >= 1 && self <= 3\""
    pub string_from_another_file: StringFromAnotherFile,
    // +kubebuilder:validation:MaxLength=10
    pub string_from_another_file_with_max_length: StringFromAnotherFile, // want "DuplicateMarkerSpec.stringFromAnotherFileWithMaxLength has duplicated markers kubebuilder:validation:MaxLength=10"
}

#[serde(rename_all = "camelCase")]
pub struct Map {
    // +required
    pub primary_key: String,
    // +required
    pub secondary_key: String,
    // +required
    pub value: String,
}

