// Twin of kube-api-linter's pkg/analysis/optionalfields/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct A {
    /// required field should not be picked up.
    // +required
    #[serde(default)]
    pub required_field: String,
    /// pointerString is a pointer string field.
    // +optional
    pub pointer_string: Option<String>,
    /// pointerInt is a pointer int field.
    // +optional
    pub pointer_int: Option<isize>,
    /// pointerStruct is a pointer struct field.
    // +optional
    pub pointer_struct: Option<B>,
    /// string is a string field.
    // +optional
    #[serde(default)]
    pub string: String, // want "field A.string should be a pointer."
    /// NonOmittedString is a string field without omitempty
    // +optional
    pub non_omitted_string: String, // want "field A.nonOmittedString should be a pointer." "field A.nonOmittedString should have the omitempty tag."
    /// int is an int field.
    // +optional
    #[serde(default)]
    pub int: isize, // want "field A.int should be a pointer."
    /// nonOmittedInt is an int field without omitempty
    // +optional
    pub non_omitted_int: isize, // want "field A.nonOmittedInt should be a pointer." "field A.nonOmittedInt should have the omitempty tag."
    /// struct is a struct field.
    // +optional
    #[serde(default)]
    pub r#struct: B, // want "field A.struct should be a pointer."
    /// nonOmittedStruct is a struct field without omitempty.
    // +optional
    pub non_omitted_struct: B, // want "field A.nonOmittedStruct should be a pointer." "field A.nonOmittedStruct should have the omitempty tag."
    /// structWithMinProperties is a struct field with a minimum number of properties.
    // +kubebuilder:validation:MinProperties=1
    // +optional
    #[serde(default)]
    pub struct_with_min_properties: B, // want "field A.structWithMinProperties should be a pointer."
    /// structWithMinPropertiesOnStruct is a struct field with a minimum number of properties on the struct.
    // +optional
    #[serde(default)]
    pub struct_with_min_properties_on_struct: D, // want "field A.structWithMinPropertiesOnStruct should be a pointer."
    /// slice is a slice field.
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub slice: Vec<String>,
    /// map is a map field.
    // +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub map: BTreeMap<String, String>,
    /// PointerSlice is a pointer slice field.
    // +optional
    pub pointer_slice: Option<Vec<String>>, // want "field A.pointerSlice underlying type does not need to be a pointer. The pointer should be removed."
    /// PointerMap is a pointer map field.
    // +optional
    pub pointer_map: Option<BTreeMap<String, String>>, // want "field A.pointerMap underlying type does not need to be a pointer. The pointer should be removed."
    /// PointerPointerString is a double pointer string field.
    // +optional
    pub double_pointer_string: Option<Option<String>>, // want "field A.doublePointerString underlying type does not need to be a pointer. The pointer should be removed."
    /// PointerStringAlias is a pointer string alias field.
    // +optional
    pub pointer_string_alias: Option<StringAlias>,
    /// PointerStringAliasFromAnotherFile is a pointer string alias field.
    /// It proves that we can use types defined in other files.
    // +optional
    #[serde(rename = "pointerStringAliasFromAnotherFile")]
    pub string_alias_from_another_file: Option<StringAliasFromAnotherFile>,
    /// PointerIntAlias is a pointer int alias field.
    // +optional
    pub pointer_int_alias: Option<IntAlias>,
    /// PointerFloatAlias is a pointer float alias field.
    // +optional
    pub pointer_float_alias: Option<FloatAlias>,
    /// PointerBoolAlias is a pointer bool alias field.
    // +optional
    pub pointer_bool_alias: Option<BoolAlias>,
    /// PointerSliceAlias is a pointer slice alias field.
    // +optional
    pub pointer_slice_alias: Option<SliceAlias>, // want "field A.pointerSliceAlias underlying type does not need to be a pointer. The pointer should be removed."
    /// PointerMapAlias is a pointer map alias field.
    // +optional
    pub pointer_map_alias: Option<MapAlias>, // want "field A.pointerMapAlias underlying type does not need to be a pointer. The pointer should be removed."
    /// StringAliasWithEnum is a string alias field with enum validation.
    /// With the "Always" pointer preference, optional fields should be pointers regardless of zero value validity.
    // +optional
    #[serde(default)]
    pub string_alias_with_enum: StringAliasWithEnum, // want "field A.stringAliasWithEnum should be a pointer."
    /// StringAliasWithEnumPointer is a pointer string alias field with enum validation.
    /// This is correctly a pointer since the zero value is not valid.
    // +optional
    pub string_alias_with_enum_pointer: Option<StringAliasWithEnum>,
    /// StringAliasWithEnumNoOmitEmpty is a string alias field with enum validation and no omitempty.
    // +optional
    pub string_alias_with_enum_no_omit_empty: Option<StringAliasWithEnum>, // want "field A.stringAliasWithEnumNoOmitEmpty should have the omitempty tag."
}

#[serde(rename_all = "camelCase")]
pub struct B {
    /// pointerString is a pointer string field.
    // +optional
    pub pointer_string: Option<String>,
}

// +kubebuilder:validation:MinProperties=1
#[serde(rename_all = "camelCase")]
pub struct D {
    /// string is a string field.
    // +optional
    pub string: Option<String>,
    /// stringWithMinLength1 with minimum length is a string field.
    // +kubebuilder:validation:MinLength=1
    // +optional
    pub string_with_min_length1: Option<String>,
}

pub struct StringAlias(pub String);

pub struct IntAlias(pub isize);

pub struct FloatAlias(pub f64);

pub struct BoolAlias(pub bool);

pub struct SliceAlias(pub Vec<String>);

pub struct MapAlias(pub BTreeMap<String, String>);

/// StringAliasWithEnum is a string alias with enum validation.
/// The zero value ("") is not in the enum, making it invalid.
// +kubebuilder:validation:Enum=value1;value2
pub struct StringAliasWithEnum(pub String);

