use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// CronTab runs an image on a schedule (deprecated shape; use v1).
// +genclient
// +genclient:noStatus
// +kubebuilder:resource:shortName=ct;ctab,categories=fixture;all
// +kubebuilder:deprecatedversion:warning="batch.fixture.example.com/v1beta1 CronTab is deprecated; use v1"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CronTab {
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// What to run and when.
    pub spec: CronTabSpec,
}

/// CronTabSpec is the desired state of a v1beta1 CronTab.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CronTabSpec {
    /// Cron expression.
    pub cron_spec: String,
    /// Image to run.
    pub image: String,
    /// How many pods to run.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
}
