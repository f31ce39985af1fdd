package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Duration is a Prometheus duration such as 30s or 1h30m.
// +kubebuilder:validation:Pattern:="^(0|(([0-9]+)y)?(([0-9]+)w)?(([0-9]+)d)?(([0-9]+)h)?(([0-9]+)m)?(([0-9]+)s)?(([0-9]+)ms)?)$"
type Duration string

// LabelName is a valid Prometheus label name.
// +kubebuilder:validation:Pattern:="^[a-zA-Z_][a-zA-Z0-9_]*$"
type LabelName string

// ScrapeProtocol is a protocol Prometheus may negotiate.
// +kubebuilder:validation:Enum=PrometheusProto;OpenMetricsText0.0.1;OpenMetricsText1.0.0;PrometheusText0.0.4;PrometheusText1.0.0
type ScrapeProtocol string

// SelectorMechanism says how the selector is applied.
// +kubebuilder:validation:Enum=RelabelConfig;RoleSelector
type SelectorMechanism string

// ServiceMonitor says which services Prometheus scrapes.
// +kubebuilder:object:root=true
// +kubebuilder:resource:categories="prometheus-operator",shortName="smon"
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Job",type="string",JSONPath=".spec.jobLabel"
// +kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp"
type ServiceMonitor struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Which targets to scrape.
	// +required
	Spec ServiceMonitorSpec `json:"spec"`
	// Observed state.
	// +optional
	Status ServiceMonitorStatus `json:"status,omitempty"`
}

// ServiceMonitorSpec selects services and their endpoints.
// +kubebuilder:validation:XValidation:rule="!has(self.sampleLimit) || !has(self.targetLimit) || self.sampleLimit >= self.targetLimit",message="sampleLimit must be at least targetLimit"
type ServiceMonitorSpec struct {
	// Label whose value becomes the job name.
	// +optional
	JobLabel string `json:"jobLabel,omitempty"`

	// Service labels copied onto the targets.
	// +listType=set
	// +optional
	TargetLabels []string `json:"targetLabels,omitempty"`

	// Pod labels copied onto the targets.
	// +k8s:listType=set
	// +k8s:optional
	PodTargetLabels []string `json:"podTargetLabels,omitempty"`

	// Endpoints to scrape on each service.
	// +k8s:listType=map
	// +k8s:listMapKey=port
	// +kubebuilder:validation:MaxItems=32
	// +optional
	Endpoints []Endpoint `json:"endpoints,omitempty"`

	// Services to scrape.
	// +k8s:required
	Selector metav1.LabelSelector `json:"selector"`

	// How the selector is applied.
	// +optional
	SelectorMechanism *SelectorMechanism `json:"selectorMechanism,omitempty"`

	// Namespaces to look in.
	// +optional
	NamespaceSelector NamespaceSelector `json:"namespaceSelector,omitempty"`

	// Per-scrape sample limit.
	// +kubebuilder:validation:Minimum=0
	// +optional
	SampleLimit *int64 `json:"sampleLimit,omitempty"`

	// Per-scrape target limit.
	// +kubebuilder:validation:Minimum=0
	// +optional
	TargetLimit *int64 `json:"targetLimit,omitempty"`

	// Protocols offered when scraping, in order of preference.
	// +listType=set
	// +kubebuilder:validation:MinItems=1
	// +optional
	ScrapeProtocols []ScrapeProtocol `json:"scrapeProtocols,omitempty"`

	// Protocol used when the target sends no content type.
	// +optional
	FallbackScrapeProtocol *ScrapeProtocol `json:"fallbackScrapeProtocol,omitempty"`

	// Metadata attached to the targets.
	// +optional
	AttachMetadata *AttachMetadata `json:"attachMetadata,omitempty"`

	// Label names kept on every sample.
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=128
	// +kubebuilder:validation:MaxItems=16
	// +optional
	KeepLabels []string `json:"keepLabels,omitempty"`
}

// Endpoint is one scrape endpoint of a service.
// +kubebuilder:validation:XValidation:rule="!has(self.scrapeTimeout) || has(self.interval)",message="scrapeTimeout needs interval"
type Endpoint struct {
	// Name of the service port.
	// +kubebuilder:validation:MinLength=1
	Port string `json:"port"`

	// Target port of the pods, a number or a name.
	// +optional
	TargetPort *intstr.IntOrString `json:"targetPort,omitempty"`

	// HTTP path to scrape.
	// +kubebuilder:default="/metrics"
	// +optional
	Path string `json:"path,omitempty"`

	// URL scheme.
	// +kubebuilder:validation:Enum=http;https;HTTP;HTTPS
	// +optional
	Scheme string `json:"scheme,omitempty"`

	// URL parameters, name to values.
	// +optional
	Params map[string][]string `json:"params,omitempty"`

	// How often to scrape.
	// +optional
	Interval Duration `json:"interval,omitempty"`

	// Timeout of one scrape.
	// +optional
	ScrapeTimeout Duration `json:"scrapeTimeout,omitempty"`

	// Keep the target's labels on conflict.
	// +kubebuilder:default=false
	// +optional
	HonorLabels bool `json:"honorLabels,omitempty"`

	// Secret holding a bearer token.
	// +optional
	BearerTokenSecret *corev1.SecretKeySelector `json:"bearerTokenSecret,omitempty"`

	// Follow HTTP redirects.
	// +optional
	FollowRedirects *bool `json:"followRedirects,omitempty"`

	// Relabelings applied before scraping.
	// +listType=atomic
	// +kubebuilder:validation:MaxItems=16
	// +optional
	Relabelings []RelabelConfig `json:"relabelings,omitempty"`

	// Relabelings applied to samples before ingestion.
	// +listType=atomic
	// +kubebuilder:validation:MaxItems=16
	// +optional
	MetricRelabelings []RelabelConfig `json:"metricRelabelings,omitempty"`
}

// RelabelConfig is one Prometheus relabeling step.
// +kubebuilder:validation:XValidation:rule="self.action != 'hashmod' || has(self.modulus)",message="hashmod needs modulus"
// +kubebuilder:validation:XValidation:rule="!(self.action in ['replace', 'hashmod']) || has(self.targetLabel)",message="replace and hashmod need targetLabel"
type RelabelConfig struct {
	// Labels whose values are concatenated.
	// +optional
	SourceLabels []LabelName `json:"sourceLabels,omitempty"`

	// Separator between concatenated values.
	// +optional
	Separator *string `json:"separator,omitempty"`

	// Label the result is written to.
	// +optional
	TargetLabel string `json:"targetLabel,omitempty"`

	// Regular expression matched against the value.
	// +optional
	Regex string `json:"regex,omitempty"`

	// Modulus for hashmod.
	// +kubebuilder:validation:Minimum=1
	// +optional
	Modulus int64 `json:"modulus,omitempty"`

	// Replacement value.
	// +optional
	Replacement *string `json:"replacement,omitempty"`

	// Action to perform.
	// +kubebuilder:validation:Enum=replace;Replace;keep;Keep;drop;Drop;hashmod;HashMod;labelmap;LabelMap;labeldrop;LabelDrop;labelkeep;LabelKeep
	// +kubebuilder:default=replace
	// +optional
	Action string `json:"action,omitempty"`
}

// NamespaceSelector picks namespaces.
type NamespaceSelector struct {
	// All namespaces.
	// +optional
	Any bool `json:"any,omitempty"`
	// These namespaces.
	// +listType=set
	// +optional
	MatchNames []string `json:"matchNames,omitempty"`
}

// AttachMetadata says which metadata is attached to targets.
type AttachMetadata struct {
	// Attach node metadata.
	// +optional
	Node *bool `json:"node,omitempty"`
}

// ServiceMonitorStatus is the observed state of a ServiceMonitor.
type ServiceMonitorStatus struct {
	// Prometheus resources that selected this monitor.
	// +listType=map
	// +listMapKey=namespace
	// +listMapKey=name
	// +optional
	Bindings []WorkloadBinding `json:"bindings,omitempty"`
}

// WorkloadBinding links a monitor to the Prometheus that uses it.
type WorkloadBinding struct {
	// Group of the workload.
	// +kubebuilder:validation:Enum=monitoring.coreos.com
	Group string `json:"group"`
	// Resource of the workload.
	// +kubebuilder:validation:Enum=prometheuses;prometheusagents;thanosrulers;alertmanagers
	Resource string `json:"resource"`
	// Name of the workload.
	// +kubebuilder:validation:MinLength=1
	Name string `json:"name"`
	// Namespace of the workload.
	// +kubebuilder:validation:MinLength=1
	Namespace string `json:"namespace"`
	// Conditions of the binding.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}
