package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// PrivateKeyAlgorithm is the algorithm of a private key.
// +kubebuilder:validation:Enum=RSA;ECDSA;Ed25519
type PrivateKeyAlgorithm string

// DNSName is a host name a certificate is valid for.
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=253
// +kubebuilder:validation:Pattern=`^(\*\.)?[a-z0-9]([-a-z0-9.]*[a-z0-9])?$`
// +kubebuilder:validation:XValidation:rule="!self.endsWith('.')",message="no trailing dot"
type DNSName string

// Certificate asks an issuer for a signed X.509 certificate.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=certificates,singular=certificate,shortName=cert;certs,categories=cert-manager,scope=Namespaced
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Ready",type="string",JSONPath=".status.conditions[?(@.type==\"Ready\")].status"
// +kubebuilder:printcolumn:name="Secret",type="string",JSONPath=".spec.secretName"
// +kubebuilder:printcolumn:name="Issuer",type="string",JSONPath=".spec.issuerRef.name",priority=1
// +kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp",description="CreationTimestamp is a timestamp representing the server time when this object was created."
// +kubebuilder:storageversion
type Certificate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Desired state of the certificate.
	Spec CertificateSpec `json:"spec"`
	// Observed state of the certificate.
	// +optional
	Status CertificateStatus `json:"status,omitempty"`
}

// CertificateSpec is the desired state of a Certificate.
// +kubebuilder:validation:XValidation:rule="has(self.commonName) || has(self.dnsNames) || has(self.uris)",message="at least one of commonName, dnsNames or uris must be set"
// +kubebuilder:validation:XValidation:rule="!has(self.duration) || !has(self.renewBefore) || self.duration != self.renewBefore",message="renewBefore must differ from duration"
type CertificateSpec struct {
	// Common name of the subject.
	// +kubebuilder:validation:MaxLength=64
	// +optional
	CommonName string `json:"commonName,omitempty"`

	// Requested validity, a Go duration.
	// +optional
	Duration *metav1.Duration `json:"duration,omitempty"`

	// How long before expiry the certificate is renewed.
	// +optional
	RenewBefore *metav1.Duration `json:"renewBefore,omitempty"`

	// Percentage of the validity after which the certificate is renewed.
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=99
	// +optional
	RenewBeforePercentage *int32 `json:"renewBeforePercentage,omitempty"`

	// Host names the certificate is valid for.
	// +kubebuilder:validation:MaxItems=100
	// +listType=set
	// +optional
	DNSNames []DNSName `json:"dnsNames,omitempty"`

	// The name the certificate is mostly used for; field markers beside the
	// named type's (both apply).
	// +kubebuilder:validation:MaxLength=64
	// +kubebuilder:validation:Pattern=`^[a-z0-9.-]+$`
	// +kubebuilder:validation:XValidation:rule="!self.startsWith('-')",message="no leading dash"
	// +optional
	PrimaryDNSName DNSName `json:"primaryDNSName,omitempty"`

	// IP addresses the certificate is valid for.
	// +kubebuilder:validation:items:Format=ipv4
	// +optional
	IPAddresses []string `json:"ipAddresses,omitempty"`

	// URIs the certificate is valid for.
	// +kubebuilder:validation:items:Pattern=`^[a-z]+://`
	// +kubebuilder:validation:items:MaxLength=512
	// +optional
	URIs []string `json:"uris,omitempty"`

	// Email addresses the certificate is valid for.
	// +kubebuilder:validation:UniqueItems=false
	// +kubebuilder:validation:items:Format=email
	// +optional
	EmailAddresses []string `json:"emailAddresses,omitempty"`

	// Name of the Secret the key pair is stored in; immutable.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=253
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="secretName is immutable"
	// +required
	SecretName string `json:"secretName"`

	// Labels and annotations copied onto the Secret.
	// +optional
	SecretTemplate *CertificateSecretTemplate `json:"secretTemplate,omitempty"`

	// The issuer to ask.
	IssuerRef IssuerReference `json:"issuerRef"`

	// Mark the certificate as a CA.
	// +kubebuilder:default=false
	// +optional
	IsCA bool `json:"isCA,omitempty"`

	// Key usages requested.
	// +kubebuilder:validation:items:Enum="signing";"digital signature";"key encipherment";"server auth";"client auth"
	// +listType=atomic
	// +optional
	Usages []string `json:"usages,omitempty"`

	// Private key options.
	// +optional
	PrivateKey *CertificatePrivateKey `json:"privateKey,omitempty"`

	// How many revisions of CertificateRequests to keep.
	// +kubebuilder:validation:Minimum=1
	// +default=3
	// +optional
	RevisionHistoryLimit *int32 `json:"revisionHistoryLimit,omitempty"`

	// Keystores to write next to the key pair.
	// +kubebuilder:validation:MinProperties=1
	// +kubebuilder:validation:MaxProperties=2
	// +mapType=granular
	// +optional
	Keystores map[string]Keystore `json:"keystores,omitempty"`
}

// CertificateSecretTemplate holds labels and annotations for the Secret.
// +structType=granular
type CertificateSecretTemplate struct {
	// Annotations for the Secret.
	// +optional
	Annotations map[string]string `json:"annotations,omitempty"`
	// Labels for the Secret.
	// +kubebuilder:validation:MaxProperties=64
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
}

// IssuerReference points at an Issuer or ClusterIssuer.
// +structType=atomic
type IssuerReference struct {
	// Name of the issuer.
	// +kubebuilder:validation:MinLength=1
	Name string `json:"name"`
	// Kind of the issuer.
	// +kubebuilder:validation:Enum=Issuer;ClusterIssuer
	// +kubebuilder:default=Issuer
	// +optional
	Kind string `json:"kind,omitempty"`
	// Group of the issuer.
	// +kubebuilder:default="cert-manager.io"
	// +optional
	Group string `json:"group,omitempty"`
}

// CertificatePrivateKey says how the private key is made.
type CertificatePrivateKey struct {
	// Rotate the key on each renewal.
	// +kubebuilder:validation:Enum=Never;Always
	// +kubebuilder:default=Always
	// +optional
	RotationPolicy string `json:"rotationPolicy,omitempty"`
	// Key algorithm.
	// +optional
	Algorithm PrivateKeyAlgorithm `json:"algorithm,omitempty"`
	// Key size in bits.
	// +kubebuilder:validation:Minimum=256
	// +kubebuilder:validation:Maximum=8192
	// +kubebuilder:validation:MultipleOf=8
	// +optional
	Size int `json:"size,omitempty"`
}

// Keystore configures one keystore format.
type Keystore struct {
	// Create the keystore.
	Create bool `json:"create"`
	// Secret key holding the keystore's password.
	PasswordSecretRef corev1.SecretKeySelector `json:"passwordSecretRef"`
}

// CertificateStatus is the observed state of a Certificate.
type CertificateStatus struct {
	// Current conditions.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	// When the certificate expires.
	// +optional
	NotAfter *metav1.Time `json:"notAfter,omitempty"`
	// When the certificate will be renewed.
	// +optional
	RenewalTime *metav1.Time `json:"renewalTime,omitempty"`
	// Revision of the certificate.
	// +kubebuilder:validation:Minimum=0
	// +optional
	Revision *int `json:"revision,omitempty"`
	// Failed issuance attempts in a row.
	// +nullable
	// +optional
	FailedIssuanceAttempts *int `json:"failedIssuanceAttempts,omitempty"`
}

// Issuer signs certificates in one namespace.
// +kubebuilder:object:root=true
// +kubebuilder:resource:categories=cert-manager
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Ready",type="string",JSONPath=".status.conditions[?(@.type==\"Ready\")].status"
// +kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp"
type Issuer struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Issuer configuration; exactly one kind.
	Spec IssuerSpec `json:"spec"`
	// Observed state.
	// +optional
	Status IssuerStatus `json:"status,omitempty"`
}

// IssuerSpec configures exactly one kind of issuer.
// +kubebuilder:validation:XValidation:rule="[has(self.ca), has(self.selfSigned), has(self.acme)].filter(x, x).size() == 1",message="exactly one of ca, selfSigned or acme must be set"
type IssuerSpec struct {
	// A CA key pair in a Secret.
	// +optional
	CA *CAIssuer `json:"ca,omitempty"`
	// Self-signed certificates.
	// +optional
	SelfSigned *SelfSignedIssuer `json:"selfSigned,omitempty"`
	// An ACME server.
	// +optional
	ACME *ACMEIssuer `json:"acme,omitempty"`
}

// CAIssuer signs with a CA key pair.
type CAIssuer struct {
	// Secret holding the CA key pair.
	// +kubebuilder:validation:MinLength=1
	SecretName string `json:"secretName"`
	// OCSP servers to list in certificates.
	// +listType=atomic
	// +optional
	OCSPServers []string `json:"ocspServers,omitempty"`
}

// SelfSignedIssuer signs certificates with their own key.
type SelfSignedIssuer struct {
	// CRL distribution points.
	// +optional
	CRLDistributionPoints []string `json:"crlDistributionPoints,omitempty"`
}

// ACMEIssuer talks to an ACME server.
type ACMEIssuer struct {
	// ACME directory URL.
	// +kubebuilder:validation:Format=uri
	Server string `json:"server"`
	// Contact e-mail.
	// +kubebuilder:validation:Format=email
	// +optional
	Email string `json:"email,omitempty"`
	// Secret for the ACME account key.
	PrivateKey corev1.LocalObjectReference `json:"privateKeySecretRef"`
	// Skip TLS verification of the server.
	// +kubebuilder:default=false
	// +optional
	SkipTLSVerify bool `json:"skipTLSVerify,omitempty"`
	// Challenge solvers, tried in order.
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=10
	Solvers []ACMESolver `json:"solvers"`
}

// ACMESolver solves one kind of challenge.
type ACMESolver struct {
	// DNS zones this solver covers.
	// +optional
	DNSZones []string `json:"dnsZones,omitempty"`
	// Raw provider configuration, kept as is.
	// +kubebuilder:pruning:PreserveUnknownFields
	// +kubebuilder:validation:Schemaless
	// +optional
	Config *JSON `json:"config,omitempty"`
}

// JSON is free-form configuration.
type JSON struct {
	// The raw bytes.
	Raw []byte `json:"-"`
}

// IssuerStatus is the observed state of an Issuer.
type IssuerStatus struct {
	// Current conditions.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	// ACME account URI.
	// +optional
	ACMEAccountURI string `json:"acmeAccountURI,omitempty"`
}
