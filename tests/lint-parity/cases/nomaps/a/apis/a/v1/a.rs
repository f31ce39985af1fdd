// Twin of kube-api-linter's pkg/analysis/nomaps/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct NoMapsTestStruct {
    pub primitive: i32,
    pub components: Vec<Component>,
    pub map_components: BTreeMap<String, Component>, // want "NoMapsTestStruct.mapComponents should not use a map type, use a list type with a unique name/identifier instead"
    pub ptr_map_components: Option<BTreeMap<String, Component>>, // want "NoMapsTestStruct.ptrMapComponents pointer should not use a map type, use a list type with a unique name/identifier instead"
    pub map_string_int: BTreeMap<String, isize>, // want "NoMapsTestStruct.mapStringInt should not use a map type, use a list type with a unique name/identifier instead"
    #[serde(rename = "specialCase")]
    pub labels: BTreeMap<String, String>,
}

#[serde(rename_all = "camelCase")]
pub struct NoMapsTestStructWithDefiningType {
}

#[serde(rename_all = "camelCase")]
pub struct NoMapsTestStructWithDefiningTypeAcrossFiles {
}

#[serde(rename_all = "camelCase")]
pub struct NoMapsTestStructWithAlias {
}

#[serde(rename_all = "camelCase")]
pub struct NoMapsTestStructWithEmbedded {
    #[serde(rename = "NoMapsTestStruct")]
    pub no_maps_test_struct: NoMapsTestStruct,
    #[serde(rename = "NoMapsTestStructWithDefiningType")]
    pub no_maps_test_struct_with_defining_type: NoMapsTestStructWithDefiningType,
    #[serde(rename = "NoMapsTestStructWithAlias")]
    pub no_maps_test_struct_with_alias: NoMapsTestStructWithAlias,
}

#[serde(rename_all = "camelCase")]
pub struct Component {
    pub key: String,
    pub value: i32,
}

