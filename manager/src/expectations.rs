//! Writes a controller made that its cache has not shown yet: client-go's
//! `ControllerExpectations`.
//!
//! A controller reads from informer caches, which trail its own writes by a
//! watch event. A reconcile that runs in between (its own status write
//! requests it again, say) would otherwise act on the old state:
//!
//! - a child it just created is not cached yet, so it would create it again
//!   and get `AlreadyExists` ([`expect_created`](Expectations::expect_created),
//!   [`awaits_create`](Expectations::awaits_create));
//! - the cached object is the version its last write replaced, so a write
//!   computed from it would repeat the last one, or fail with `Conflict`
//!   ([`wrote_over`](Expectations::wrote_over),
//!   [`is_replaced`](Expectations::is_replaced)).
//!
//! In both cases the write's own watch event is on its way and requests the
//! owner again; the reconcile waits for it instead of writing. An expected
//! create the cache never shows (its event was lost, or the object was
//! deleted before the cache saw it) is dropped after [`EXPECTATION_TTL`].

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use kube_codegen_runtime::Kind;

use crate::key::ObjectKey;

/// How long a create is expected in the cache before the expectation is
/// dropped (client-go's `ExpectationsTimeout` is 5 minutes; a watch event
/// comes within seconds, so a lost one is noticed sooner here).
pub const EXPECTATION_TTL: Duration = Duration::from_secs(30);

/// The size of the created map below which expired entries are not swept.
const SWEEP_MIN: usize = 256;

/// An object of some kind: its group, plural resource and key.
type Entry = (&'static str, &'static str, ObjectKey);

fn entry<K: Kind>(key: &ObjectKey) -> Entry {
    (K::INFO.group, K::INFO.plural, key.clone())
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What one controller wrote and its cache has not shown yet.
#[derive(Debug)]
pub struct Expectations {
    /// Objects created, and when.
    created: Mutex<HashMap<Entry, Instant>>,
    /// Objects written, and the `resourceVersion` each write replaced.
    replaced: Mutex<HashMap<Entry, String>>,
    /// The size of `created` at which expired entries are swept next.
    sweep_at: AtomicUsize,
}

impl Default for Expectations {
    fn default() -> Self {
        Self {
            created: Mutex::default(),
            replaced: Mutex::default(),
            sweep_at: AtomicUsize::new(SWEEP_MIN),
        }
    }
}

impl Expectations {
    /// Nothing expected yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// The object of kind `K` at `key` was just created.
    pub fn expect_created<K: Kind>(&self, key: &ObjectKey) {
        let mut created = lock(&self.created);
        // An expectation nobody asks about again (its owner was deleted
        // before the next reconcile) would stay forever: past the TTL it
        // means nothing, so drop those whenever the map has doubled.
        if created.len() >= self.sweep_at.load(Ordering::Relaxed) {
            created.retain(|_, at| at.elapsed() < EXPECTATION_TTL);
            self.sweep_at
                .store((created.len() * 2).max(SWEEP_MIN), Ordering::Relaxed);
        }
        created.insert(entry::<K>(key), Instant::now());
    }

    /// Whether the object of kind `K` at `key` was created moments ago and
    /// the cache has not shown it yet. Once the cache shows it (`cached`), or
    /// after [`EXPECTATION_TTL`], it is expected no more.
    pub fn awaits_create<K: Kind>(&self, key: &ObjectKey, cached: bool) -> bool {
        let mut created = lock(&self.created);
        let entry = entry::<K>(key);
        match created.get(&entry) {
            Some(at) if !cached && at.elapsed() < EXPECTATION_TTL => true,
            Some(_) => {
                created.remove(&entry);
                false
            }
            None => false,
        }
    }

    /// A write to `object` (as cached) just succeeded: until the cache shows
    /// a newer version, its cached state is out of date.
    pub fn wrote_over<K: Kind>(&self, object: &K) {
        let version = object.meta().resource_version.clone().unwrap_or_default();
        lock(&self.replaced).insert(entry::<K>(&ObjectKey::of(object)), version);
    }

    /// Whether `object` (as cached) is the version a write of this
    /// controller replaced: older than that write.
    pub fn is_replaced<K: Kind>(&self, object: &K) -> bool {
        let replaced = lock(&self.replaced);
        let version = object.meta().resource_version.as_ref();
        version.is_some() && replaced.get(&entry::<K>(&ObjectKey::of(object))) == version
    }

    /// Forgets what is expected of the object of kind `K` at `key` (it was
    /// deleted).
    pub fn forget<K: Kind>(&self, key: &ObjectKey) {
        let entry = entry::<K>(key);
        lock(&self.created).remove(&entry);
        lock(&self.replaced).remove(&entry);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use k8s_openapi::api::apps::v1::Deployment;
    use k8s_openapi::api::core::v1::ConfigMap;

    #[test]
    fn a_create_is_awaited_until_the_cache_shows_it() {
        let e = Expectations::new();
        let key = ObjectKey::new("shop", "web");
        assert!(!e.awaits_create::<Deployment>(&key, false));
        e.expect_created::<Deployment>(&key);
        assert!(e.awaits_create::<Deployment>(&key, false));
        // Another kind with the same name is another object.
        assert!(!e.awaits_create::<ConfigMap>(&key, false));
        assert!(!e.awaits_create::<Deployment>(&key, true), "cached");
        assert!(
            !e.awaits_create::<Deployment>(&key, false),
            "forgotten once cached"
        );
    }

    #[test]
    fn expectations_nobody_asks_about_again_are_dropped_past_their_ttl() {
        let e = Expectations::new();
        let old = Instant::now() - EXPECTATION_TTL - Duration::from_secs(1);
        for i in 0..SWEEP_MIN {
            let key = ObjectKey::new("shop", format!("gone-{i}"));
            lock(&e.created).insert(entry::<Deployment>(&key), old);
        }
        e.expect_created::<Deployment>(&ObjectKey::new("shop", "web"));
        assert_eq!(lock(&e.created).len(), 1, "expired expectations kept");
        assert!(e.awaits_create::<Deployment>(&ObjectKey::new("shop", "web"), false));
    }

    #[test]
    fn the_version_a_write_replaced_is_out_of_date() {
        let e = Expectations::new();
        let mut web = Deployment::default();
        web.metadata.namespace = Some("shop".into());
        web.metadata.name = Some("web".into());
        web.metadata.resource_version = Some("7".into());
        assert!(!e.is_replaced(&web));
        e.wrote_over(&web);
        assert!(e.is_replaced(&web));
        web.metadata.resource_version = Some("8".into());
        assert!(!e.is_replaced(&web), "the cache caught up");
        web.metadata.resource_version = Some("7".into());
        e.forget::<Deployment>(&ObjectKey::of(&web));
        assert!(!e.is_replaced(&web));
    }
}
