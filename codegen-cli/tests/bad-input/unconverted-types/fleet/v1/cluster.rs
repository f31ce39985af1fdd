use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
// +genclient:nonNamespaced
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
    pub node_count: i32,
    pub network: Network,
}

/// The same in both versions: kube-codegen converts it.
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
        secret: String,
    },
}
