// Package v1 is a reduced model of external-secrets' ExternalSecret and
// ClusterSecretStore APIs.
// +kubebuilder:object:generate=false
// +groupName=external-secrets.io
package v1
