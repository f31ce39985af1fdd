//! Builders for unit tests.

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

use crate::api::{App, AppSpec, DeploymentSpec, ServiceSpec};

/// An App `name` in `default` with uid `uid-<name>` and generation 1.
pub fn app(name: &str, deployment: &str, image: &str, replicas: Option<i32>, service: &str) -> App {
    App {
        metadata: ObjectMeta {
            name: Some(name.to_owned()),
            namespace: Some("default".to_owned()),
            uid: Some(format!("uid-{name}")),
            generation: Some(1),
            resource_version: Some("1".to_owned()),
            ..ObjectMeta::default()
        },
        spec: AppSpec {
            deployment: DeploymentSpec {
                name: deployment.to_owned(),
                image: image.to_owned(),
                replicas,
            },
            service: ServiceSpec {
                name: service.to_owned(),
            },
        },
        status: None,
    }
}
