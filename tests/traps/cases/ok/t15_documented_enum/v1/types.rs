use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// A node's update state, in its status.
// +genclient
// +kubebuilder:subresource:status
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Shadow {
    pub metadata: ObjectMeta,
    pub spec: ShadowSpec,
    pub status: Option<ShadowStatus>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ShadowSpec {
    pub state: State,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ShadowStatus {
    pub current: State,
}

/// Where the node is in its update.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum State {
    /// Waiting for an update.
    #[default]
    Idle,
    /// Staged and rebooting.
    StagedAndPerformedUpdate,
    /// Back up on the new version.
    MonitoringUpdate,
}
