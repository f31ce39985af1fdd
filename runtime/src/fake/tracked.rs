//! Watcher events read from the object tracker directly, for the informers of
//! a [`SharedInformerFactory`](crate::informers::SharedInformerFactory) made
//! over the fake ([`SharedInformerFactory::from_fake`](crate::informers::SharedInformerFactory::from_fake)).
//!
//! Unlike [`Clientset::watcher`], it needs no [`Kind`](crate::Kind): the
//! collection is named by its group, version and plural alone, which any
//! kube `Resource` knows, so the factory serves every type it serves against a
//! server. The lists and watches are not recorded as actions and reactors do
//! not see them: tests that assert the writes a controller made see only those.
//! For reactors on lists and watches, feed `SharedInformer::from_stream` with
//! [`Clientset::watcher`] instead.

use futures::channel::mpsc;
use futures::stream::{self, BoxStream, StreamExt};
use kube::runtime::watcher::{self, Event};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::Clientset;
use super::meta;
use super::tracker::{EventType, ResourceKey, TrackerEvent, WatchStart};

/// Where the watcher is.
enum State {
    /// About to list.
    List,
    /// About to watch after this version.
    Watch(u64),
    /// Watching; the last version seen.
    Watching(mpsc::UnboundedReceiver<TrackerEvent>, u64),
}

impl Clientset {
    /// The events kube-runtime's watcher would yield for the collection `key`
    /// in `namespace` (`None`: all namespaces), read from the tracker:
    /// list, watch after the list's version, watch again when the watch ends
    /// ([`ObjectTracker::close_watches`](super::ObjectTracker::close_watches)),
    /// list again when the history is gone ([`ObjectTracker::compact`](super::ObjectTracker::compact)).
    /// Objects that do not deserialize as `T` are skipped; informers use
    /// `T = Decoded<K>`, which keeps them as undecodable.
    pub fn tracked_watcher<T: DeserializeOwned + Send + 'static>(
        &self,
        key: ResourceKey,
        namespace: Option<String>,
    ) -> BoxStream<'static, Result<Event<T>, watcher::Error>> {
        let tracker = self.tracker().clone();
        stream::unfold(State::List, move |state| {
            let (tracker, key, namespace) = (tracker.clone(), key.clone(), namespace.clone());
            async move {
                let in_scope = |object: &Value| {
                    namespace
                        .as_deref()
                        .is_none_or(|ns| meta::meta_str(object, "namespace") == ns)
                };
                let (events, next) = match state {
                    State::List => {
                        let (items, version) = tracker.list(&key, namespace.as_deref());
                        let mut events = vec![Event::Init];
                        events.extend(items.into_iter().filter_map(decode).map(Event::InitApply));
                        events.push(Event::InitDone);
                        (events, State::Watch(version))
                    }
                    State::Watch(version) => {
                        match tracker.watch(&key, WatchStart::After(version)) {
                            Ok(handle) => {
                                let mut seen = version;
                                let events = handle
                                    .initial
                                    .into_iter()
                                    .filter(|e| in_scope(&e.object))
                                    .filter_map(|e| {
                                        seen = seen.max(e.resource_version);
                                        event(e)
                                    })
                                    .collect();
                                (events, State::Watching(handle.live, seen.max(version)))
                            }
                            // 410 Gone: list again, as the watcher does.
                            Err(_) => (Vec::new(), State::List),
                        }
                    }
                    State::Watching(mut live, version) => match live.next().await {
                        Some(e) if in_scope(&e.object) => {
                            let seen = e.resource_version;
                            (event(e).into_iter().collect(), State::Watching(live, seen))
                        }
                        Some(_) => (Vec::new(), State::Watching(live, version)),
                        None => (Vec::new(), State::Watch(version)),
                    },
                };
                Some((stream::iter(events.into_iter().map(Ok)), next))
            }
        })
        .flatten()
        .boxed()
    }
}

fn decode<T: DeserializeOwned>(object: Value) -> Option<T> {
    serde_json::from_value(object).ok()
}

fn event<T: DeserializeOwned>(event: TrackerEvent) -> Option<Event<T>> {
    let object = decode(event.object)?;
    Some(match event.event_type {
        EventType::Added | EventType::Modified => Event::Apply(object),
        EventType::Deleted => Event::Delete(object),
    })
}
