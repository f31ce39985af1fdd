package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// App runs a container image as a Deployment and exposes it through a Service.
//
// The controller creates both objects in the App's namespace and owns them:
// deleting the App deletes them.
// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:resource:shortName=ap,categories=all
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name=Deployment,type=string,JSONPath=`.spec.deployment.name`
// +kubebuilder:printcolumn:name=Image,type=string,JSONPath=`.spec.deployment.image`
// +kubebuilder:printcolumn:name=Desired,type=integer,JSONPath=`.spec.deployment.replicas`
// +kubebuilder:printcolumn:name=Available,type=integer,JSONPath=`.status.availableReplicas`
// +kubebuilder:printcolumn:name=Age,type=date,JSONPath=`.metadata.creationTimestamp`
type App struct {
	metav1.TypeMeta `json:",inline"`
	// Standard object metadata.
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// The desired state of the App.
	Spec AppSpec `json:"spec"`
	// The observed state of the App, written by the controller.
	// +optional
	Status *AppStatus `json:"status,omitempty"`
}

// AppSpec is the desired state of an App.
type AppSpec struct {
	// The Deployment that runs the App's image.
	Deployment DeploymentSpec `json:"deployment"`
	// The Service that exposes the App's pods.
	Service ServiceSpec `json:"service"`
}

// DeploymentSpec describes the Deployment an App owns.
type DeploymentSpec struct {
	// Name of the Deployment; also the name of its only container.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=253
	// +kubebuilder:validation:Pattern=`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`
	Name string `json:"name"`
	// Container image to run, for example `nginx:1.27`.
	// +kubebuilder:validation:MinLength=1
	Image string `json:"image"`
	// Number of pods to run.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:default=1
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`
}

// ServiceSpec describes the Service an App owns.
type ServiceSpec struct {
	// Name of the Service.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=63
	// +kubebuilder:validation:Pattern=`^[a-z]([-a-z0-9]*[a-z0-9])?$`
	Name string `json:"name"`
}

// AppStatus is the observed state of an App.
type AppStatus struct {
	// Number of available pods of the App's Deployment.
	// +optional
	AvailableReplicas *int32 `json:"availableReplicas,omitempty"`
	// The `metadata.generation` of the App that this status describes.
	// +optional
	ObservedGeneration *int64 `json:"observedGeneration,omitempty"`
	// The latest observations of the App's state; `Ready` says whether the
	// Deployment and Service exist, are controlled by this App and are available.
	// +optional
	// +listType=map
	// +listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// AppList is a list of Apps.
type AppList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata"`

	Items []App `json:"items"`
}
