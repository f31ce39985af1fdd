// Twin of kube-api-linter's pkg/analysis/maxlength/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct MaxLength {
    // +kubebuilder:validation:MaxLength:=256
    #[serde(rename = "StringWithMaxLength")]
    pub string_with_max_length: String,
    // +kubebuilder:validation:MaxLength:=128
    #[serde(rename = "StringAliasWithMaxLengthOnField")]
    pub string_alias_with_max_length_on_field: StringAlias,
    #[serde(rename = "StringAliasWithMaxLengthOnAlias")]
    pub string_alias_with_max_length_on_alias: StringAliasWithMaxLength,
    #[serde(rename = "StringAliasFromAnotherFile")]
    pub string_alias_from_another_file: StringAliasB, // want "field MaxLength.StringAliasFromAnotherFile type StringAliasB must have a maximum length, add kubebuilder:validation:MaxLength marker"
    // +kubebuilder:validation:MaxLength:=128
    #[serde(rename = "StringAliasFromAnotherFileWithMaxLengthOnField")]
    pub string_alias_from_another_file_with_max_length_on_field: StringAliasB,
    #[serde(rename = "StringAliasWithMaxLengthFromAnotherFile")]
    pub string_alias_with_max_length_from_another_file: StringAliasWithMaxLengthB,
    #[serde(rename = "StringWithoutMaxLength")]
    pub string_without_max_length: String, // want "field MaxLength.StringWithoutMaxLength must have a maximum length, add kubebuilder:validation:MaxLength marker"
    #[serde(rename = "StringAliasWithoutMaxLength")]
    pub string_alias_without_max_length: StringAlias, // want "field MaxLength.StringAliasWithoutMaxLength type StringAlias must have a maximum length, add kubebuilder:validation:MaxLength marker"
    // +kubebuilder:validation:Enum:="A";"B";"C"
    #[serde(rename = "EnumString")]
    pub enum_string: String,
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
    // +kubebuilder:validation:MaxItems:=256
    #[serde(rename = "ArrayWithMaxItems")]
    pub array_with_max_items: Vec<isize>,
    #[serde(rename = "ArrayWithoutMaxItems")]
    pub array_without_max_items: Vec<isize>, // want "field MaxLength.ArrayWithoutMaxItems must have a maximum items, add kubebuilder:validation:MaxItems"
    #[serde(rename = "ByteSlice")]
    pub byte_slice: k8s_openapi::ByteString, // want "field MaxLength.ByteSlice must have a maximum length, add kubebuilder:validation:MaxLength marker"
    // +kubebuilder:validation:MaxLength:=512
    #[serde(rename = "ByteSliceWithMaxLength")]
    pub byte_slice_with_max_length: k8s_openapi::ByteString,
    #[serde(rename = "ByteSliceAlias")]
    pub byte_slice_alias: ByteSliceAlias, // want "field MaxLength.ByteSliceAlias type ByteSliceAlias must have a maximum length, add kubebuilder:validation:MaxLength marker"
    // +kubebuilder:validation:MaxLength:=512
    #[serde(rename = "ByteSliceAliasWithMaxLength")]
    pub byte_slice_alias_with_max_length: ByteSliceAlias,
    #[serde(rename = "ByteSliceAliasWithMaxLengthOnAlias")]
    pub byte_slice_alias_with_max_length_on_alias: ByteSliceAliasWithMaxLength,
    // +kubebuilder:validation:MaxItems:=128
    #[serde(rename = "StringArrayWithMaxItemsWithoutMaxElementLength")]
    pub string_array_with_max_items_without_max_element_length: Vec<String>, // want "field MaxLength.StringArrayWithMaxItemsWithoutMaxElementLength array element must have a maximum length, add kubebuilder:validation:items:MaxLength"
    #[serde(rename = "StringArrayWithoutMaxItemsWithoutMaxElementLength")]
    pub string_array_without_max_items_without_max_element_length: Vec<String>, // want "field MaxLength.StringArrayWithoutMaxItemsWithoutMaxElementLength must have a maximum items, add kubebuilder:validation:MaxItems" "field MaxLength.StringArrayWithoutMaxItemsWithoutMaxElementLength array element must have a maximum length, add kubebuilder:validation:items:MaxLength"
    // +kubebuilder:validation:MaxItems:=64
    // +kubebuilder:validation:items:MaxLength:=64
    #[serde(rename = "StringArrayWithMaxItemsAndMaxElementLength")]
    pub string_array_with_max_items_and_max_element_length: Vec<String>,
    // +kubebuilder:validation:items:MaxLength:=512
    #[serde(rename = "StringArrayWithoutMaxItemsWithMaxElementLength")]
    pub string_array_without_max_items_with_max_element_length: Vec<String>, // want "field MaxLength.StringArrayWithoutMaxItemsWithMaxElementLength must have a maximum items, add kubebuilder:validation:MaxItems marker"
    // +kubebuilder:validation:MaxItems:=128
    #[serde(rename = "StringAliasArrayWithMaxItemsWithoutMaxElementLength")]
    pub string_alias_array_with_max_items_without_max_element_length: Vec<StringAlias>, // want "field MaxLength.StringAliasArrayWithMaxItemsWithoutMaxElementLength array element type StringAlias must have a maximum length, add kubebuilder:validation:MaxLength marker"
    #[serde(rename = "StringAliasArrayWithoutMaxItemsWithoutMaxElementLength")]
    pub string_alias_array_without_max_items_without_max_element_length: Vec<StringAlias>, // want "field MaxLength.StringAliasArrayWithoutMaxItemsWithoutMaxElementLength must have a maximum items, add kubebuilder:validation:MaxItems" "field MaxLength.StringAliasArrayWithoutMaxItemsWithoutMaxElementLength array element type StringAlias must have a maximum length, add kubebuilder:validation:MaxLength"
    // +kubebuilder:validation:MaxItems:=64
    // +kubebuilder:validation:items:MaxLength:=64
    #[serde(rename = "StringAliasArrayWithMaxItemsAndMaxElementLength")]
    pub string_alias_array_with_max_items_and_max_element_length: Vec<StringAlias>,
    // +kubebuilder:validation:items:MaxLength:=512
    #[serde(rename = "StringAliasArrayWithoutMaxItemsWithMaxElementLength")]
    pub string_alias_array_without_max_items_with_max_element_length: Vec<StringAlias>, // want "field MaxLength.StringAliasArrayWithoutMaxItemsWithMaxElementLength must have a maximum items, add kubebuilder:validation:MaxItems"
    // +kubebuilder:validation:MaxItems:=64
    #[serde(rename = "StringAliasArrayWithMaxItemsAndMaxElementLengthOnAlias")]
    pub string_alias_array_with_max_items_and_max_element_length_on_alias: Vec<StringAliasWithMaxLength>,
    #[serde(rename = "StringAliasArrayWithoutMaxItemsWithMaxElementLengthOnAlias")]
    pub string_alias_array_without_max_items_with_max_element_length_on_alias: Vec<StringAliasWithMaxLength>, // want "field MaxLength.StringAliasArrayWithoutMaxItemsWithMaxElementLengthOnAlias must have a maximum items, add kubebuilder:validation:MaxItems"
    // +kubebuilder:validation:MaxLength:=256
    #[serde(rename = "StringWithMaxLength")]
    pub string_with_max_length: String,
    #[serde(rename = "StringWithoutMaxLength")]
    pub string_without_max_length: String, // want "field StringWithoutMaxLength must have a maximum length, add kubebuilder:validation:MaxLength marker"
}

/// StringAlias is a string without a MaxLength.
pub struct StringAlias(pub String);

/// StringAliasWithMaxLength is a string with a MaxLength.
// +kubebuilder:validation:MaxLength:=512
pub struct StringAliasWithMaxLength(pub String);

/// EnumStringAlias is a string alias that is an enum.
// +kubebuilder:validation:Enum:="A";"B";"C"
pub struct EnumStringAlias(pub String);

/// ByteSliceAlias is a byte slice without a MaxLength.
pub struct ByteSliceAlias(pub k8s_openapi::ByteString);

/// ByteSliceAliasWithMaxLength is a byte slice with a MaxLength.
// +kubebuilder:validation:MaxLength:=512
pub struct ByteSliceAliasWithMaxLength(pub k8s_openapi::ByteString);

/// JSONSchemaProps is a placeholder for the JSON schema properties.
#[serde(rename_all = "camelCase")]
pub struct JSONSchemaProps {}

