use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
// +kubebuilder:storageversion
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct App {
    pub metadata: ObjectMeta,
}

// +genclient
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Job {
    pub metadata: ObjectMeta,
}
