use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ObjectMeta};
use serde::{Deserialize, Serialize};

/// App runs a container image as a Deployment and exposes it through a Service.
///
/// The controller creates both objects in the App's namespace and owns them:
/// deleting the App deletes them.
// +genclient
// +kubebuilder:resource:shortName=ap,categories=all
// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=unapproved, example API for kube-codegen"
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name=Deployment,type=string,JSONPath=`.spec.deployment.name`
// +kubebuilder:printcolumn:name=Image,type=string,JSONPath=`.spec.deployment.image`
// +kubebuilder:printcolumn:name=Desired,type=integer,JSONPath=`.spec.deployment.replicas`
// +kubebuilder:printcolumn:name=Available,type=integer,JSONPath=`.status.availableReplicas`
// +kubebuilder:printcolumn:name=Age,type=date,JSONPath=`.metadata.creationTimestamp`
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct App {
    /// metadata is the App's standard object metadata.
    // +optional
    pub metadata: ObjectMeta,
    /// spec is the desired state of the App.
    // +required
    pub spec: AppSpec,
    /// status is the observed state of the App, written by the controller.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<AppStatus>,
}

/// AppSpec is the desired state of an App.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AppSpec {
    /// deployment is the Deployment that runs the App's image.
    // +required
    pub deployment: DeploymentSpec,
    /// service is the Service that exposes the App's pods.
    // +required
    pub service: ServiceSpec,
}

/// DeploymentSpec describes the Deployment an App owns.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DeploymentSpec {
    /// name is the Deployment's name, also the name of its only container.
    // +kubebuilder:validation:MinLength=1
    // +kubebuilder:validation:MaxLength=253
    // +kubebuilder:validation:Pattern=`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`
    // +required
    pub name: String,
    /// image is the container image to run, for example `nginx:1.27`.
    // +kubebuilder:validation:MinLength=1
    // +kubebuilder:validation:MaxLength=4096
    // +required
    pub image: String,
    /// replicas is the number of pods to run.
    // +kubebuilder:validation:Minimum=0
    // +default=1
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
}

/// ServiceSpec describes the Service an App owns.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ServiceSpec {
    /// name is the Service's name.
    // +kubebuilder:validation:MinLength=1
    // +kubebuilder:validation:MaxLength=63
    // +kubebuilder:validation:Pattern=`^[a-z]([-a-z0-9]*[a-z0-9])?$`
    // +required
    pub name: String,
}

/// AppStatus is the observed state of an App.
// +kubebuilder:validation:MinProperties=0
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AppStatus {
    /// conditions are the latest observations of the App's state; `Ready` says
    /// whether the Deployment and Service exist, are controlled by this App and
    /// are available.
    // +optional
    // +listType=map
    // +listMapKey=type
    // +kubebuilder:validation:MinItems=0
    // +kubebuilder:validation:MaxItems=32
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    /// availableReplicas is the number of available pods of the App's Deployment.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub available_replicas: Option<i32>,
    /// observedGeneration is the `metadata.generation` of the App that this status describes.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observed_generation: Option<i64>,
}
