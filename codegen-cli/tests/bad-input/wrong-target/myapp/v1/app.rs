use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +optional
// +genclient
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct App {
    pub metadata: ObjectMeta,
    // +kubebuilder:subresource:status
    // +groupName=other.example.com
    pub spec: AppSpec,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum AppSpec {
    // +kubebuilder:validation:MinLength=1
    Small,
}
