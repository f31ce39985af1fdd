use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// A resource whose fields sit at its root.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Flatroot {
    pub metadata: ObjectMeta,
    pub replicas: i32,
    #[serde(default)]
    pub image: String,
}
