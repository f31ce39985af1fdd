//! What to reconcile when: the informers' changes, turned into reconcile
//! requests for kube-runtime's `applier`, which runs on the App informer's
//! reflector `Store`. These are the triggers kube-runtime's `Controller` would
//! derive from watches of its own (`trigger_self`, `trigger_owners`), computed
//! from the shared informers instead, so there is one watch per type.
//!
//! - An App that is added or updated (or resynced) is requested.
//! - A Deployment or Service that changes or disappears requests the App that
//!   controls it, and every App of its namespace that names it: an App blocked
//!   by a foreign object with its child's name retries as soon as that object
//!   goes away, not only after its backoff.
//! - Resyncs of children (same `resourceVersion`) request nothing: the App
//!   resync already revisits every App.

use std::collections::HashSet;
use std::convert::Infallible;
use std::sync::{Arc, Mutex, PoisonError};

use futures::stream::{self, BoxStream, Stream, StreamExt};
use generated::informers::{Notification, Subscription};
use generated::listers::LabelSelector;
use generated::listers::myapp::v1::AppLister;
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::Service;
use kube::Resource;
use kube::runtime::controller::ReconcileRequest;
use kube::runtime::reflector::ObjectRef;

use crate::api::App;
use crate::children::Child;
use crate::key::ObjectKey;
use crate::metrics::Metrics;
use crate::ownership::controlling_app;

/// What the applier takes: requests to reconcile an App.
pub type Requests = BoxStream<'static, Result<ReconcileRequest<App>, Infallible>>;

/// The key of an App (or of the App a child belongs to).
pub fn key_of<K: Resource>(object: &K) -> ObjectKey {
    let meta = object.meta();
    ObjectKey::new(
        meta.namespace.clone().unwrap_or_default(),
        meta.name.clone().unwrap_or_default(),
    )
}

fn object_ref(key: &ObjectKey) -> ObjectRef<App> {
    ObjectRef::new(&key.name).within(&key.namespace)
}

/// The Apps requested and not yet being reconciled: the work-queue depth the
/// controller reports (`app_controller_workqueue_depth`). A key requested
/// again before its reconcile starts counts once, as the applier runs it once.
#[derive(Clone, Default)]
pub struct Pending {
    keys: Arc<Mutex<HashSet<ObjectKey>>>,
    metrics: Option<Metrics>,
}

impl Pending {
    /// Reports the depth to `metrics`.
    pub fn new(metrics: Metrics) -> Self {
        Pending {
            keys: Arc::default(),
            metrics: Some(metrics),
        }
    }

    fn update(&self, change: impl FnOnce(&mut HashSet<ObjectKey>)) {
        let mut keys = self.keys.lock().unwrap_or_else(PoisonError::into_inner);
        change(&mut keys);
        if let Some(metrics) = &self.metrics {
            metrics.set_queue_depth(keys.len());
        }
    }

    /// `key` was requested.
    pub fn requested(&self, key: &ObjectKey) {
        self.update(|keys| {
            keys.insert(key.clone());
        });
    }

    /// A reconcile of `key` started.
    pub fn started(&self, key: &ObjectKey) {
        self.update(|keys| {
            keys.remove(key);
        });
    }

    /// How many Apps wait.
    pub fn len(&self) -> usize {
        self.keys
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// Whether no App waits.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The Apps to reconcile after `child` changed: its controlling App, and the
/// Apps of its namespace whose spec names it.
pub fn apps_for_child<K: Child>(
    child: &K,
    apps: &AppLister,
    named: fn(&App) -> &str,
) -> Vec<ObjectKey> {
    let meta = child.meta();
    let namespace = meta.namespace.as_deref().unwrap_or_default();
    let name = meta.name.as_deref().unwrap_or_default();
    let mut keys = Vec::new();
    if let Some(owner) = controlling_app(meta) {
        keys.push(ObjectKey::new(namespace, owner));
    }
    for app in apps.namespace(namespace).list(&LabelSelector::everything()) {
        if named(&app) == name {
            let key = key_of(&*app);
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
    }
    keys
}

/// The Apps an App change concerns: the App itself, unless it was deleted
/// (then `deleted` hears about it and nothing is reconciled: garbage collection
/// removes the children).
pub fn app_keys(
    changes: Subscription<App>,
    deleted: impl Fn(&ObjectKey) + Send + 'static,
) -> impl Stream<Item = ObjectKey> + Send + 'static {
    changes.filter_map(move |change| {
        let key = match &change {
            Notification::Delete { object } => {
                deleted(&key_of(&**object));
                None
            }
            other => Some(key_of(&**other.object())),
        };
        futures::future::ready(key)
    })
}

/// The Apps changes of children of kind `K` concern; `named` says which child
/// name an App wants for this kind.
pub fn child_keys<K: Child>(
    changes: Subscription<K>,
    apps: AppLister,
    named: fn(&App) -> &str,
) -> impl Stream<Item = ObjectKey> + Send + 'static {
    changes.flat_map(move |change| {
        let keys = match &change {
            Notification::Add { object, .. } | Notification::Delete { object } => {
                apps_for_child(&**object, &apps, named)
            }
            Notification::Update { old, new } => {
                if old.meta().resource_version == new.meta().resource_version {
                    Vec::new()
                } else {
                    let mut keys = apps_for_child(&**new, &apps, named);
                    // A child handed from one controller to another concerns both.
                    if controlling_app(old.meta()) != controlling_app(new.meta()) {
                        for key in apps_for_child(&**old, &apps, named) {
                            if !keys.contains(&key) {
                                keys.push(key);
                            }
                        }
                    }
                    keys
                }
            }
        };
        stream::iter(keys)
    })
}

/// Every key stream of the App controller: App changes (a deleted App goes
/// to `deleted`), and the changes of Deployments and Services.
pub fn all_keys(
    apps: Subscription<App>,
    deployments: Subscription<Deployment>,
    services: Subscription<Service>,
    lister: AppLister,
    deleted: impl Fn(&ObjectKey) + Send + 'static,
) -> Vec<BoxStream<'static, ObjectKey>> {
    vec![
        app_keys(apps, deleted).boxed(),
        child_keys(deployments, lister.clone(), deployment_name).boxed(),
        child_keys(services, lister, service_name).boxed(),
    ]
}

/// The requests of several key streams, merged, counted in `pending`.
pub fn requests(keys: Vec<BoxStream<'static, ObjectKey>>, pending: Pending) -> Requests {
    stream::select_all(keys)
        .map(move |key| {
            pending.requested(&key);
            Ok(ReconcileRequest::from(object_ref(&key)))
        })
        .boxed()
}

/// The Deployment an App names.
pub fn deployment_name(app: &App) -> &str {
    &app.spec.deployment.name
}

/// The Service an App names.
pub fn service_name(app: &App) -> &str {
    &app.spec.service.name
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use futures::channel::mpsc;
    use generated::informers::SharedInformer;
    use generated::listers::Indexer;
    use k8s_openapi::api::apps::v1::Deployment;
    use k8s_openapi::apimachinery::pkg::apis::meta::v1::OwnerReference;
    use kube::runtime::watcher::Event;

    use super::*;
    use crate::testing::app;

    fn deployment(name: &str, version: &str, owner: Option<&str>) -> Deployment {
        let mut d = Deployment::default();
        d.metadata.name = Some(name.into());
        d.metadata.namespace = Some("default".into());
        d.metadata.resource_version = Some(version.into());
        d.metadata.owner_references = owner.map(|o| {
            vec![OwnerReference {
                api_version: "myapp.k8s.io/v1".into(),
                kind: "App".into(),
                name: o.into(),
                uid: format!("uid-{o}"),
                controller: Some(true),
                ..OwnerReference::default()
            }]
        });
        d
    }

    async fn next(keys: &mut BoxStream<'static, ObjectKey>) -> ObjectKey {
        tokio::time::timeout(Duration::from_secs(5), keys.next())
            .await
            .expect("a request within 5 s")
            .expect("the stream goes on")
    }

    #[tokio::test]
    async fn child_changes_request_the_apps_they_concern() {
        let cache = Indexer::new();
        cache.insert(Arc::new(app("one", "web", "nginx", None, "web")));
        cache.insert(Arc::new(app("two", "other", "nginx", None, "other")));
        let (feed, events) = mpsc::unbounded();
        let informer = SharedInformer::from_stream(events, Duration::ZERO);
        let mut keys = child_keys(
            informer.subscribe(),
            generated::listers::Lister::new(cache),
            deployment_name,
        )
        .boxed();
        informer.start();
        let send = |event| feed.unbounded_send(Ok(event)).unwrap();
        send(Event::Init);
        send(Event::InitApply(deployment("web", "1", None)));
        send(Event::InitDone);
        // Named by App `one`, controlled by nobody.
        assert_eq!(next(&mut keys).await.name, "one");
        // A resync (same version) requests nothing; a change handed to App
        // `two` concerns both.
        send(Event::Apply(deployment("web", "1", None)));
        send(Event::Apply(deployment("web", "2", Some("two"))));
        let mut got = vec![next(&mut keys).await.name, next(&mut keys).await.name];
        got.sort();
        assert_eq!(got, ["one", "two"]);
        send(Event::Delete(deployment("web", "3", Some("two"))));
        let mut got = vec![next(&mut keys).await.name, next(&mut keys).await.name];
        got.sort();
        assert_eq!(got, ["one", "two"]);
        informer.shutdown().await;
    }
}
