use std::collections::BTreeMap;

use k8s_openapi::ByteString;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{LabelSelector, ObjectMeta, Time};
use serde::{Deserialize, Serialize};

/// ClusterSecretStore is a store usable from every namespace.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:scope=Cluster,categories={external-secrets},shortName=css
// +kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp"
// +kubebuilder:printcolumn:name="Status",type=string,JSONPath=`.status.conditions[?(@.type=="Ready")].reason`
// +kubebuilder:printcolumn:name="Capabilities",type=string,JSONPath=`.status.capabilities`
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ClusterSecretStore {
    pub metadata: ObjectMeta,
    /// The store.
    #[serde(default)]
    pub spec: SecretStoreSpec,
    /// Observed state.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<SecretStoreStatus>,
}

/// SecretStoreSpec configures a store.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SecretStoreSpec {
    /// Controller class that handles this store.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controller: Option<String>,
    /// The provider; exactly one.
    // +required
    pub provider: Option<SecretStoreProvider>,
    /// Retries of failed reads.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_settings: Option<SecretStoreRetrySettings>,
    /// Seconds between validations of the store.
    // +kubebuilder:validation:Minimum=0
    // +optional
    #[serde(default)]
    pub refresh_interval: isize,
    /// Namespaces allowed to use the store.
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<ClusterSecretStoreCondition>,
}

/// SecretStoreProvider holds exactly one provider.
// +kubebuilder:validation:MinProperties=1
// +kubebuilder:validation:MaxProperties=1
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SecretStoreProvider {
    /// HashiCorp Vault.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vault: Option<VaultProvider>,
    /// A fixed in-memory store, for tests.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fake: Option<FakeProvider>,
}

/// VaultProvider reads from HashiCorp Vault.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VaultProvider {
    /// Server URL.
    // +kubebuilder:validation:Format=uri
    pub server: String,
    /// Mount path of the KV engine.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// KV engine version.
    // +kubebuilder:validation:Enum=v1;v2
    // +kubebuilder:default:="v2"
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// Vault namespace.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    /// CA bundle, PEM.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "caBundle")]
    pub ca_bundle: Option<ByteString>,
    /// Headers sent with each request.
    // +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub headers: BTreeMap<String, String>,
}

/// FakeProvider serves fixed values.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct FakeProvider {
    /// The values.
    // +listType=map
    // +listMapKey=key
    pub data: Vec<FakeProviderData>,
}

/// FakeProviderData is one fixed value.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct FakeProviderData {
    /// Key of the value.
    pub key: String,
    /// The value.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// Version of the value.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
}

/// SecretStoreRetrySettings configures retries.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SecretStoreRetrySettings {
    /// Maximum retries.
    // +kubebuilder:validation:Minimum=0
    // +kubebuilder:validation:Maximum=10
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_retries: Option<i32>,
    /// Wait between retries, a Go duration.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_interval: Option<String>,
}

/// ClusterSecretStoreCondition selects namespaces.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterSecretStoreCondition {
    /// Namespaces matching this selector.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace_selector: Option<LabelSelector>,
    /// Namespaces by name.
    // +kubebuilder:validation:items:MinLength=1
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub namespaces: Vec<String>,
    /// Namespaces by regular expression.
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub namespace_regexes: Vec<String>,
}

/// SecretStoreStatus is the observed state of a store.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SecretStoreStatus {
    /// Conditions.
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<SecretStoreStatusCondition>,
    /// What the store can do.
    // +kubebuilder:validation:Enum=ReadOnly;WriteOnly;ReadWrite
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capabilities: Option<String>,
}

/// SecretStoreStatusCondition is a condition of a store.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SecretStoreStatusCondition {
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
