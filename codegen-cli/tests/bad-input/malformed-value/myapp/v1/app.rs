use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
// +kubebuilder:resource:scope=Clster
// +kubebuilder:printcolumn:name=Age,type=date,JSONpath=.metadata.creationTimestamp
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct App {
    pub metadata: ObjectMeta,
    // +kubebuilder:validation:Minimum=abc
    // +kubebuilder:validation:MaxLength=-1
    // +kubebuilder:default=
    pub replicas: i32,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Settings {
    // +default=fast
    pub mode: String,
    // +optional because it has a default
    pub level: Option<i32>,
    // +kubebuilder:validation:XValidation:message="no rule"
    pub limit: i64,
}
