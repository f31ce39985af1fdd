// Package v1 is a reduced model of CloudNativePG's Cluster API.
// +kubebuilder:object:generate=false
// +groupName=postgresql.cnpg.io
package v1
