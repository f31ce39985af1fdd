use std::collections::BTreeMap;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// Release tracks by position, weights by name; gaps are `None`.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Track {
    pub metadata: ObjectMeta,
    pub spec: TrackSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TrackSpec {
    #[serde(default)]
    pub tracks: Vec<Option<String>>,
    #[serde(default)]
    pub weights: BTreeMap<String, Option<i32>>,
}
