#!/usr/bin/env python3
"""Write a synthetic Kubernetes API of N kinds spread over up to 50 groups.

The same API comes out in three spellings, so the benchmarks compare like with like:

  rust    kube-codegen input: <out>/<group>/v1/mod.rs (+groupName) and one file per kind
  go      a Go module for kube_codegen.sh / controller-gen: <out>/go.mod,
          <out>/pkg/apis/<group>/v1/{doc.go,<kind>_types.go}
  derive  a Rust crate using kube's #[derive(CustomResource)] (types and CRD only):
          <out>/src/lib.rs and <out>/src/<group>.rs

Every kind is shaped like a typical CRD (sizes taken from common operators): a spec
of 14 fields (strings with validations, optional integers with bounds and defaults,
a bool, a map, a list of strings, a list-map of a nested port struct, an enum,
k8s-openapi ResourceRequirements / Quantity / IntOrString / LabelSelector, a nested
config struct) with a CEL rule, a port struct with a CEL rule (the rules checked and
costed on every run), and a status of 5 fields with conditions. Every fifth kind is
cluster-scoped and every seventh has no status, so both code paths are exercised.

The output is deterministic: the same arguments give byte-identical files.
"""

import argparse
import os
import sys

GROUP_WORDS = [
    "apps", "billing", "catalog", "delivery", "edge", "fleet", "gateway", "hosting",
    "identity", "jobs", "keys", "ledger", "mesh", "network", "orders", "payments",
    "queue", "routing", "storage", "tenancy", "usage", "vault", "workflow", "xray",
    "yields", "zones", "alerts", "backup", "cache", "dns", "events", "feature",
    "graph", "health", "ingest", "journal", "kafka", "logging", "metrics", "notify",
    "object", "policy", "quota", "registry", "search", "tracing", "upgrade", "volume",
    "webhook", "xfer",
]
NOUNS = [
    "Widget", "Gadget", "Bucket", "Channel", "Cluster", "Database", "Endpoint",
    "Firewall", "Gateway", "Host", "Index", "Job", "Key", "Listener", "Monitor",
    "Node", "Operator", "Pipeline", "Queue", "Route", "Schedule", "Topic", "Upstream",
    "Vault", "Worker",
]
SUFFIXES = [
    "", "Pool", "Set", "Policy", "Claim", "Class", "Config", "Binding", "Template",
    "Snapshot", "Backup", "Restore", "Export", "Import", "Group", "Profile", "Rule",
    "Alias", "Mirror", "Replica",
]
MAX_GROUPS = 50


def kind_names(n):
    names = [noun + suffix for suffix in SUFFIXES for noun in NOUNS]
    if n > len(names):
        sys.exit(f"synth.py: at most {len(names)} kinds (asked for {n})")
    return names[:n]


def snake(name):
    out = []
    for i, c in enumerate(name):
        if c.isupper() and i > 0:
            out.append("_")
        out.append(c.lower())
    return "".join(out)


def plan(kinds, groups):
    """[(group_module, group_name, [kind, ...])], kinds dealt round-robin."""
    groups = max(1, min(groups, MAX_GROUPS, kinds))
    buckets = [[] for _ in range(groups)]
    for i, name in enumerate(kind_names(kinds)):
        buckets[i % groups].append((i, name))
    return [
        (GROUP_WORDS[g], f"{GROUP_WORDS[g]}.synth.example.com", buckets[g])
        for g in range(groups)
    ]


def traits(index):
    return {"cluster": index % 5 == 4, "status": index % 7 != 6}


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


# --------------------------------------------------------------------------- rust


def rust_kind(index, kind):
    t = traits(index)
    plural = kind.lower() + "s"
    markers = ["// +genclient"]
    if t["cluster"]:
        markers.append("// +genclient:nonNamespaced")
        markers.append(f"// +kubebuilder:resource:scope=Cluster,shortName=s{index}")
    else:
        markers.append(f"// +kubebuilder:resource:shortName=s{index},categories=synth")
    if t["status"]:
        markers.append("// +kubebuilder:subresource:status")
        markers.append(
            "// +kubebuilder:printcolumn:name=Ready,type=integer,"
            "JSONPath=`.status.readyReplicas`"
        )
    markers.append(
        "// +kubebuilder:printcolumn:name=Image,type=string,JSONPath=`.spec.image`"
    )
    status_field = ""
    status_types = ""
    if t["status"]:
        status_field = f"""
    /// Observed state.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<{kind}Status>,"""
        status_types = f"""
/// {kind}Status is the observed state of a {kind}.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct {kind}Status {{
    /// The generation this status describes.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observed_generation: Option<i64>,
    /// Pods ready.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ready_replicas: Option<i32>,
    /// Lifecycle phase.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    /// When the status last changed.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_updated: Option<Time>,
    /// Latest observations.
    // +optional
    // +listType=map
    // +listMapKey=type
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}}
"""
    marker_text = "\n".join(markers)
    return f"""use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::ResourceRequirements;
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{{Condition, LabelSelector, ObjectMeta, Time}};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;
use serde::{{Deserialize, Serialize}};

/// {kind} is synthetic kind number {index} ({plural}).
{marker_text}
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct {kind} {{
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// Desired state.
    pub spec: {kind}Spec,{status_field}
}}

/// {kind}Spec is the desired state of a {kind}.
// +kubebuilder:validation:XValidation:rule="!has(self.replicas) || !self.paused || self.replicas == 0",message="a paused {kind} runs no pods"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct {kind}Spec {{
    /// Name of the workload.
    // +kubebuilder:validation:MinLength=1
    // +kubebuilder:validation:MaxLength=63
    // +kubebuilder:validation:Pattern=`^[a-z]([-a-z0-9]*[a-z0-9])?$`
    pub name: String,
    /// Container image.
    // +kubebuilder:validation:MinLength=1
    pub image: String,
    /// Pods to run.
    // +kubebuilder:validation:Minimum=0
    // +kubebuilder:validation:Maximum=1000
    // +kubebuilder:default=1
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
    /// Whether the workload is paused.
    // +optional
    #[serde(default)]
    pub paused: bool,
    /// Seconds before a run is abandoned.
    // +kubebuilder:validation:Minimum=1
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_seconds: Option<i64>,
    /// How updates are rolled out.
    // +optional
    #[serde(default)]
    pub mode: {kind}RolloutMode,
    /// Labels put on every pod.
    // +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    /// Arguments passed to the container.
    // +optional
    // +listType=atomic
    // +kubebuilder:validation:MaxItems=64
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    /// Ports, unique by name.
    // +optional
    // +listType=map
    // +listMapKey=name
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<{kind}PortSpec>,
    /// Compute resources.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resources: Option<ResourceRequirements>,
    /// Scratch space.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storage: Option<Quantity>,
    /// Port probed for health, a number or a name.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub probe_port: Option<IntOrString>,
    /// Selects the pods of this {kind}.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<LabelSelector>,
    /// Tuning knobs.
    // +optional
    #[serde(default)]
    pub config: {kind}Tuning,
}}

/// {kind}RolloutMode says how updates are rolled out.
// +kubebuilder:validation:Enum=Rolling;Recreate;OnDelete
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum {kind}RolloutMode {{
    /// Replace pods a few at a time.
    #[default]
    Rolling,
    /// Stop everything, then start again.
    Recreate,
    /// Replace a pod only when it is deleted.
    OnDelete,
}}

/// {kind}PortSpec is one port a {kind} exposes.
// +kubebuilder:validation:XValidation:rule="self.name.size() <= 15 && self.containerPort > 0",message="a port needs a short name and a number"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct {kind}PortSpec {{
    /// Unique name of the port.
    // +kubebuilder:validation:MaxLength=15
    pub name: String,
    /// Port number.
    // +kubebuilder:validation:Minimum=1
    // +kubebuilder:validation:Maximum=65535
    pub container_port: i32,
    /// Protocol.
    // +kubebuilder:validation:Enum=TCP;UDP;SCTP
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
}}

/// {kind}Tuning holds tuning knobs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct {kind}Tuning {{
    /// Log verbosity.
    // +kubebuilder:validation:Minimum=0
    // +kubebuilder:validation:Maximum=10
    // +optional
    #[serde(default)]
    pub verbosity: i32,
    /// Extra environment, name to value.
    // +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub env: BTreeMap<String, String>,
    /// Feature gates to turn on.
    // +optional
    // +listType=set
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub features: Vec<String>,
    /// Grace period on shutdown, in seconds.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grace_period_seconds: Option<i64>,
}}
{status_types}"""


def emit_rust(groups, out):
    mods = []
    for module, group, kinds in groups:
        mods.append(module)
        files = [snake(k) for _, k in kinds]
        decls = "".join(f"mod {f};\n" for f in files)
        uses = "".join(f"pub use {f}::*;\n" for f in files)
        write(
            os.path.join(out, module, "v1", "mod.rs"),
            f"//! Version v1 of the synthetic `{group}` API.\n//!\n"
            f"//! +k8s:deepcopy-gen=package\n//! +groupName={group}\n\n{decls}\n{uses}",
        )
        write(
            os.path.join(out, module, "mod.rs"),
            f"//! The `{group}` group.\n\npub mod v1;\n",
        )
        for index, kind in kinds:
            write(os.path.join(out, module, "v1", snake(kind) + ".rs"), rust_kind(index, kind))
    write(
        os.path.join(out, "lib.rs"),
        "//! A synthetic API for kube-codegen benchmarks.\n\n"
        + "".join(f"pub mod {m};\n" for m in mods),
    )


# ----------------------------------------------------------------------------- go


def go_kind(index, kind):
    t = traits(index)
    markers = ["// +genclient"]
    if t["cluster"]:
        markers.append("// +genclient:nonNamespaced")
        markers.append(f"// +kubebuilder:resource:scope=Cluster,shortName=s{index}")
    else:
        markers.append(f"// +kubebuilder:resource:shortName=s{index},categories=synth")
    if not t["status"]:
        markers.append("// +genclient:noStatus")
    else:
        markers.append("// +kubebuilder:subresource:status")
        markers.append(
            "// +kubebuilder:printcolumn:name=Ready,type=integer,"
            "JSONPath=`.status.readyReplicas`"
        )
    markers.append(
        "// +kubebuilder:printcolumn:name=Image,type=string,JSONPath=`.spec.image`"
    )
    markers.append("// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object")
    status_field = ""
    status_types = ""
    if t["status"]:
        status_field = f"\n\t// Observed state.\n\t// +optional\n\tStatus {kind}Status `json:\"status,omitempty\"`"
        status_types = f"""
// {kind}Status is the observed state of a {kind}.
type {kind}Status struct {{
	// The generation this status describes.
	// +optional
	ObservedGeneration *int64 `json:"observedGeneration,omitempty"`
	// Pods ready.
	// +optional
	ReadyReplicas *int32 `json:"readyReplicas,omitempty"`
	// Lifecycle phase.
	// +optional
	Phase *string `json:"phase,omitempty"`
	// When the status last changed.
	// +optional
	LastUpdated *metav1.Time `json:"lastUpdated,omitempty"`
	// Latest observations.
	// +optional
	// +listType=map
	// +listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}}
"""
    marker_text = "\n".join(markers)
    return f"""package v1

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// {kind} is synthetic kind number {index}.
{marker_text}
type {kind} struct {{
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Desired state.
	Spec {kind}Spec `json:"spec"`{status_field}
}}

// {kind}Spec is the desired state of a {kind}.
// +kubebuilder:validation:XValidation:rule="!has(self.replicas) || !self.paused || self.replicas == 0",message="a paused {kind} runs no pods"
type {kind}Spec struct {{
	// Name of the workload.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=63
	// +kubebuilder:validation:Pattern=`^[a-z]([-a-z0-9]*[a-z0-9])?$`
	Name string `json:"name"`
	// Container image.
	// +kubebuilder:validation:MinLength=1
	Image string `json:"image"`
	// Pods to run.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=1000
	// +kubebuilder:default=1
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`
	// Whether the workload is paused.
	// +optional
	Paused bool `json:"paused,omitempty"`
	// Seconds before a run is abandoned.
	// +kubebuilder:validation:Minimum=1
	// +optional
	TimeoutSeconds *int64 `json:"timeoutSeconds,omitempty"`
	// How updates are rolled out.
	// +optional
	Mode {kind}RolloutMode `json:"mode,omitempty"`
	// Labels put on every pod.
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
	// Arguments passed to the container.
	// +optional
	// +listType=atomic
	// +kubebuilder:validation:MaxItems=64
	Args []string `json:"args,omitempty"`
	// Ports, unique by name.
	// +optional
	// +listType=map
	// +listMapKey=name
	Ports []{kind}PortSpec `json:"ports,omitempty"`
	// Compute resources.
	// +optional
	Resources *corev1.ResourceRequirements `json:"resources,omitempty"`
	// Scratch space.
	// +optional
	Storage *resource.Quantity `json:"storage,omitempty"`
	// Port probed for health, a number or a name.
	// +optional
	ProbePort *intstr.IntOrString `json:"probePort,omitempty"`
	// Selects the pods of this {kind}.
	// +optional
	Selector *metav1.LabelSelector `json:"selector,omitempty"`
	// Tuning knobs.
	// +optional
	Config {kind}Tuning `json:"config,omitempty"`
}}

// {kind}RolloutMode says how updates are rolled out.
// +kubebuilder:validation:Enum=Rolling;Recreate;OnDelete
type {kind}RolloutMode string

// {kind}PortSpec is one port a {kind} exposes.
// +kubebuilder:validation:XValidation:rule="self.name.size() <= 15 && self.containerPort > 0",message="a port needs a short name and a number"
type {kind}PortSpec struct {{
	// Unique name of the port.
	// +kubebuilder:validation:MaxLength=15
	Name string `json:"name"`
	// Port number.
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=65535
	ContainerPort int32 `json:"containerPort"`
	// Protocol.
	// +kubebuilder:validation:Enum=TCP;UDP;SCTP
	// +optional
	Protocol *string `json:"protocol,omitempty"`
}}

// {kind}Tuning holds tuning knobs.
type {kind}Tuning struct {{
	// Log verbosity.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=10
	// +optional
	Verbosity int32 `json:"verbosity,omitempty"`
	// Extra environment, name to value.
	// +optional
	Env map[string]string `json:"env,omitempty"`
	// Feature gates to turn on.
	// +optional
	// +listType=set
	Features []string `json:"features,omitempty"`
	// Grace period on shutdown, in seconds.
	// +optional
	GracePeriodSeconds *int64 `json:"gracePeriodSeconds,omitempty"`
}}
{status_types}
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// {kind}List is a list of {kind}s.
type {kind}List struct {{
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata"`

	Items []{kind} `json:"items"`
}}
"""


def emit_go(groups, out, module_path, go_mod):
    if go_mod:
        with open(go_mod) as f:
            text = f.read()
        lines = text.splitlines()
        lines[[i for i, l in enumerate(lines) if l.startswith("module ")][0]] = (
            f"module {module_path}"
        )
        write(os.path.join(out, "go.mod"), "\n".join(lines) + "\n")
    for module, group, kinds in groups:
        base = os.path.join(out, "pkg", "apis", module, "v1")
        write(
            os.path.join(base, "doc.go"),
            f"// +k8s:deepcopy-gen=package\n// +groupName={group}\n\n"
            f"// Package v1 is version v1 of the synthetic {group} API.\npackage v1\n",
        )
        for index, kind in kinds:
            write(os.path.join(base, snake(kind) + "_types.go"), go_kind(index, kind))


# ------------------------------------------------------------------------- derive


def derive_kind(index, kind, group):
    t = traits(index)
    attrs = [f'group = "{group}"', 'version = "v1"', f'kind = "{kind}"', f'shortname = "s{index}"']
    if not t["cluster"]:
        attrs.append("namespaced")
        attrs.append('category = "synth"')
    if t["status"]:
        attrs.append(f'status = "{kind}Status"')
        attrs.append(
            'printcolumn = r#"{"name":"Ready","type":"integer","jsonPath":".status.readyReplicas"}"#'
        )
    attrs.append(
        'printcolumn = r#"{"name":"Image","type":"string","jsonPath":".spec.image"}"#'
    )
    kube_attrs = ",\n    ".join(attrs)
    status_types = ""
    if t["status"]:
        status_types = f"""
/// {kind}Status is the observed state of a {kind}.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct {kind}Status {{
    /// The generation this status describes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observed_generation: Option<i64>,
    /// Pods ready.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ready_replicas: Option<i32>,
    /// Lifecycle phase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    /// When the status last changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_updated: Option<Time>,
    /// Latest observations.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(extend("x-kubernetes-list-type" = "map", "x-kubernetes-list-map-keys" = ["type"]))]
    pub conditions: Vec<Condition>,
}}
"""
    return f"""
/// {kind}Spec is the desired state of a {kind} (synthetic kind number {index}).
#[derive(CustomResource, Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[kube(
    {kube_attrs}
)]
#[serde(rename_all = "camelCase")]
pub struct {kind}Spec {{
    /// Name of the workload.
    #[schemars(length(min = 1, max = 63), regex(pattern = r"^[a-z]([-a-z0-9]*[a-z0-9])?$"))]
    pub name: String,
    /// Container image.
    #[schemars(length(min = 1))]
    pub image: String,
    /// Pods to run.
    #[serde(default = "default_replicas", skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = 1000))]
    pub replicas: Option<i32>,
    /// Whether the workload is paused.
    #[serde(default)]
    pub paused: bool,
    /// Seconds before a run is abandoned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub timeout_seconds: Option<i64>,
    /// How updates are rolled out.
    #[serde(default)]
    pub mode: {kind}RolloutMode,
    /// Labels put on every pod.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    /// Arguments passed to the container.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = 64), extend("x-kubernetes-list-type" = "atomic"))]
    pub args: Vec<String>,
    /// Ports, unique by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(extend("x-kubernetes-list-type" = "map", "x-kubernetes-list-map-keys" = ["name"]))]
    pub ports: Vec<{kind}PortSpec>,
    /// Compute resources.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resources: Option<ResourceRequirements>,
    /// Scratch space.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storage: Option<Quantity>,
    /// Port probed for health, a number or a name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub probe_port: Option<IntOrString>,
    /// Selects the pods of this {kind}.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<LabelSelector>,
    /// Tuning knobs.
    #[serde(default)]
    pub config: {kind}Tuning,
}}

/// {kind}RolloutMode says how updates are rolled out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum {kind}RolloutMode {{
    /// Replace pods a few at a time.
    #[default]
    Rolling,
    /// Stop everything, then start again.
    Recreate,
    /// Replace a pod only when it is deleted.
    OnDelete,
}}

/// {kind}PortSpec is one port a {kind} exposes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct {kind}PortSpec {{
    /// Unique name of the port.
    #[schemars(length(max = 15))]
    pub name: String,
    /// Port number.
    #[schemars(range(min = 1, max = 65535))]
    pub container_port: i32,
    /// Protocol.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
}}

/// {kind}Tuning holds tuning knobs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct {kind}Tuning {{
    /// Log verbosity.
    #[serde(default)]
    #[schemars(range(min = 0, max = 10))]
    pub verbosity: i32,
    /// Extra environment, name to value.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub env: BTreeMap<String, String>,
    /// Feature gates to turn on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(extend("x-kubernetes-list-type" = "set"))]
    pub features: Vec<String>,
    /// Grace period on shutdown, in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grace_period_seconds: Option<i64>,
}}
{status_types}"""


DERIVE_PRELUDE = """use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::ResourceRequirements;
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, LabelSelector, Time};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;
use kube::CustomResource;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[allow(clippy::unnecessary_wraps)]
fn default_replicas() -> Option<i32> {
    Some(1)
}
"""


def emit_derive(groups, out):
    mods = []
    crds = []
    for module, group, kinds in groups:
        mods.append(module)
        body = [f"//! The `{group}` group, version v1.\n\n", DERIVE_PRELUDE]
        for index, kind in kinds:
            body.append(derive_kind(index, kind, group))
            crds.append(f"{module}::{kind}")
        write(os.path.join(out, "src", module + ".rs"), "".join(body))
    lines = ["//! A synthetic API written by hand with kube's `#[derive(CustomResource)]`.\n\n"]
    lines += [f"pub mod {m};\n" for m in mods]
    lines.append(
        "\n/// Every CustomResourceDefinition of the API.\n"
        "pub fn crds() -> Vec<k8s_openapi::apiextensions_apiserver::pkg::apis::"
        "apiextensions::v1::CustomResourceDefinition> {\n    use kube::CustomResourceExt;\n"
        "    vec![\n"
    )
    lines += [f"        {c}::crd(),\n" for c in crds]
    lines.append("    ]\n}\n")
    write(os.path.join(out, "src", "lib.rs"), "".join(lines))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--kinds", type=int, required=True)
    p.add_argument("--groups", type=int, default=MAX_GROUPS, help="at most 50 (default 50)")
    p.add_argument("--lang", choices=["rust", "go", "derive"], default="rust")
    p.add_argument("--out", required=True)
    p.add_argument("--go-module", default="example.com/synth", help="Go module path (go)")
    p.add_argument("--go-mod-template", help="go.mod whose requirements to reuse (go)")
    a = p.parse_args()
    if a.kinds < 1:
        sys.exit("synth.py: --kinds must be at least 1")
    groups = plan(a.kinds, a.groups)
    if a.lang == "rust":
        emit_rust(groups, a.out)
    elif a.lang == "go":
        emit_go(groups, a.out, a.go_module, a.go_mod_template)
    else:
        emit_derive(groups, a.out)


if __name__ == "__main__":
    main()
