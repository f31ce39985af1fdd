package v1

import (
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// ConcurrencyPolicy says how to treat concurrent runs of a job.
// +kubebuilder:validation:Enum=Allow;Forbid;Replace
type ConcurrencyPolicy string

// CronJob runs a job on a schedule.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion
// +kubebuilder:resource:shortName=cj,categories=tutorial
// +kubebuilder:printcolumn:name="Schedule",type="string",JSONPath=".spec.schedule"
// +kubebuilder:printcolumn:name="Suspend",type="boolean",JSONPath=".spec.suspend"
// +kubebuilder:printcolumn:name="Last Schedule",type="date",JSONPath=".status.lastScheduleTime"
type CronJob struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Desired schedule and job.
	// +optional
	Spec CronJobSpec `json:"spec,omitempty"`
	// Observed runs.
	// +optional
	Status CronJobStatus `json:"status,omitempty"`
}

// CronJobSpec is the desired state of a CronJob.
type CronJobSpec struct {
	// The schedule in Cron format.
	// +kubebuilder:validation:MinLength=0
	// +required
	Schedule string `json:"schedule"`

	// Time zone of the schedule.
	// +kubebuilder:example="Etc/UTC"
	// +optional
	TimeZone *string `json:"timeZone,omitempty"`

	// Deadline in seconds for starting a job that missed its time.
	// +kubebuilder:validation:Minimum=0
	// +optional
	StartingDeadlineSeconds *int64 `json:"startingDeadlineSeconds,omitempty"`

	// How to treat concurrent runs.
	// +kubebuilder:default:=Allow
	// +optional
	ConcurrencyPolicy ConcurrencyPolicy `json:"concurrencyPolicy,omitempty"`

	// Suspend subsequent runs.
	// +optional
	Suspend *bool `json:"suspend,omitempty"`

	// The job to create.
	// +required
	JobTemplate batchv1.JobTemplateSpec `json:"jobTemplate"`

	// Successful finished jobs to keep.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:default:=3
	// +optional
	SuccessfulJobsHistoryLimit *int32 `json:"successfulJobsHistoryLimit,omitempty"`

	// Failed finished jobs to keep.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:default:=1
	// +optional
	FailedJobsHistoryLimit *int32 `json:"failedJobsHistoryLimit,omitempty"`
}

// CronJobStatus is the observed state of a CronJob.
type CronJobStatus struct {
	// Running jobs.
	// +listType=atomic
	// +optional
	Active []corev1.ObjectReference `json:"active,omitempty"`

	// Last time a job was scheduled.
	// +optional
	LastScheduleTime *metav1.Time `json:"lastScheduleTime,omitempty"`

	// Conditions of the CronJob.
	// +listType=map
	// +listMapKey=type
	// +patchStrategy=merge
	// +patchMergeKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty" patchStrategy:"merge" patchMergeKey:"type"`
}
