use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// Certificates rotated by default.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Cert {
    pub metadata: ObjectMeta,
    pub spec: CertSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CertSpec {
    pub common_name: String,
    /// When serde fills in `Rotation::default()`, the server fills in its defaults.
    #[serde(default)]
    pub rotation: Rotation,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Rotation {
    // +kubebuilder:default=true
    pub activate: Option<bool>,
    // +kubebuilder:default=90
    // +kubebuilder:validation:Minimum=7
    pub days_before: Option<i32>,
}
