// Twin of kube-api-linter's pkg/analysis/nobools/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct Bools {
    #[serde(rename = "ValidString")]
    pub valid_string: String,
    #[serde(rename = "ValidMap")]
    pub valid_map: BTreeMap<String, String>,
    #[serde(rename = "ValidInt32")]
    pub valid_int32: i32,
    #[serde(rename = "ValidInt64")]
    pub valid_int64: i64,
    #[serde(rename = "InvalidBool")]
    pub invalid_bool: bool, // want "field Bools.InvalidBool should not use a bool. Use a string type with meaningful constant values as an enum."
    #[serde(rename = "InvalidBoolPtr")]
    pub invalid_bool_ptr: Option<bool>, // want "field Bools.InvalidBoolPtr pointer should not use a bool. Use a string type with meaningful constant values as an enum."
    #[serde(rename = "InvalidBoolSlice")]
    pub invalid_bool_slice: Vec<bool>, // want "field Bools.InvalidBoolSlice array element should not use a bool. Use a string type with meaningful constant values as an enum."
    #[serde(rename = "InvalidBoolPtrSlice")]
    pub invalid_bool_ptr_slice: Vec<Option<bool>>, // want "field Bools.InvalidBoolPtrSlice array element pointer should not use a bool. Use a string type with meaningful constant values as an enum."
    #[serde(rename = "InvalidBoolAlias")]
    pub invalid_bool_alias: BoolAlias, // want "field Bools.InvalidBoolAlias type BoolAlias should not use a bool. Use a string type with meaningful constant values as an enum."
    #[serde(rename = "InvalidBoolPtrAlias")]
    pub invalid_bool_ptr_alias: Option<BoolAlias>, // want "field Bools.InvalidBoolPtrAlias pointer type BoolAlias should not use a bool. Use a string type with meaningful constant values as an enum."
    #[serde(rename = "InvalidBoolSliceAlias")]
    pub invalid_bool_slice_alias: Vec<BoolAlias>, // want "field Bools.InvalidBoolSliceAlias array element type BoolAlias should not use a bool. Use a string type with meaningful constant values as an enum."
    #[serde(rename = "InvalidBoolPtrSliceAlias")]
    pub invalid_bool_ptr_slice_alias: Vec<Option<BoolAlias>>, // want "field Bools.InvalidBoolPtrSliceAlias array element pointer type BoolAlias should not use a bool. Use a string type with meaningful constant values as an enum."
    #[serde(rename = "InvalidMapStringToBool")]
    pub invalid_map_string_to_bool: BTreeMap<String, bool>, // want "field Bools.InvalidMapStringToBool map value should not use a bool. Use a string type with meaningful constant values as an enum."
    #[serde(rename = "InvalidMapStringToBoolPtr")]
    pub invalid_map_string_to_bool_ptr: BTreeMap<String, Option<bool>>, // want "field Bools.InvalidMapStringToBoolPtr map value pointer should not use a bool. Use a string type with meaningful constant values as an enum."
    #[serde(rename = "InvalidMapBoolToString")]
    pub invalid_map_bool_to_string: BTreeMap<bool, String>, // want "field Bools.InvalidMapBoolToString map key should not use a bool. Use a string type with meaningful constant values as an enum."
    #[serde(rename = "InvalidBoolAliasFromAnotherFile")]
    pub invalid_bool_alias_from_another_file: BoolAliasB, // want "field Bools.InvalidBoolAliasFromAnotherFile type BoolAliasB should not use a bool. Use a string type with meaningful constant values as an enum."
    #[serde(rename = "InvalidBoolPtrAliasFromAnotherFile")]
    pub invalid_bool_ptr_alias_from_another_file: Option<BoolAliasB>, // want "field Bools.InvalidBoolPtrAliasFromAnotherFile pointer type BoolAliasB should not use a bool. Use a string type with meaningful constant values as an enum."
}

pub struct BoolAlias(pub bool); // want "type BoolAlias should not use a bool. Use a string type with meaningful constant values as an enum."

pub struct BoolAliasPtr(pub Option<bool>); // want "type BoolAliasPtr pointer should not use a bool. Use a string type with meaningful constant values as an enum."

pub struct BoolAliasSlice(pub Vec<bool>); // want "type BoolAliasSlice array element should not use a bool. Use a string type with meaningful constant values as an enum."

pub struct BoolAliasPtrSlice(pub Vec<Option<bool>>); // want "type BoolAliasPtrSlice array element pointer should not use a bool. Use a string type with meaningful constant values as an enum."

pub struct MapStringToBoolAlias(pub BTreeMap<String, bool>); // want "type MapStringToBoolAlias map value should not use a bool. Use a string type with meaningful constant values as an enum"

pub struct MapStringToBoolPtrAlias(pub BTreeMap<String, Option<bool>>); // want "type MapStringToBoolPtrAlias map value pointer should not use a bool. Use a string type with meaningful constant values as an enum"

