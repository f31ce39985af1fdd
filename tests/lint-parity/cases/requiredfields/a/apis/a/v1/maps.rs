// Twin of kube-api-linter's pkg/analysis/requiredfields/testdata/src/a/maps.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct TestMaps {
    // +required
    pub map: BTreeMap<String, String>, // want "field TestMaps.map should have the omitempty tag."
    // +required
    #[serde(default)]
    pub map_with_omit_empty: BTreeMap<String, String>,
    // +required
    pub map_ptr: Option<BTreeMap<String, String>>, // want "field TestMaps.mapPtr should have the omitempty tag." "field TestMaps.mapPtr underlying type does not need to be a pointer. The pointer should be removed."
    // +required
    pub map_ptr_with_omit_empty: Option<BTreeMap<String, String>>, // want "field TestMaps.mapPtrWithOmitEmpty underlying type does not need to be a pointer. The pointer should be removed."
    // +kubebuilder:validation:MinProperties=1
    // +required
    pub map_with_positive_min_properties: BTreeMap<String, String>, // want "field TestMaps.mapWithPositiveMinProperties should have the omitempty tag."
    // +kubebuilder:validation:MinProperties=1
    // +required
    #[serde(default)]
    pub map_with_positive_min_properties_with_omit_empty: BTreeMap<String, String>,
    // +kubebuilder:validation:MinProperties=0
    // +required
    pub map_with_zero_min_properties: BTreeMap<String, String>, // want "field TestMaps.mapWithZeroMinProperties should have the omitempty tag."
    // +kubebuilder:validation:MinProperties=0
    // +required
    #[serde(default)]
    pub map_with_zero_min_properties_with_omit_empty: BTreeMap<String, String>,
}

