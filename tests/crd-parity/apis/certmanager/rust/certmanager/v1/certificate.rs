use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::SecretKeySelector;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ObjectMeta, Time};
use serde::{Deserialize, Serialize};

/// PrivateKeyAlgorithm is the algorithm of a private key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PrivateKeyAlgorithm {
    /// RSA keys.
    #[serde(rename = "RSA")]
    Rsa,
    /// ECDSA keys.
    #[serde(rename = "ECDSA")]
    Ecdsa,
    /// Ed25519 keys.
    Ed25519,
}

/// DNSName is a host name a certificate is valid for.
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=253
// +kubebuilder:validation:Pattern=`^(\*\.)?[a-z0-9]([-a-z0-9.]*[a-z0-9])?$`
// +kubebuilder:validation:XValidation:rule="!self.endsWith('.')",message="no trailing dot"
pub type DnsName = String;

/// Certificate asks an issuer for a signed X.509 certificate.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=certificates,singular=certificate,shortName=cert;certs,categories=cert-manager,scope=Namespaced
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Ready",type="string",JSONPath=".status.conditions[?(@.type==\"Ready\")].status"
// +kubebuilder:printcolumn:name="Secret",type="string",JSONPath=".spec.secretName"
// +kubebuilder:printcolumn:name="Issuer",type="string",JSONPath=".spec.issuerRef.name",priority=1
// +kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp",description="CreationTimestamp is a timestamp representing the server time when this object was created."
// +kubebuilder:storageversion
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Certificate {
    pub metadata: ObjectMeta,
    /// Desired state of the certificate.
    pub spec: CertificateSpec,
    /// Observed state of the certificate.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<CertificateStatus>,
}

/// CertificateSpec is the desired state of a Certificate.
// +kubebuilder:validation:XValidation:rule="has(self.commonName) || has(self.dnsNames) || has(self.uris)",message="at least one of commonName, dnsNames or uris must be set"
// +kubebuilder:validation:XValidation:rule="!has(self.duration) || !has(self.renewBefore) || self.duration != self.renewBefore",message="renewBefore must differ from duration"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificateSpec {
    /// Common name of the subject.
    // +kubebuilder:validation:MaxLength=64
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub common_name: Option<String>,
    /// Requested validity, a Go duration.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration: Option<String>,
    /// How long before expiry the certificate is renewed.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub renew_before: Option<String>,
    /// Percentage of the validity after which the certificate is renewed.
    // +kubebuilder:validation:Minimum=1
    // +kubebuilder:validation:Maximum=99
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub renew_before_percentage: Option<i32>,
    /// Host names the certificate is valid for.
    // +kubebuilder:validation:MaxItems=100
    // +listType=set
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty", rename = "dnsNames")]
    pub dns_names: Vec<DnsName>,
    /// The name the certificate is mostly used for; field markers beside the
    /// named type's (both apply).
    // +kubebuilder:validation:MaxLength=64
    // +kubebuilder:validation:Pattern=`^[a-z0-9.-]+$`
    // +kubebuilder:validation:XValidation:rule="!self.startsWith('-')",message="no leading dash"
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "primaryDNSName")]
    pub primary_dns_name: Option<DnsName>,
    /// IP addresses the certificate is valid for.
    // +kubebuilder:validation:items:Format=ipv4
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty", rename = "ipAddresses")]
    pub ip_addresses: Vec<String>,
    /// URIs the certificate is valid for.
    // +kubebuilder:validation:items:Pattern=`^[a-z]+://`
    // +kubebuilder:validation:items:MaxLength=512
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty", rename = "uris")]
    pub uris: Vec<String>,
    /// Email addresses the certificate is valid for.
    // +kubebuilder:validation:UniqueItems=false
    // +kubebuilder:validation:items:Format=email
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub email_addresses: Vec<String>,
    /// Name of the Secret the key pair is stored in; immutable.
    // +kubebuilder:validation:MinLength=1
    // +kubebuilder:validation:MaxLength=253
    // +kubebuilder:validation:XValidation:rule="self == oldSelf",message="secretName is immutable"
    // +required
    pub secret_name: String,
    /// Labels and annotations copied onto the Secret.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_template: Option<CertificateSecretTemplate>,
    /// The issuer to ask.
    pub issuer_ref: IssuerReference,
    /// Mark the certificate as a CA.
    // +kubebuilder:default=false
    // +optional
    #[serde(default, rename = "isCA")]
    pub is_ca: bool,
    /// Key usages requested.
    // +kubebuilder:validation:items:Enum="signing";"digital signature";"key encipherment";"server auth";"client auth"
    // +listType=atomic
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub usages: Vec<String>,
    /// Private key options.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub private_key: Option<CertificatePrivateKey>,
    /// How many revisions of CertificateRequests to keep.
    // +kubebuilder:validation:Minimum=1
    // +default=3
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revision_history_limit: Option<i32>,
    /// Keystores to write next to the key pair.
    // +kubebuilder:validation:MinProperties=1
    // +kubebuilder:validation:MaxProperties=2
    // +mapType=granular
    // +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub keystores: BTreeMap<String, Keystore>,
}

/// CertificateSecretTemplate holds labels and annotations for the Secret.
// +structType=granular
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CertificateSecretTemplate {
    /// Annotations for the Secret.
    // +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub annotations: BTreeMap<String, String>,
    /// Labels for the Secret.
    // +kubebuilder:validation:MaxProperties=64
    // +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
}

/// IssuerReference points at an Issuer or ClusterIssuer.
// +structType=atomic
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct IssuerReference {
    /// Name of the issuer.
    // +kubebuilder:validation:MinLength=1
    pub name: String,
    /// Kind of the issuer.
    // +kubebuilder:validation:Enum=Issuer;ClusterIssuer
    // +kubebuilder:default=Issuer
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Group of the issuer.
    // +kubebuilder:default="cert-manager.io"
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
}

/// CertificatePrivateKey says how the private key is made.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificatePrivateKey {
    /// Rotate the key on each renewal.
    // +kubebuilder:validation:Enum=Never;Always
    // +kubebuilder:default=Always
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotation_policy: Option<String>,
    /// Key algorithm.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub algorithm: Option<PrivateKeyAlgorithm>,
    /// Key size in bits.
    // +kubebuilder:validation:Minimum=256
    // +kubebuilder:validation:Maximum=8192
    // +kubebuilder:validation:MultipleOf=8
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<isize>,
}

/// Keystore configures one keystore format.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Keystore {
    /// Create the keystore.
    pub create: bool,
    /// Secret key holding the keystore's password.
    pub password_secret_ref: SecretKeySelector,
}

/// CertificateStatus is the observed state of a Certificate.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificateStatus {
    /// Current conditions.
    // +listType=map
    // +listMapKey=type
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    /// When the certificate expires.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_after: Option<Time>,
    /// When the certificate will be renewed.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub renewal_time: Option<Time>,
    /// Revision of the certificate.
    // +kubebuilder:validation:Minimum=0
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revision: Option<isize>,
    /// Failed issuance attempts in a row.
    // +nullable
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed_issuance_attempts: Option<isize>,
}
