//! Events (`events.k8s.io/v1`), published with kube-runtime's
//! [`Recorder`](kube::runtime::events::Recorder), in the background so a
//! reconcile does not wait for them, one write at a time as client-go's
//! broadcaster writes them (a burst of reconciles spends the API server on
//! objects first); shutdown waits for the events of the last reconciles.
//! Events waiting their turn are kept as data in one queue, drained by one
//! task, not as a spawned task each.
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

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

use k8s_openapi::api::core::v1::ObjectReference;
use kube::Resource;
use kube::runtime::events::{self as kube_events, EventType, Recorder, Reporter};
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
    /// The events waiting to be written, in order.
    queue: Mutex<Queue>,
}

/// Events wait as data, written one at a time by a single task that runs
/// while there are any: a burst of thousands costs their size, not a
/// spawned task (a future of several KiB) each.
#[derive(Default)]
struct Queue {
    pending: VecDeque<(ObjectReference, Event)>,
    /// A task is writing them.
    writing: bool,
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
                queue: Mutex::default(),
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
                let mut queue = api.queue.lock().unwrap_or_else(PoisonError::into_inner);
                queue.pending.push_back((regarding, event));
                if !queue.writing {
                    queue.writing = true;
                    api.tasks.spawn(Arc::clone(api).write_queued());
                }
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
}

impl ApiSink {
    /// Writes the queued events, one at a time, until none is left.
    async fn write_queued(self: Arc<Self>) {
        loop {
            let next = {
                let mut queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
                let next = queue.pending.pop_front();
                // Cleared under the same lock a publisher checks it: an event
                // queued after this either finds a writer or starts one.
                queue.writing = next.is_some();
                next
            };
            let Some((regarding, event)) = next else {
                return;
            };
            self.write(&regarding, &event).await;
        }
    }

    async fn write(&self, regarding: &ObjectReference, event: &Event) {
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
            Recorder::new(self.client.clone(), self.reporter.clone())
                .publish(&kube_event, regarding)
                .await
        } else {
            self.series_recorder().publish(&kube_event, regarding).await
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

    /// The notes of the events written, in order; the writes under way; the
    /// most writes seen under way at once.
    type Written = Arc<Mutex<(Vec<String>, usize, usize)>>;

    /// A client whose server takes a while over each Event it creates.
    fn slow_server() -> (kube::Client, Written) {
        use kube::client::Body;
        let seen: Written = Arc::default();
        let server = {
            let seen = Arc::clone(&seen);
            tower::service_fn(move |request: http::Request<Body>| {
                let seen = Arc::clone(&seen);
                async move {
                    let body = request.into_body().collect_bytes().await.unwrap();
                    {
                        let mut seen = seen.lock().unwrap();
                        seen.1 += 1;
                        seen.2 = seen.2.max(seen.1);
                    }
                    tokio::time::sleep(std::time::Duration::from_millis(2)).await;
                    let event: serde_json::Value = serde_json::from_slice(&body).unwrap();
                    let mut seen = seen.lock().unwrap();
                    seen.0
                        .push(event["note"].as_str().unwrap_or_default().to_owned());
                    seen.1 -= 1;
                    Ok::<_, std::convert::Infallible>(
                        http::Response::builder()
                            .status(201)
                            .body(Body::from(body.to_vec()))
                            .unwrap(),
                    )
                }
            })
        };
        (kube::Client::new(server, "default"), seen)
    }

    #[tokio::test]
    async fn a_burst_of_events_is_written_in_order_one_at_a_time_before_shutdown_ends() {
        let (client, seen) = slow_server();
        let tasks = TaskTracker::new();
        let recorder = EventRecorder::new(client, "op", "op-1", tasks.clone());
        let mut object = ConfigMap::default();
        object.metadata.name = Some("settings".into());
        object.metadata.namespace = Some("default".into());
        let notes: Vec<String> = (0..200).map(|i| format!("note {i}")).collect();
        for note in &notes {
            recorder.publish(&object, Event::normal("Synced", "Reconcile", note).fresh());
        }
        assert!(
            tasks.len() <= 1,
            "waiting events are data, not a task each: {} tasks",
            tasks.len()
        );
        tasks.close();
        tasks.wait().await;
        {
            let written = seen.lock().unwrap();
            assert_eq!(
                written.0, notes,
                "every event, in order, before the wait ended"
            );
            assert_eq!(written.2, 1, "one write at a time");
        }
        // Events published after a drain start a writer again.
        recorder.publish(
            &object,
            Event::normal("Synced", "Reconcile", "late").fresh(),
        );
        tasks.wait().await;
        assert_eq!(
            seen.lock().unwrap().0.last().map(String::as_str),
            Some("late")
        );
    }
}
