use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct App {
    pub metadata: ObjectMeta,
    pub spec: AppSpec,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AppSpec {
    /// Hosts, unbounded: every pair compared is too much for the server.
    // +kubebuilder:validation:XValidation:rule="self.all(a, self.all(b, a == b || !a.endsWith(b)))",message="no host is a suffix of another"
    pub hosts: Vec<String>,
    /// Backends, unbounded, each with a rule.
    pub backends: Vec<Backend>,
}

// +kubebuilder:validation:XValidation:rule="self.weight >= oldSelf.weight",message="weights only grow"
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Backend {
    pub name: String,
    pub weight: i32,
}
