// Twin of kube-api-linter's pkg/analysis/minlength/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct MinLength {
    // +kubebuilder:validation:MinLength:=256
    #[serde(rename = "StringWithMinLength")]
    pub string_with_min_length: String,
    // +kubebuilder:validation:MinLength:=256
    #[serde(rename = "StringPointerWithMinLength")]
    pub string_pointer_with_min_length: Option<String>,
    // +kubebuilder:validation:MinLength:=128
    #[serde(rename = "StringAliasWithMinLengthOnField")]
    pub string_alias_with_min_length_on_field: StringAlias,
    #[serde(rename = "StringAliasWithMinLengthOnAlias")]
    pub string_alias_with_min_length_on_alias: StringAliasWithMinLength,
    #[serde(rename = "StringAliasFromAnotherFile")]
    pub string_alias_from_another_file: StringAliasB, // want "field MinLength.StringAliasFromAnotherFile type StringAliasB must have a minimum length, add kubebuilder:validation:MinLength marker"
    // +kubebuilder:validation:MinLength:=128
    #[serde(rename = "StringAliasFromAnotherFileWithMinLengthOnField")]
    pub string_alias_from_another_file_with_min_length_on_field: StringAliasB,
    #[serde(rename = "StringAliasWithMinLengthFromAnotherFile")]
    pub string_alias_with_min_length_from_another_file: StringAliasWithMinLengthB,
    #[serde(rename = "StringWithoutMinLength")]
    pub string_without_min_length: String, // want "field MinLength.StringWithoutMinLength must have a minimum length, add kubebuilder:validation:MinLength marker"
    #[serde(rename = "StringPointerWithoutMinLength")]
    pub string_pointer_without_min_length: Option<String>, // want "field MinLength.StringPointerWithoutMinLength must have a minimum length, add kubebuilder:validation:MinLength marker"
    #[serde(rename = "StringAliasWithoutMinLength")]
    pub string_alias_without_min_length: StringAlias, // want "field MinLength.StringAliasWithoutMinLength type StringAlias must have a minimum length, add kubebuilder:validation:MinLength marker"
    // +kubebuilder:validation:Enum:="A";"B";"C"
    #[serde(rename = "EnumString")]
    pub enum_string: String,
    // +kubebuilder:validation:Enum:="A";"B";"C"
    #[serde(rename = "EnumStringPointer")]
    pub enum_string_pointer: Option<String>,
    #[serde(rename = "EnumStringAlias")]
    pub enum_string_alias: EnumStringAlias,
    // +kubebuilder:validation:Format:=duration
    #[serde(rename = "DurationFormat")]
    pub duration_format: String,
    // +kubebuilder:validation:Format:=date-time
    #[serde(rename = "DateTimeFormat")]
    pub date_time_format: String,
    // +kubebuilder:validation:Format:=date
    #[serde(rename = "DateFormat")]
    pub date_format: String,
    // +kubebuilder:validation:MinItems:=256
    #[serde(rename = "ArrayWithMinItems")]
    pub array_with_min_items: Vec<isize>,
    #[serde(rename = "ArrayWithoutMinItems")]
    pub array_without_min_items: Vec<isize>, // want "field MinLength.ArrayWithoutMinItems must have a minimum items, add kubebuilder:validation:MinItems"
    #[serde(rename = "ByteSlice")]
    pub byte_slice: k8s_openapi::ByteString, // want "field MinLength.ByteSlice must have a minimum length, add kubebuilder:validation:MinLength marker"
    // +kubebuilder:validation:MinLength:=512
    #[serde(rename = "ByteSliceWithMinLength")]
    pub byte_slice_with_min_length: k8s_openapi::ByteString,
    #[serde(rename = "ByteSliceAlias")]
    pub byte_slice_alias: ByteSliceAlias, // want "field MinLength.ByteSliceAlias type ByteSliceAlias must have a minimum length, add kubebuilder:validation:MinLength marker"
    // +kubebuilder:validation:MinLength:=512
    #[serde(rename = "ByteSliceAliasWithMinLength")]
    pub byte_slice_alias_with_min_length: ByteSliceAlias,
    #[serde(rename = "ByteSliceAliasWithMinLengthOnAlias")]
    pub byte_slice_alias_with_min_length_on_alias: ByteSliceAliasWithMinLength,
    // +kubebuilder:validation:MinItems:=128
    #[serde(rename = "StringArrayWithMinItemsWithoutMinElementLength")]
    pub string_array_with_min_items_without_min_element_length: Vec<String>, // want "field MinLength.StringArrayWithMinItemsWithoutMinElementLength array element must have a minimum length, add kubebuilder:validation:items:MinLength"
    #[serde(rename = "StringArrayWithoutMinItemsWithoutMinElementLength")]
    pub string_array_without_min_items_without_min_element_length: Vec<String>, // want "field MinLength.StringArrayWithoutMinItemsWithoutMinElementLength must have a minimum items, add kubebuilder:validation:MinItems" "field MinLength.StringArrayWithoutMinItemsWithoutMinElementLength array element must have a minimum length, add kubebuilder:validation:items:MinLength"
    // +kubebuilder:validation:MinItems:=64
    // +kubebuilder:validation:items:MinLength:=64
    #[serde(rename = "StringArrayWithMinItemsAndMinElementLength")]
    pub string_array_with_min_items_and_min_element_length: Vec<String>,
    // +kubebuilder:validation:items:MinLength:=512
    #[serde(rename = "StringArrayWithoutMinItemsWithMinElementLength")]
    pub string_array_without_min_items_with_min_element_length: Vec<String>, // want "field MinLength.StringArrayWithoutMinItemsWithMinElementLength must have a minimum items, add kubebuilder:validation:MinItems marker"
    // +kubebuilder:validation:MinItems:=128
    #[serde(rename = "StringAliasArrayWithMinItemsWithoutMinElementLength")]
    pub string_alias_array_with_min_items_without_min_element_length: Vec<StringAlias>, // want "field MinLength.StringAliasArrayWithMinItemsWithoutMinElementLength array element type StringAlias must have a minimum length, add kubebuilder:validation:MinLength marker"
    #[serde(rename = "StringAliasArrayWithoutMinItemsWithoutMinElementLength")]
    pub string_alias_array_without_min_items_without_min_element_length: Vec<StringAlias>, // want "field MinLength.StringAliasArrayWithoutMinItemsWithoutMinElementLength must have a minimum items, add kubebuilder:validation:MinItems" "field MinLength.StringAliasArrayWithoutMinItemsWithoutMinElementLength array element type StringAlias must have a minimum length, add kubebuilder:validation:MinLength"
    // +kubebuilder:validation:MinItems:=64
    // +kubebuilder:validation:items:MinLength:=64
    #[serde(rename = "StringAliasArrayWithMinItemsAndMinElementLength")]
    pub string_alias_array_with_min_items_and_min_element_length: Vec<StringAlias>,
    // +kubebuilder:validation:items:MinLength:=512
    #[serde(rename = "StringAliasArrayWithoutMinItemsWithMinElementLength")]
    pub string_alias_array_without_min_items_with_min_element_length: Vec<StringAlias>, // want "field MinLength.StringAliasArrayWithoutMinItemsWithMinElementLength must have a minimum items, add kubebuilder:validation:MinItems"
    // +kubebuilder:validation:MinItems:=64
    #[serde(rename = "StringAliasArrayWithMinItemsAndMinElementLengthOnAlias")]
    pub string_alias_array_with_min_items_and_min_element_length_on_alias: Vec<StringAliasWithMinLength>,
    #[serde(rename = "StringAliasArrayWithoutMinItemsWithMinElementLengthOnAlias")]
    pub string_alias_array_without_min_items_with_min_element_length_on_alias: Vec<StringAliasWithMinLength>, // want "field MinLength.StringAliasArrayWithoutMinItemsWithMinElementLengthOnAlias must have a minimum items, add kubebuilder:validation:MinItems"
    // +kubebuilder:validation:MinLength:=256
    #[serde(rename = "StringWithMinLength")]
    pub string_with_min_length: String,
    #[serde(rename = "StringWithoutMinLength")]
    pub string_without_min_length: String, // want "field StringWithoutMinLength must have a minimum length, add kubebuilder:validation:MinLength marker"
}

/// StringAlias is a string without a MinLength.
pub struct StringAlias(pub String);

/// StringAliasWithMinLength is a string with a MinLength.
// +kubebuilder:validation:MinLength:=512
pub struct StringAliasWithMinLength(pub String);

/// EnumStringAlias is a string alias that is an enum.
// +kubebuilder:validation:Enum:="A";"B";"C"
pub struct EnumStringAlias(pub String);

/// ByteSliceAlias is a byte slice without a MinLength.
pub struct ByteSliceAlias(pub k8s_openapi::ByteString);

/// ByteSliceAliasWithMinLength is a byte slice with a MinLength.
// +kubebuilder:validation:MinLength:=512
pub struct ByteSliceAliasWithMinLength(pub k8s_openapi::ByteString);

#[serde(rename_all = "camelCase")]
pub struct StructWithoutMinProperties {
    // +kubebuilder:validation:MinLength:=256
    #[serde(rename = "StringWithMinLength")]
    pub string_with_min_length: String,
}

// +kubebuilder:validation:MinProperties:=1
#[serde(rename_all = "camelCase")]
pub struct StructWithMinProperties {
    // +kubebuilder:validation:MinLength:=256
    #[serde(rename = "StringWithMinLength")]
    pub string_with_min_length: String,
}

#[serde(rename_all = "camelCase")]
pub struct StructWithARequiredField {
    // +kubebuilder:validation:MinLength:=256
    // +required
    #[serde(rename = "StringWithMinLength")]
    pub string_with_min_length: String,
}

#[serde(rename_all = "camelCase")]
pub struct StructWithMalformedMinProperties {
    // +kubebuilder:validation:MinLength:=256
    #[serde(rename = "StringWithMinLength")]
    pub string_with_min_length: String,
}

// +kubebuilder:validation:ExactlyOneOf=fieldA;fieldB
#[serde(rename_all = "camelCase")]
pub struct StructWithExactlyOneOf {
    // +kubebuilder:validation:MinLength:=1
    pub field_a: Option<String>,
    // +kubebuilder:validation:MinLength:=1
    pub field_b: Option<String>,
}

// +kubebuilder:validation:AtLeastOneOf=fieldA;fieldB
#[serde(rename_all = "camelCase")]
pub struct StructWithAtLeastOneOf {
    // +kubebuilder:validation:MinLength:=1
    pub field_a: Option<String>,
    // +kubebuilder:validation:MinLength:=1
    pub field_b: Option<String>,
}

