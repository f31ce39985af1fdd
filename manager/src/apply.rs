//! Writes of a controller's children through any clientset (real or fake),
//! each made the safe way:
//!
//! - **create** (POST) for a child missing from the cache: if the cache was
//!   stale and the name is taken, the server answers `AlreadyExists` and
//!   nothing is overwritten (server-side apply would have merged into, and so
//!   adopted, an object the owner does not control).
//! - **apply** (server-side apply, forced) for a child whose cached state
//!   [drifted](crate::drift::has_drifted) from its apply configuration: only
//!   the configuration's fields are claimed, so other managers' fields are
//!   left alone; with the cached `resourceVersion` in the configuration, the
//!   server checks it like an update precondition (`Conflict` if the object
//!   changed since the cache saw it). [`apply_if_drifted`] makes no write at
//!   all when nothing drifted.
//! - **delete** with a uid precondition, so a new object that took the old
//!   name is never deleted.

use kube::api::{DeleteParams, PostParams, Preconditions};
use kube_codegen_runtime::params::ApplyParams;
use kube_codegen_runtime::{Interface, Kind, Result, verb};

use crate::drift::{differences, has_drifted};

/// The parameters of a create as `field_manager`.
pub fn post_params(field_manager: &str) -> PostParams {
    PostParams {
        dry_run: false,
        field_manager: Some(field_manager.to_owned()),
    }
}

/// The parameters of a delete that only deletes the object with `uid`.
pub fn delete_params(uid: &str) -> DeleteParams {
    DeleteParams {
        preconditions: Some(Preconditions {
            uid: Some(uid.to_owned()),
            resource_version: None,
        }),
        ..DeleteParams::default()
    }
}

/// Creates `object` in `namespace`; `AlreadyExists` if the name is taken.
pub async fn create<C: Interface, K: Kind + verb::Create>(
    clientset: &C,
    namespace: &str,
    object: &K,
    field_manager: &str,
) -> Result<K> {
    clientset
        .resource::<K>(namespace)
        .create(&post_params(field_manager), object)
        .await
}

/// Server-side applies `object` as `field_manager`, forcing ownership.
pub async fn apply<C: Interface, K: Kind + verb::Apply>(
    clientset: &C,
    namespace: &str,
    name: &str,
    object: &K,
    field_manager: &str,
) -> Result<K> {
    let params = ApplyParams::new(field_manager).force();
    clientset
        .resource::<K>(namespace)
        .apply(name, object, &params)
        .await
}

/// What [`apply_if_drifted`] did.
#[derive(Debug)]
pub enum Applied<K> {
    /// The cached object already held every field: no write was made.
    Unchanged,
    /// These fields drifted (`spec.replicas`, ...); this is the object as
    /// the server returned it after the apply.
    Corrected(Vec<String>, K),
}

/// Applies `desired` (an apply configuration) over `live` (the cached
/// object) only if a field drifted, with `live`'s `resourceVersion` as the
/// precondition.
pub async fn apply_if_drifted<C: Interface, K: Kind + verb::Apply>(
    clientset: &C,
    mut desired: K,
    live: &K,
    field_manager: &str,
) -> Result<Applied<K>> {
    if !has_drifted(&desired, live) {
        return Ok(Applied::Unchanged);
    }
    let drifted = differences(&desired, live);
    desired.meta_mut().resource_version = live.meta().resource_version.clone();
    let namespace = live.meta().namespace.clone().unwrap_or_default();
    let name = live.meta().name.clone().unwrap_or_default();
    let applied = apply(clientset, &namespace, &name, &desired, field_manager).await?;
    Ok(Applied::Corrected(drifted, applied))
}

/// Deletes `name` if it still has uid `uid`; an object already gone is not an
/// error.
pub async fn delete<C: Interface, K: Kind + verb::Delete>(
    clientset: &C,
    namespace: &str,
    name: &str,
    uid: &str,
) -> Result<()> {
    match clientset
        .resource::<K>(namespace)
        .delete(name, &delete_params(uid))
        .await
    {
        Ok(_) => Ok(()),
        Err(error) if error.is_not_found() => Ok(()),
        Err(error) => Err(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use k8s_openapi::api::core::v1::ConfigMap;
    use kube_codegen_runtime::fake;

    fn config_map(data: &str) -> ConfigMap {
        let mut c = ConfigMap::default();
        c.metadata.name = Some("settings".into());
        c.metadata.namespace = Some("default".into());
        c.data = Some([("mode".to_owned(), data.to_owned())].into());
        c
    }

    #[tokio::test]
    async fn no_write_without_drift_one_apply_with_it() {
        let fake = fake::Clientset::default();
        let live = create(&fake, "default", &config_map("fast"), "op")
            .await
            .unwrap();
        fake.clear_actions();
        let same = apply_if_drifted(&fake, config_map("fast"), &live, "op")
            .await
            .unwrap();
        assert!(matches!(same, Applied::Unchanged));
        assert!(fake.actions().is_empty(), "{:?}", fake.actions());
        let Applied::Corrected(fields, applied) =
            apply_if_drifted(&fake, config_map("safe"), &live, "op")
                .await
                .unwrap()
        else {
            panic!("drifted");
        };
        assert_eq!(fields, ["data.mode"]);
        assert_eq!(applied.data.unwrap()["mode"], "safe");
        assert_eq!(fake.actions().len(), 1);
        // The cached version is a precondition: a stale cache gets Conflict.
        let stale = apply_if_drifted(&fake, config_map("again"), &live, "op")
            .await
            .unwrap_err();
        assert!(stale.is_conflict(), "{stale}");
    }

    #[tokio::test]
    async fn delete_only_the_object_with_the_uid() {
        let fake = fake::Clientset::default();
        let live = create(&fake, "default", &config_map("x"), "op")
            .await
            .unwrap();
        let error = delete::<_, ConfigMap>(&fake, "default", "settings", "another-uid")
            .await
            .unwrap_err();
        assert!(error.is_conflict(), "{error}");
        let uid = live.metadata.uid.unwrap();
        delete::<_, ConfigMap>(&fake, "default", "settings", &uid)
            .await
            .unwrap();
        // Gone already: not an error.
        delete::<_, ConfigMap>(&fake, "default", "settings", &uid)
            .await
            .unwrap();
    }
}
