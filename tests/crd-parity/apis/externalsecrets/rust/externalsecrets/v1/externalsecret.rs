use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::LocalObjectReference;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{ObjectMeta, Time};
use k8s_openapi::apimachinery::pkg::runtime::RawExtension;
use serde::{Deserialize, Serialize};

/// CreationPolicy says who owns the created Secret.
// +k8s:enum
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CreationPolicy {
    /// The ExternalSecret owns the Secret.
    #[default]
    Owner,
    /// Nobody owns the Secret.
    Orphan,
    /// Values are merged into an existing Secret.
    Merge,
    /// No Secret is written.
    None,
}

/// SecretKeyName is the key of a Secret's data.
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=253
// +kubebuilder:validation:Pattern:=`^[-._a-zA-Z0-9]+$`
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SecretKeyName(pub String);

/// ExternalSecret syncs values from an external store into a Secret.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:metadata:labels="external-secrets.io/component=controller"
// +kubebuilder:resource:scope=Namespaced,categories={external-secrets},shortName=es
// +kubebuilder:printcolumn:name="Store",type=string,JSONPath=`.spec.secretStoreRef.name`
// +kubebuilder:printcolumn:name="Refresh Interval",type=string,JSONPath=`.spec.refreshInterval`
// +kubebuilder:printcolumn:name="Status",type=string,JSONPath=`.status.conditions[?(@.type=="Ready")].reason`
// +kubebuilder:printcolumn:name="Ready",type=string,JSONPath=`.status.conditions[?(@.type=="Ready")].status`
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ExternalSecret {
    pub metadata: ObjectMeta,
    /// What to sync.
    #[serde(default)]
    pub spec: ExternalSecretSpec,
    /// Observed state.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<ExternalSecretStatus>,
}

/// ExternalSecretSpec is the desired state of an ExternalSecret.
// +kubebuilder:validation:XValidation:rule="has(self.data) || has(self.dataFrom)",message="data or dataFrom is required"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExternalSecretSpec {
    /// The store to read from.
    // +optional
    #[serde(default)]
    pub secret_store_ref: SecretStoreRef,
    /// The Secret to write.
    // +kubebuilder:default={creationPolicy:Owner,deletionPolicy:Retain}
    // +optional
    #[serde(default)]
    pub target: ExternalSecretTarget,
    /// How often to re-read the store, a Go duration.
    // +kubebuilder:default="1h0m0s"
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refresh_interval: Option<String>,
    /// When to refresh.
    // +kubebuilder:validation:Enum=CreatedOnce;Periodic;OnChange
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refresh_policy: Option<String>,
    /// Values to read, one by one.
    // +listType=map
    // +listMapKey=secretKey
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub data: Vec<ExternalSecretData>,
    /// Values to read in bulk.
    // +kubebuilder:validation:MaxItems=16
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub data_from: Vec<ExternalSecretDataFromRemoteRef>,
}

/// SecretStoreRef names a SecretStore or ClusterSecretStore.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SecretStoreRef {
    /// Name of the store.
    // +kubebuilder:validation:MinLength=1
    // +kubebuilder:validation:MaxLength=253
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Kind of the store.
    // +kubebuilder:validation:Enum=SecretStore;ClusterSecretStore
    // +default="SecretStore"
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
}

/// ExternalSecretTarget describes the Secret to write.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExternalSecretTarget {
    /// Name of the Secret; the ExternalSecret's name when empty.
    // +kubebuilder:validation:MaxLength=253
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Who owns the Secret.
    // +kubebuilder:default="Owner"
    // +optional
    #[serde(default)]
    pub creation_policy: CreationPolicy,
    /// What happens to the Secret when values disappear.
    // +kubebuilder:validation:Enum=Delete;Merge;Retain
    // +kubebuilder:default="Retain"
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deletion_policy: Option<String>,
    /// Template of the Secret.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub template: Option<ExternalSecretTemplate>,
    /// Make the Secret immutable.
    // +optional
    #[serde(default)]
    pub immutable: bool,
    /// An extra object rendered next to the Secret.
    // +kubebuilder:validation:XEmbeddedResource
    // +kubebuilder:validation:XPreserveUnknownFields
    // +nullable
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manifest: Option<RawExtension>,
}

/// ExternalSecretTemplate renders the Secret.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExternalSecretTemplate {
    /// Type of the Secret.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "type")]
    pub type_: Option<String>,
    /// Template engine version.
    // +kubebuilder:validation:Enum=v1;v2
    // +kubebuilder:default="v2"
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine_version: Option<String>,
    /// How templated values merge with fetched ones.
    // +kubebuilder:validation:Enum=Replace;Merge
    // +kubebuilder:default="Replace"
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub merge_policy: Option<String>,
    /// Labels and annotations of the Secret.
    // +optional
    #[serde(default)]
    pub metadata: ExternalSecretTemplateMetadata,
    /// Templated data, key to template.
    // +mapType=atomic
    // +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub data: BTreeMap<String, String>,
}

/// ExternalSecretTemplateMetadata is metadata of the rendered Secret.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ExternalSecretTemplateMetadata {
    /// Annotations.
    // +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub annotations: BTreeMap<String, String>,
    /// Labels.
    // +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    /// Finalizers.
    // +kubebuilder:validation:items:MaxLength=253
    // +listType=set
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub finalizers: Vec<String>,
}

/// ExternalSecretData maps one remote value to one Secret key.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExternalSecretData {
    /// Key in the Secret.
    pub secret_key: SecretKeyName,
    /// Remote value.
    pub remote_ref: ExternalSecretDataRemoteRef,
}

/// ExternalSecretDataRemoteRef names a remote value.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExternalSecretDataRemoteRef {
    /// Key in the store.
    // +kubebuilder:validation:MinLength=1
    pub key: String,
    /// Property of a structured value.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub property: Option<String>,
    /// Version of the value.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// Whether to fetch the value or its metadata.
    // +kubebuilder:validation:Enum=None;Fetch
    // +kubebuilder:default="None"
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata_policy: Option<String>,
    /// How keys are converted.
    // +kubebuilder:validation:Enum=Default;Unicode
    // +kubebuilder:default="Default"
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversion_strategy: Option<String>,
    /// How values are decoded.
    // +kubebuilder:validation:Enum=Auto;Base64;Base64URL;None
    // +kubebuilder:default="None"
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decoding_strategy: Option<String>,
}

/// ExternalSecretDataFromRemoteRef reads many values at once.
// +kubebuilder:validation:XValidation:rule="has(self.extract) != has(self.find)",message="exactly one of extract or find"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ExternalSecretDataFromRemoteRef {
    /// Extract all properties of one value.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extract: Option<ExternalSecretDataRemoteRef>,
    /// Find values by name or tags.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub find: Option<ExternalSecretFind>,
}

/// ExternalSecretFind finds values by name or tags.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ExternalSecretFind {
    /// Path prefix.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// Name regular expression.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<FindName>,
    /// Tags to match.
    // +kubebuilder:validation:MaxProperties=16
    // +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tags: BTreeMap<String, String>,
}

/// FindName matches names.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct FindName {
    /// Regular expression.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regexp: Option<String>,
}

/// ExternalSecretStatus is the observed state of an ExternalSecret.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExternalSecretStatus {
    /// Last refresh.
    // +nullable
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refresh_time: Option<Time>,
    /// Version of the synced values.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub synced_resource_version: Option<String>,
    /// Conditions.
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<ExternalSecretStatusCondition>,
    /// The Secret written.
    // +optional
    #[serde(default)]
    pub binding: LocalObjectReference,
}

/// ExternalSecretStatusCondition is a condition of an ExternalSecret.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExternalSecretStatusCondition {
    /// Type of the condition.
    #[serde(rename = "type")]
    pub type_: String,
    /// Status of the condition.
    pub status: String,
    /// Reason code.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Message.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Last transition.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_transition_time: Option<Time>,
}
