use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Cluster {
    pub metadata: ObjectMeta,
    pub spec: ClusterSpec,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterSpec {
    pub node_count: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    /// Never set by any client; v2 dropped it.
    // +kubebuilder:conversion:lossless
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legacy_flag: Option<bool>,
}
