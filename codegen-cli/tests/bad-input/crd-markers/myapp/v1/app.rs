use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
#[derive(Debug, Serialize, Deserialize)]
pub struct App {
    pub metadata: ObjectMeta,
    pub spec: AppSpec,
}

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct AppSpec {
    // +kubebuilder:validation:XValidation:rule="self.min <= ",message="bad"
    pub range: Range,
    // +kubebuilder:validation:XValidation:rule="self > 0",messageExpression="'got ' + "
    pub size: i32,
    // +default=not-json
    pub name: String,
    // +kubebuilder:validation:items:MaxLength=3
    pub mode: String,
    // +default=ref(DefaultPolicy)
    pub policy: Option<String>,
    // +kubebuilder:validation:optional
    pub note: Option<String>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Range {
    pub min: i32,
}
