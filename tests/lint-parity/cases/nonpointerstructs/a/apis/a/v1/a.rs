// Twin of kube-api-linter's pkg/analysis/nonpointerstructs/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct A {
    pub with_required: WithRequiredField, // want "field A.withRequired is a non-pointer struct with required fields. It must be marked as required."
    pub with_optional: WithOptionalField, // want "field A.withOptional is a non-pointer struct with no required fields. It must be marked as optional."
    pub with_required_and_optional: WithRequiredAndOptionalField, // want "field A.withRequiredAndOptional is a non-pointer struct with required fields. It must be marked as required."
    pub with_optional_and_min_properties: WithOptionalFieldsAndMinProperties, // want "field A.withOptionalAndMinProperties is a non-pointer struct with required fields. It must be marked as required."
    /// No diagnostic with correct markers
    // +required
    pub with_required_field_correct: WithRequiredField,
    // +optional
    pub with_optional_field_correct: WithOptionalField,
    // +kubebuilder:validation:Required
    pub with_required_and_optional_field_correct: WithRequiredAndOptionalField,
    // +k8s:required
    pub with_optional_fields_and_min_properties_correct: WithOptionalFieldsAndMinProperties,
    /// Diagnostic with incorrect markers
    // +kubebuilder:validation:Optional
    pub with_required_field_incorrect: WithRequiredField, // want "field A.withRequiredFieldIncorrect is a non-pointer struct with required fields. It must be marked as required."
    // +kubebuilder:validation:Required
    pub with_optional_field_incorrect: WithOptionalField, // want "field A.withOptionalFieldIncorrect is a non-pointer struct with no required fields. It must be marked as optional."
    // +kubebuilder:validation:Optional
    pub with_required_and_optional_field_incorrect: WithRequiredAndOptionalField, // want "field A.withRequiredAndOptionalFieldIncorrect is a non-pointer struct with required fields. It must be marked as required."
    // +kubebuilder:validation:Optional
    pub with_optional_fields_and_min_properties_incorrect: WithOptionalFieldsAndMinProperties, // want "field A.withOptionalFieldsAndMinPropertiesIncorrect is a non-pointer struct with required fields. It must be marked as required."
    /// Pointers are ignored in this linter.
    pub with_required_field_and_pointer: Option<WithRequiredField>,
    pub with_optional_field_and_pointer: Option<WithOptionalField>,
    pub with_required_and_optional_field_and_pointer: Option<WithRequiredAndOptionalField>,
    pub with_optional_fields_and_min_properties_and_pointer: Option<WithOptionalFieldsAndMinProperties>,
    #[serde(flatten)]
    pub with_optional_fields_and_min_properties: WithOptionalFieldsAndMinProperties,
}

#[serde(rename_all = "camelCase")]
pub struct WithRequiredField {
    // +required
    pub required_field: String,
}

#[serde(rename_all = "camelCase")]
pub struct WithOptionalField {
    // +optional
    pub optional_field: String,
}

#[serde(rename_all = "camelCase")]
pub struct WithRequiredAndOptionalField {
    // +k8s:required
    pub required_field: String,
    // +k8s:optional
    pub optional_field: String,
}

// +kubebuilder:validation:MinProperties=1
#[serde(rename_all = "camelCase")]
pub struct WithOptionalFieldsAndMinProperties {
    // +k8s:optional
    pub optional_field: String,
}

#[serde(rename_all = "camelCase")]
pub struct WithRequiredFieldEmbedded {
    // +required
    pub required_field: String,
}

#[serde(rename_all = "camelCase")]
pub struct WithOptionalFieldEmbedded {
    // +optional
    pub optional_field: String,
}

