//! The App API of `apis/src/myapp/v1/app.rs` written by hand with kube's
//! `#[derive(CustomResource)]`: types and CRD only, no clients, listers or
//! informers. bench/run.sh compiles it next to the kube-codegen output to show
//! what the generated client code costs to build.

use k8s_openapi::apimachinery::pkg::apis::meta::v1::Condition;
use kube::CustomResource;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// AppSpec is the desired state of an App.
#[derive(CustomResource, Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[kube(
    group = "myapp.k8s.io",
    version = "v1",
    kind = "App",
    namespaced,
    status = "AppStatus",
    shortname = "ap",
    category = "all",
    printcolumn = r#"{"name":"Deployment","type":"string","jsonPath":".spec.deployment.name"}"#,
    printcolumn = r#"{"name":"Image","type":"string","jsonPath":".spec.deployment.image"}"#,
    printcolumn = r#"{"name":"Desired","type":"integer","jsonPath":".spec.deployment.replicas"}"#,
    printcolumn = r#"{"name":"Available","type":"integer","jsonPath":".status.availableReplicas"}"#,
    printcolumn = r#"{"name":"Age","type":"date","jsonPath":".metadata.creationTimestamp"}"#
)]
pub struct AppSpec {
    /// The Deployment that runs the App's image.
    pub deployment: DeploymentSpec,
    /// The Service that exposes the App's pods.
    pub service: ServiceSpec,
}

/// DeploymentSpec describes the Deployment an App owns.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DeploymentSpec {
    /// Name of the Deployment; also the name of its only container.
    #[schemars(
        length(min = 1, max = 253),
        regex(pattern = r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$")
    )]
    pub name: String,
    /// Container image to run, for example `nginx:1.27`.
    #[schemars(length(min = 1))]
    pub image: String,
    /// Number of pods to run.
    #[serde(default = "default_replicas", skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0))]
    pub replicas: Option<i32>,
}

#[allow(clippy::unnecessary_wraps)]
fn default_replicas() -> Option<i32> {
    Some(1)
}

/// ServiceSpec describes the Service an App owns.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ServiceSpec {
    /// Name of the Service.
    #[schemars(length(min = 1, max = 63), regex(pattern = r"^[a-z]([-a-z0-9]*[a-z0-9])?$"))]
    pub name: String,
}

/// AppStatus is the observed state of an App.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppStatus {
    /// Number of available pods of the App's Deployment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub available_replicas: Option<i32>,
    /// The `metadata.generation` of the App that this status describes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observed_generation: Option<i64>,
    /// The latest observations of the App's state.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(extend("x-kubernetes-list-type" = "map", "x-kubernetes-list-map-keys" = ["type"]))]
    pub conditions: Vec<Condition>,
}

/// Every CustomResourceDefinition of the API.
pub fn crds() -> Vec<k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition> {
    use kube::CustomResourceExt;
    vec![App::crd()]
}
