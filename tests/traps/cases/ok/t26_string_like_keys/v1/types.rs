use std::collections::{BTreeMap, HashMap};

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// Capacity per zone and per node.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Placement {
    pub metadata: ObjectMeta,
    pub spec: PlacementSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlacementSpec {
    /// Replicas per zone; only the zones below are keys.
    #[serde(default)]
    pub replicas_per_zone: BTreeMap<Zone, i32>,
    /// Labels per node.
    #[serde(default)]
    pub node_labels: HashMap<NodeName, String>,
}

/// A failure domain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Zone {
    EuWest,
    EuNorth,
    UsEast,
}

/// The name of a node.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct NodeName(pub String);
