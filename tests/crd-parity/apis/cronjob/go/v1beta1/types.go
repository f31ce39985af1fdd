package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// CronJob is the first, deprecated shape of the API.
// +kubebuilder:object:root=true
// +kubebuilder:deprecatedversion:warning="batch.tutorial.kubebuilder.io/v1beta1 CronJob is deprecated; use v1"
// +kubebuilder:resource:shortName=cj,categories=tutorial
type CronJob struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Desired schedule and command.
	// +optional
	Spec CronJobSpec `json:"spec,omitempty"`
}

// CronJobSpec is the desired state of a CronJob.
type CronJobSpec struct {
	// The schedule in Cron format.
	// +kubebuilder:validation:MinLength=9
	Schedule string `json:"schedule"`
	// Image to run.
	// +kubebuilder:validation:MinLength=1
	Image string `json:"image"`
	// Arguments to the image.
	// +kubebuilder:validation:MaxItems=64
	// +optional
	Args []string `json:"args,omitempty"`
	// Suspend subsequent runs.
	// +kubebuilder:default=false
	// +optional
	Suspend bool `json:"suspend,omitempty"`
}
