use k8s_openapi::jiff;
use kube::api::ObjectMeta;
use serde::{Deserialize, Serialize};

/// A backup, with the times it ran.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    pub metadata: ObjectMeta,
    pub spec: SnapshotSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotSpec {
    /// When it was taken (k8s-openapi's own re-export of jiff).
    pub taken_at: Option<jiff::Timestamp>,
    /// When it expires.
    pub expires_at: Option<k8s_openapi::jiff::Timestamp>,
    /// Labels and annotations for what it restores (kube's re-export of `ObjectMeta`).
    pub restore_labels: Option<kube::core::ObjectMeta>,
    /// The size to restore at (kube's re-export of autoscaling's `ScaleSpec`).
    pub scale: Option<kube::api::ScaleSpec>,
}
