use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +kubebuilder:rbac:groups=myapp.example.com,resources=apps,verbs=get;list

// +genclient
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct App {
    pub metadata: ObjectMeta,
    pub bytes: Vec<u8>,
    // +optional
}

// +kubebuilder:validation:MinLength=1


/// Helpers are copied as they are.
pub fn helper() {}
