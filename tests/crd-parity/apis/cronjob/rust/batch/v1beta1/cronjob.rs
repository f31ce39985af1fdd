use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// CronJob is the first, deprecated shape of the API.
// +kubebuilder:object:root=true
// +kubebuilder:deprecatedversion:warning="batch.tutorial.kubebuilder.io/v1beta1 CronJob is deprecated; use v1"
// +kubebuilder:resource:shortName=cj,categories=tutorial
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CronJob {
    pub metadata: ObjectMeta,
    /// Desired schedule and command.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spec: Option<CronJobSpec>,
}

/// CronJobSpec is the desired state of a CronJob.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CronJobSpec {
    /// The schedule in Cron format.
    // +kubebuilder:validation:MinLength=9
    pub schedule: String,
    /// Image to run.
    // +kubebuilder:validation:MinLength=1
    pub image: String,
    /// Arguments to the image.
    // +kubebuilder:validation:MaxItems=64
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    /// Suspend subsequent runs.
    // +kubebuilder:default=false
    // +optional
    #[serde(default)]
    pub suspend: bool,
}
