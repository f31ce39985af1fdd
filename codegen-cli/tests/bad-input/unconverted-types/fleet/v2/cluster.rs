use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
// +genclient:nonNamespaced
// +kubebuilder:storageversion
// +kubebuilder:conversion:strategy=Webhook
// +kubebuilder:conversion:webhook:service=fleet-system/fleet-webhook
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Cluster {
    pub metadata: ObjectMeta,
    pub spec: ClusterSpec,
    #[serde(default)]
    pub access: Access,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterSpec {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nodes: Vec<String>,
    pub network: Network,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Network {
    pub cidr: String,
}

/// How clients authenticate: the token's variant differs between the versions.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub enum Access {
    #[default]
    Anonymous,
    Token {
        #[serde(rename = "secretRef")]
        secret_ref: String,
    },
}
