//! A controller's children, kept as their owner wants them over the cache:
//! what controllerutil's `CreateOrUpdate` does for a Go controller, the
//! server-side-apply way, with [`crate::apply`]'s safe writes.
//!
//! [`Children::ensure`] looks the desired child up in the cache and
//! - creates it when it is missing;
//! - leaves it alone when an object the owner does not control holds its name
//!   ([`Child::Foreign`]: never adopted, never overwritten) or it is being
//!   deleted;
//! - applies its configuration only when a field drifted, with the cached
//!   `resourceVersion` as the precondition ([`crate::apply::apply_if_drifted`]);
//! - waits for a child it created moments ago that the cache has not shown
//!   yet, rather than creating it a second time ([`Expectations`]).
//!
//! [`renamed_away`] finds the children the owner controls under another name
//! than the one it wants now (left behind by a rename); [`Children::delete`]
//! deletes one, if it is still the same object.

use std::sync::Arc;

use kube_codegen_runtime::listers::Lister;
use kube_codegen_runtime::{Interface, Kind, verb};

use crate::apply::{self, Applied};
use crate::events::Event;
use crate::expectations::Expectations;
use crate::key::ObjectKey;
use crate::owner::{controller_of, is_controlled_by};

/// What [`Children::ensure`] found, and did.
#[derive(Debug)]
pub enum Child<K> {
    /// The owner controls it and it holds every desired field: no write.
    Unchanged(Arc<K>),
    /// It was missing and was created; the object as the server returned it.
    Created(Arc<K>),
    /// These fields had drifted (`spec.replicas`, ...) and were applied; the
    /// object as the server returned it.
    Corrected(Vec<String>, Arc<K>),
    /// Its name is taken by an object the owner does not control: left alone.
    Foreign(Arc<K>),
    /// The owner controls it but it is being deleted; it can be created again
    /// once it is gone.
    Deleting(Arc<K>),
    /// This controller created it moments ago and the cache has not shown it
    /// yet; its watch event is on its way.
    Expected,
}

impl<K: Kind> Child<K> {
    /// The child as it is now, if the owner controls it and it stays.
    pub fn current(&self) -> Option<&Arc<K>> {
        match self {
            Child::Unchanged(object) | Child::Created(object) | Child::Corrected(_, object) => {
                Some(object)
            }
            Child::Foreign(_) | Child::Deleting(_) | Child::Expected => None,
        }
    }

    /// The write [`Children::ensure`] made: `create`, `apply`, or none.
    pub fn write(&self) -> Option<&'static str> {
        match self {
            Child::Created(_) => Some("create"),
            Child::Corrected(..) => Some("apply"),
            _ => None,
        }
    }

    /// The event about the owner (of kind `owner_kind`) that says what was
    /// written, related to the child: `Normal Created: Created Deployment
    /// "web"`, `Normal Updated: Updated Deployment "web" to match the App
    /// (spec.replicas)` (its note varies, so it is never folded into an
    /// earlier one's series).
    pub fn event(&self, owner_kind: &str) -> Option<Event> {
        let kind = K::INFO.kind;
        match self {
            Child::Created(object) => {
                let note = format!("Created {kind} {:?}", name(&**object));
                Some(Event::normal("Created", "Create", note).related_to(&**object))
            }
            Child::Corrected(fields, object) => {
                let note = format!(
                    "Updated {kind} {:?} to match the {owner_kind} ({})",
                    name(&**object),
                    fields.join(", ")
                );
                let event = Event::normal("Updated", "Update", note);
                Some(event.related_to(&**object).fresh())
            }
            _ => None,
        }
    }
}

fn name<K: Kind>(object: &K) -> &str {
    object.meta().name.as_deref().unwrap_or_default()
}

/// A write to a child that failed: `create Deployment "web": <the server's
/// answer>`.
#[derive(Debug, thiserror::Error)]
#[error("{verb} {kind} {name:?}: {source}")]
pub struct WriteError {
    /// What was tried: `create`, `apply`, `delete`.
    pub verb: &'static str,
    /// The child's kind.
    pub kind: &'static str,
    /// The child's name.
    pub name: String,
    /// The server's (or transport's) error.
    #[source]
    pub source: kube_codegen_runtime::Error,
}

impl WriteError {
    fn of<K: Kind>(
        verb: &'static str,
        name: &str,
    ) -> impl FnOnce(kube_codegen_runtime::Error) -> Self {
        let name = name.to_owned();
        move |source| WriteError {
            verb,
            kind: K::INFO.kind,
            name,
            source,
        }
    }
}

/// Writes one controller's children as `field_manager`, remembering what it
/// created until the cache shows it. Cloning gives another handle to the
/// same expectations.
#[derive(Clone, Debug)]
pub struct Children {
    field_manager: Arc<str>,
    expectations: Arc<Expectations>,
}

impl Children {
    /// Children written as `field_manager`.
    pub fn new(field_manager: &str) -> Self {
        Children {
            field_manager: field_manager.into(),
            expectations: Arc::default(),
        }
    }

    /// What this controller wrote and its cache has not shown yet; its other
    /// writes (the owner's status) may use it too.
    pub fn expectations(&self) -> &Expectations {
        &self.expectations
    }

    /// Brings the child `desired` (an apply configuration: name, namespace,
    /// the fields the owner sets, and its controller owner reference to the
    /// owner with uid `owner_uid`) in line with the cache `lister`, writing
    /// through `client` only if needed.
    pub async fn ensure<C, K>(
        &self,
        client: &C,
        lister: &Lister<K>,
        owner_uid: &str,
        desired: K,
    ) -> Result<Child<K>, WriteError>
    where
        C: Interface,
        K: Kind + verb::Create + verb::Apply,
    {
        let key = ObjectKey::of(&desired);
        let live = lister.namespace(&key.namespace).get(&key.name);
        if self.expectations.awaits_create::<K>(&key, live.is_some()) {
            return Ok(Child::Expected);
        }
        let Some(live) = live else {
            let created = apply::create(client, &key.namespace, &desired, &self.field_manager)
                .await
                .map_err(WriteError::of::<K>("create", &key.name))?;
            self.expectations.expect_created::<K>(&key);
            tracing::info!(kind = K::INFO.kind, child = %key, "created");
            return Ok(Child::Created(Arc::new(created)));
        };
        if !is_controlled_by(live.meta(), owner_uid) {
            return Ok(Child::Foreign(live));
        }
        if live.meta().deletion_timestamp.is_some() {
            return Ok(Child::Deleting(live));
        }
        match apply::apply_if_drifted(client, desired, &live, &self.field_manager)
            .await
            .map_err(WriteError::of::<K>("apply", &key.name))?
        {
            Applied::Unchanged => Ok(Child::Unchanged(live)),
            Applied::Corrected(fields, applied) => {
                tracing::info!(kind = K::INFO.kind, child = %key, drifted = fields.join(", "), "corrected drift");
                Ok(Child::Corrected(fields, Arc::new(applied)))
            }
        }
    }

    /// Deletes `child` if it is still the object with its uid (a new object
    /// that took the name meanwhile is left alone); one already gone is not an
    /// error.
    pub async fn delete<C, K>(&self, client: &C, child: &K) -> Result<(), WriteError>
    where
        C: Interface,
        K: Kind + verb::Delete,
    {
        let meta = child.meta();
        let key = ObjectKey::of(child);
        let uid = meta.uid.as_deref().unwrap_or_default();
        apply::delete::<C, K>(client, &key.namespace, &key.name, uid)
            .await
            .map_err(WriteError::of::<K>("delete", &key.name))?;
        tracing::info!(kind = K::INFO.kind, child = %key, "deleted");
        Ok(())
    }
}

/// The secondary index of a store by the uid of each object's controller,
/// which [`renamed_away`] adds on first use.
pub const CONTROLLER_UID_INDEX: &str = "kube-codegen-manager/controller-uid";

/// The children of kind `K` in `namespace` that the owner with uid
/// `owner_uid` controls under another name than `keep`, and that are not
/// being deleted already: what a rename left behind. They are found through
/// the store's [`CONTROLLER_UID_INDEX`], not by a scan of the namespace.
pub fn renamed_away<K: Kind>(
    lister: &Lister<K>,
    namespace: &str,
    owner_uid: &str,
    keep: &str,
) -> Vec<Arc<K>> {
    let indexer = lister.indexer();
    if !indexer.has_index(CONTROLLER_UID_INDEX) {
        indexer.add_index(CONTROLLER_UID_INDEX, |object: &K| {
            controller_of(object.meta())
                .map(|reference| reference.uid.clone())
                .into_iter()
                .collect()
        });
    }
    let mut left = lister
        .namespace(namespace)
        .by_index(CONTROLLER_UID_INDEX, owner_uid);
    left.retain(|object| {
        let meta = object.meta();
        meta.name.as_deref() != Some(keep)
            && meta.deletion_timestamp.is_none()
            && is_controlled_by(meta, owner_uid)
    });
    left
}

#[cfg(test)]
mod tests {
    use super::*;
    use k8s_openapi::api::core::v1::ConfigMap;
    use k8s_openapi::apimachinery::pkg::apis::meta::v1::OwnerReference;
    use kube_codegen_runtime::fake;
    use kube_codegen_runtime::listers::Indexer;

    const OWNER: &str = "uid-owner";

    fn config_map(name: &str, mode: &str, owner: Option<&str>) -> ConfigMap {
        let mut c = ConfigMap::default();
        c.metadata.name = Some(name.into());
        c.metadata.namespace = Some("default".into());
        c.metadata.owner_references = owner.map(|uid| {
            vec![OwnerReference {
                api_version: "example.com/v1".into(),
                kind: "Web".into(),
                name: "web".into(),
                uid: uid.into(),
                controller: Some(true),
                block_owner_deletion: Some(true),
            }]
        });
        c.data = Some([("mode".to_owned(), mode.to_owned())].into());
        c
    }

    #[tokio::test]
    async fn created_once_then_awaited_then_corrected_only_on_drift() {
        let fake = fake::Clientset::default();
        let cache = Indexer::<ConfigMap>::new();
        let lister = Lister::new(cache.clone());
        let children = Children::new("op");
        let desired = || config_map("settings", "fast", Some(OWNER));

        let created = children
            .ensure(&fake, &lister, OWNER, desired())
            .await
            .unwrap();
        assert_eq!(created.write(), Some("create"));
        assert_eq!(
            created.event("Web").unwrap().to_string(),
            "Normal Created: Created ConfigMap \"settings\""
        );
        // Not cached yet: awaited, not created twice.
        let again = children
            .ensure(&fake, &lister, OWNER, desired())
            .await
            .unwrap();
        assert!(matches!(again, Child::Expected));
        assert_eq!(fake.actions().len(), 1);

        let stored = created.current().unwrap().clone();
        cache.insert(stored);
        let same = children
            .ensure(&fake, &lister, OWNER, desired())
            .await
            .unwrap();
        assert!(matches!(same, Child::Unchanged(_)), "{same:?}");
        assert!(same.event("Web").is_none());
        let safe = config_map("settings", "safe", Some(OWNER));
        let corrected = children.ensure(&fake, &lister, OWNER, safe).await.unwrap();
        assert_eq!(corrected.write(), Some("apply"));
        assert_eq!(
            corrected.event("Web").unwrap().to_string(),
            "Normal Updated: Updated ConfigMap \"settings\" to match the Web (data.mode)"
        );
        assert_eq!(fake.actions().len(), 2);
    }

    #[tokio::test]
    async fn foreign_objects_are_never_written_and_failures_say_what_failed() {
        let fake = fake::Clientset::default();
        let cache = Indexer::<ConfigMap>::new();
        let lister = Lister::new(cache.clone());
        let children = Children::new("op");
        cache.insert(Arc::new(config_map("settings", "theirs", None)));
        let foreign = children
            .ensure(
                &fake,
                &lister,
                OWNER,
                config_map("settings", "fast", Some(OWNER)),
            )
            .await
            .unwrap();
        assert!(matches!(foreign, Child::Foreign(_)));
        assert!(fake.actions().is_empty());

        // In the server but not in the cache: the create fails, nothing is overwritten.
        apply::create(
            &fake,
            "default",
            &config_map("other", "theirs", None),
            "someone",
        )
        .await
        .unwrap();
        let error = children
            .ensure(&fake, &lister, OWNER, config_map("other", "x", Some(OWNER)))
            .await
            .unwrap_err();
        assert!(error.source.is_already_exists(), "{error}");
        assert!(
            error
                .to_string()
                .starts_with("create ConfigMap \"other\": "),
            "{error}"
        );
    }

    #[tokio::test]
    async fn what_a_rename_left_behind_is_found_and_deleted() {
        let fake = fake::Clientset::default();
        let cache = Indexer::<ConfigMap>::new();
        let children = Children::new("op");
        for (name, owner) in [
            ("new", Some(OWNER)),
            ("old", Some(OWNER)),
            ("theirs", Some("uid-other")),
            ("loose", None),
        ] {
            let stored = apply::create(&fake, "default", &config_map(name, "x", owner), "op")
                .await
                .unwrap();
            cache.insert(Arc::new(stored));
        }
        let lister = Lister::new(cache);
        let left = renamed_away(&lister, "default", OWNER, "new");
        let names: Vec<&str> = left.iter().map(|o| name(&**o)).collect();
        assert_eq!(names, ["old"]);
        children.delete(&fake, &*left[0]).await.unwrap();
        // Gone already: not an error.
        children.delete(&fake, &*left[0]).await.unwrap();
        let key = fake::ResourceKey::of(&<ConfigMap as Kind>::INFO);
        assert!(fake.tracker().get(&key, "default", "old").is_none());
        assert!(fake.tracker().get(&key, "default", "theirs").is_some());
    }

    #[test]
    fn what_a_rename_left_behind_follows_changes_of_controller() {
        let cache = Indexer::<ConfigMap>::new();
        let stored = |name: &str, owner: Option<&str>, version: &str| {
            let mut object = config_map(name, "x", owner);
            object.metadata.resource_version = Some(version.into());
            Arc::new(object)
        };
        cache.insert(stored("new", Some(OWNER), "1"));
        cache.insert(stored("old", Some("uid-other"), "1"));
        let lister = Lister::new(cache.clone());
        let left = |lister: &Lister<ConfigMap>| -> Vec<String> {
            renamed_away(lister, "default", OWNER, "new")
                .iter()
                .map(|o| name(&**o).to_owned())
                .collect()
        };
        assert!(left(&lister).is_empty());
        // "old" is adopted by OWNER after the index was made, then released.
        cache.apply(stored("old", Some(OWNER), "2"));
        assert_eq!(left(&lister), ["old"]);
        cache.apply(stored("old", None, "3"));
        assert!(left(&lister).is_empty());
        cache.apply(stored("older", Some(OWNER), "4"));
        cache.remove("default", "older");
        assert!(left(&lister).is_empty());
    }
}
