use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{ObjectFieldSelector, PodTemplateSpec};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{LabelSelector, ObjectMeta, Time};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;
use serde::{Deserialize, Serialize};

/// Rollout replaces a Deployment with blue-green and canary strategies.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=rollouts,shortName=ro
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.HPAReplicas,selectorpath=.status.selector
// +kubebuilder:printcolumn:name="Desired",type="integer",JSONPath=".spec.replicas",description="Number of desired pods"
// +kubebuilder:printcolumn:name="Current",type="integer",JSONPath=".status.replicas",description="Total number of non-terminated pods"
// +kubebuilder:printcolumn:name="Up-to-date",type="integer",JSONPath=".status.updatedReplicas",description="Total number of updated pods"
// +kubebuilder:printcolumn:name="Available",type="integer",JSONPath=".status.availableReplicas",description="Total number of available pods"
// +kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp",description="Time since resource was created"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Rollout {
    pub metadata: ObjectMeta,
    /// Desired rollout.
    pub spec: RolloutSpec,
    /// Observed rollout.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<RolloutStatus>,
}

/// RolloutSpec is the desired state of a Rollout.
// +kubebuilder:validation:XValidation:rule="has(self.template) || has(self.workloadRef)",message="template or workloadRef is required"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RolloutSpec {
    /// Number of desired pods.
    // +kubebuilder:validation:Minimum=0
    // +kubebuilder:default=1
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
    /// Label selector for pods.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<LabelSelector>,
    /// Pods to create.
    // +optional
    #[serde(default)]
    pub template: PodTemplateSpec,
    /// A Deployment whose pod template is used instead.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workload_ref: Option<ObjectRef>,
    /// Seconds a new pod must be ready to count as available.
    // +kubebuilder:validation:Minimum=0
    // +optional
    #[serde(default)]
    pub min_ready_seconds: i32,
    /// Old ReplicaSets to keep.
    // +kubebuilder:validation:Minimum=0
    // +kubebuilder:default=10
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revision_history_limit: Option<i32>,
    /// Pause the rollout.
    // +optional
    #[serde(default)]
    pub paused: bool,
    /// How to replace old pods.
    // +optional
    #[serde(default)]
    pub strategy: RolloutStrategy,
    /// Seconds before a stuck rollout is reported failed.
    // +kubebuilder:default=600
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub progress_deadline_seconds: Option<i32>,
    /// Restart the pods created before this time.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restart_at: Option<Time>,
    /// Analysis settings.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<AnalysisRunStrategy>,
}

/// ObjectRef points at a workload.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectRef {
    /// API version of the workload.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// Kind of the workload.
    // +kubebuilder:validation:Enum=Deployment;ReplicaSet;PodTemplate
    pub kind: String,
    /// Name of the workload.
    pub name: String,
    /// Scale the workload down when the rollout takes over.
    // +kubebuilder:validation:Enum=never;onsuccess;progressively
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scale_down: Option<String>,
}

/// RolloutStrategy holds exactly one strategy.
// +kubebuilder:validation:XValidation:rule="!(has(self.blueGreen) && has(self.canary))",message="blueGreen and canary are mutually exclusive"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RolloutStrategy {
    /// Blue-green strategy.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blue_green: Option<BlueGreenStrategy>,
    /// Canary strategy.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub canary: Option<CanaryStrategy>,
}

/// BlueGreenStrategy switches services at once.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BlueGreenStrategy {
    /// Service that receives production traffic.
    // +kubebuilder:validation:MinLength=1
    pub active_service: String,
    /// Service that receives preview traffic.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preview_service: Option<String>,
    /// Promote the new version without a pause.
    // +kubebuilder:default=true
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auto_promotion_enabled: Option<bool>,
    /// Seconds after which the new version is promoted.
    // +kubebuilder:validation:Minimum=0
    // +optional
    #[serde(default)]
    pub auto_promotion_seconds: i32,
    /// Seconds before the old version is scaled down.
    // +kubebuilder:default=30
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scale_down_delay_seconds: Option<i32>,
}

/// CanaryStrategy shifts traffic in steps.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CanaryStrategy {
    /// Service selecting canary pods.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub canary_service: Option<String>,
    /// Service selecting stable pods.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stable_service: Option<String>,
    /// Steps of the canary.
    // +kubebuilder:validation:MaxItems=100
    // +listType=atomic
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<CanaryStep>,
    /// Pods that may be unavailable during the update.
    // +kubebuilder:validation:XIntOrString
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_unavailable: Option<IntOrString>,
    /// Pods that may be created above the desired number.
    // +kubebuilder:default="25%"
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_surge: Option<IntOrString>,
    /// Extra labels and annotations on canary pods.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub canary_metadata: Option<PodTemplateMetadata>,
    /// Traffic routing through a service mesh or ingress.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub traffic_routing: Option<RolloutTrafficRouting>,
    /// Minimum pods per ReplicaSet, for high availability.
    // +kubebuilder:validation:Minimum=1
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_pods_per_replica_set: Option<i32>,
}

/// CanaryStep is one step of a canary; exactly one field is set.
// +kubebuilder:validation:MinProperties=1
// +kubebuilder:validation:MaxProperties=1
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CanaryStep {
    /// Percentage of traffic to the canary.
    // +kubebuilder:validation:Minimum=0
    // +kubebuilder:validation:Maximum=100
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_weight: Option<i32>,
    /// Pause the rollout.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pause: Option<RolloutPause>,
    /// Run an analysis.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<RolloutAnalysis>,
    /// Scale the canary without changing traffic.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_canary_scale: Option<SetCanaryScale>,
}

/// RolloutPause pauses for a while or until resumed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RolloutPause {
    /// How long to pause: seconds or a duration string; forever when unset.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration: Option<IntOrString>,
}

/// SetCanaryScale scales the canary.
// +kubebuilder:validation:XValidation:rule="!(has(self.replicas) && has(self.weight))",message="replicas and weight are mutually exclusive"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SetCanaryScale {
    /// Percentage of the desired replicas.
    // +kubebuilder:validation:Minimum=0
    // +kubebuilder:validation:Maximum=100
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight: Option<i32>,
    /// Absolute number of replicas.
    // +kubebuilder:validation:Minimum=0
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
    /// Follow the traffic weight.
    // +optional
    #[serde(default)]
    pub match_traffic_weight: bool,
}

/// RolloutAnalysis runs analysis templates.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RolloutAnalysis {
    /// Templates to run.
    // +listType=map
    // +listMapKey=templateName
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub templates: Vec<AnalysisTemplateRef>,
    /// Arguments passed to the templates.
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<AnalysisRunArgument>,
}

/// AnalysisTemplateRef names an analysis template.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisTemplateRef {
    /// Name of the template.
    // +kubebuilder:validation:MinLength=1
    pub template_name: String,
    /// The template is cluster-scoped.
    // +optional
    #[serde(default)]
    pub cluster_scope: bool,
}

/// AnalysisRunArgument is a named argument.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisRunArgument {
    /// Name of the argument.
    pub name: String,
    /// Literal value.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// Where the value comes from.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_from: Option<ArgumentValueFrom>,
}

/// ArgumentValueFrom reads a value from the pod template or a field.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ArgumentValueFrom {
    /// Hash of the pod template of a ReplicaSet.
    // +kubebuilder:validation:Enum=Stable;Latest
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pod_template_hash_value: Option<String>,
    /// A field of the Rollout.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_ref: Option<ObjectFieldSelector>,
}

/// PodTemplateMetadata is extra metadata for pods.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PodTemplateMetadata {
    /// Extra labels.
    // +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    /// Extra annotations.
    // +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub annotations: BTreeMap<String, String>,
}

/// RolloutTrafficRouting configures traffic shifting.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RolloutTrafficRouting {
    /// Nginx ingress routing.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nginx: Option<NginxTrafficRouting>,
    /// Header-based routes, in order.
    // +listType=atomic
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub managed_routes: Vec<ManagedRoute>,
}

/// NginxTrafficRouting routes through an nginx ingress.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NginxTrafficRouting {
    /// Prefix of the canary annotations.
    // +kubebuilder:default="nginx.ingress.kubernetes.io"
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub annotation_prefix: Option<String>,
    /// The stable ingress.
    // +kubebuilder:validation:MinLength=1
    pub stable_ingress: String,
    /// Extra annotations on the canary ingress.
    // +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub additional_ingress_annotations: BTreeMap<String, String>,
}

/// ManagedRoute names a route the controller manages.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ManagedRoute {
    /// Name of the route.
    pub name: String,
}

/// AnalysisRunStrategy keeps analysis runs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisRunStrategy {
    /// Successful runs to keep.
    // +kubebuilder:validation:Minimum=0
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub successful_run_history_limit: Option<i32>,
    /// Failed runs to keep.
    // +kubebuilder:validation:Minimum=0
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unsuccessful_run_history_limit: Option<i32>,
}

/// RolloutStatus is the observed state of a Rollout.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RolloutStatus {
    /// Replicas seen by the horizontal pod autoscaler.
    // +optional
    #[serde(default, rename = "HPAReplicas")]
    pub hpa_replicas: i32,
    /// Total pods.
    // +optional
    #[serde(default)]
    pub replicas: i32,
    /// Pods of the current version.
    // +optional
    #[serde(default)]
    pub updated_replicas: i32,
    /// Available pods.
    // +optional
    #[serde(default)]
    pub available_replicas: i32,
    /// Selector for the scale subresource.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<String>,
    /// Phase of the rollout.
    // +kubebuilder:validation:Enum=Progressing;Paused;Healthy;Degraded
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    /// Index of the current canary step.
    // +nullable
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_step_index: Option<i32>,
    /// Conditions of the rollout.
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<RolloutCondition>,
}

/// RolloutCondition is a condition of a Rollout.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RolloutCondition {
    /// Type of the condition.
    #[serde(rename = "type")]
    pub type_: String,
    /// Status of the condition.
    pub status: String,
    /// Last update.
    pub last_update_time: Time,
    /// Last transition.
    pub last_transition_time: Time,
    /// Reason code.
    pub reason: String,
    /// Human-readable message.
    pub message: String,
}
