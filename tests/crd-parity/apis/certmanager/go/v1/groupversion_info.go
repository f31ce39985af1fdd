// Package v1 is a reduced model of cert-manager's certificates API.
// +kubebuilder:object:generate=false
// +groupName=cert-manager.io
package v1
