//! What the children of an App should look like: the Deployment and Service
//! the controller applies, as pure functions of the App.
//!
//! These are *apply configurations*: they hold only the fields this controller
//! owns (server-side apply merges them into the live objects and leaves every
//! other field, and every field another manager owns, alone). Nothing here is
//! defaulted by hand; the API server's defaults are the server's business, and
//! [`crate::drift`] compares only the fields set here.

use std::collections::BTreeMap;

use k8s_openapi::api::apps::v1::{Deployment, DeploymentSpec};
use k8s_openapi::api::core::v1::{
    Container, ContainerPort, PodSpec, PodTemplateSpec, Service, ServicePort, ServiceSpec,
};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{LabelSelector, ObjectMeta, OwnerReference};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;

use kube::Resource;

use crate::api::App;
use crate::validate::ValidApp;

/// The field manager of every write this controller makes.
pub const FIELD_MANAGER: &str = "app-controller";
/// Label on the children and their pods naming the owning App; the
/// Deployment's selector and the Service's selector use it.
pub const APP_LABEL: &str = "myapp.k8s.io/app";
/// The well-known label saying which tool manages an object.
pub const MANAGED_BY_LABEL: &str = "app.kubernetes.io/managed-by";
/// The value of [`MANAGED_BY_LABEL`] on the children.
pub const MANAGED_BY: &str = "app-controller";
/// The port the container listens on and the Service exposes.
pub const HTTP_PORT: i32 = 80;
/// Name of that port on the container and the Service.
pub const HTTP_PORT_NAME: &str = "http";

/// The controller owner reference every child carries: garbage collection
/// deletes the child with the App, and `blockOwnerDeletion` makes a
/// foreground deletion of the App wait for it.
pub fn owner_reference(app: &ValidApp<'_>) -> OwnerReference {
    OwnerReference {
        api_version: App::api_version(&()).into_owned(),
        kind: App::kind(&()).into_owned(),
        name: app.name.to_owned(),
        uid: app.uid.to_owned(),
        controller: Some(true),
        block_owner_deletion: Some(true),
    }
}

/// The labels the children select the App's pods by.
pub fn selector_labels(app: &ValidApp<'_>) -> BTreeMap<String, String> {
    BTreeMap::from([(APP_LABEL.to_owned(), app.name.to_owned())])
}

/// The labels on the children themselves.
pub fn object_labels(app: &ValidApp<'_>) -> BTreeMap<String, String> {
    let mut labels = selector_labels(app);
    labels.insert(MANAGED_BY_LABEL.to_owned(), MANAGED_BY.to_owned());
    labels
}

fn child_meta(app: &ValidApp<'_>, name: &str) -> ObjectMeta {
    ObjectMeta {
        name: Some(name.to_owned()),
        namespace: Some(app.namespace.to_owned()),
        labels: Some(object_labels(app)),
        owner_references: Some(vec![owner_reference(app)]),
        ..ObjectMeta::default()
    }
}

/// The Deployment `spec.deployment.name`: `replicas` pods (left to other
/// managers when the App does not say), one container named like the
/// Deployment running the image with port 80, pods labelled with the App.
pub fn deployment(app: &ValidApp<'_>) -> Deployment {
    Deployment {
        metadata: child_meta(app, app.deployment_name),
        spec: Some(DeploymentSpec {
            replicas: app.replicas,
            selector: LabelSelector {
                match_labels: Some(selector_labels(app)),
                match_expressions: None,
            },
            template: PodTemplateSpec {
                metadata: Some(ObjectMeta {
                    labels: Some(selector_labels(app)),
                    ..ObjectMeta::default()
                }),
                spec: Some(PodSpec {
                    containers: vec![Container {
                        name: app.deployment_name.to_owned(),
                        image: Some(app.image.to_owned()),
                        ports: Some(vec![ContainerPort {
                            name: Some(HTTP_PORT_NAME.to_owned()),
                            container_port: HTTP_PORT,
                            protocol: Some("TCP".to_owned()),
                            ..ContainerPort::default()
                        }]),
                        ..Container::default()
                    }],
                    ..PodSpec::default()
                }),
            },
            ..DeploymentSpec::default()
        }),
        status: None,
    }
}

/// The Service `spec.service.name`: port 80 → 80/TCP, selecting the App's pods.
pub fn service(app: &ValidApp<'_>) -> Service {
    Service {
        metadata: child_meta(app, app.service_name),
        spec: Some(ServiceSpec {
            selector: Some(selector_labels(app)),
            ports: Some(vec![ServicePort {
                name: Some(HTTP_PORT_NAME.to_owned()),
                port: HTTP_PORT,
                target_port: Some(IntOrString::Int(HTTP_PORT)),
                protocol: Some("TCP".to_owned()),
                ..ServicePort::default()
            }]),
            ..ServiceSpec::default()
        }),
        status: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::app;
    use crate::validate::validate;
    use serde_json::json;

    #[test]
    fn deployment_apply_configuration() {
        let app = app("example", "web", "nginx:1.27", Some(2), "web-svc");
        let valid = validate(&app).unwrap();
        let value = serde_json::to_value(deployment(&valid)).unwrap();
        assert_eq!(
            value,
            json!({
                "apiVersion": "apps/v1",
                "kind": "Deployment",
                "metadata": {
                    "name": "web",
                    "namespace": "default",
                    "labels": {
                        "app.kubernetes.io/managed-by": "app-controller",
                        "myapp.k8s.io/app": "example"
                    },
                    "ownerReferences": [{
                        "apiVersion": "myapp.k8s.io/v1",
                        "kind": "App",
                        "name": "example",
                        "uid": "uid-example",
                        "controller": true,
                        "blockOwnerDeletion": true
                    }]
                },
                "spec": {
                    "replicas": 2,
                    "selector": { "matchLabels": { "myapp.k8s.io/app": "example" } },
                    "template": {
                        "metadata": { "labels": { "myapp.k8s.io/app": "example" } },
                        "spec": {
                            "containers": [{
                                "name": "web",
                                "image": "nginx:1.27",
                                "ports": [{ "name": "http", "containerPort": 80, "protocol": "TCP" }]
                            }]
                        }
                    }
                }
            })
        );
    }

    #[test]
    fn unset_replicas_are_left_to_other_managers() {
        let app = app("example", "web", "nginx", None, "web");
        let value = serde_json::to_value(deployment(&validate(&app).unwrap())).unwrap();
        assert!(value["spec"].get("replicas").is_none(), "{value}");
    }

    #[test]
    fn service_apply_configuration() {
        let app = app("example", "web", "nginx", Some(1), "front");
        let value = serde_json::to_value(service(&validate(&app).unwrap())).unwrap();
        assert_eq!(value["metadata"]["name"], "front");
        assert_eq!(
            value["metadata"]["ownerReferences"][0]["uid"],
            "uid-example"
        );
        assert_eq!(
            value["spec"],
            json!({
                "selector": { "myapp.k8s.io/app": "example" },
                "ports": [{ "name": "http", "port": 80, "targetPort": 80, "protocol": "TCP" }]
            })
        );
    }

    #[test]
    fn the_applied_deployment_as_the_server_returns_it_has_not_drifted() {
        let app = app("example", "web", "nginx:1.27", Some(2), "web");
        let valid = validate(&app).unwrap();
        let desired = deployment(&valid);
        // What the API server stores: our fields plus defaults and status.
        let mut live: Deployment = serde_json::from_value(json!({
            "metadata": {
                "name": "web", "namespace": "default", "uid": "d-1", "resourceVersion": "7",
                "generation": 1,
                "labels": {"myapp.k8s.io/app": "example", "app.kubernetes.io/managed-by": "app-controller", "team": "x"},
                "ownerReferences": [{"apiVersion": "myapp.k8s.io/v1", "kind": "App", "name": "example",
                                     "uid": "uid-example", "controller": true, "blockOwnerDeletion": true}]
            },
            "spec": {
                "replicas": 2,
                "revisionHistoryLimit": 10,
                "progressDeadlineSeconds": 600,
                "selector": {"matchLabels": {"myapp.k8s.io/app": "example"}},
                "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}},
                "template": {
                    "metadata": {"labels": {"myapp.k8s.io/app": "example"}},
                    "spec": {
                        "containers": [{"name": "web", "image": "nginx:1.27", "imagePullPolicy": "IfNotPresent",
                                        "ports": [{"name": "http", "containerPort": 80, "protocol": "TCP"}],
                                        "resources": {}, "terminationMessagePath": "/dev/termination-log",
                                        "terminationMessagePolicy": "File"}],
                        "restartPolicy": "Always", "dnsPolicy": "ClusterFirst", "schedulerName": "default-scheduler",
                        "securityContext": {}, "terminationGracePeriodSeconds": 30
                    }
                }
            },
            "status": {"observedGeneration": 1, "replicas": 2, "availableReplicas": 1}
        }))
        .unwrap();
        assert!(!kube_codegen_manager::drift::has_drifted(&desired, &live));

        live.spec.as_mut().unwrap().replicas = Some(5);
        assert!(kube_codegen_manager::drift::has_drifted(&desired, &live));
        live.spec.as_mut().unwrap().replicas = Some(2);
        live.spec
            .as_mut()
            .unwrap()
            .template
            .spec
            .as_mut()
            .unwrap()
            .containers[0]
            .image = Some("evil:latest".into());
        assert!(kube_codegen_manager::drift::has_drifted(&desired, &live));
        live.spec
            .as_mut()
            .unwrap()
            .template
            .spec
            .as_mut()
            .unwrap()
            .containers[0]
            .image = Some("nginx:1.27".into());
        live.metadata
            .labels
            .as_mut()
            .unwrap()
            .remove("myapp.k8s.io/app");
        assert!(kube_codegen_manager::drift::has_drifted(&desired, &live));
    }
}
