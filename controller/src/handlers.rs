//! Informer event handlers: turn changes of Apps, Deployments and Services
//! into App keys on the work queue.
//!
//! - An App that is added or updated (or resynced) is queued.
//! - A Deployment or Service that changes or disappears queues the App that
//!   controls it, and every App of its namespace that names it: an App
//!   blocked by a foreign object with its child's name retries as soon as
//!   that object goes away, not only after its backoff.
//! - Resyncs of children (same `resourceVersion`) are ignored: the App
//!   resync already revisits every App.

use std::sync::Arc;

use generated::informers::{EventHandlerFuncs, HandlerRegistration, SharedInformer};
use generated::listers::LabelSelector;
use generated::listers::myapp::v1::AppLister;
use kube::Resource;

use crate::api::App;
use crate::children::Child;
use crate::key::ObjectKey;
use crate::ownership::controlling_app;
use crate::workqueue::WorkQueue;

/// The key of an App (or of the App a child belongs to).
fn key_of<K: Resource>(object: &K) -> ObjectKey {
    let meta = object.meta();
    ObjectKey::new(
        meta.namespace.clone().unwrap_or_default(),
        meta.name.clone().unwrap_or_default(),
    )
}

/// Queues `app` on adds and updates.
pub fn watch_apps(
    informer: &SharedInformer<App>,
    queue: WorkQueue<ObjectKey>,
) -> HandlerRegistration {
    let on_add = queue.clone();
    informer.add_event_handler(
        EventHandlerFuncs::new()
            .on_add(move |app: &Arc<App>, _| on_add.add(key_of(&**app)))
            .on_update(move |_, app: &Arc<App>| queue.add(key_of(&**app))),
    )
}

/// The Apps to reconcile after `child` changed: its controlling App, and
/// the Apps of its namespace whose spec names it.
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

/// Queues the Apps concerned by changes of children of kind `K`; `named`
/// says which child name an App wants for this kind.
pub fn watch_children<K: Child>(
    informer: &SharedInformer<K>,
    apps: AppLister,
    queue: WorkQueue<ObjectKey>,
    named: fn(&App) -> &str,
) -> HandlerRegistration {
    let enqueue = Arc::new(move |child: &K| {
        for key in apps_for_child(child, &apps, named) {
            queue.add(key);
        }
    });
    let (on_add, on_update, on_delete) = (Arc::clone(&enqueue), Arc::clone(&enqueue), enqueue);
    informer.add_event_handler(
        EventHandlerFuncs::new()
            .on_add(move |child: &Arc<K>, _| on_add(child))
            .on_update(move |old: &Arc<K>, new: &Arc<K>| {
                if old.meta().resource_version == new.meta().resource_version {
                    return;
                }
                on_update(new);
                // A child handed from one controller to another concerns both.
                if controlling_app(old.meta()) != controlling_app(new.meta()) {
                    on_update(old);
                }
            })
            .on_delete(move |child: &Arc<K>| on_delete(child)),
    )
}

/// The Deployment an App names.
pub fn deployment_name(app: &App) -> &str {
    &app.spec.deployment.name
}

/// The Service an App names.
pub fn service_name(app: &App) -> &str {
    &app.spec.service.name
}
