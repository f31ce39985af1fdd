// Twin of kube-api-linter's pkg/analysis/requiredfields/testdata/src/a/structs.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct TestStructs {
    /// StructWithAllOptionalFields has a zero value of {}, which is valid because all fields are optional.
    // +required
    pub struct_with_all_optional_fields: StructWithAllOptionalFields, // want "field TestStructs.structWithAllOptionalFields should have the omitempty tag." "field TestStructs.structWithAllOptionalFields has a valid zero value \\({}\\), but the validation is not complete \\(e.g. min properties/adding required fields\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    #[serde(default)]
    pub struct_with_all_optional_fields_with_omit_empty: StructWithAllOptionalFields, // want "field TestStructs.structWithAllOptionalFieldsWithOmitEmpty has a valid zero value \\({}\\), but the validation is not complete \\(e.g. min properties/adding required fields\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
    // +required
    pub struct_ptr_with_all_optional_fields: Option<StructWithAllOptionalFields>, // want "field TestStructs.structPtrWithAllOptionalFields should have the omitempty tag."
    // +required
    pub struct_ptr_with_all_optional_fields_with_omit_empty: Option<StructWithAllOptionalFields>,
    /// StructWithMinProperties has a zero value of {}, which is not valid because the MinProperties marker is not satisfied.
    // +required
    pub struct_with_min_properties: StructWithMinProperties, // want "field TestStructs.structWithMinProperties does not allow the zero value. It must have the omitzero tag."
    // +required
    #[serde(default)]
    pub struct_with_min_properties_with_omit_empty: StructWithMinProperties, // want "field TestStructs.structWithMinPropertiesWithOmitEmpty does not allow the zero value. It must have the omitzero tag."
    // +required
    pub struct_ptr_with_min_properties: Option<StructWithMinProperties>, // want "field TestStructs.structPtrWithMinProperties does not allow the zero value. It must have the omitzero tag." "field TestStructs.structPtrWithMinProperties does not allow the zero value. The field does not need to be a pointer."
    // +required
    pub struct_ptr_with_min_properties_with_omit_empty: Option<StructWithMinProperties>, // want "field TestStructs.structPtrWithMinPropertiesWithOmitEmpty does not allow the zero value. It must have the omitzero tag." "field TestStructs.structPtrWithMinPropertiesWithOmitEmpty does not allow the zero value. The field does not need to be a pointer."
    /// StructWithExactlyOneOf has a zero value of {}, which is not valid because the ExactlyOneOf marker requires at least one field to be set.
    // +required
    pub struct_with_exactly_one_of: StructWithExactlyOneOf, // want "field TestStructs.structWithExactlyOneOf does not allow the zero value. It must have the omitzero tag."
    // +required
    #[serde(default)]
    pub struct_with_exactly_one_of_with_omit_empty: StructWithExactlyOneOf, // want "field TestStructs.structWithExactlyOneOfWithOmitEmpty does not allow the zero value. It must have the omitzero tag."
    // +required
    pub struct_ptr_with_exactly_one_of: Option<StructWithExactlyOneOf>, // want "field TestStructs.structPtrWithExactlyOneOf does not allow the zero value. It must have the omitzero tag." "field TestStructs.structPtrWithExactlyOneOf does not allow the zero value. The field does not need to be a pointer."
    // +required
    pub struct_ptr_with_exactly_one_of_with_omit_empty: Option<StructWithExactlyOneOf>, // want "field TestStructs.structPtrWithExactlyOneOfWithOmitEmpty does not allow the zero value. It must have the omitzero tag." "field TestStructs.structPtrWithExactlyOneOfWithOmitEmpty does not allow the zero value. The field does not need to be a pointer."
    /// StructWithAtLeastOneOf has a zero value of {}, which is not valid because the AtLeastOneOf marker requires at least one field to be set.
    // +required
    pub struct_with_at_least_one_of: StructWithAtLeastOneOf, // want "field TestStructs.structWithAtLeastOneOf does not allow the zero value. It must have the omitzero tag."
    // +required
    #[serde(default)]
    pub struct_with_at_least_one_of_with_omit_empty: StructWithAtLeastOneOf, // want "field TestStructs.structWithAtLeastOneOfWithOmitEmpty does not allow the zero value. It must have the omitzero tag."
    // +required
    pub struct_ptr_with_at_least_one_of: Option<StructWithAtLeastOneOf>, // want "field TestStructs.structPtrWithAtLeastOneOf does not allow the zero value. It must have the omitzero tag." "field TestStructs.structPtrWithAtLeastOneOf does not allow the zero value. The field does not need to be a pointer."
    // +required
    pub struct_ptr_with_at_least_one_of_with_omit_empty: Option<StructWithAtLeastOneOf>, // want "field TestStructs.structPtrWithAtLeastOneOfWithOmitEmpty does not allow the zero value. It must have the omitzero tag." "field TestStructs.structPtrWithAtLeastOneOfWithOmitEmpty does not allow the zero value. The field does not need to be a pointer."
    /// StructWithNonOmittedFields has a zero value of {"string":"", "int":0}, which is valid because all fields are required.
    // +required
    pub struct_with_non_omitted_fields: StructWithNonOmittedFields, // want "field TestStructs.structWithNonOmittedFields should have the omitempty tag." "field TestStructs.structWithNonOmittedFields has a valid zero value \\({\"string\": \"\", \"int\": 0}\\) and should be a pointer."
    // +required
    #[serde(default)]
    pub struct_with_non_omitted_fields_with_omit_empty: StructWithNonOmittedFields, // want "field TestStructs.structWithNonOmittedFieldsWithOmitEmpty has a valid zero value \\({\"string\": \"\", \"int\": 0}\\) and should be a pointer."
    // +required
    pub struct_ptr_with_non_omitted_fields: Option<StructWithNonOmittedFields>, // want "field TestStructs.structPtrWithNonOmittedFields should have the omitempty tag."
    // +required
    pub struct_ptr_with_non_omitted_fields_with_omit_empty: Option<StructWithNonOmittedFields>,
    /// StructWithNonOmittedFieldsAndMinProperties has a zero value of {"string":"", "int":0}, which is valid because the MinProperties marker is satisfied.
    // +required
    #[serde(rename = "structWithOneNonOmittedFieldAndMinProperties")]
    pub struct_with_non_omitted_fields_and_min_properties: StructWithNonOmittedFieldsAndMinProperties, // want "field TestStructs.structWithOneNonOmittedFieldAndMinProperties should have the omitempty tag." "field TestStructs.structWithOneNonOmittedFieldAndMinProperties has a valid zero value \\({\"string\": \"\", \"int\": 0}\\) and should be a pointer."
    // +required
    #[serde(rename = "structWithOneNonOmittedFieldAndMinPropertiesAndOmitEmpty")]
    #[serde(default)]
    pub struct_with_non_omitted_fields_and_min_properties_with_omit_empty: StructWithNonOmittedFieldsAndMinProperties, // want "field TestStructs.structWithOneNonOmittedFieldAndMinPropertiesAndOmitEmpty has a valid zero value \\({\"string\": \"\", \"int\": 0}\\) and should be a pointer."
    // +required
    pub struct_ptr_with_non_omitted_fields_and_min_properties: Option<StructWithNonOmittedFieldsAndMinProperties>, // want "field TestStructs.structPtrWithNonOmittedFieldsAndMinProperties should have the omitempty tag."
    // +required
    pub struct_ptr_with_non_omitted_fields_and_min_properties_with_omit_empty: Option<StructWithNonOmittedFieldsAndMinProperties>,
    /// StructWithOneNonOmittedFieldAndMinProperties has a zero value of {"string":""}, which is not valid because the MinProperties marker is not satisfied.
    // +required
    #[serde(rename = "structWithOneNonOmittedFieldAndMinPropertiesAndOmitEmpty")]
    pub struct_with_one_non_omitted_field_and_min_properties: StructWithOneNonOmittedFieldAndMinProperties, // want "field TestStructs.structWithOneNonOmittedFieldAndMinPropertiesAndOmitEmpty does not allow the zero value. It must have the omitzero tag."
    // +required
    #[serde(rename = "structWithOneNonOmittedFieldAndMinPropertiesAndOmitEmpty")]
    #[serde(default)]
    pub struct_with_one_non_omitted_field_and_min_properties_with_omit_empty: StructWithOneNonOmittedFieldAndMinProperties, // want "field TestStructs.structWithOneNonOmittedFieldAndMinPropertiesAndOmitEmpty does not allow the zero value. It must have the omitzero tag."
    // +required
    pub struct_ptr_with_one_non_omitted_field_and_min_properties: Option<StructWithOneNonOmittedFieldAndMinProperties>, // want "field TestStructs.structPtrWithOneNonOmittedFieldAndMinProperties does not allow the zero value. It must have the omitzero tag." "field TestStructs.structPtrWithOneNonOmittedFieldAndMinProperties does not allow the zero value. The field does not need to be a pointer."
    // +required
    pub struct_ptr_with_one_non_omitted_field_and_min_properties_with_omit_empty: Option<StructWithOneNonOmittedFieldAndMinProperties>, // want "field TestStructs.structPtrWithOneNonOmittedFieldAndMinPropertiesWithOmitEmpty does not allow the zero value. It must have the omitzero tag." "field TestStructs.structPtrWithOneNonOmittedFieldAndMinPropertiesWithOmitEmpty does not allow the zero value. The field does not need to be a pointer."
    /// StructWithOmittedRequiredField has a zero value of {}, which is not valid because the required marker is not satisfied.
    // +required
    pub struct_with_omitted_required_field: StructWithOmittedRequiredField, // want "field TestStructs.structWithOmittedRequiredField does not allow the zero value. It must have the omitzero tag."
    // +required
    #[serde(default)]
    pub struct_with_omitted_required_field_with_omit_empty: StructWithOmittedRequiredField, // want "field TestStructs.structWithOmittedRequiredFieldWithOmitEmpty does not allow the zero value. It must have the omitzero tag."
    // +required
    pub struct_ptr_with_omitted_required_field: Option<StructWithOmittedRequiredField>, // want "field TestStructs.structPtrWithOmittedRequiredField does not allow the zero value. It must have the omitzero tag." "field TestStructs.structPtrWithOmittedRequiredField does not allow the zero value. The field does not need to be a pointer."
    // +required
    pub struct_ptr_with_omitted_required_field_with_omit_empty: Option<StructWithOmittedRequiredField>, // want "field TestStructs.structPtrWithOmittedRequiredFieldWithOmitEmpty does not allow the zero value. It must have the omitzero tag." "field TestStructs.structPtrWithOmittedRequiredFieldWithOmitEmpty does not allow the zero value. The field does not need to be a pointer."
}

#[serde(rename_all = "camelCase")]
pub struct StructWithAllOptionalFields {
    // +optional
    #[serde(default)]
    pub string: String,
    // +optional
    pub string_ptr: Option<String>,
    // +optional
    #[serde(default)]
    pub int: isize,
    // +optional
    pub int_ptr: Option<isize>,
}

// +kubebuilder:validation:MinProperties=1
#[serde(rename_all = "camelCase")]
pub struct StructWithMinProperties {
    // +kubebuilder:validation:MinProperties=1
    // +optional
    #[serde(default)]
    pub map: BTreeMap<String, String>,
}

#[serde(rename_all = "camelCase")]
pub struct StructWithNonOmittedFields {
    // +required
    pub string: String, // want "field StructWithNonOmittedFields.string has a valid zero value \\(\"\"\\), but the validation is not complete \\(e.g. minimum length\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer." "field StructWithNonOmittedFields.string should have the omitempty tag."
    // +required
    pub int: i32, // want "field StructWithNonOmittedFields.int has a valid zero value \\(0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer." "field StructWithNonOmittedFields.int should have the omitempty tag."
}

/// Struct with non-omitted fields and minProperties marker.
/// Because there is no omitempty, and the zero values are valid, the zero value here is `{"string:"", "int":0}`.
/// This means the MinProperties marker is satisfied even when the object is the zero value.
// +kubebuilder:validation:MinProperties=2
#[serde(rename_all = "camelCase")]
pub struct StructWithNonOmittedFieldsAndMinProperties {
    // +required
    pub string: String, // want "field StructWithNonOmittedFieldsAndMinProperties.string has a valid zero value \\(\"\"\\), but the validation is not complete \\(e.g. minimum length\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer." "field StructWithNonOmittedFieldsAndMinProperties.string should have the omitempty tag."
    // +required
    pub int: i32, // want "field StructWithNonOmittedFieldsAndMinProperties.int has a valid zero value \\(0\\), but the validation is not complete \\(e.g. minimum/maximum\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer." "field StructWithNonOmittedFieldsAndMinProperties.int should have the omitempty tag."
}

/// Struct with one non-omitted field, and one omitted field and minProperties marker.
/// The zero value of the struct is `{"string:""}` which is not valid because it does not satisfy the MinProperties marker.
// +kubebuilder:validation:MinProperties=2
#[serde(rename_all = "camelCase")]
pub struct StructWithOneNonOmittedFieldAndMinProperties {
    // +required
    pub string: String, // want "field StructWithOneNonOmittedFieldAndMinProperties.string has a valid zero value \\(\"\"\\), but the validation is not complete \\(e.g. minimum length\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer." "field StructWithOneNonOmittedFieldAndMinProperties.string should have the omitempty tag."
    // +optional
    #[serde(default)]
    pub int: i32,
}

/// Struct with an omitted required field.
/// The zero value of the struct is `{}` which is not valid because it does not satisfy the required marker on the string field.
#[serde(rename_all = "camelCase")]
pub struct StructWithOmittedRequiredField {
    // +required
    #[serde(default)]
    pub string: String, // want "field StructWithOmittedRequiredField.string has a valid zero value \\(\"\"\\), but the validation is not complete \\(e.g. minimum length\\). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer."
}

/// Struct with ExactlyOneOf marker.
/// The zero value of the struct is `{}` which is not valid because the ExactlyOneOf marker
/// requires exactly one field to be set.
// +kubebuilder:validation:ExactlyOneOf=fieldA;fieldB
#[serde(rename_all = "camelCase")]
pub struct StructWithExactlyOneOf {
    // +optional
    pub field_a: Option<String>,
    // +optional
    pub field_b: Option<String>,
}

/// Struct with AtLeastOneOf marker.
/// The zero value of the struct is `{}` which is not valid because the AtLeastOneOf marker
/// requires at least one field to be set.
// +kubebuilder:validation:AtLeastOneOf=fieldA;fieldB
#[serde(rename_all = "camelCase")]
pub struct StructWithAtLeastOneOf {
    // +optional
    pub field_a: Option<String>,
    // +optional
    pub field_b: Option<String>,
}

