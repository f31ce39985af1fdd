/*
Copyright 2026 The Example Authors.
*/

package v1

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Phase is where a Memcached is in its life.
// +kubebuilder:validation:Enum=Pending;Running
type Phase string

const (
	// PhasePending is before the first pod runs.
	PhasePending Phase = "Pending"
	PhaseRunning Phase = "Running"
)

// Tuning holds knobs shared by specs.
type Tuning struct {
	// Threads per pod.
	// +optional
	Threads *int32 `json:"threads,omitempty"`
}

// MemcachedSpec defines the desired state of Memcached.
type MemcachedSpec struct {
	Tuning `json:",inline"`

	// Size is the number of pods.
	//
	// Example:
	//
	//    size: 3
	// +kubebuilder:validation:Minimum=1
	// +deprecated: use replicas
	Size int32 `json:"size"`

	// Memory per pod.
	// +optional
	Memory *resource.Quantity `json:"memory,omitempty"`

	// How often to check.
	// +optional
	Interval metav1.Duration `json:"interval,omitempty"`

	// Labels added to the pods.
	// +optional
	Labels map[string]string `json:"labels,omitempty"`

	// Ports to expose.
	// +listType=map
	// +listMapKey=containerPort
	// +optional
	Ports []corev1.ContainerPort `json:"ports,omitempty"`

	// A seed, base64.
	// +optional
	Seed []byte `json:"seed,omitempty"`
}

// MemcachedStatus defines the observed state of Memcached.
type MemcachedStatus struct {
	// +optional
	Phase Phase `json:"phase,omitempty"`

	// +listType=map
	// +listMapKey=type
	// +patchStrategy=merge
	// +patchMergeKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty" patchStrategy:"merge" patchMergeKey:"type"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Size",type=integer,JSONPath=`.spec.size`

// Memcached is the Schema for the memcacheds API.
type Memcached struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   MemcachedSpec   `json:"spec,omitempty"`
	Status MemcachedStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// MemcachedList contains a list of Memcached.
type MemcachedList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Memcached `json:"items"`
}

// Reconciler is Go behaviour, not data: left out.
type Reconciler interface {
	Reconcile() error
}

func (m *Memcached) Hub() {}
