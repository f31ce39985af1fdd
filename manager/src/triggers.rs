//! What to reconcile when: the shared informers' changes, turned into
//! reconcile requests for kube-runtime's `applier`. These are the triggers
//! kube-runtime's `Controller` derives from watches of its own
//! (`trigger_self`, `trigger_owners`, `watches`), computed from the shared
//! informers instead, so there is one watch per type however many
//! controllers use it.
//!
//! - an added or updated (or resynced) primary object is requested; a deleted
//!   one is not (its children are garbage collected) but reported;
//! - a change of an owned object requests the primary object that controls
//!   it (by controller owner reference), the old controller too when it was
//!   handed over;
//! - a change of a watched object requests what the mapping function says,
//!   for its old and its new state;
//! - resyncs of owned and watched objects (same `resourceVersion`) request
//!   nothing: the primary's resync already revisits every primary object.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use futures::stream::{self, BoxStream, StreamExt};
use kube::runtime::controller::ReconcileRequest;
use kube::runtime::reflector::ObjectRef;
use kube_codegen_runtime::Kind;
use kube_codegen_runtime::informers::{Notification, Subscription};

use crate::key::ObjectKey;
use crate::metrics::Metrics;
use crate::owner::controller_name;

/// What the applier takes: requests to reconcile objects of kind `K`.
pub type Requests<K> = BoxStream<'static, Result<ReconcileRequest<K>, Infallible>>;

/// A stream of the keys some informer's changes concern.
pub type Keys = BoxStream<'static, ObjectKey>;

/// Maps a watched object to the keys of the primary objects it concerns.
pub type Mapper<O> = Arc<dyn Fn(&O) -> Vec<ObjectKey> + Send + Sync>;

/// The objects requested and not yet being reconciled: the work queue's depth
/// (`workqueue_depth`). An object requested again before its reconcile starts
/// counts once, as the applier runs it once (and as client-go's queue counts
/// `workqueue_adds_total`); its wait is measured from its first request
/// (`workqueue_queue_duration_seconds`).
#[derive(Clone)]
pub struct Pending {
    keys: Arc<Mutex<HashMap<ObjectKey, Instant>>>,
    metrics: Metrics,
    controller: Arc<str>,
}

impl Pending {
    /// The queue of `controller`, reporting to `metrics`.
    pub fn new(metrics: Metrics, controller: &str) -> Self {
        Pending {
            keys: Arc::default(),
            metrics,
            controller: controller.into(),
        }
    }

    fn update<T>(&self, change: impl FnOnce(&mut HashMap<ObjectKey, Instant>) -> T) -> T {
        let mut keys = self.keys.lock().unwrap_or_else(PoisonError::into_inner);
        let out = change(&mut keys);
        self.metrics.set_queue_depth(&self.controller, keys.len());
        out
    }

    /// `key` was requested.
    pub fn requested(&self, key: &ObjectKey) {
        let added = self.update(|keys| {
            if keys.contains_key(key) {
                return false;
            }
            keys.insert(key.clone(), Instant::now());
            true
        });
        if added {
            self.metrics.count_add(&self.controller);
        }
    }

    /// A reconcile of `key` started.
    pub fn started(&self, key: &ObjectKey) {
        if let Some(since) = self.update(|keys| keys.remove(key)) {
            self.metrics
                .observe_queued(&self.controller, since.elapsed());
        }
    }

    /// `key` was requested but will not be reconciled: it is gone from the
    /// cache (a child's change named an owner deleted meanwhile). Without
    /// this, each such key would wait in the queue's count forever.
    pub fn dropped(&self, key: &ObjectKey) {
        self.update(|keys| keys.remove(key));
    }

    /// How many objects wait.
    pub fn len(&self) -> usize {
        self.keys
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// Whether no object waits.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The keys of the primary kind's own changes; a deleted object goes to
/// `deleted` instead.
pub fn self_keys<K: Kind>(
    changes: Subscription<K>,
    deleted: impl Fn(&ObjectKey) + Send + 'static,
) -> Keys {
    changes
        .filter_map(move |change| {
            let key = match &change {
                Notification::Delete { object } => {
                    deleted(&ObjectKey::of(&**object));
                    None
                }
                other => Some(ObjectKey::of(&**other.object())),
            };
            futures::future::ready(key)
        })
        .boxed()
}

/// The keys of the objects of kind `Owner` that control the changed objects
/// of kind `Child` (namespaced owners: the child's namespace).
pub fn owner_keys<Owner: Kind, Child: Kind>(changes: Subscription<Child>) -> Keys {
    let owner = |child: &Child| {
        let meta = kube::Resource::meta(child);
        controller_name::<Owner>(meta)
            .map(|name| ObjectKey::new(owner_namespace::<Owner>(meta.namespace.as_deref()), name))
    };
    mapped_keys(
        changes,
        Arc::new(move |child: &Child| owner(child).into_iter().collect()),
    )
}

fn owner_namespace<Owner: Kind>(child_namespace: Option<&str>) -> String {
    if <Owner::Scope as kube_codegen_runtime::Scope>::NAMESPACED {
        child_namespace.unwrap_or_default().to_owned()
    } else {
        String::new()
    }
}

/// The keys `mapper` gives for the changed objects of kind `O`: for adds and
/// deletes the object's, for updates the old and the new state's.
pub fn mapped_keys<O: Kind>(changes: Subscription<O>, mapper: Mapper<O>) -> Keys {
    changes
        .flat_map(move |change| {
            let keys = match &change {
                Notification::Add { object, .. } | Notification::Delete { object } => {
                    mapper(object)
                }
                Notification::Update { old, new } => {
                    if old.metadata().resource_version == new.metadata().resource_version {
                        Vec::new()
                    } else {
                        let mut keys = mapper(new);
                        for key in mapper(old) {
                            if !keys.contains(&key) {
                                keys.push(key);
                            }
                        }
                        keys
                    }
                }
            };
            stream::iter(keys)
        })
        .boxed()
}

trait Metadata {
    fn metadata(&self) -> &k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
}

impl<K: kube::Resource> Metadata for K {
    fn metadata(&self) -> &k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta {
        self.meta()
    }
}

/// The requests of several key streams, merged, counted in `pending`.
pub fn requests<K: Kind>(keys: Vec<Keys>, pending: Pending) -> Requests<K> {
    stream::select_all(keys)
        .map(move |key| {
            pending.requested(&key);
            let reference = ObjectRef::<K>::new(&key.name);
            let reference = if key.namespace.is_empty() {
                reference
            } else {
                reference.within(&key.namespace)
            };
            Ok(ReconcileRequest::from(reference))
        })
        .boxed()
}
