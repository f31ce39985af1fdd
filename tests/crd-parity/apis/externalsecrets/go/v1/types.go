package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// CreationPolicy says who owns the created Secret.
// +k8s:enum
type CreationPolicy string

// The creation policies.
const (
	CreatePolicyOwner  CreationPolicy = "Owner"
	CreatePolicyOrphan CreationPolicy = "Orphan"
	CreatePolicyMerge  CreationPolicy = "Merge"
	CreatePolicyNone   CreationPolicy = "None"
)

// SecretKeyName is the key of a Secret's data.
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=253
// +kubebuilder:validation:Pattern:=`^[-._a-zA-Z0-9]+$`
type SecretKeyName string

// ExternalSecret syncs values from an external store into a Secret.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:metadata:labels="external-secrets.io/component=controller"
// +kubebuilder:resource:scope=Namespaced,categories={external-secrets},shortName=es
// +kubebuilder:printcolumn:name="Store",type=string,JSONPath=`.spec.secretStoreRef.name`
// +kubebuilder:printcolumn:name="Refresh Interval",type=string,JSONPath=`.spec.refreshInterval`
// +kubebuilder:printcolumn:name="Status",type=string,JSONPath=`.status.conditions[?(@.type=="Ready")].reason`
// +kubebuilder:printcolumn:name="Ready",type=string,JSONPath=`.status.conditions[?(@.type=="Ready")].status`
type ExternalSecret struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// What to sync.
	Spec ExternalSecretSpec `json:"spec,omitempty"`
	// Observed state.
	// +optional
	Status ExternalSecretStatus `json:"status,omitempty"`
}

// ExternalSecretSpec is the desired state of an ExternalSecret.
// +kubebuilder:validation:XValidation:rule="has(self.data) || has(self.dataFrom)",message="data or dataFrom is required"
type ExternalSecretSpec struct {
	// The store to read from.
	// +optional
	SecretStoreRef SecretStoreRef `json:"secretStoreRef,omitempty"`

	// The Secret to write.
	// +kubebuilder:default={creationPolicy:Owner,deletionPolicy:Retain}
	// +optional
	Target ExternalSecretTarget `json:"target,omitempty"`

	// How often to re-read the store, a Go duration.
	// +kubebuilder:default="1h0m0s"
	// +optional
	RefreshInterval *metav1.Duration `json:"refreshInterval,omitempty"`

	// When to refresh.
	// +kubebuilder:validation:Enum=CreatedOnce;Periodic;OnChange
	// +optional
	RefreshPolicy string `json:"refreshPolicy,omitempty"`

	// Values to read, one by one.
	// +listType=map
	// +listMapKey=secretKey
	// +optional
	Data []ExternalSecretData `json:"data,omitempty"`

	// Values to read in bulk.
	// +kubebuilder:validation:MaxItems=16
	// +optional
	DataFrom []ExternalSecretDataFromRemoteRef `json:"dataFrom,omitempty"`
}

// SecretStoreRef names a SecretStore or ClusterSecretStore.
type SecretStoreRef struct {
	// Name of the store.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=253
	// +optional
	Name string `json:"name,omitempty"`
	// Kind of the store.
	// +kubebuilder:validation:Enum=SecretStore;ClusterSecretStore
	// +default="SecretStore"
	// +optional
	Kind string `json:"kind,omitempty"`
}

// ExternalSecretTarget describes the Secret to write.
type ExternalSecretTarget struct {
	// Name of the Secret; the ExternalSecret's name when empty.
	// +kubebuilder:validation:MaxLength=253
	// +optional
	Name string `json:"name,omitempty"`
	// Who owns the Secret.
	// +kubebuilder:default="Owner"
	// +optional
	CreationPolicy CreationPolicy `json:"creationPolicy,omitempty"`
	// What happens to the Secret when values disappear.
	// +kubebuilder:validation:Enum=Delete;Merge;Retain
	// +kubebuilder:default="Retain"
	// +optional
	DeletionPolicy string `json:"deletionPolicy,omitempty"`
	// Template of the Secret.
	// +optional
	Template *ExternalSecretTemplate `json:"template,omitempty"`
	// Make the Secret immutable.
	// +optional
	Immutable bool `json:"immutable,omitempty"`
	// An extra object rendered next to the Secret.
	// +kubebuilder:validation:XEmbeddedResource
	// +kubebuilder:validation:XPreserveUnknownFields
	// +nullable
	// +optional
	Manifest *runtime.RawExtension `json:"manifest,omitempty"`
}

// ExternalSecretTemplate renders the Secret.
type ExternalSecretTemplate struct {
	// Type of the Secret.
	// +optional
	Type corev1.SecretType `json:"type,omitempty"`
	// Template engine version.
	// +kubebuilder:validation:Enum=v1;v2
	// +kubebuilder:default="v2"
	// +optional
	EngineVersion string `json:"engineVersion,omitempty"`
	// How templated values merge with fetched ones.
	// +kubebuilder:validation:Enum=Replace;Merge
	// +kubebuilder:default="Replace"
	// +optional
	MergePolicy string `json:"mergePolicy,omitempty"`
	// Labels and annotations of the Secret.
	// +optional
	Metadata ExternalSecretTemplateMetadata `json:"metadata,omitempty"`
	// Templated data, key to template.
	// +mapType=atomic
	// +optional
	Data map[string]string `json:"data,omitempty"`
}

// ExternalSecretTemplateMetadata is metadata of the rendered Secret.
type ExternalSecretTemplateMetadata struct {
	// Annotations.
	// +optional
	Annotations map[string]string `json:"annotations,omitempty"`
	// Labels.
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
	// Finalizers.
	// +kubebuilder:validation:items:MaxLength=253
	// +listType=set
	// +optional
	Finalizers []string `json:"finalizers,omitempty"`
}

// ExternalSecretData maps one remote value to one Secret key.
type ExternalSecretData struct {
	// Key in the Secret.
	SecretKey SecretKeyName `json:"secretKey"`
	// Remote value.
	RemoteRef ExternalSecretDataRemoteRef `json:"remoteRef"`
}

// ExternalSecretDataRemoteRef names a remote value.
type ExternalSecretDataRemoteRef struct {
	// Key in the store.
	// +kubebuilder:validation:MinLength=1
	Key string `json:"key"`
	// Property of a structured value.
	// +optional
	Property string `json:"property,omitempty"`
	// Version of the value.
	// +optional
	Version string `json:"version,omitempty"`
	// Whether to fetch the value or its metadata.
	// +kubebuilder:validation:Enum=None;Fetch
	// +kubebuilder:default="None"
	// +optional
	MetadataPolicy string `json:"metadataPolicy,omitempty"`
	// How keys are converted.
	// +kubebuilder:validation:Enum=Default;Unicode
	// +kubebuilder:default="Default"
	// +optional
	ConversionStrategy string `json:"conversionStrategy,omitempty"`
	// How values are decoded.
	// +kubebuilder:validation:Enum=Auto;Base64;Base64URL;None
	// +kubebuilder:default="None"
	// +optional
	DecodingStrategy string `json:"decodingStrategy,omitempty"`
}

// ExternalSecretDataFromRemoteRef reads many values at once.
// +kubebuilder:validation:XValidation:rule="has(self.extract) != has(self.find)",message="exactly one of extract or find"
type ExternalSecretDataFromRemoteRef struct {
	// Extract all properties of one value.
	// +optional
	Extract *ExternalSecretDataRemoteRef `json:"extract,omitempty"`
	// Find values by name or tags.
	// +optional
	Find *ExternalSecretFind `json:"find,omitempty"`
}

// ExternalSecretFind finds values by name or tags.
type ExternalSecretFind struct {
	// Path prefix.
	// +optional
	Path *string `json:"path,omitempty"`
	// Name regular expression.
	// +optional
	Name *FindName `json:"name,omitempty"`
	// Tags to match.
	// +kubebuilder:validation:MaxProperties=16
	// +optional
	Tags map[string]string `json:"tags,omitempty"`
}

// FindName matches names.
type FindName struct {
	// Regular expression.
	// +optional
	RegExp string `json:"regexp,omitempty"`
}

// ExternalSecretStatus is the observed state of an ExternalSecret.
type ExternalSecretStatus struct {
	// Last refresh.
	// +nullable
	// +optional
	RefreshTime metav1.Time `json:"refreshTime,omitempty"`
	// Version of the synced values.
	// +optional
	SyncedResourceVersion string `json:"syncedResourceVersion,omitempty"`
	// Conditions.
	// +optional
	Conditions []ExternalSecretStatusCondition `json:"conditions,omitempty"`
	// The Secret written.
	// +optional
	Binding corev1.LocalObjectReference `json:"binding,omitempty"`
}

// ExternalSecretStatusCondition is a condition of an ExternalSecret.
type ExternalSecretStatusCondition struct {
	// Type of the condition.
	Type string `json:"type"`
	// Status of the condition.
	Status corev1.ConditionStatus `json:"status"`
	// Reason code.
	// +optional
	Reason string `json:"reason,omitempty"`
	// Message.
	// +optional
	Message string `json:"message,omitempty"`
	// Last transition.
	// +optional
	LastTransitionTime metav1.Time `json:"lastTransitionTime,omitempty"`
}

// ClusterSecretStore is a store usable from every namespace.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:scope=Cluster,categories={external-secrets},shortName=css
// +kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp"
// +kubebuilder:printcolumn:name="Status",type=string,JSONPath=`.status.conditions[?(@.type=="Ready")].reason`
// +kubebuilder:printcolumn:name="Capabilities",type=string,JSONPath=`.status.capabilities`
type ClusterSecretStore struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// The store.
	Spec SecretStoreSpec `json:"spec,omitempty"`
	// Observed state.
	// +optional
	Status SecretStoreStatus `json:"status,omitempty"`
}

// SecretStoreSpec configures a store.
type SecretStoreSpec struct {
	// Controller class that handles this store.
	// +optional
	Controller string `json:"controller,omitempty"`
	// The provider; exactly one.
	Provider *SecretStoreProvider `json:"provider"`
	// Retries of failed reads.
	// +optional
	RetrySettings *SecretStoreRetrySettings `json:"retrySettings,omitempty"`
	// Seconds between validations of the store.
	// +kubebuilder:validation:Minimum=0
	// +optional
	RefreshInterval int `json:"refreshInterval,omitempty"`
	// Namespaces allowed to use the store.
	// +optional
	Conditions []ClusterSecretStoreCondition `json:"conditions,omitempty"`
}

// SecretStoreProvider holds exactly one provider.
// +kubebuilder:validation:MinProperties=1
// +kubebuilder:validation:MaxProperties=1
type SecretStoreProvider struct {
	// HashiCorp Vault.
	// +optional
	Vault *VaultProvider `json:"vault,omitempty"`
	// A fixed in-memory store, for tests.
	// +optional
	Fake *FakeProvider `json:"fake,omitempty"`
}

// VaultProvider reads from HashiCorp Vault.
type VaultProvider struct {
	// Server URL.
	// +kubebuilder:validation:Format=uri
	Server string `json:"server"`
	// Mount path of the KV engine.
	// +optional
	Path *string `json:"path,omitempty"`
	// KV engine version.
	// +kubebuilder:validation:Enum=v1;v2
	// +kubebuilder:default:="v2"
	// +optional
	Version string `json:"version,omitempty"`
	// Vault namespace.
	// +optional
	Namespace *string `json:"namespace,omitempty"`
	// CA bundle, PEM.
	// +optional
	CABundle []byte `json:"caBundle,omitempty"`
	// Headers sent with each request.
	// +optional
	Headers map[string]string `json:"headers,omitempty"`
}

// FakeProvider serves fixed values.
type FakeProvider struct {
	// The values.
	// +listType=map
	// +listMapKey=key
	Data []FakeProviderData `json:"data"`
}

// FakeProviderData is one fixed value.
type FakeProviderData struct {
	// Key of the value.
	Key string `json:"key"`
	// The value.
	// +optional
	Value string `json:"value,omitempty"`
	// Version of the value.
	// +optional
	Version string `json:"version,omitempty"`
}

// SecretStoreRetrySettings configures retries.
type SecretStoreRetrySettings struct {
	// Maximum retries.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=10
	// +optional
	MaxRetries *int32 `json:"maxRetries,omitempty"`
	// Wait between retries, a Go duration.
	// +optional
	RetryInterval *string `json:"retryInterval,omitempty"`
}

// ClusterSecretStoreCondition selects namespaces.
type ClusterSecretStoreCondition struct {
	// Namespaces matching this selector.
	// +optional
	NamespaceSelector *metav1.LabelSelector `json:"namespaceSelector,omitempty"`
	// Namespaces by name.
	// +kubebuilder:validation:items:MinLength=1
	// +optional
	Namespaces []string `json:"namespaces,omitempty"`
	// Namespaces by regular expression.
	// +optional
	NamespaceRegexes []string `json:"namespaceRegexes,omitempty"`
}

// SecretStoreStatus is the observed state of a store.
type SecretStoreStatus struct {
	// Conditions.
	// +optional
	Conditions []SecretStoreStatusCondition `json:"conditions,omitempty"`
	// What the store can do.
	// +kubebuilder:validation:Enum=ReadOnly;WriteOnly;ReadWrite
	// +optional
	Capabilities string `json:"capabilities,omitempty"`
}

// SecretStoreStatusCondition is a condition of a store.
type SecretStoreStatusCondition struct {
	// Type of the condition.
	Type string `json:"type"`
	// Status of the condition.
	Status corev1.ConditionStatus `json:"status"`
	// Reason code.
	// +optional
	Reason string `json:"reason,omitempty"`
	// Message.
	// +optional
	Message string `json:"message,omitempty"`
	// Last transition.
	// +optional
	LastTransitionTime metav1.Time `json:"lastTransitionTime,omitempty"`
}
