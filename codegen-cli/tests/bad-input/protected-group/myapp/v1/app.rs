use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct App {
    pub metadata: ObjectMeta,
}

// +genclient
// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=unapproved, testing"
// +kubebuilder:metadata:labels=team
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Approved {
    pub metadata: ObjectMeta,
}
