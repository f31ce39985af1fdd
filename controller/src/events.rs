//! Events about Apps, published through the `events.k8s.io/v1` API with the
//! manager's recorder (kube's `Recorder`), as the manager's [`Event`]s.
//!
//! The Recorder folds an event into the series of an earlier one with the
//! same type, reason, action, regarding and related object, keeping the
//! earlier note. So events about a child name the child as their related
//! object (a "Created" for the Deployment and one for the Service are two
//! events), and only events whose note is fixed by that key (`Created`,
//! `Deleted`, `Synced`, `ErrResourceExists`) are folded into a series;
//! events whose note varies (`Updated` lists the drifted fields,
//! `InvalidSpec`, `ReconcileFailed` and `Undecodable` the problem) are
//! published [`fresh`](Event::fresh), so their note is never a stale one.
//!
//! [`EventSink`] is the seam that lets unit tests record events in memory.

use std::future::Future;

use generated::informers::DecodeError;
use k8s_openapi::api::core::v1::ObjectReference;
use kube::Resource;
use kube_codegen_manager::{Event, EventRecorder};

use crate::api::App;
use crate::metrics::Metrics;

/// Event reasons (CamelCase, shown by `kubectl describe app`), besides the
/// manager's `Created` and `Updated` for children written.
pub mod reason {
    /// A child the App no longer names was deleted.
    pub const DELETED: &str = "Deleted";
    /// A reconcile that changed something finished.
    pub const SYNCED: &str = "Synced";
    /// A child's name is taken by an object the App does not control.
    pub const RESOURCE_EXISTS: &str = "ErrResourceExists";
    /// The spec cannot be realised.
    pub const INVALID_SPEC: &str = "InvalidSpec";
    /// A write failed.
    pub const RECONCILE_FAILED: &str = "ReconcileFailed";
    /// A stored App does not decode as this controller's `App` type (written
    /// through another version, or by a looser schema), so it is not reconciled.
    pub const UNDECODABLE: &str = "Undecodable";
}

/// The `Warning Undecodable` event for an App the informer could not decode:
/// what failed to decode, where in the object and why, so `kubectl describe
/// app` says why the App is not reconciled.
pub fn undecodable(error: &DecodeError) -> Event {
    let note = format!(
        "cannot read the App as {} (resourceVersion {}): at {}: {}; it is not reconciled until it is fixed",
        error.rust_type(),
        error.resource_version().unwrap_or("unknown"),
        error.path(),
        error.message()
    );
    Event::warning(reason::UNDECODABLE, "Decode", note).fresh()
}

/// Where events go. Publishing never fails the reconcile: a lost event is
/// logged, not retried.
pub trait EventSink: Clone + Send + Sync + 'static {
    /// Publishes `event` about the object `regarding` (an App, or a stored
    /// App that does not decode and so has no [`App`] value).
    fn publish_about(
        &self,
        regarding: ObjectReference,
        event: Event,
    ) -> impl Future<Output = ()> + Send;

    /// Publishes `event` about `app`.
    fn publish(&self, app: &App, event: Event) -> impl Future<Output = ()> + Send {
        self.publish_about(app.object_ref(&()), event)
    }
}

/// [`EventSink`] over the manager's event recorder (published in the
/// background, one write at a time; shutdown waits for them), counting each
/// event as a write.
#[derive(Clone, Debug)]
pub struct ManagerEvents {
    recorder: EventRecorder,
    metrics: Metrics,
}

// Events about Apps (events.k8s.io/v1); the Recorder patches repeats into a series.
// +kubebuilder:rbac:groups=events.k8s.io,resources=events,verbs=create;patch
impl ManagerEvents {
    /// Events through `recorder`, counted as writes in `metrics`.
    pub fn new(recorder: EventRecorder, metrics: Metrics) -> Self {
        ManagerEvents { recorder, metrics }
    }

    /// Publishes `event` about `regarding` in the background, without waiting:
    /// for callers that cannot await, such as an informer's handlers.
    pub fn spawn_about(&self, regarding: ObjectReference, event: Event) {
        self.metrics.count_write("create", "events");
        self.recorder.publish_about(regarding, event);
    }
}

impl EventSink for ManagerEvents {
    async fn publish_about(&self, regarding: ObjectReference, event: Event) {
        self.spawn_about(regarding, event);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kube_codegen_runtime::informers::Decoded;

    #[test]
    fn the_undecodable_event_says_where_and_why_and_regards_the_stored_app() {
        let stored = serde_json::json!({
            "apiVersion": "myapp.k8s.io/v1",
            "kind": "App",
            "metadata": {"name": "web", "namespace": "shop", "uid": "u-1", "resourceVersion": "42"},
            "spec": {
                "deployment": {"name": "web", "image": "nginx:1.27", "replicas": 3_000_000_000_u64},
                "service": {"name": "web"}
            }
        });
        let Decoded::Undecodable(error) = serde_json::from_value::<Decoded<App>>(stored).unwrap()
        else {
            panic!("an App with replicas past i32 decodes");
        };
        let event = undecodable(&error);
        assert_eq!(
            event.to_string(),
            "Warning Undecodable: cannot read the App as generated::apis::myapp::v1::app::App \
             (resourceVersion 42): at spec.deployment.replicas: invalid value: integer \
             `3000000000`, expected i32; it is not reconciled until it is fixed"
        );
        assert!(event.fresh, "its note varies: always a new event");
        let regarding = error.object_ref();
        assert_eq!(
            (
                regarding.kind.as_deref(),
                regarding.namespace.as_deref(),
                regarding.name.as_deref(),
                regarding.uid.as_deref()
            ),
            (Some("App"), Some("shop"), Some("web"), Some("u-1"))
        );
    }
}
