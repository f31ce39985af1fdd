//! Events (`events.k8s.io/v1`), published with kube-runtime's
//! [`Recorder`](kube::runtime::events::Recorder), in the background so a
//! reconcile does not wait for them, one write at a time as client-go's
//! broadcaster writes them (a burst of reconciles spends the API server on
//! objects first); shutdown waits for the events of the last reconciles.
//!
//! kube's Recorder folds an event into the series of an earlier one with the
//! same type, reason, action, regarding and related object, keeping the
//! earlier note. An event whose note varies for the same key (a list of
//! drifted fields, an error message) is published with [`Event::fresh`], as a
//! new event, so its note is never a stale one.
//!
//! kube's Recorder keeps every event it published in the last six minutes
//! and scans them all at each publish, so its series are started afresh after
//! every [`SERIES_WINDOW`] events: memory and time per event stay bounded in a
//! burst of thousands (client-go's correlator bounds its cache the same way,
//! with an LRU of 4,096). Repeats of an event within that window are folded.
//!
//! The recorder of a manager over the fake clientset keeps events in memory
//! ([`EventRecorder::recorded`]), for unit tests.
//!
//! An operator publishing events needs, in its RBAC markers:
//! `// +kubebuilder:rbac:groups=events.k8s.io,resources=events,verbs=create;patch`

use std::sync::{Arc, Mutex, PoisonError};

use k8s_openapi::api::core::v1::ObjectReference;
use kube::Resource;
use kube::runtime::events::{self as kube_events, EventType, Recorder, Reporter};
use tokio::sync::Semaphore;
use tokio_util::task::TaskTracker;

/// How many events one kube Recorder folds into series before a fresh one
/// takes over.
pub const SERIES_WINDOW: usize = 1024;

/// One event.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// `Warning` or not (`Normal`).
    pub warning: bool,
    /// Why (CamelCase: `Created`, `ErrResourceExists`).
    pub reason: String,
    /// What the controller did (`Create`, `Reconcile`).
    pub action: String,
    /// A sentence for humans.
    pub note: String,
    /// Another object the event is about, such as a child (`related`).
    pub related: Option<ObjectReference>,
    /// Published as a new event, never folded into an earlier series.
    pub fresh: bool,
}

impl Event {
    /// A `Normal` event.
    pub fn normal(
        reason: impl Into<String>,
        action: impl Into<String>,
        note: impl Into<String>,
    ) -> Self {
        Event {
            warning: false,
            reason: reason.into(),
            action: action.into(),
            note: note.into(),
            related: None,
            fresh: false,
        }
    }

    /// A `Warning` event.
    pub fn warning(
        reason: impl Into<String>,
        action: impl Into<String>,
        note: impl Into<String>,
    ) -> Self {
        Event {
            warning: true,
            ..Event::normal(reason, action, note)
        }
    }

    /// The same event, related to `object`.
    #[must_use]
    pub fn related_to<K: Resource<DynamicType = ()>>(mut self, object: &K) -> Self {
        self.related = Some(object.object_ref(&()));
        self
    }

    /// The same event, published as a new event rather than folded into the
    /// series of an earlier one with the same key (its note varies).
    #[must_use]
    pub fn fresh(mut self) -> Self {
        self.fresh = true;
        self
    }
}

impl std::fmt::Display for Event {
    /// `Warning ErrResourceExists: <note>`, the way `kubectl describe` lists it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = if self.warning { "Warning" } else { "Normal" };
        write!(f, "{kind} {}: {}", self.reason, self.note)
    }
}

/// Publishes events for one reporting controller. Cloning gives another
/// handle to the same recorder. Publishing never fails a reconcile: a lost
/// event is logged.
#[derive(Clone)]
pub struct EventRecorder {
    sink: Sink,
}

#[derive(Clone)]
enum Sink {
    Api(Arc<ApiSink>),
    Memory(Arc<Mutex<Vec<(ObjectReference, Event)>>>),
}

/// What writes events to the API server.
struct ApiSink {
    client: kube::Client,
    reporter: Reporter,
    /// The Recorder that folds repeats into series, and how many events it
    /// has seen.
    series: Mutex<(Recorder, usize)>,
    tasks: TaskTracker,
    writer: Semaphore,
}

impl ApiSink {
    /// The Recorder for the next event that may be folded into a series: a
    /// fresh one every [`SERIES_WINDOW`] events.
    fn series_recorder(&self) -> Recorder {
        let mut series = self.series.lock().unwrap_or_else(PoisonError::into_inner);
        let (recorder, seen) = &mut *series;
        *seen += 1;
        if *seen > SERIES_WINDOW {
            *recorder = Recorder::new(self.client.clone(), self.reporter.clone());
            *seen = 1;
        }
        recorder.clone()
    }
}

impl std::fmt::Debug for EventRecorder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EventRecorder").finish_non_exhaustive()
    }
}

impl EventRecorder {
    /// Events written through `client`, reported by `controller` from
    /// `instance` (the replica's identity), published on `tasks`.
    pub fn new(client: kube::Client, controller: &str, instance: &str, tasks: TaskTracker) -> Self {
        let reporter = Reporter {
            controller: controller.to_owned(),
            instance: Some(instance.to_owned()),
        };
        EventRecorder {
            sink: Sink::Api(Arc::new(ApiSink {
                series: Mutex::new((Recorder::new(client.clone(), reporter.clone()), 0)),
                client,
                reporter,
                tasks,
                writer: Semaphore::new(1),
            })),
        }
    }

    /// A recorder that keeps events in memory (no API server).
    pub fn in_memory() -> Self {
        EventRecorder {
            sink: Sink::Memory(Arc::default()),
        }
    }

    /// Publishes `event` about `object`, in the background.
    pub fn publish<K: Resource<DynamicType = ()>>(&self, object: &K, event: Event) {
        self.publish_about(object.object_ref(&()), event);
    }

    /// Publishes `event` about the object `regarding` (for an object known by
    /// reference only, such as one that does not decode), in the background.
    pub fn publish_about(&self, regarding: ObjectReference, event: Event) {
        match &self.sink {
            Sink::Memory(events) => events
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push((regarding, event)),
            Sink::Api(api) => {
                api.tasks.spawn(self.clone().send(regarding, event));
            }
        }
    }

    /// The events kept so far, in order, by an [`in_memory`](Self::in_memory)
    /// recorder (empty for one that writes to the API server).
    pub fn recorded(&self) -> Vec<(ObjectReference, Event)> {
        match &self.sink {
            Sink::Memory(events) => events
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .clone(),
            Sink::Api(_) => Vec::new(),
        }
    }

    async fn send(self, regarding: ObjectReference, event: Event) {
        let Sink::Api(api) = &self.sink else {
            return;
        };
        let ApiSink {
            client,
            reporter,
            writer,
            ..
        } = &**api;
        // One event write at a time; the semaphore queues the others fairly.
        let Ok(_turn) = writer.acquire().await else {
            return;
        };
        let kube_event = kube_events::Event {
            type_: if event.warning {
                EventType::Warning
            } else {
                EventType::Normal
            },
            reason: event.reason.clone(),
            note: Some(event.note.clone()),
            action: event.action.clone(),
            secondary: event.related.clone(),
        };
        let published = if event.fresh {
            // A recorder with an empty cache always creates a new event.
            Recorder::new(client.clone(), reporter.clone())
                .publish(&kube_event, &regarding)
                .await
        } else {
            api.series_recorder().publish(&kube_event, &regarding).await
        };
        if let Err(error) = published {
            tracing::warn!(%error, event = %event, "could not publish event");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use k8s_openapi::api::core::v1::ConfigMap;

    #[test]
    fn events_read_as_kubectl_describe_lists_them_and_are_kept_in_memory() {
        let recorder = EventRecorder::in_memory();
        let mut object = ConfigMap::default();
        object.metadata.name = Some("settings".into());
        let child = object.clone();
        recorder.publish(
            &object,
            Event::warning("ErrResourceExists", "Reconcile", "taken").related_to(&child),
        );
        recorder.publish(&object, Event::normal("Synced", "Reconcile", "ok").fresh());
        let recorded = recorder.recorded();
        let lines: Vec<String> = recorded.iter().map(|(_, e)| e.to_string()).collect();
        assert_eq!(
            lines,
            ["Warning ErrResourceExists: taken", "Normal Synced: ok"]
        );
        assert_eq!(recorded[0].0.name.as_deref(), Some("settings"));
        assert_eq!(
            recorded[0]
                .1
                .related
                .as_ref()
                .and_then(|r| r.kind.as_deref()),
            Some("ConfigMap")
        );
        assert!(recorded[1].1.fresh);
    }
}
