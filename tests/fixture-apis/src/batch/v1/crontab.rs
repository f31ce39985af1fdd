use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{PodTemplateSpec, ResourceRequirements};
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, LabelSelector, ObjectMeta, Time};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;
use serde::{Deserialize, Serialize};

/// CronTab runs a pod template on a schedule.
// +genclient
// +genclient:method=GetScale,verb=get,subresource=scale,result=k8s_openapi::api::autoscaling::v1::Scale
// +genclient:method=UpdateScale,verb=update,subresource=scale,input=k8s_openapi::api::autoscaling::v1::Scale,result=k8s_openapi::api::autoscaling::v1::Scale
// +kubebuilder:resource:shortName=ct;ctab,categories=fixture;all
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector
// +kubebuilder:printcolumn:name=Schedule,type=string,JSONPath=`.spec.schedule`,description="When it runs"
// +kubebuilder:printcolumn:name=Replicas,type=integer,JSONPath=`.spec.replicas`
// +kubebuilder:printcolumn:name=Last,type=date,JSONPath=`.status.lastScheduleTime`,priority=1
// +kubebuilder:storageversion
// +kubebuilder:conversion:strategy=Webhook
// +kubebuilder:conversion:webhook:service=fixture-system/crontab-webhook,path=/convert
// +kubebuilder:selectablefield:JSONPath=`.spec.schedule`
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CronTab {
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// What to run and when.
    pub spec: CronTabSpec,
    /// What happened so far.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<CronTabStatus>,
}

/// CronTabSpec is the desired state of a CronTab.
// +kubebuilder:validation:XValidation:rule="self.minReplicas <= self.replicas",message="minReplicas must not exceed replicas"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CronTabSpec {
    /// Cron expression, five fields.
    // +kubebuilder:validation:MinLength=9
    // +kubebuilder:validation:MaxLength=100
    // +kubebuilder:validation:Pattern=`^(\S+\s+){4}\S+$`
    pub schedule: String,
    /// How many pods to keep running.
    // +kubebuilder:validation:Minimum=0
    // +kubebuilder:validation:Maximum=100
    // +kubebuilder:default=1
    #[serde(default)]
    pub replicas: i32,
    /// The lowest replica count the autoscaler may choose.
    // +kubebuilder:validation:Minimum=0
    // +kubebuilder:validation:ExclusiveMaximum=true
    // +kubebuilder:validation:Maximum=100
    #[serde(default)]
    pub min_replicas: i32,
    /// Fraction of pods that may be unavailable, a multiple of 0.05.
    // +kubebuilder:validation:Minimum=0
    // +kubebuilder:validation:ExclusiveMinimum=true
    // +kubebuilder:validation:Maximum=1
    // +kubebuilder:validation:MultipleOf=0.05
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_unavailable_fraction: Option<f64>,
    /// What happens when a run is due while the previous one still runs.
    // +optional
    #[serde(default)]
    pub concurrency_policy: ConcurrencyPolicy,
    /// The pod to run.
    pub template: PodTemplateSpec,
    /// Resources for each run.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resources: Option<ResourceRequirements>,
    /// Disk to reserve per run.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scratch: Option<Quantity>,
    /// Port to probe; a number or a named port.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub probe_port: Option<IntOrString>,
    /// Selects the pods of this CronTab.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<LabelSelector>,
    /// Extra environment, name to value.
    // +optional
    // +mapType=granular
    // +kubebuilder:validation:MaxProperties=32
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub env: BTreeMap<String, String>,
    /// Commands to run before each run, in order.
    // +optional
    // +listType=atomic
    // +kubebuilder:validation:MaxItems=10
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pre_run: Vec<String>,
    /// Notification targets, unique by name.
    // +optional
    // +listType=map
    // +listMapKey=name
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notify: Vec<NotifyTarget>,
    /// Tags, a set.
    // +optional
    // +listType=set
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// Shared retry settings, flattened into the spec.
    #[serde(flatten)]
    pub retry: RetryPolicy,
    /// Free-form settings passed to the job, kept as they are.
    // +optional
    // +kubebuilder:pruning:PreserveUnknownFields
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<serde_json::Value>,
    /// Internal bookkeeping that never reaches the API server.
    #[serde(skip)]
    pub local_only: u32,
}

/// ConcurrencyPolicy says what to do with overlapping runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ConcurrencyPolicy {
    /// Run them side by side.
    #[default]
    Allow,
    /// Skip the new run.
    Forbid,
    /// Cancel the old run.
    Replace,
}

/// NotifyTarget is where run results are sent.
// +structType=atomic
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct NotifyTarget {
    /// Unique name of the target.
    pub name: String,
    /// Address to post to.
    // +kubebuilder:validation:Format=uri
    pub url: String,
    /// Channel kind.
    // +kubebuilder:validation:Enum=slack;email;webhook
    #[serde(rename = "type")]
    pub kind: String,
}

/// RetryPolicy is flattened into specs that retry.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RetryPolicy {
    /// Attempts before giving up.
    // +kubebuilder:validation:Minimum=1
    // +kubebuilder:default=3
    #[serde(default = "default_attempts")]
    pub attempts: u32,
    /// Seconds between attempts.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backoff_seconds: Option<i64>,
}

fn default_attempts() -> u32 {
    3
}

/// CronTabStatus is the observed state of a CronTab.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CronTabStatus {
    /// Pods running now.
    // +optional
    #[serde(default)]
    pub replicas: i32,
    /// Label selector of the pods, for the scale subresource.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<String>,
    /// When a run was last started.
    // +optional
    // +nullable
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_schedule_time: Option<Time>,
    /// Latest observations.
    // +optional
    // +listType=map
    // +listMapKey=type
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}
