// Package v1 is a reduced model of prometheus-operator's ServiceMonitor API.
// +kubebuilder:object:generate=false
// +groupName=monitoring.coreos.com
package v1
