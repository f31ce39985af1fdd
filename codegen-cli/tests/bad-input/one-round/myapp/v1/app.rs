use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct App {
    pub metadata: ObjectMeta,
    pub spec: AppSpec,
}

// +kubebuilder:validation:XValidation:rule="self.min_replicas <= self.maxReplicas",message="min <= max"
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AppSpec {
    // +kubebuilder:validation:Minimun=0
    pub min_replicas: i32,
    pub max_replicas: i32,
    pub ratio: f64,
    pub source: Source,
    pub pair: Pair,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Source {
    Git { url: String },
    Empty,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Pair {
    Both(String, String),
    One(String),
}
