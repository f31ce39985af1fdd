// Shapes of cert-manager's Certificate.
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// Certificate asks for a signed certificate.
// +genclient
// +kubebuilder:subresource:status
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Certificate {
    /// metadata is the standard object metadata.
    // +optional
    pub metadata: ObjectMeta,
    /// spec is the desired certificate.
    // +required
    pub spec: CertificateSpec,
}

/// CertificateSpec is the desired certificate.
// +kube-codegen:lint:ignore=minlength the issuer decides what an empty spec means
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificateSpec {
    /// dnsNames are the names the certificate is for.
    // +optional
    // +listType=set
    // +kubebuilder:validation:MaxItems=100
    // +kubebuilder:validation:items:MaxLength=253
    // +kube-codegen:lint:ignore=minlength an empty list means the common name only
    pub dns_names: Vec<String>,
    /// durationHours is how long the certificate is valid.
    // +optional
    // +kubebuilder:validation:Minimum=1
    // +kube-codegen:lint:ignore=optionalfields
    pub duration_hours: Option<i32>,
    /// keyUsages lists what the key may be used for.
    // +optional
    // +kube-codegen:lint:ignore=ssatag a typo of the rule
    // +kubebuilder:validation:MaxItems=8
    // +kubebuilder:validation:MinItems=0
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub key_usages: Vec<String>,
    /// Whether to reuse the private key.
    // +optional
    // +nullable
    pub reuse_private_key: Option<String>,
}
