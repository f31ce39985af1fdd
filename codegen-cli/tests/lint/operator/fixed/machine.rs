// Shapes of Cluster API's Machine and a cloud provider's machine template,
// written the way Rust operator authors write them.
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ObjectMeta, Time};
use serde::{Deserialize, Serialize};

/// Machine is a host the cluster runs on.
// +genclient
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Machine {
    /// metadata is the standard object metadata.
    // +optional
    pub metadata: ObjectMeta,
    /// spec is the desired state of the Machine.
    // +required
    pub spec: MachineSpec,
    /// Observed state.
    // +optional
    pub status: Option<MachineStatus>,
}

/// MachineSpec is the desired state of a Machine.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MachineSpec {
    /// clusterName is the cluster the Machine belongs to.
    // +required
    // +kubebuilder:validation:MinLength=1
    // +kubebuilder:validation:MaxLength=63
    pub cluster_name: String,
    /// bootstrapRef names the bootstrap configuration.
    // +optional
    pub bootstrap_ref: Option<String>,
    /// providerId is the cloud's ID of the host.
    // +optional
    pub provider_id: Option<String>,
    /// failureDomain is where the host runs.
    // +optional
    // +kubebuilder:validation:MaxLength=256
    pub failure_domain: Option<String>,
    /// nodeDeletionTimeout bounds how long draining may take.
    // +optional
    pub node_deletion_timeout: Option<kube::core::Duration>,
    /// paused stops reconciliation.
    // +optional
    pub paused: Option<bool>,
    /// weight is the scheduling weight.
    // +optional
    // +kubebuilder:validation:Minimum=0
    pub weight: Option<u32>,
    /// labels are copied to the Node.
    // +optional
    pub node_labels: Option<BTreeMap<String, String>>,
    /// taints are applied to the Node.
    // +optional
    // +kubebuilder:validation:MaxItems=32
    pub taints: Vec<Taint>,
}

/// Taint is a Node taint.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Taint {
    /// key of the taint.
    // +optional
    // +kubebuilder:validation:MaxLength=253
    pub key: Option<String>,
    /// effect of the taint.
    // +optional
    // +kubebuilder:validation:Enum=NoSchedule;NoExecute
    pub effect: Option<String>,
}

/// MachineStatus is the observed state of a Machine.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MachineStatus {
    /// phase is the lifecycle phase.
    // +optional
    // +kubebuilder:validation:MaxLength=32
    pub phase: Option<String>,
    /// lastUpdatedTime is when the status changed.
    // +optional
    pub last_updated_time: Option<Time>,
    /// conditions of the Machine.
    // +optional
    // +listType=map
    // +listMapKey=type
    // +kubebuilder:validation:MaxItems=32
    pub conditions: Vec<Condition>,
}
