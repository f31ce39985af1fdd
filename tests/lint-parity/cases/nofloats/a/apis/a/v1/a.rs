// Twin of kube-api-linter's pkg/analysis/nofloats/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct Floats {
    #[serde(rename = "ValidString")]
    pub valid_string: String,
    #[serde(rename = "ValidMap")]
    pub valid_map: BTreeMap<String, String>,
    #[serde(rename = "ValidInt32")]
    pub valid_int32: i32,
    #[serde(rename = "ValidInt64")]
    pub valid_int64: i64,
    #[serde(rename = "InvalidFloat32")]
    pub invalid_float32: f32, // want "field Floats.InvalidFloat32 should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidFloat64")]
    pub invalid_float64: f64, // want "field Floats.InvalidFloat64 should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidFloat32Ptr")]
    pub invalid_float32_ptr: Option<f32>, // want "field Floats.InvalidFloat32Ptr pointer should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidFloat64Ptr")]
    pub invalid_float64_ptr: Option<f64>, // want "field Floats.InvalidFloat64Ptr pointer should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidFloat32Slice")]
    pub invalid_float32_slice: Vec<f32>, // want "field Floats.InvalidFloat32Slice array element should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidFloat64Slice")]
    pub invalid_float64_slice: Vec<f64>, // want "field Floats.InvalidFloat64Slice array element should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidFloat32PtrSlice")]
    pub invalid_float32_ptr_slice: Vec<Option<f32>>, // want "field Floats.InvalidFloat32PtrSlice array element pointer should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidFloat64PtrSlice")]
    pub invalid_float64_ptr_slice: Vec<Option<f64>>, // want "field Floats.InvalidFloat64PtrSlice array element pointer should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidFloat32Alias")]
    pub invalid_float32_alias: Float32Alias, // want "field Floats.InvalidFloat32Alias type Float32Alias should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidFloat64Alias")]
    pub invalid_float64_alias: Float64Alias, // want "field Floats.InvalidFloat64Alias type Float64Alias should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidFloat32PtrAlias")]
    pub invalid_float32_ptr_alias: Option<Float32Alias>, // want "field Floats.InvalidFloat32PtrAlias pointer type Float32Alias should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidFloat64PtrAlias")]
    pub invalid_float64_ptr_alias: Option<Float64Alias>, // want "field Floats.InvalidFloat64PtrAlias pointer type Float64Alias should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidFloat32SliceAlias")]
    pub invalid_float32_slice_alias: Vec<Float32Alias>, // want "field Floats.InvalidFloat32SliceAlias array element type Float32Alias should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidFloat64SliceAlias")]
    pub invalid_float64_slice_alias: Vec<Float64Alias>, // want "field Floats.InvalidFloat64SliceAlias array element type Float64Alias should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidFloat32PtrSliceAlias")]
    pub invalid_float32_ptr_slice_alias: Vec<Option<Float32Alias>>, // want "field Floats.InvalidFloat32PtrSliceAlias array element pointer type Float32Alias should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidFloat64PtrSliceAlias")]
    pub invalid_float64_ptr_slice_alias: Vec<Option<Float64Alias>>, // want "field Floats.InvalidFloat64PtrSliceAlias array element pointer type Float64Alias should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidMapStringToFloat32")]
    pub invalid_map_string_to_float32: BTreeMap<String, f32>, // want "field Floats.InvalidMapStringToFloat32 map value should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidMapStringToFloat64")]
    pub invalid_map_string_to_float64: BTreeMap<String, f64>, // want "field Floats.InvalidMapStringToFloat64 map value should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidMapStringToFloat32Ptr")]
    pub invalid_map_string_to_float32_ptr: BTreeMap<String, Option<f32>>, // want "field Floats.InvalidMapStringToFloat32Ptr map value pointer should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidMapStringToFloat64Ptr")]
    pub invalid_map_string_to_float64_ptr: BTreeMap<String, Option<f64>>, // want "field Floats.InvalidMapStringToFloat64Ptr map value pointer should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidFloat32AliasFromAnotherFile")]
    pub invalid_float32_alias_from_another_file: Float32AliasB, // want "field Floats.InvalidFloat32AliasFromAnotherFile type Float32AliasB should not use a float value because they cannot be reliably round-tripped."
    #[serde(rename = "InvalidFloat32PtrAliasFromAnotherFile")]
    pub invalid_float32_ptr_alias_from_another_file: Float32AliasPtrB, // want "field Floats.InvalidFloat32PtrAliasFromAnotherFile type Float32AliasPtrB pointer should not use a float value because they cannot be reliably round-tripped."
}

pub struct Float32Alias(pub f32); // want "type Float32Alias should not use a float value because they cannot be reliably round-tripped."

pub struct Float64Alias(pub f64); // want "type Float64Alias should not use a float value because they cannot be reliably round-tripped."

pub struct Float32AliasPtr(pub Option<f32>); // want "type Float32AliasPtr pointer should not use a float value because they cannot be reliably round-tripped."

pub struct Float64AliasPtr(pub Option<f64>); // want "type Float64AliasPtr pointer should not use a float value because they cannot be reliably round-tripped."

pub struct Float32AliasSlice(pub Vec<f32>); // want "type Float32AliasSlice array element should not use a float value because they cannot be reliably round-tripped."

pub struct Float64AliasSlice(pub Vec<f64>); // want "type Float64AliasSlice array element should not use a float value because they cannot be reliably round-tripped."

pub struct Float32AliasPtrSlice(pub Vec<Option<f32>>); // want "type Float32AliasPtrSlice array element pointer should not use a float value because they cannot be reliably round-tripped."

pub struct Float64AliasPtrSlice(pub Vec<Option<f64>>); // want "type Float64AliasPtrSlice array element pointer should not use a float value because they cannot be reliably round-tripped."

pub struct MapStringToFloat32Alias(pub BTreeMap<String, f32>); // want "type MapStringToFloat32Alias map value should not use a float value because they cannot be reliably round-tripped."

pub struct MapStringToFloat64Alias(pub BTreeMap<String, f64>); // want "type MapStringToFloat64Alias map value should not use a float value because they cannot be reliably round-tripped."

pub struct MapStringToFloat32PtrAlias(pub BTreeMap<String, Option<f32>>); // want "type MapStringToFloat32PtrAlias map value pointer should not use a float value because they cannot be reliably round-tripped."

pub struct MapStringToFloat64PtrAlias(pub BTreeMap<String, Option<f64>>); // want "type MapStringToFloat64PtrAlias map value pointer should not use a float value because they cannot be reliably round-tripped."

