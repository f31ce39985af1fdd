// Package v1beta1 is the kubebuilder tutorial's CronJob API, version v1beta1 (reduced).
// +kubebuilder:object:generate=false
// +groupName=batch.tutorial.kubebuilder.io
package v1beta1
