//! A namespace index of objects: what every lister reads.
//!
//! Objects are kept as `namespace → set of objects hashed by name`, so a lookup by
//! namespace and name is two hash probes and listing one namespace touches only
//! that namespace's objects. Cluster-scoped objects live under the namespace `""`.
//! An informer keeps it next to its kube-runtime reflector `Store`, holding the
//! same `Arc`s: the index adds a pointer per object, not a copy.

use std::borrow::Borrow;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::sync::{Arc, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

use kube::core::Resource;

use crate::selector::LabelSelector;

/// An object in a namespace bucket.
///
/// It hashes and compares by the object's name and borrows as that name, so a bucket
/// is a `HashSet` searchable by `&str` and the name is not stored a second time as a
/// map key: per cached object the index holds one pointer, not a copy of its key.
struct Entry<K>(Arc<K>);

impl<K: Resource> Entry<K> {
    fn name(&self) -> &str {
        name_of(&*self.0)
    }
}

impl<K: Resource> Hash for Entry<K> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl<K: Resource> PartialEq for Entry<K> {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}

impl<K: Resource> Eq for Entry<K> {}

impl<K: Resource> Borrow<str> for Entry<K> {
    fn borrow(&self) -> &str {
        self.name()
    }
}

/// The objects of one namespace.
type Bucket<K> = HashSet<Entry<K>>;

/// The keys an object is filed under in a secondary index (client-go's
/// `IndexFunc`): an owner's uid, a name the object refers to, ...
pub type IndexFunc<K> = Arc<dyn Fn(&K) -> Vec<String> + Send + Sync>;

/// A secondary index: the names of the objects filed under each key, by
/// namespace.
struct Secondary<K> {
    name: String,
    keys: IndexFunc<K>,
    entries: HashMap<(String, String), HashSet<String>>,
}

impl<K: Resource> Secondary<K> {
    fn add(&mut self, obj: &K) {
        for key in (self.keys)(obj) {
            self.entries
                .entry((namespace_of(obj).to_owned(), key))
                .or_default()
                .insert(name_of(obj).to_owned());
        }
    }

    fn remove(&mut self, obj: &K) {
        for key in (self.keys)(obj) {
            let entry = (namespace_of(obj).to_owned(), key);
            if let Some(names) = self.entries.get_mut(&entry) {
                names.remove(name_of(obj));
                if names.is_empty() {
                    self.entries.remove(&entry);
                }
            }
        }
    }
}

/// The lock-protected state: buckets by namespace, the total count, and the
/// secondary indexes.
struct Index<K> {
    namespaces: HashMap<String, Bucket<K>>,
    len: usize,
    secondary: Vec<Secondary<K>>,
}

impl<K> Default for Index<K> {
    fn default() -> Self {
        Index {
            namespaces: HashMap::new(),
            len: 0,
            secondary: Vec::new(),
        }
    }
}

impl<K: Resource> Index<K> {
    /// Files `new` in the secondary indexes in place of `old`.
    fn reindex(&mut self, old: Option<&K>, new: Option<&K>) {
        for index in &mut self.secondary {
            if let Some(old) = old {
                index.remove(old);
            }
            if let Some(new) = new {
                index.add(new);
            }
        }
    }
}

/// A change to the store, as found by [`Indexer::replace`].
#[derive(Debug, Clone)]
pub enum Change<K> {
    /// The object was not in the store before.
    Added(Arc<K>),
    /// The object was in the store with another `resourceVersion`.
    Updated {
        /// The state that was in the store.
        old: Arc<K>,
        /// The state now in the store.
        new: Arc<K>,
    },
    /// The object is no longer in the store; this is the last state it had there.
    Deleted(Arc<K>),
}

/// A thread-safe store of objects of kind `K`, indexed by namespace and name.
///
/// Cloning gives another handle to the same store. Informers keep one up to date
/// from their watch; listers read from it. It can also be filled by hand, for
/// example to give a lister fixed contents in a unit test:
///
/// ```
/// use std::sync::Arc;
/// use k8s_openapi::api::core::v1::ConfigMap;
/// use kube::core::ObjectMeta;
///
/// let store = kube_codegen_runtime::listers::Indexer::<ConfigMap>::new();
/// store.insert(Arc::new(ConfigMap {
///     metadata: ObjectMeta {
///         name: Some("settings".into()),
///         namespace: Some("default".into()),
///         ..ObjectMeta::default()
///     },
///     ..ConfigMap::default()
/// }));
/// assert!(store.get("default", "settings").is_some());
/// ```
pub struct Indexer<K> {
    state: Arc<RwLock<Index<K>>>,
}

impl<K> Clone for Indexer<K> {
    fn clone(&self) -> Self {
        Indexer {
            state: Arc::clone(&self.state),
        }
    }
}

impl<K> Default for Indexer<K> {
    fn default() -> Self {
        Indexer {
            state: Arc::new(RwLock::new(Index::default())),
        }
    }
}

impl<K> std::fmt::Debug for Indexer<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Indexer")
            .field(
                "len",
                &self
                    .state
                    .read()
                    .unwrap_or_else(PoisonError::into_inner)
                    .len,
            )
            .finish()
    }
}

/// An object's name (`""` if it has none, which the API server never returns).
fn name_of<K: Resource>(obj: &K) -> &str {
    obj.meta().name.as_deref().unwrap_or_default()
}

/// The namespace an object is filed under: `""` for cluster-scoped objects.
fn namespace_of<K: Resource>(obj: &K) -> &str {
    obj.meta().namespace.as_deref().unwrap_or_default()
}

/// The bucket of `namespace`, created if missing. The namespace name is copied only
/// for a new bucket, not on every insert.
fn bucket_mut<'a, K>(
    namespaces: &'a mut HashMap<String, Bucket<K>>,
    namespace: &str,
) -> &'a mut Bucket<K> {
    if !namespaces.contains_key(namespace) {
        return namespaces.entry(namespace.to_owned()).or_default();
    }
    match namespaces.get_mut(namespace) {
        Some(bucket) => bucket,
        None => unreachable!("the bucket exists: checked above under the same lock"),
    }
}

/// Whether `obj`'s labels match `selector`.
fn selected<K: Resource>(obj: &K, selector: &LabelSelector) -> bool {
    selector.is_empty() || selector.matches(&obj.meta().labels.as_ref())
}

/// Whether two states of an object are the same version, so a relist can tell an
/// unchanged object from an updated one. Without a `resourceVersion` they differ.
fn same_version<K: Resource>(a: &K, b: &K) -> bool {
    match (&a.meta().resource_version, &b.meta().resource_version) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

impl<K: Resource> Indexer<K> {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    /// A read lock on the state. A panic in another thread while it held the lock
    /// cannot leave the index half-updated (every update is a single insert or
    /// remove, or a swap), so a poisoned lock is still safe to use.
    fn read(&self) -> RwLockReadGuard<'_, Index<K>> {
        self.state.read().unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self) -> RwLockWriteGuard<'_, Index<K>> {
        self.state.write().unwrap_or_else(PoisonError::into_inner)
    }

    /// The object `name` in `namespace` (`""` for cluster-scoped objects).
    pub fn get(&self, namespace: &str, name: &str) -> Option<Arc<K>> {
        self.read()
            .namespaces
            .get(namespace)
            .and_then(|bucket| bucket.get(name))
            .map(|entry| Arc::clone(&entry.0))
    }

    /// Every object whose labels match `selector`, in no particular order.
    pub fn list(&self, selector: &LabelSelector) -> Vec<Arc<K>> {
        let index = self.read();
        index
            .namespaces
            .values()
            .flat_map(|bucket| bucket.iter())
            .filter(|entry| selected(&*entry.0, selector))
            .map(|entry| Arc::clone(&entry.0))
            .collect()
    }

    /// The objects of one namespace whose labels match `selector`, in no particular
    /// order. Only that namespace's objects are looked at.
    pub fn list_namespace(&self, namespace: &str, selector: &LabelSelector) -> Vec<Arc<K>> {
        let index = self.read();
        let Some(bucket) = index.namespaces.get(namespace) else {
            return Vec::new();
        };
        bucket
            .iter()
            .filter(|entry| selected(&*entry.0, selector))
            .map(|entry| Arc::clone(&entry.0))
            .collect()
    }

    /// The namespaces that hold at least one object, sorted.
    pub fn namespaces(&self) -> Vec<String> {
        let mut names: Vec<String> = self.read().namespaces.keys().cloned().collect();
        names.sort();
        names
    }

    /// How many objects the store holds.
    pub fn len(&self) -> usize {
        self.read().len
    }

    /// Whether the store holds no object.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds `obj`, or replaces the object with its namespace and name; returns the
    /// replaced one.
    pub fn insert(&self, obj: Arc<K>) -> Option<Arc<K>> {
        let mut index = self.write();
        let bucket = bucket_mut(&mut index.namespaces, namespace_of(&*obj));
        let old = bucket.replace(Entry(Arc::clone(&obj))).map(|entry| entry.0);
        if old.is_none() {
            index.len += 1;
        }
        index.reindex(old.as_deref(), Some(&*obj));
        old
    }

    /// Stores `obj` as the latest state seen by a watch and returns the change:
    /// [`Change::Added`] or [`Change::Updated`], or `None` when the cached object
    /// already has `obj`'s `resourceVersion` (a watch that resumed from an older
    /// version re-sent it).
    pub fn apply(&self, obj: Arc<K>) -> Option<Change<K>> {
        let mut index = self.write();
        let bucket = bucket_mut(&mut index.namespaces, namespace_of(&*obj));
        match bucket.replace(Entry(Arc::clone(&obj))) {
            // Kept as the new `Arc` (the one the reflector store holds), unreported.
            Some(old) if same_version(&*old.0, &*obj) => None,
            Some(old) => {
                index.reindex(Some(&*old.0), Some(&*obj));
                Some(Change::Updated {
                    old: old.0,
                    new: obj,
                })
            }
            None => {
                index.len += 1;
                index.reindex(None, Some(&*obj));
                Some(Change::Added(obj))
            }
        }
    }

    /// Removes the object `name` in `namespace`; returns it if it was there.
    pub fn remove(&self, namespace: &str, name: &str) -> Option<Arc<K>> {
        let mut index = self.write();
        let bucket = index.namespaces.get_mut(namespace)?;
        let old = bucket.take(name)?.0;
        // Drop empty buckets so namespace churn does not grow the map forever.
        if bucket.is_empty() {
            index.namespaces.remove(namespace);
        }
        index.len -= 1;
        index.reindex(Some(&*old), None);
        Some(old)
    }

    /// Every object, in no particular order.
    pub fn snapshot(&self) -> Vec<Arc<K>> {
        self.list(&LabelSelector::everything())
    }

    /// Replaces the whole contents with `objects` (a fresh list from the server) and
    /// returns what changed: objects not there before are [`Change::Added`], objects
    /// whose `resourceVersion` differs are [`Change::Updated`], objects no longer
    /// listed are [`Change::Deleted`]. Unchanged objects produce no change (the new
    /// `Arc` replaces the old one), so a relist after a watch expiry reports each
    /// real change exactly once.
    ///
    /// The swap is atomic: readers see either the old or the new contents.
    pub fn replace(&self, objects: impl IntoIterator<Item = Arc<K>>) -> Vec<Change<K>> {
        let mut fresh = Index::<K>::default();
        let mut changes = Vec::new();
        let mut index = self.write();
        for obj in objects {
            let namespace = namespace_of(&*obj);
            let previous = index
                .namespaces
                .get(namespace)
                .and_then(|bucket| bucket.get(name_of(&*obj)));
            match previous {
                None => changes.push(Change::Added(Arc::clone(&obj))),
                Some(old) if same_version(&*old.0, &*obj) => {}
                Some(old) => changes.push(Change::Updated {
                    old: Arc::clone(&old.0),
                    new: Arc::clone(&obj),
                }),
            }
            let bucket = bucket_mut(&mut fresh.namespaces, namespace_of(&*obj));
            if bucket.replace(Entry(obj)).is_none() {
                fresh.len += 1;
            }
        }
        for (namespace, bucket) in &index.namespaces {
            let survivors = fresh.namespaces.get(namespace.as_str());
            for entry in bucket {
                if !survivors.is_some_and(|s| s.contains(entry.name())) {
                    changes.push(Change::Deleted(Arc::clone(&entry.0)));
                }
            }
        }
        // The secondary indexes move over, refilled from the new contents.
        fresh.secondary = std::mem::take(&mut index.secondary);
        for secondary in &mut fresh.secondary {
            secondary.entries.clear();
            for entry in fresh.namespaces.values().flatten() {
                secondary.add(&*entry.0);
            }
        }
        *index = fresh;
        changes
    }

    /// Adds the secondary index `name` unless it exists: every object, those
    /// stored now and those stored later, is also filed under the keys `keys`
    /// gives it, in its namespace (client-go's `AddIndexers`). Returns whether
    /// it was added.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use k8s_openapi::api::core::v1::ConfigMap;
    /// use kube::core::ObjectMeta;
    ///
    /// let store = kube_codegen_runtime::listers::Indexer::<ConfigMap>::new();
    /// let tier = |c: &ConfigMap| -> Vec<String> {
    ///     c.metadata.labels.iter().flatten().filter(|(k, _)| *k == "tier").map(|(_, v)| v.clone()).collect()
    /// };
    /// store.add_index("tier", tier);
    /// store.insert(Arc::new(ConfigMap {
    ///     metadata: ObjectMeta {
    ///         name: Some("settings".into()),
    ///         namespace: Some("shop".into()),
    ///         labels: Some([("tier".to_owned(), "web".to_owned())].into()),
    ///         ..ObjectMeta::default()
    ///     },
    ///     ..ConfigMap::default()
    /// }));
    /// assert_eq!(store.by_index("tier", "shop", "web").len(), 1);
    /// assert!(store.by_index("tier", "shop", "db").is_empty());
    /// ```
    pub fn add_index(
        &self,
        name: &str,
        keys: impl Fn(&K) -> Vec<String> + Send + Sync + 'static,
    ) -> bool {
        let mut index = self.write();
        if index.secondary.iter().any(|s| s.name == name) {
            return false;
        }
        let mut secondary = Secondary {
            name: name.to_owned(),
            keys: Arc::new(keys),
            entries: HashMap::new(),
        };
        for entry in index.namespaces.values().flatten() {
            secondary.add(&*entry.0);
        }
        index.secondary.push(secondary);
        true
    }

    /// Whether the secondary index `name` exists.
    pub fn has_index(&self, name: &str) -> bool {
        self.read().secondary.iter().any(|s| s.name == name)
    }

    /// The objects of `namespace` filed under `key` in the secondary index
    /// `name` (none if there is no such index), in no particular order.
    pub fn by_index(&self, name: &str, namespace: &str, key: &str) -> Vec<Arc<K>> {
        let index = self.read();
        let Some(secondary) = index.secondary.iter().find(|s| s.name == name) else {
            return Vec::new();
        };
        let Some(names) = secondary
            .entries
            .get(&(namespace.to_owned(), key.to_owned()))
        else {
            return Vec::new();
        };
        let Some(bucket) = index.namespaces.get(namespace) else {
            return Vec::new();
        };
        names
            .iter()
            .filter_map(|name| bucket.get(name.as_str()))
            .map(|entry| Arc::clone(&entry.0))
            .collect()
    }
}
