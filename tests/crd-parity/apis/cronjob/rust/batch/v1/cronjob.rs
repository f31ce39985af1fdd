use k8s_openapi::api::batch::v1::JobTemplateSpec;
use k8s_openapi::api::core::v1::ObjectReference;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ObjectMeta, Time};
use serde::{Deserialize, Serialize};

/// ConcurrencyPolicy says how to treat concurrent runs of a job.
// +kubebuilder:validation:Enum=Allow;Forbid;Replace
pub type ConcurrencyPolicy = String;

/// CronJob runs a job on a schedule.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion
// +kubebuilder:conversion:strategy=Webhook
// +kubebuilder:conversion:webhook:service=system/webhook-service,path=/convert
// +kubebuilder:resource:shortName=cj,categories=tutorial
// +kubebuilder:printcolumn:name="Schedule",type="string",JSONPath=".spec.schedule"
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

/// CronJobSpec is the desired state of a CronJob.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CronJobSpec {
    /// The schedule in Cron format.
    // +kubebuilder:validation:MinLength=0
    // +required
    pub schedule: String,
    /// Time zone of the schedule.
    // +kubebuilder:example="Etc/UTC"
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    /// Deadline in seconds for starting a job that missed its time.
    // +kubebuilder:validation:Minimum=0
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starting_deadline_seconds: Option<i64>,
    /// How to treat concurrent runs.
    // +kubebuilder:default:=Allow
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub concurrency_policy: Option<ConcurrencyPolicy>,
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
    /// Conditions of the CronJob.
    // +listType=map
    // +listMapKey=type
    // +patchStrategy=merge
    // +patchMergeKey=type
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}
