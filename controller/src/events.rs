//! Events about Apps, published through the `events.k8s.io/v1` API with the
//! manager's recorder (kube's `Recorder`).
//!
//! The Recorder folds an event into the series of an earlier one with the
//! same type, reason, action, regarding and related object, keeping the
//! earlier note. So events about a child name the child as their related
//! object (a "Created" for the Deployment and one for the Service are two
//! events), and only events whose note is fixed by that key (`Created`,
//! `Deleted`, `Synced`, `ErrResourceExists`) go through the long-lived,
//! aggregating Recorder; events whose note varies (`Updated` lists the
//! drifted fields, `InvalidSpec` and `ReconcileFailed` the problem) are
//! published as new events, so their note is never a stale one.
//!
//! [`EventSink`] is the seam that lets unit tests record events in memory.

use std::future::Future;

use k8s_openapi::api::core::v1::ObjectReference;
use kube::Resource;
use kube_codegen_manager::{Event, EventRecorder};

use crate::api::App;
use crate::metrics::Metrics;
use generated::informers::DecodeError;

/// Event reasons (CamelCase, shown by `kubectl describe app`).
pub mod reason {
    /// A child was created.
    pub const CREATED: &str = "Created";
    /// A child was corrected to match the App.
    pub const UPDATED: &str = "Updated";
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

/// One event about an App.
#[derive(Clone, Debug, PartialEq)]
pub struct AppEvent {
    /// `Warning` or not (`Normal`).
    pub warning: bool,
    /// One of [`reason`].
    pub reason: &'static str,
    /// What the controller did: `Create`, `Update`, `Delete`, `Reconcile`.
    pub action: &'static str,
    /// A sentence for humans.
    pub note: String,
    /// The child the event is about, if any (the event's `related` object).
    pub related: Option<ObjectReference>,
}

impl AppEvent {
    /// A `Normal` event.
    pub fn normal(reason: &'static str, action: &'static str, note: impl Into<String>) -> Self {
        AppEvent {
            warning: false,
            reason,
            action,
            note: note.into(),
            related: None,
        }
    }

    /// A `Warning` event.
    pub fn warning(reason: &'static str, action: &'static str, note: impl Into<String>) -> Self {
        AppEvent {
            warning: true,
            reason,
            action,
            note: note.into(),
            related: None,
        }
    }

    /// The same event, about the child `object`.
    #[must_use]
    pub fn about<K: Resource<DynamicType = ()>>(mut self, object: &K) -> Self {
        self.related = Some(object.object_ref(&()));
        self
    }

    /// Whether repeats of this event may be folded into one series: its note
    /// is determined by its reason and related object.
    pub fn aggregates(&self) -> bool {
        matches!(
            self.reason,
            reason::CREATED | reason::DELETED | reason::SYNCED | reason::RESOURCE_EXISTS
        )
    }
}

impl AppEvent {
    /// The `Warning Undecodable` event for an App the informer could not
    /// decode: what failed to decode, where in the object and why, so
    /// `kubectl describe app` says why the App is not reconciled.
    pub fn undecodable(error: &DecodeError) -> Self {
        AppEvent::warning(
            reason::UNDECODABLE,
            "Decode",
            format!(
                "cannot read the App as {} (resourceVersion {}): at {}: {}; it is not reconciled until it is fixed",
                error.rust_type(),
                error.resource_version().unwrap_or("unknown"),
                error.path(),
                error.message()
            ),
        )
    }
}

impl std::fmt::Display for AppEvent {
    /// `Warning ErrResourceExists: <note>`, the way `kubectl describe` lists it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = if self.warning { "Warning" } else { "Normal" };
        write!(f, "{kind} {}: {}", self.reason, self.note)
    }
}

/// Where events go. Publishing never fails the reconcile: a lost event is
/// logged, not retried.
pub trait EventSink: Clone + Send + Sync + 'static {
    /// Publishes `event` about the object `regarding` (an App, or a stored
    /// App that does not decode and so has no [`App`] value).
    fn publish_about(
        &self,
        regarding: ObjectReference,
        event: AppEvent,
    ) -> impl Future<Output = ()> + Send;

    /// Publishes `event` about `app`.
    fn publish(&self, app: &App, event: AppEvent) -> impl Future<Output = ()> + Send {
        self.publish_about(app.object_ref(&()), event)
    }
}

/// [`EventSink`] over the manager's event recorder (events.k8s.io/v1,
/// published in the background, one write at a time; shutdown waits for
/// them). Events whose note varies go out as new events, the others are
/// folded into a series.
#[derive(Clone, Debug)]
pub struct ManagerEvents {
    recorder: EventRecorder,
    metrics: Metrics,
}

impl ManagerEvents {
    /// Events through `recorder`, counted as writes in `metrics`.
    pub fn new(recorder: EventRecorder, metrics: Metrics) -> Self {
        ManagerEvents { recorder, metrics }
    }
}

// Events about Apps (events.k8s.io/v1); the Recorder patches repeats into a series.
// +kubebuilder:rbac:groups=events.k8s.io,resources=events,verbs=create;patch
impl ManagerEvents {
    /// Publishes `event` about `regarding` in the background, without waiting:
    /// for callers that cannot await, such as an informer's handlers.
    pub fn spawn_about(&self, regarding: ObjectReference, event: AppEvent) {
        self.metrics.count_write("create", "events");
        let mut published = Event {
            warning: event.warning,
            reason: event.reason.to_owned(),
            action: event.action.to_owned(),
            note: event.note.clone(),
            related: event.related.clone(),
            fresh: false,
        };
        if !event.aggregates() {
            published = published.fresh();
        }
        self.recorder.publish_about(regarding, published);
    }
}

impl EventSink for ManagerEvents {
    async fn publish_about(&self, regarding: ObjectReference, event: AppEvent) {
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
        let event = AppEvent::undecodable(&error);
        assert_eq!(
            event.to_string(),
            "Warning Undecodable: cannot read the App as generated::apis::myapp::v1::app::App \
             (resourceVersion 42): at spec.deployment.replicas: invalid value: integer \
             `3000000000`, expected i32; it is not reconciled until it is fixed"
        );
        assert!(!event.aggregates(), "its note varies: always a new event");
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
