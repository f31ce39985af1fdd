use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// Policy is read by controllers and written by people: its client is read-only.
// +genclient
// +genclient:readonly
// +kubebuilder:resource:categories=fixture
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Policy {
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The rules.
    pub spec: PolicySpec,
}

/// PolicySpec is a list of rules.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PolicySpec {
    /// Rules, applied in order.
    // +kubebuilder:validation:MinItems=1
    // +kubebuilder:validation:MaxItems=50
    pub rules: Vec<Rule>,
}

/// Rule allows or denies an action.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Rule {
    /// The action, for example `get`.
    // +kubebuilder:validation:MinLength=1
    pub action: String,
    /// Whether the action is allowed.
    pub allow: bool,
}

/// Quota limits what a namespace may create; created and read, never updated.
// +genclient
// +genclient:onlyVerbs=create,get,list,delete
// +kubebuilder:object:root=true
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Quota {
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The limits.
    pub spec: QuotaSpec,
}

/// QuotaSpec holds the limits of a Quota.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuotaSpec {
    /// Most databases the namespace may have.
    // +kubebuilder:validation:Minimum=0
    pub max_databases: i32,
}

/// Marker is a kind with no client at all, only types and a CRD.
// +genclient
// +genclient:noVerbs
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Marker {
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// A note.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}
