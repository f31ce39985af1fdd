//! Builders for unit tests.

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

use std::sync::{Arc, Mutex, PoisonError};

use k8s_openapi::api::core::v1::ObjectReference;

use crate::api::{App, AppSpec, DeploymentSpec, ServiceSpec};
use crate::events::EventSink;
use kube_codegen_manager::Event;

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

/// An [`EventSink`] that keeps events in memory, for tests.
#[derive(Clone, Debug, Default)]
pub struct RecordedEvents {
    events: Arc<Mutex<Vec<Event>>>,
}

impl RecordedEvents {
    /// The events so far, in order.
    pub fn events(&self) -> Vec<Event> {
        self.events
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The events so far as `kubectl describe` lines.
    pub fn lines(&self) -> Vec<String> {
        self.events().iter().map(ToString::to_string).collect()
    }
}

impl EventSink for RecordedEvents {
    async fn publish_about(&self, _regarding: ObjectReference, event: Event) {
        self.events
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(event);
    }
}
