use k8s_openapi::api::batch::v1::JobTemplateSpec;
use k8s_openapi::api::core::v1::ObjectReference;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{ObjectMeta, Time};
use serde::{Deserialize, Serialize};

/// CronField is one field of a cron schedule.
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=32
// +kubebuilder:validation:Pattern=`^[0-9*/,-]+$`
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CronField(pub String);

/// ConcurrencyPolicy says how to treat concurrent runs of a job.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ConcurrencyPolicy {
    /// Run concurrently.
    #[default]
    Allow,
    /// Skip the new run.
    Forbid,
    /// Replace the running job.
    Replace,
}

/// CronJob runs a job on a schedule; v2 spells the schedule field by field.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:shortName=cj,categories=tutorial
// +kubebuilder:printcolumn:name="Suspend",type="boolean",JSONPath=".spec.suspend"
// +kubebuilder:printcolumn:name="Last Schedule",type="date",JSONPath=".status.lastScheduleTime"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CronJob {
    pub metadata: ObjectMeta,
    /// Desired schedule and job.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spec: Option<CronJobSpec>,
    /// Observed runs.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<CronJobStatus>,
}

/// CronSchedule is a cron schedule, field by field.
// +kubebuilder:validation:MinProperties=1
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CronSchedule {
    /// Minute field.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minute: Option<CronField>,
    /// Hour field.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hour: Option<CronField>,
    /// Day-of-month field.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub day_of_month: Option<CronField>,
    /// Month field.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub month: Option<CronField>,
    /// Day-of-week field.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub day_of_week: Option<CronField>,
}

/// CronJobSpec is the desired state of a CronJob.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CronJobSpec {
    /// The schedule.
    // +required
    pub schedule: CronSchedule,
    /// Deadline in seconds for starting a job that missed its time.
    // +kubebuilder:validation:Minimum=0
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starting_deadline_seconds: Option<i64>,
    /// How to treat concurrent runs.
    // +kubebuilder:default:=Allow
    // +optional
    #[serde(default)]
    pub concurrency_policy: ConcurrencyPolicy,
    /// Suspend subsequent runs.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suspend: Option<bool>,
    /// The job to create.
    // +required
    pub job_template: JobTemplateSpec,
    /// Successful finished jobs to keep.
    // +kubebuilder:validation:Minimum=0
    // +kubebuilder:default:=3
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub successful_jobs_history_limit: Option<i32>,
    /// Failed finished jobs to keep.
    // +kubebuilder:validation:Minimum=0
    // +kubebuilder:default:=1
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed_jobs_history_limit: Option<i32>,
}

/// CronJobStatus is the observed state of a CronJob.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CronJobStatus {
    /// Running jobs.
    // +listType=atomic
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub active: Vec<ObjectReference>,
    /// Last time a job was scheduled.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_schedule_time: Option<Time>,
}
