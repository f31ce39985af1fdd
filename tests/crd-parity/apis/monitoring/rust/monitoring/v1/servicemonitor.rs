use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::SecretKeySelector;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, LabelSelector, ObjectMeta};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;
use serde::{Deserialize, Serialize};

/// Duration is a Prometheus duration such as 30s or 1h30m.
// +kubebuilder:validation:Pattern:="^(0|(([0-9]+)y)?(([0-9]+)w)?(([0-9]+)d)?(([0-9]+)h)?(([0-9]+)m)?(([0-9]+)s)?(([0-9]+)ms)?)$"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Duration(pub String);

/// LabelName is a valid Prometheus label name.
// +kubebuilder:validation:Pattern:="^[a-zA-Z_][a-zA-Z0-9_]*$"
pub type LabelName = String;

/// ScrapeProtocol is a protocol Prometheus may negotiate.
// +kubebuilder:validation:Enum=PrometheusProto;OpenMetricsText0.0.1;OpenMetricsText1.0.0;PrometheusText0.0.4;PrometheusText1.0.0
pub type ScrapeProtocol = String;

/// SelectorMechanism says how the selector is applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SelectorMechanism {
    /// Relabeling after discovery.
    RelabelConfig,
    /// Kubernetes role selectors.
    RoleSelector,
}

/// ServiceMonitor says which services Prometheus scrapes.
// +kubebuilder:object:root=true
// +kubebuilder:resource:categories="prometheus-operator",shortName="smon"
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Job",type="string",JSONPath=".spec.jobLabel"
// +kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ServiceMonitor {
    pub metadata: ObjectMeta,
    /// Which targets to scrape.
    // +required
    pub spec: ServiceMonitorSpec,
    /// Observed state.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<ServiceMonitorStatus>,
}

/// ServiceMonitorSpec selects services and their endpoints.
// +kubebuilder:validation:XValidation:rule="!has(self.sampleLimit) || !has(self.targetLimit) || self.sampleLimit >= self.targetLimit",message="sampleLimit must be at least targetLimit"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServiceMonitorSpec {
    /// Label whose value becomes the job name.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub job_label: Option<String>,
    /// Service labels copied onto the targets.
    // +listType=set
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub target_labels: Vec<String>,
    /// Pod labels copied onto the targets.
    // +k8s:listType=set
    // +k8s:optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pod_target_labels: Vec<String>,
    /// Endpoints to scrape on each service.
    // +k8s:listType=map
    // +k8s:listMapKey=port
    // +kubebuilder:validation:MaxItems=32
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub endpoints: Vec<Endpoint>,
    /// Services to scrape.
    // +k8s:required
    pub selector: LabelSelector,
    /// How the selector is applied.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector_mechanism: Option<SelectorMechanism>,
    /// Namespaces to look in.
    // +optional
    #[serde(default)]
    pub namespace_selector: NamespaceSelector,
    /// Per-scrape sample limit.
    // +kubebuilder:validation:Minimum=0
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sample_limit: Option<i64>,
    /// Per-scrape target limit.
    // +kubebuilder:validation:Minimum=0
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_limit: Option<i64>,
    /// Protocols offered when scraping, in order of preference.
    // +listType=set
    // +kubebuilder:validation:MinItems=1
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scrape_protocols: Vec<ScrapeProtocol>,
    /// Protocol used when the target sends no content type.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fallback_scrape_protocol: Option<ScrapeProtocol>,
    /// Metadata attached to the targets.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attach_metadata: Option<AttachMetadata>,
    /// Label names kept on every sample.
    // +kubebuilder:validation:items:MinLength=1
    // +kubebuilder:validation:items:MaxLength=128
    // +kubebuilder:validation:MaxItems=16
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keep_labels: Vec<String>,
}

/// Endpoint is one scrape endpoint of a service.
// +kubebuilder:validation:XValidation:rule="!has(self.scrapeTimeout) || has(self.interval)",message="scrapeTimeout needs interval"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Endpoint {
    /// Name of the service port.
    // +kubebuilder:validation:MinLength=1
    pub port: String,
    /// Target port of the pods, a number or a name.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_port: Option<IntOrString>,
    /// HTTP path to scrape.
    // +kubebuilder:default="/metrics"
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// URL scheme.
    // +kubebuilder:validation:Enum=http;https;HTTP;HTTPS
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scheme: Option<String>,
    /// URL parameters, name to values.
    // +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub params: BTreeMap<String, Vec<String>>,
    /// How often to scrape.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval: Option<Duration>,
    /// Timeout of one scrape.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scrape_timeout: Option<Duration>,
    /// Keep the target's labels on conflict.
    // +kubebuilder:default=false
    // +optional
    #[serde(default)]
    pub honor_labels: bool,
    /// Secret holding a bearer token.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bearer_token_secret: Option<SecretKeySelector>,
    /// Follow HTTP redirects.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follow_redirects: Option<bool>,
    /// Relabelings applied before scraping.
    // +listType=atomic
    // +kubebuilder:validation:MaxItems=16
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub relabelings: Vec<RelabelConfig>,
    /// Relabelings applied to samples before ingestion.
    // +listType=atomic
    // +kubebuilder:validation:MaxItems=16
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub metric_relabelings: Vec<RelabelConfig>,
}

/// RelabelConfig is one Prometheus relabeling step.
// +kubebuilder:validation:XValidation:rule="self.action != 'hashmod' || has(self.modulus)",message="hashmod needs modulus"
// +kubebuilder:validation:XValidation:rule="!(self.action in ['replace', 'hashmod']) || has(self.targetLabel)",message="replace and hashmod need targetLabel"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RelabelConfig {
    /// Labels whose values are concatenated.
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub source_labels: Vec<LabelName>,
    /// Separator between concatenated values.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub separator: Option<String>,
    /// Label the result is written to.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_label: Option<String>,
    /// Regular expression matched against the value.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regex: Option<String>,
    /// Modulus for hashmod.
    // +kubebuilder:validation:Minimum=1
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modulus: Option<i64>,
    /// Replacement value.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replacement: Option<String>,
    /// Action to perform.
    // +kubebuilder:validation:Enum=replace;Replace;keep;Keep;drop;Drop;hashmod;HashMod;labelmap;LabelMap;labeldrop;LabelDrop;labelkeep;LabelKeep
    // +kubebuilder:default=replace
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
}

/// NamespaceSelector picks namespaces.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NamespaceSelector {
    /// All namespaces.
    // +optional
    #[serde(default)]
    pub any: bool,
    /// These namespaces.
    // +listType=set
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_names: Vec<String>,
}

/// AttachMetadata says which metadata is attached to targets.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AttachMetadata {
    /// Attach node metadata.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<bool>,
}

/// ServiceMonitorStatus is the observed state of a ServiceMonitor.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ServiceMonitorStatus {
    /// Prometheus resources that selected this monitor.
    // +listType=map
    // +listMapKey=namespace
    // +listMapKey=name
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bindings: Vec<WorkloadBinding>,
}

/// WorkloadBinding links a monitor to the Prometheus that uses it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WorkloadBinding {
    /// Group of the workload.
    // +kubebuilder:validation:Enum=monitoring.coreos.com
    pub group: String,
    /// Resource of the workload.
    // +kubebuilder:validation:Enum=prometheuses;prometheusagents;thanosrulers;alertmanagers
    pub resource: String,
    /// Name of the workload.
    // +kubebuilder:validation:MinLength=1
    pub name: String,
    /// Namespace of the workload.
    // +kubebuilder:validation:MinLength=1
    pub namespace: String,
    /// Conditions of the binding.
    // +listType=map
    // +listMapKey=type
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}
