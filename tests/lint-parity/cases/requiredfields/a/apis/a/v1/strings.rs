// Twin of kube-api-linter's pkg/analysis/requiredfields/testdata/src/a/strings.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct TestStrings {
    // +required
    pub string: String, // want "field TestStrings.string should have the omitempty tag." "field TestStrings.string has a valid zero value \\(\"\"\\), but the validation is not complete \\(e.g. minimum length\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    #[serde(default)]
    pub string_with_omit_empty: String, // want "field TestStrings.stringWithOmitEmpty has a valid zero value \\(\"\"\\), but the validation is not complete \\(e.g. minimum length\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    pub string_ptr: Option<String>, // want "field TestStrings.stringPtr should have the omitempty tag."
    // +required
    pub string_ptr_with_omit_empty: Option<String>,
    // +required
    // +kubebuilder:validation:MinLength=1
    pub string_with_min_length: String, // want "field TestStrings.stringWithMinLength should have the omitempty tag."
    // +required
    // +kubebuilder:validation:MinLength=1
    #[serde(default)]
    pub string_with_min_length_with_omit_empty: String,
    // +required
    // +kubebuilder:validation:MinLength=1
    pub string_ptr_with_min_length: Option<String>, // want "field TestStrings.stringPtrWithMinLength should have the omitempty tag." "field TestStrings.stringPtrWithMinLength does not allow the zero value. The field does not need to be a pointer."
    // +required
    // +kubebuilder:validation:MinLength=1
    pub string_ptr_with_min_length_with_omit_empty: Option<String>, // want "field TestStrings.stringPtrWithMinLengthWithOmitEmpty does not allow the zero value. The field does not need to be a pointer."
    // +required
    // +kubebuilder:validation:MinLength=0
    pub string_with_min_length0: String, // want "field TestStrings.stringWithMinLength0 should have the omitempty tag." "field TestStrings.stringWithMinLength0 has a valid zero value \\(\"\"\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:MinLength=0
    #[serde(default)]
    pub string_with_min_length0_with_omit_empty: String, // want "field TestStrings.stringWithMinLength0WithOmitEmpty has a valid zero value \\(\"\"\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:MinLength=0
    pub string_ptr_with_min_length0: Option<String>, // want "field TestStrings.stringPtrWithMinLength0 should have the omitempty tag."
    // +required
    // +kubebuilder:validation:MinLength=0
    pub string_ptr_with_min_length0_with_omit_empty: Option<String>,
    // +required
    // +kubebuilder:validation:Enum=a;b;c
    pub enum_string: String, // want "field TestStrings.enumString should have the omitempty tag."
    // +required
    // +kubebuilder:validation:Enum=a;b;c
    #[serde(default)]
    pub enum_string_with_omit_empty: String,
    // +required
    // +kubebuilder:validation:Enum=a;b;c
    pub enum_string_ptr: Option<String>, // want "field TestStrings.enumStringPtr should have the omitempty tag." "field TestStrings.enumStringPtr does not allow the zero value. The field does not need to be a pointer."
    // +required
    // +kubebuilder:validation:Enum=a;b;c
    pub enum_string_ptr_with_omit_empty: Option<String>, // want "field TestStrings.enumStringPtrWithOmitEmpty does not allow the zero value. The field does not need to be a pointer."
    // +required
    // +kubebuilder:validation:Enum=a;b;c;""
    pub enum_valid_emptytring: String, // want "field TestStrings.enumValidEmptytring should have the omitempty tag." "field TestStrings.enumValidEmptytring has a valid zero value \\(\"\"\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:Enum=a;b;c;""
    #[serde(default)]
    pub enum_valid_empty_string_with_omit_empty: String, // want "field TestStrings.enumValidEmptyStringWithOmitEmpty has a valid zero value \\(\"\"\\) and should be a pointer."
    // +required
    // +kubebuilder:validation:Enum=a;b;c;""
    pub enum_valid_empty_string_ptr: Option<String>, // want "field TestStrings.enumValidEmptyStringPtr should have the omitempty tag."
    // +required
    // +kubebuilder:validation:Enum=a;b;c;""
    pub enum_valid_empty_string_ptr_with_omit_empty: Option<String>,
}

