package v1alpha1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Rollout replaces a Deployment with blue-green and canary strategies.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=rollouts,shortName=ro
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.HPAReplicas,selectorpath=.status.selector
// +kubebuilder:printcolumn:name="Desired",type="integer",JSONPath=".spec.replicas",description="Number of desired pods"
// +kubebuilder:printcolumn:name="Current",type="integer",JSONPath=".status.replicas",description="Total number of non-terminated pods"
// +kubebuilder:printcolumn:name="Up-to-date",type="integer",JSONPath=".status.updatedReplicas",description="Total number of updated pods"
// +kubebuilder:printcolumn:name="Available",type="integer",JSONPath=".status.availableReplicas",description="Total number of available pods"
// +kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp",description="Time since resource was created"
type Rollout struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Desired rollout.
	Spec RolloutSpec `json:"spec"`
	// Observed rollout.
	// +optional
	Status RolloutStatus `json:"status,omitempty"`
}

// RolloutSpec is the desired state of a Rollout.
// +kubebuilder:validation:XValidation:rule="has(self.template) || has(self.workloadRef)",message="template or workloadRef is required"
type RolloutSpec struct {
	// Number of desired pods.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:default=1
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`

	// Label selector for pods.
	// +optional
	Selector *metav1.LabelSelector `json:"selector,omitempty"`

	// Pods to create.
	// +optional
	Template corev1.PodTemplateSpec `json:"template"`

	// A Deployment whose pod template is used instead.
	// +optional
	WorkloadRef *ObjectRef `json:"workloadRef,omitempty"`

	// Seconds a new pod must be ready to count as available.
	// +kubebuilder:validation:Minimum=0
	// +optional
	MinReadySeconds int32 `json:"minReadySeconds,omitempty"`

	// Old ReplicaSets to keep.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:default=10
	// +optional
	RevisionHistoryLimit *int32 `json:"revisionHistoryLimit,omitempty"`

	// Pause the rollout.
	// +optional
	Paused bool `json:"paused,omitempty"`

	// How to replace old pods.
	// +optional
	Strategy RolloutStrategy `json:"strategy"`

	// Seconds before a stuck rollout is reported failed.
	// +kubebuilder:default=600
	// +optional
	ProgressDeadlineSeconds *int32 `json:"progressDeadlineSeconds,omitempty"`

	// Restart the pods created before this time.
	// +optional
	RestartAt *metav1.Time `json:"restartAt,omitempty"`

	// Analysis settings.
	// +optional
	Analysis *AnalysisRunStrategy `json:"analysis,omitempty"`
}

// ObjectRef points at a workload.
type ObjectRef struct {
	// API version of the workload.
	// +optional
	APIVersion string `json:"apiVersion,omitempty"`
	// Kind of the workload.
	// +kubebuilder:validation:Enum=Deployment;ReplicaSet;PodTemplate
	Kind string `json:"kind"`
	// Name of the workload.
	Name string `json:"name"`
	// Scale the workload down when the rollout takes over.
	// +kubebuilder:validation:Enum=never;onsuccess;progressively
	// +optional
	ScaleDown string `json:"scaleDown,omitempty"`
}

// RolloutStrategy holds exactly one strategy.
// +kubebuilder:validation:XValidation:rule="!(has(self.blueGreen) && has(self.canary))",message="blueGreen and canary are mutually exclusive"
type RolloutStrategy struct {
	// Blue-green strategy.
	// +optional
	BlueGreen *BlueGreenStrategy `json:"blueGreen,omitempty"`
	// Canary strategy.
	// +optional
	Canary *CanaryStrategy `json:"canary,omitempty"`
}

// BlueGreenStrategy switches services at once.
type BlueGreenStrategy struct {
	// Service that receives production traffic.
	// +kubebuilder:validation:MinLength=1
	ActiveService string `json:"activeService"`
	// Service that receives preview traffic.
	// +optional
	PreviewService string `json:"previewService,omitempty"`
	// Promote the new version without a pause.
	// +kubebuilder:default=true
	// +optional
	AutoPromotionEnabled *bool `json:"autoPromotionEnabled,omitempty"`
	// Seconds after which the new version is promoted.
	// +kubebuilder:validation:Minimum=0
	// +optional
	AutoPromotionSeconds int32 `json:"autoPromotionSeconds,omitempty"`
	// Seconds before the old version is scaled down.
	// +kubebuilder:default=30
	// +optional
	ScaleDownDelaySeconds *int32 `json:"scaleDownDelaySeconds,omitempty"`
}

// CanaryStrategy shifts traffic in steps.
type CanaryStrategy struct {
	// Service selecting canary pods.
	// +optional
	CanaryService string `json:"canaryService,omitempty"`
	// Service selecting stable pods.
	// +optional
	StableService string `json:"stableService,omitempty"`
	// Steps of the canary.
	// +kubebuilder:validation:MaxItems=100
	// +listType=atomic
	// +optional
	Steps []CanaryStep `json:"steps,omitempty"`
	// Pods that may be unavailable during the update.
	// +kubebuilder:validation:XIntOrString
	// +optional
	MaxUnavailable *intstr.IntOrString `json:"maxUnavailable,omitempty"`
	// Pods that may be created above the desired number.
	// +kubebuilder:default="25%"
	// +optional
	MaxSurge *intstr.IntOrString `json:"maxSurge,omitempty"`
	// Extra labels and annotations on canary pods.
	// +optional
	CanaryMetadata *PodTemplateMetadata `json:"canaryMetadata,omitempty"`
	// Traffic routing through a service mesh or ingress.
	// +optional
	TrafficRouting *RolloutTrafficRouting `json:"trafficRouting,omitempty"`
	// Minimum pods per ReplicaSet, for high availability.
	// +kubebuilder:validation:Minimum=1
	// +optional
	MinPodsPerReplicaSet *int32 `json:"minPodsPerReplicaSet,omitempty"`
}

// CanaryStep is one step of a canary; exactly one field is set.
// +kubebuilder:validation:MinProperties=1
// +kubebuilder:validation:MaxProperties=1
type CanaryStep struct {
	// Percentage of traffic to the canary.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=100
	// +optional
	SetWeight *int32 `json:"setWeight,omitempty"`
	// Pause the rollout.
	// +optional
	Pause *RolloutPause `json:"pause,omitempty"`
	// Run an analysis.
	// +optional
	Analysis *RolloutAnalysis `json:"analysis,omitempty"`
	// Scale the canary without changing traffic.
	// +optional
	SetCanaryScale *SetCanaryScale `json:"setCanaryScale,omitempty"`
}

// RolloutPause pauses for a while or until resumed.
type RolloutPause struct {
	// How long to pause: seconds or a duration string; forever when unset.
	// +optional
	Duration *intstr.IntOrString `json:"duration,omitempty"`
}

// SetCanaryScale scales the canary.
// +kubebuilder:validation:XValidation:rule="!(has(self.replicas) && has(self.weight))",message="replicas and weight are mutually exclusive"
type SetCanaryScale struct {
	// Percentage of the desired replicas.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=100
	// +optional
	Weight *int32 `json:"weight,omitempty"`
	// Absolute number of replicas.
	// +kubebuilder:validation:Minimum=0
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`
	// Follow the traffic weight.
	// +optional
	MatchTrafficWeight bool `json:"matchTrafficWeight,omitempty"`
}

// RolloutAnalysis runs analysis templates.
type RolloutAnalysis struct {
	// Templates to run.
	// +listType=map
	// +listMapKey=templateName
	// +optional
	Templates []AnalysisTemplateRef `json:"templates,omitempty"`
	// Arguments passed to the templates.
	// +optional
	Args []AnalysisRunArgument `json:"args,omitempty"`
}

// AnalysisTemplateRef names an analysis template.
type AnalysisTemplateRef struct {
	// Name of the template.
	// +kubebuilder:validation:MinLength=1
	TemplateName string `json:"templateName"`
	// The template is cluster-scoped.
	// +optional
	ClusterScope bool `json:"clusterScope,omitempty"`
}

// AnalysisRunArgument is a named argument.
type AnalysisRunArgument struct {
	// Name of the argument.
	Name string `json:"name"`
	// Literal value.
	// +optional
	Value string `json:"value,omitempty"`
	// Where the value comes from.
	// +optional
	ValueFrom *ArgumentValueFrom `json:"valueFrom,omitempty"`
}

// ArgumentValueFrom reads a value from the pod template or a field.
type ArgumentValueFrom struct {
	// Hash of the pod template of a ReplicaSet.
	// +kubebuilder:validation:Enum=Stable;Latest
	// +optional
	PodTemplateHashValue *string `json:"podTemplateHashValue,omitempty"`
	// A field of the Rollout.
	// +optional
	FieldRef *corev1.ObjectFieldSelector `json:"fieldRef,omitempty"`
}

// PodTemplateMetadata is extra metadata for pods.
type PodTemplateMetadata struct {
	// Extra labels.
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
	// Extra annotations.
	// +optional
	Annotations map[string]string `json:"annotations,omitempty"`
}

// RolloutTrafficRouting configures traffic shifting.
type RolloutTrafficRouting struct {
	// Nginx ingress routing.
	// +optional
	Nginx *NginxTrafficRouting `json:"nginx,omitempty"`
	// Header-based routes, in order.
	// +listType=atomic
	// +optional
	ManagedRoutes []ManagedRoute `json:"managedRoutes,omitempty"`
}

// NginxTrafficRouting routes through an nginx ingress.
type NginxTrafficRouting struct {
	// Prefix of the canary annotations.
	// +kubebuilder:default="nginx.ingress.kubernetes.io"
	// +optional
	AnnotationPrefix string `json:"annotationPrefix,omitempty"`
	// The stable ingress.
	// +kubebuilder:validation:MinLength=1
	StableIngress string `json:"stableIngress"`
	// Extra annotations on the canary ingress.
	// +optional
	AdditionalIngressAnnotations map[string]string `json:"additionalIngressAnnotations,omitempty"`
}

// ManagedRoute names a route the controller manages.
type ManagedRoute struct {
	// Name of the route.
	Name string `json:"name"`
}

// AnalysisRunStrategy keeps analysis runs.
type AnalysisRunStrategy struct {
	// Successful runs to keep.
	// +kubebuilder:validation:Minimum=0
	// +optional
	SuccessfulRunHistoryLimit *int32 `json:"successfulRunHistoryLimit,omitempty"`
	// Failed runs to keep.
	// +kubebuilder:validation:Minimum=0
	// +optional
	UnsuccessfulRunHistoryLimit *int32 `json:"unsuccessfulRunHistoryLimit,omitempty"`
}

// RolloutStatus is the observed state of a Rollout.
type RolloutStatus struct {
	// Replicas seen by the horizontal pod autoscaler.
	// +optional
	HPAReplicas int32 `json:"HPAReplicas,omitempty"`
	// Total pods.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// Pods of the current version.
	// +optional
	UpdatedReplicas int32 `json:"updatedReplicas,omitempty"`
	// Available pods.
	// +optional
	AvailableReplicas int32 `json:"availableReplicas,omitempty"`
	// Selector for the scale subresource.
	// +optional
	Selector string `json:"selector,omitempty"`
	// Phase of the rollout.
	// +kubebuilder:validation:Enum=Progressing;Paused;Healthy;Degraded
	// +optional
	Phase string `json:"phase,omitempty"`
	// Index of the current canary step.
	// +nullable
	// +optional
	CurrentStepIndex *int32 `json:"currentStepIndex,omitempty"`
	// Conditions of the rollout.
	// +optional
	Conditions []RolloutCondition `json:"conditions,omitempty"`
}

// RolloutCondition is a condition of a Rollout.
type RolloutCondition struct {
	// Type of the condition.
	Type string `json:"type"`
	// Status of the condition.
	Status corev1.ConditionStatus `json:"status"`
	// Last update.
	LastUpdateTime metav1.Time `json:"lastUpdateTime"`
	// Last transition.
	LastTransitionTime metav1.Time `json:"lastTransitionTime"`
	// Reason code.
	Reason string `json:"reason"`
	// Human-readable message.
	Message string `json:"message"`
}
