// Package v1alpha1 is a reduced model of Argo Rollouts' Rollout API.
// +kubebuilder:object:generate=false
// +groupName=argoproj.io
package v1alpha1
