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
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The desired state of the App.
    pub spec: AppSpec,
    /// The observed state of the App, written by the controller.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<AppStatus>,
}

/// AppSpec is the desired state of an App.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AppSpec {
    /// The Deployment that runs the App's image.
    pub deployment: DeploymentSpec,
    /// The Service that exposes the App's pods.
    pub service: ServiceSpec,
}

/// DeploymentSpec describes the Deployment an App owns.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DeploymentSpec {
    /// Name of the Deployment; also the name of its only container.
    // +kubebuilder:validation:MinLength=1
    // +kubebuilder:validation:MaxLength=253
    // +kubebuilder:validation:Pattern=`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`
    pub name: String,
    /// Container image to run, for example `nginx:1.27`.
    // +kubebuilder:validation:MinLength=1
    pub image: String,
    /// Number of pods to run.
    // +kubebuilder:validation:Minimum=0
    // +kubebuilder:default=1
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
}

/// ServiceSpec describes the Service an App owns.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ServiceSpec {
    /// Name of the Service.
    // +kubebuilder:validation:MinLength=1
    // +kubebuilder:validation:MaxLength=63
    // +kubebuilder:validation:Pattern=`^[a-z]([-a-z0-9]*[a-z0-9])?$`
    pub name: String,
}

/// AppStatus is the observed state of an App.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AppStatus {
    /// Number of available pods of the App's Deployment.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub available_replicas: Option<i32>,
    /// The `metadata.generation` of the App that this status describes.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observed_generation: Option<i64>,
    /// The latest observations of the App's state; `Ready` says whether the
    /// Deployment and Service exist, are controlled by this App and are available.
    // +optional
    // +listType=map
    // +listMapKey=type
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}
