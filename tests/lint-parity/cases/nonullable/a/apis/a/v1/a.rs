// Twin of kube-api-linter's pkg/analysis/nonullable/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

pub struct NullableMarkerType(pub String); // want `type NullableMarkerType has forbidden marker "nullable"`

pub struct AllowedMarkerType(pub String);

#[serde(rename_all = "camelCase")]
pub struct Test {
    // +nullable
    pub nullable_marker_field: String, // want `field Test.nullableMarkerField has forbidden marker "nullable"`
    pub nullable_marker_field_type_alias: NullableMarkerType, // want `field Test.nullableMarkerFieldTypeAlias has forbidden marker "nullable"`
    pub allowed_marker_field: String,
    #[serde(rename = "AllowedMarkerFieldTypeAlias")]
    pub allowed_marker_field_type_alias: AllowedMarkerType,
}

