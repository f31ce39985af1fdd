// Twin of kube-api-linter's pkg/analysis/minlength/testdata/src/a/maps.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct Maps {
    // +kubebuilder:validation:MinProperties:=1
    pub inline_map_with_min_properties: BTreeMap<String, String>,
    pub inline_map_without_min_properties: BTreeMap<String, String>, // want "field Maps.inlineMapWithoutMinProperties must have a minimum properties, add kubebuilder:validation:MinProperties marker"
    // +kubebuilder:validation:MinProperties:=0
    pub inline_map_with_min_properties_zero: BTreeMap<String, String>,
    pub map_with_min_properties: MapWithMinProperties,
    pub map_without_min_properties: MapWithoutMinProperties, // want "field Maps.mapWithoutMinProperties type MapWithoutMinProperties must have a minimum properties, add kubebuilder:validation:MinProperties marker"
    pub map_with_min_properties_zero: MapWithMinPropertiesZero,
}

// +kubebuilder:validation:MinProperties:=1
pub struct MapWithMinProperties(pub BTreeMap<String, String>);

pub struct MapWithoutMinProperties(pub BTreeMap<String, String>);

// +kubebuilder:validation:MinProperties:=0
pub struct MapWithMinPropertiesZero(pub BTreeMap<String, String>);

