use k8s_openapi::api::core::v1::LocalObjectReference;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ObjectMeta};
use serde::{Deserialize, Serialize};

/// Issuer signs certificates in one namespace.
// +kubebuilder:object:root=true
// +kubebuilder:resource:categories=cert-manager
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Ready",type="string",JSONPath=".status.conditions[?(@.type==\"Ready\")].status"
// +kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Issuer {
    pub metadata: ObjectMeta,
    /// Issuer configuration; exactly one kind.
    pub spec: IssuerSpec,
    /// Observed state.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<IssuerStatus>,
}

/// IssuerSpec configures exactly one kind of issuer.
// +kubebuilder:validation:XValidation:rule="[has(self.ca), has(self.selfSigned), has(self.acme)].filter(x, x).size() == 1",message="exactly one of ca, selfSigned or acme must be set"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IssuerSpec {
    /// A CA key pair in a Secret.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ca: Option<CaIssuer>,
    /// Self-signed certificates.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub self_signed: Option<SelfSignedIssuer>,
    /// An ACME server.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acme: Option<AcmeIssuer>,
}

/// CAIssuer signs with a CA key pair.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CaIssuer {
    /// Secret holding the CA key pair.
    // +kubebuilder:validation:MinLength=1
    pub secret_name: String,
    /// OCSP servers to list in certificates.
    // +listType=atomic
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ocsp_servers: Vec<String>,
}

/// SelfSignedIssuer signs certificates with their own key.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SelfSignedIssuer {
    /// CRL distribution points.
    // +optional
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        rename = "crlDistributionPoints"
    )]
    pub crl_distribution_points: Vec<String>,
}

/// ACMEIssuer talks to an ACME server.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AcmeIssuer {
    /// ACME directory URL.
    // +kubebuilder:validation:Format=uri
    pub server: String,
    /// Contact e-mail.
    // +kubebuilder:validation:Format=email
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// Secret for the ACME account key.
    #[serde(rename = "privateKeySecretRef")]
    pub private_key: LocalObjectReference,
    /// Skip TLS verification of the server.
    // +kubebuilder:default=false
    // +optional
    #[serde(default, rename = "skipTLSVerify")]
    pub skip_tls_verify: bool,
    /// Challenge solvers, tried in order.
    // +kubebuilder:validation:MinItems=1
    // +kubebuilder:validation:MaxItems=10
    pub solvers: Vec<AcmeSolver>,
}

/// ACMESolver solves one kind of challenge.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AcmeSolver {
    /// DNS zones this solver covers.
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty", rename = "dnsZones")]
    pub dns_zones: Vec<String>,
    /// Raw provider configuration, kept as is.
    // +kubebuilder:pruning:PreserveUnknownFields
    // +kubebuilder:validation:Schemaless
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<serde_json::Value>,
}

/// IssuerStatus is the observed state of an Issuer.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct IssuerStatus {
    /// Current conditions.
    // +listType=map
    // +listMapKey=type
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    /// ACME account URI.
    // +optional
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        rename = "acmeAccountURI"
    )]
    pub acme_account_uri: Option<String>,
}
