use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ObjectMeta};
use serde::{Deserialize, Serialize};

/// NodePool is a group of identical machines.
// +genclient
// +genclient:nonNamespaced
// +kubebuilder:resource:scope=Cluster,shortName=np
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name=Nodes,type=integer,JSONPath=`.spec.nodeCount`
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct NodePool {
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The pool as asked for.
    pub spec: NodePoolSpec,
    /// The pool as it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<NodePoolStatus>,
}

/// NodePoolSpec: how many machines of which type, where.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodePoolSpec {
    /// How many nodes the pool has.
    // +kubebuilder:validation:Minimum=0
    pub node_count: i32,
    /// The machine of every node.
    pub machine: MachineType,
    /// The zone the nodes run in.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
    /// How nodes are replaced.
    // +optional
    #[serde(default)]
    pub update_strategy: UpdateStrategy,
    /// Where the nodes' system image comes from (the catalog's default when unset).
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<ImageSource>,
}

/// ImageSource says where the nodes' system image comes from; the same in
/// every version (a union: the `type` tag names the variant in use).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ImageSource {
    /// A published image, by name.
    Catalog {
        /// The image's name in the catalog.
        name: String,
    },
    /// An image of one's own, at a URL.
    Custom {
        /// Where to download it.
        url: String,
        /// Its SHA-256 checksum, when known.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sha256: Option<String>,
    },
    /// The image of another pool's snapshot.
    Snapshot(SnapshotRef),
}

/// SnapshotRef names a snapshot; the same in every version.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SnapshotRef {
    /// The pool the snapshot was taken of.
    pub pool: String,
    /// The snapshot's name.
    pub name: String,
}

/// MachineType is the size of a node; the same in every version.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MachineType {
    /// CPU of each node.
    pub cpu: Quantity,
    /// Memory of each node.
    pub memory: Quantity,
    /// Labels every node gets.
    // +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
}

/// UpdateStrategy says how nodes are replaced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum UpdateStrategy {
    /// One at a time.
    #[default]
    Rolling,
    /// All at once.
    Recreate,
}

/// NodePoolStatus is the observed state; the same in every version.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodePoolStatus {
    /// Nodes that are ready.
    // +optional
    #[serde(default)]
    pub ready_nodes: i32,
    /// Latest observations.
    // +optional
    // +listType=map
    // +listMapKey=type
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}
