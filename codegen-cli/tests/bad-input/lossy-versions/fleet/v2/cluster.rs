use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
// +genclient:nonNamespaced
// +kubebuilder:storageversion
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Cluster {
    pub metadata: ObjectMeta,
    pub spec: ClusterSpec,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterSpec {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nodes: Vec<String>,
    // +kubebuilder:validation:Enum=eu;us
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
}
