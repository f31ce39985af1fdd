use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
// +genclient:nonNamespacd
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct App {
    pub metadata: ObjectMeta,
    pub spec: AppSpec,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AppSpec {
    // +kubebuilder:validation:Minimun=0
    pub replicas: i32,
    // +kubebuilder:frobnicate
    pub name: String,
}
