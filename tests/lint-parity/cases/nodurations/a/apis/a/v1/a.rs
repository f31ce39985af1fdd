// Twin of kube-api-linter's pkg/analysis/nodurations/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct Durations {
    #[serde(rename = "ValidString")]
    pub valid_string: String,
    #[serde(rename = "ValidMap")]
    pub valid_map: BTreeMap<String, String>,
    #[serde(rename = "ValidInt32")]
    pub valid_int32: i32,
    #[serde(rename = "ValidInt64")]
    pub valid_int64: i64,
}

#[serde(rename_all = "camelCase")]
pub struct DurationsWithMetaV1Package {
    #[serde(rename = "ValidString")]
    pub valid_string: String,
    #[serde(rename = "ValidMap")]
    pub valid_map: BTreeMap<String, String>,
    #[serde(rename = "ValidInt32")]
    pub valid_int32: i32,
    #[serde(rename = "ValidInt64")]
    pub valid_int64: i64,
    #[serde(rename = "InvalidDuration")]
    pub invalid_duration: kube::core::Duration, // want "field DurationsWithMetaV1Package.InvalidDuration should not use a Duration. Use an integer type with units in the name to avoid the need for clients to implement Go style duration parsing."
    #[serde(rename = "InvalidDurationPtr")]
    pub invalid_duration_ptr: Option<kube::core::Duration>, // want "field DurationsWithMetaV1Package.InvalidDurationPtr pointer should not use a Duration. Use an integer type with units in the name to avoid the need for clients to implement Go style duration parsing."
    #[serde(rename = "InvalidDurationSlice")]
    pub invalid_duration_slice: Vec<kube::core::Duration>, // want "field DurationsWithMetaV1Package.InvalidDurationSlice array element should not use a Duration. Use an integer type with units in the name to avoid the need for clients to implement Go style duration parsing."
    #[serde(rename = "InvalidDurationPtrSlice")]
    pub invalid_duration_ptr_slice: Vec<Option<kube::core::Duration>>, // want "field DurationsWithMetaV1Package.InvalidDurationPtrSlice array element pointer should not use a Duration. Use an integer type with units in the name to avoid the need for clients to implement Go style duration parsing."
    #[serde(rename = "InvalidDurationAlias")]
    pub invalid_duration_alias: DurationAliasWithMetaV1, // want "field DurationsWithMetaV1Package.InvalidDurationAlias type DurationAliasWithMetaV1 should not use a Duration. Use an integer type with units in the name to avoid the need for clients to implement Go style duration parsing."
    #[serde(rename = "InvalidDurationPtrAlias")]
    pub invalid_duration_ptr_alias: Option<DurationAliasWithMetaV1>, // want "field DurationsWithMetaV1Package.InvalidDurationPtrAlias pointer type DurationAliasWithMetaV1 should not use a Duration. Use an integer type with units in the name to avoid the need for clients to implement Go style duration parsing."
    #[serde(rename = "InvalidDurationSliceAlias")]
    pub invalid_duration_slice_alias: Vec<DurationAliasWithMetaV1>, // want "field DurationsWithMetaV1Package.InvalidDurationSliceAlias array element type DurationAliasWithMetaV1 should not use a Duration. Use an integer type with units in the name to avoid the need for clients to implement Go style duration parsing."
    #[serde(rename = "InvalidDurationPtrSliceAlias")]
    pub invalid_duration_ptr_slice_alias: Vec<Option<DurationAliasWithMetaV1>>, // want "field DurationsWithMetaV1Package.InvalidDurationPtrSliceAlias array element pointer type DurationAliasWithMetaV1 should not use a Duration. Use an integer type with units in the name to avoid the need for clients to implement Go style duration parsing."
    #[serde(rename = "InvalidMapStringToDuration")]
    pub invalid_map_string_to_duration: BTreeMap<String, kube::core::Duration>, // want "field DurationsWithMetaV1Package.InvalidMapStringToDuration map value should not use a Duration. Use an integer type with units in the name to avoid the need for clients to implement Go style duration parsing."
    #[serde(rename = "InvalidMapStringToDurationPtr")]
    pub invalid_map_string_to_duration_ptr: BTreeMap<String, Option<kube::core::Duration>>, // want "field DurationsWithMetaV1Package.InvalidMapStringToDurationPtr map value pointer should not use a Duration. Use an integer type with units in the name to avoid the need for clients to implement Go style duration parsing."
    #[serde(rename = "InvalidMapDurationToString")]
    pub invalid_map_duration_to_string: BTreeMap<kube::core::Duration, String>, // want "field DurationsWithMetaV1Package.InvalidMapDurationToString map key should not use a Duration. Use an integer type with units in the name to avoid the need for clients to implement Go style duration parsing."
    #[serde(rename = "InvalidDurationAliasFromAnotherFile")]
    pub invalid_duration_alias_from_another_file: DurationAliasBWithMetaV1, // want "field DurationsWithMetaV1Package.InvalidDurationAliasFromAnotherFile type DurationAliasBWithMetaV1 should not use a Duration. Use an integer type with units in the name to avoid the need for clients to implement Go style duration parsing."
}

pub struct DurationAliasWithMetaV1(pub kube::core::Duration); // want "type DurationAliasWithMetaV1 should not use a Duration. Use an integer type with units in the name to avoid the need for clients to implement Go style duration parsing."

pub struct DurationAliasPtrWithMetaV1(pub Option<kube::core::Duration>); // want "type DurationAliasPtrWithMetaV1 pointer should not use a Duration. Use an integer type with units in the name to avoid the need for clients to implement Go style duration parsing."

pub struct DurationAliasSliceWithMetaV1(pub Vec<kube::core::Duration>); // want "type DurationAliasSliceWithMetaV1 array element should not use a Duration. Use an integer type with units in the name to avoid the need for clients to implement Go style duration parsing."

pub struct DurationAliasPtrSliceWithMetaV1(pub Vec<Option<kube::core::Duration>>); // want "type DurationAliasPtrSliceWithMetaV1 array element pointer should not use a Duration. Use an integer type with units in the name to avoid the need for clients to implement Go style duration parsing."

pub struct MapStringToDurationAliaWithMetaV1(pub BTreeMap<String, kube::core::Duration>); // want "type MapStringToDurationAliaWithMetaV1 map value should not use a Duration. Use an integer type with units in the name to avoid the need for clients to implement Go style duration parsing."

pub struct MapStringToDurationPtrAliasWithMetaV1(pub BTreeMap<String, Option<kube::core::Duration>>); // want "type MapStringToDurationPtrAliasWithMetaV1 map value pointer should not use a Duration. Use an integer type with units in the name to avoid the need for clients to implement Go style duration parsing."

