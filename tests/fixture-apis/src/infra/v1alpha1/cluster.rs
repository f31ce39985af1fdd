use std::collections::{BTreeMap, HashMap};

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ObjectMeta};
use serde::{Deserialize, Serialize};

/// Cluster is a cluster-scoped record of a managed cluster.
// +genclient
// +genclient:nonNamespaced
// +kubebuilder:resource:scope=Cluster,shortName=cl
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name=Region,type=string,JSONPath=`.spec.region`
// +kubebuilder:printcolumn:name=Nodes,type=integer,JSONPath=`.spec.nodeCount`,format=int32
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Cluster {
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// Desired shape of the cluster.
    pub spec: ClusterSpec,
    /// Observed state.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<ClusterStatus>,
}

/// ClusterSpec is the desired shape of a Cluster.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterSpec {
    /// Cloud region.
    // +kubebuilder:validation:Enum=eu-west;us-east;ap-south
    pub region: String,
    /// Number of nodes.
    // +kubebuilder:validation:Minimum=1
    // +kubebuilder:validation:Maximum=1000
    pub node_count: u16,
    /// Whether nodes are preemptible.
    // +optional
    #[serde(default)]
    pub preemptible: bool,
    /// Node pools by name.
    // +optional
    // +kubebuilder:validation:MinProperties=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pools: Option<BTreeMap<String, NodePool>>,
    /// Labels to put on every node.
    // +optional
    #[serde(default, skip_serializing_if = "HashMap::is_empty")]
    pub node_labels: HashMap<String, String>,
    /// Subnets, each a list of CIDRs.
    // +optional
    // +kubebuilder:validation:MinItems=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub subnets: Vec<Vec<String>>,
    /// Version of the control plane, for example `1.34`.
    // +kubebuilder:validation:Pattern=`^\d+\.\d+$`
    // +kubebuilder:validation:XValidation:rule="self == oldSelf || self > oldSelf",message="version may not go down",reason=FieldValueForbidden
    // +required
    #[serde(default)]
    pub version: String,
}

/// NodePool is a group of identical nodes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodePool {
    /// Machine type.
    pub machine_type: String,
    /// Pool size.
    // +kubebuilder:validation:Minimum=0
    pub size: i64,
    /// Price limit per hour.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_price: Option<f32>,
}

/// ClusterStatus is the observed state of a Cluster.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterStatus {
    /// Lifecycle phase.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<ClusterPhase>,
    /// Ready nodes.
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

/// ClusterPhase is where a Cluster is in its lifecycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ClusterPhase {
    /// Being created.
    Provisioning,
    /// Serving.
    Running,
    /// Being torn down.
    #[serde(rename = "deleting")]
    Terminating,
}
