use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct App {
    pub metadata: ObjectMeta,
    pub spec: AppSpec,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct AppSpec {
    /// Limits, when given: their defaults apply only then.
    pub limits: Option<Limits>,
    /// serde fills in `Retry::default()`; the CRD says `default: {}`.
    #[serde(default)]
    pub retry: Retry,
    /// A required name makes `{}` invalid: no `default: {}`.
    #[serde(default)]
    pub owner: Owner,
    /// Created with its defaults when missing.
    // +kubebuilder:default={}
    pub tuning: Option<Limits>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Limits {
    // +kubebuilder:default=100
    pub cpu: Option<i32>,
    // +kubebuilder:default="1Gi"
    pub memory: Option<String>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Retry {
    // +kubebuilder:default=3
    pub attempts: Option<i32>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Owner {
    pub name: String,
    // +kubebuilder:default="team"
    pub kind: Option<String>,
}
