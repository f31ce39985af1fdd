//! Which Apps a change of a child concerns, for the manager's `watches`: the
//! App that controls it, and every App of its namespace that names it (an App
//! blocked by a foreign object with its child's name retries as soon as that
//! object goes away, not only after its backoff).

use generated::listers::myapp::v1::AppLister;
use kube::Resource;
use kube_codegen_manager::ObjectKey;
use kube_codegen_manager::owner::controller_name;

use crate::api::App;

/// The Apps to reconcile after `child` changed: its controlling App, and the
/// Apps of its namespace whose spec names it (`named` says which child name
/// an App wants for this kind; the App cache is indexed by it, so this is a
/// lookup, not a scan of the namespace).
pub fn apps_for_child<K: Resource<DynamicType = ()>>(
    child: &K,
    apps: &AppLister,
    named: fn(&App) -> &str,
) -> Vec<ObjectKey> {
    let meta = child.meta();
    let namespace = meta.namespace.as_deref().unwrap_or_default();
    let name = meta.name.as_deref().unwrap_or_default();
    let mut keys = Vec::new();
    if let Some(owner) = controller_name::<App>(meta) {
        keys.push(ObjectKey::new(namespace, owner));
    }
    let index = format!("app-names-{}", K::kind(&()));
    if !apps.indexer().has_index(&index) {
        apps.indexer()
            .add_index(&index, move |app| vec![named(app).to_owned()]);
    }
    for app in apps.namespace(namespace).by_index(&index, name) {
        if named(&app) == name {
            let key = ObjectKey::of(&*app);
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
    }
    keys
}

/// The Deployment an App names.
pub fn deployment_name(app: &App) -> &str {
    &app.spec.deployment.name
}

/// The Service an App names.
pub fn service_name(app: &App) -> &str {
    &app.spec.service.name
}
