// Package v2 is the kubebuilder tutorial's CronJob API, version v2 (reduced).
// +kubebuilder:object:generate=false
// +groupName=batch.tutorial.kubebuilder.io
package v2
