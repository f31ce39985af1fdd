//! The object tracker: the fake's storage, the analogue of etcd plus the API
//! server's watch cache.
//!
//! Objects are stored as JSON, keyed by group/version/resource, namespace and name.
//! One `resourceVersion` counter is shared by every resource, as etcd's revision is,
//! so versions increase across kinds. Every write is kept in an event history from
//! which watches can start at any retained `resourceVersion`; [`ObjectTracker::compact`]
//! drops the history so that older versions answer 410 Gone, as after an etcd
//! compaction.

use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};

use futures::channel::mpsc;
use serde_json::Value;

use super::meta::{self, Randomness};
use crate::ResourceInfo;

/// Group, version and resource: the key of one collection in the tracker.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ResourceKey {
    /// API group.
    pub group: String,
    /// API version.
    pub version: String,
    /// Plural resource name.
    pub resource: String,
}

impl ResourceKey {
    /// The key of the resource `info` describes.
    pub fn of(info: &ResourceInfo) -> ResourceKey {
        ResourceKey {
            group: info.group.to_owned(),
            version: info.version.to_owned(),
            resource: info.plural.to_owned(),
        }
    }
}

impl std::fmt::Display for ResourceKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.group.is_empty() {
            write!(f, "{}/{}", self.version, self.resource)
        } else {
            write!(f, "{}/{}/{}", self.group, self.version, self.resource)
        }
    }
}

/// How many events the history keeps before the oldest are dropped (like the
/// server's bounded watch cache; older `resourceVersion`s then answer 410 Gone).
const HISTORY_LIMIT: usize = 10_000;

/// What happened to an object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventType {
    /// Created.
    Added,
    /// Changed.
    Modified,
    /// Removed.
    Deleted,
}

/// One write, as the tracker's watchers see it.
#[derive(Clone, Debug)]
pub struct TrackerEvent {
    /// What happened.
    pub event_type: EventType,
    /// The object after the write (for deletes: its last state, with the delete's
    /// `resourceVersion`).
    pub object: Value,
    /// The object before the write (`None` for creates and for the synthetic events
    /// that start a watch).
    pub previous: Option<Value>,
    /// The `resourceVersion` of the write.
    pub resource_version: u64,
}

/// The outcome of a read-modify-write decided by [`ObjectTracker::write`]'s closure.
#[derive(Clone, Debug)]
pub enum Write {
    /// Store this object (create or update); it gets a new `resourceVersion`.
    Put(Value),
    /// Remove the object; this is its last state (it gets the delete's version).
    Delete(Value),
    /// Change nothing and return this object (e.g. a no-op update).
    Unchanged(Value),
}

type Collection = BTreeMap<(String, String), Value>;

struct Watcher {
    key: ResourceKey,
    sender: mpsc::UnboundedSender<TrackerEvent>,
}

#[derive(Default)]
struct State {
    resource_version: u64,
    collections: BTreeMap<ResourceKey, Collection>,
    history: VecDeque<(ResourceKey, TrackerEvent)>,
    /// Watches may start at any version >= this one.
    oldest_watchable: u64,
    watchers: Vec<Watcher>,
}

/// Where a watch starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WatchStart {
    /// With a synthetic `ADDED` event for every current object, then live events
    /// (`resourceVersion` unset or `"0"`).
    Now,
    /// With every event after this `resourceVersion`, then live events.
    After(u64),
}

/// The beginning of a watch: the events to replay, then the live channel.
pub struct WatchHandle {
    /// Events to deliver first.
    pub initial: Vec<TrackerEvent>,
    /// Live events from here on.
    pub live: mpsc::UnboundedReceiver<TrackerEvent>,
    /// The tracker's `resourceVersion` when the watch started.
    pub resource_version: u64,
}

/// In-memory object storage shared by a fake clientset and all its clients.
#[derive(Clone, Default)]
pub struct ObjectTracker {
    state: Arc<Mutex<State>>,
    random: Arc<Randomness>,
}

impl std::fmt::Debug for ObjectTracker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let state = self.lock();
        f.debug_struct("ObjectTracker")
            .field("resource_version", &state.resource_version)
            .field("collections", &state.collections.len())
            .finish()
    }
}

impl ObjectTracker {
    /// An empty tracker.
    pub fn new() -> ObjectTracker {
        ObjectTracker::default()
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock (e.g. in a test's reactor) must not make
        // every later call panic too; the state is only modified after checks pass.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn random(&self) -> &Randomness {
        &self.random
    }

    /// The latest `resourceVersion` handed out.
    pub fn resource_version(&self) -> u64 {
        self.lock().resource_version
    }

    /// The stored object, if any.
    pub fn get(&self, key: &ResourceKey, namespace: &str, name: &str) -> Option<Value> {
        self.lock()
            .collections
            .get(key)
            .and_then(|c| c.get(&(namespace.to_owned(), name.to_owned())))
            .cloned()
    }

    /// The objects of a collection in key order (namespace, then name), in one
    /// namespace or in all (`None`), with the current `resourceVersion`.
    pub fn list(&self, key: &ResourceKey, namespace: Option<&str>) -> (Vec<Value>, u64) {
        let state = self.lock();
        let items = state
            .collections
            .get(key)
            .map(|c| {
                c.iter()
                    .filter(|((ns, _), _)| namespace.is_none_or(|n| n == ns))
                    .map(|(_, v)| v.clone())
                    .collect()
            })
            .unwrap_or_default();
        (items, state.resource_version)
    }

    /// Atomically reads the object at `namespace/name`, lets `decide` choose a
    /// [`Write`], and applies it: a new `resourceVersion` is set on the stored object,
    /// the event is recorded and sent to watchers. Returns the resulting object.
    pub fn write<E>(
        &self,
        key: &ResourceKey,
        namespace: &str,
        name: &str,
        decide: impl FnOnce(Option<&Value>) -> Result<Write, E>,
    ) -> Result<Value, E> {
        let mut state = self.lock();
        let id = (namespace.to_owned(), name.to_owned());
        let current = state.collections.get(key).and_then(|c| c.get(&id)).cloned();
        let (event_type, mut object) = match decide(current.as_ref())? {
            Write::Unchanged(object) => return Ok(object),
            Write::Put(object) if current.is_some() => (EventType::Modified, object),
            Write::Put(object) => (EventType::Added, object),
            Write::Delete(object) => (EventType::Deleted, object),
        };
        state.resource_version += 1;
        let version = state.resource_version;
        meta::meta_mut(&mut object)
            .insert("resourceVersion".into(), Value::String(version.to_string()));
        let collection = state.collections.entry(key.clone()).or_default();
        if event_type == EventType::Deleted {
            collection.remove(&id);
        } else {
            collection.insert(id, object.clone());
        }
        let event = TrackerEvent {
            event_type,
            object: object.clone(),
            previous: current,
            resource_version: version,
        };
        state.record(key, event);
        Ok(object)
    }

    /// Starts a watch of one collection (all namespaces; callers filter).
    /// `Err(oldest)` when `start` is older than the retained history (410 Gone).
    pub fn watch(&self, key: &ResourceKey, start: WatchStart) -> Result<WatchHandle, u64> {
        let mut state = self.lock();
        let initial = match start {
            WatchStart::Now => state
                .collections
                .get(key)
                .map(|c| {
                    c.values()
                        .map(|object| TrackerEvent {
                            event_type: EventType::Added,
                            object: object.clone(),
                            previous: None,
                            resource_version: meta::meta_str(object, "resourceVersion")
                                .parse()
                                .unwrap_or(0),
                        })
                        .collect()
                })
                .unwrap_or_default(),
            WatchStart::After(version) => {
                if version + 1 < state.oldest_watchable {
                    return Err(state.oldest_watchable);
                }
                state
                    .history
                    .iter()
                    .filter(|(k, e)| k == key && e.resource_version > version)
                    .map(|(_, e)| e.clone())
                    .collect()
            }
        };
        let (sender, live) = mpsc::unbounded();
        state.watchers.push(Watcher {
            key: key.clone(),
            sender,
        });
        Ok(WatchHandle {
            initial,
            live,
            resource_version: state.resource_version,
        })
    }

    /// Forgets the event history, as an etcd compaction does: watches from any
    /// earlier `resourceVersion` then fail with 410 Gone (informers relist).
    pub fn compact(&self) {
        let mut state = self.lock();
        state.history.clear();
        state.oldest_watchable = state.resource_version + 1;
    }

    /// Ends every open watch (their streams finish), as an API server restart does.
    pub fn close_watches(&self) {
        self.lock().watchers.clear();
    }

    /// Number of watches currently open.
    pub fn watch_count(&self) -> usize {
        let mut state = self.lock();
        state.watchers.retain(|w| !w.sender.is_closed());
        state.watchers.len()
    }
}

impl State {
    fn record(&mut self, key: &ResourceKey, event: TrackerEvent) {
        self.watchers.retain(|w| {
            if &w.key != key {
                return !w.sender.is_closed();
            }
            w.sender.unbounded_send(event.clone()).is_ok()
        });
        self.history.push_back((key.clone(), event));
        if self.history.len() > HISTORY_LIMIT
            && let Some((_, dropped)) = self.history.pop_front()
        {
            self.oldest_watchable = dropped.resource_version + 1;
        }
    }
}
