package v2

import (
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// CronField is one field of a cron schedule.
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=32
// +kubebuilder:validation:Pattern=`^[0-9*/,-]+$`
type CronField string

// ConcurrencyPolicy says how to treat concurrent runs of a job.
// +kubebuilder:validation:Enum=Allow;Forbid;Replace
type ConcurrencyPolicy string

// CronJob runs a job on a schedule; v2 spells the schedule field by field.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:shortName=cj,categories=tutorial
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

// CronSchedule is a cron schedule, field by field.
// +kubebuilder:validation:MinProperties=1
type CronSchedule struct {
	// Minute field.
	// +optional
	Minute *CronField `json:"minute,omitempty"`
	// Hour field.
	// +optional
	Hour *CronField `json:"hour,omitempty"`
	// Day-of-month field.
	// +optional
	DayOfMonth *CronField `json:"dayOfMonth,omitempty"`
	// Month field.
	// +optional
	Month *CronField `json:"month,omitempty"`
	// Day-of-week field.
	// +optional
	DayOfWeek *CronField `json:"dayOfWeek,omitempty"`
}

// CronJobSpec is the desired state of a CronJob.
type CronJobSpec struct {
	// The schedule.
	// +required
	Schedule CronSchedule `json:"schedule"`

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
}
