// Package v1 contains API Schema definitions for the cache v1 API group.
// +kubebuilder:object:generate=true
// +groupName=cache.example.com
package v1
