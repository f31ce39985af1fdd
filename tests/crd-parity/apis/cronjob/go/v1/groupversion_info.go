// Package v1 is the kubebuilder tutorial's CronJob API, version v1 (reduced).
// +kubebuilder:object:generate=false
// +groupName=batch.tutorial.kubebuilder.io
package v1
