//! Listers: read-only, in-memory views of an informer's cache, for any kind
//! (generated crates name them per kind: `AppLister = Lister<App>`).

use std::sync::Arc;

use kube::core::Resource;

use super::Indexer;
use crate::selector::LabelSelector;

/// Lists and gets objects of kind `K` from an informer's cache. Reads never touch
/// the network; they return shared pointers to the cached objects, so they are cheap
/// and the objects must not be mutated (clone one to change it).
///
/// ```no_run
/// # async fn demo(factory: kube_codegen_runtime::informers::SharedInformerFactory) {
/// use k8s_openapi::api::apps::v1::Deployment;
/// use kube_codegen_runtime::selector::LabelSelector;
///
/// let deployments = factory.informer_for::<Deployment>().lister();
/// factory.start();
/// factory.wait_for_cache_sync().await;
/// let web = LabelSelector::parse("app=web").unwrap();
/// for d in deployments.namespace("default").list(&web) {
///     println!("{:?}", d.metadata.name);
/// }
/// let everything = deployments.list(&LabelSelector::everything());
/// # let _ = everything;
/// # }
/// ```
pub struct Lister<K> {
    indexer: Indexer<K>,
}

impl<K> Clone for Lister<K> {
    fn clone(&self) -> Self {
        Lister {
            indexer: self.indexer.clone(),
        }
    }
}

impl<K> std::fmt::Debug for Lister<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lister").finish_non_exhaustive()
    }
}

impl<K: Resource> Lister<K> {
    /// A lister over `indexer` (usually an informer's, see `SharedInformer::lister`).
    pub fn new(indexer: Indexer<K>) -> Self {
        Lister { indexer }
    }

    /// Every cached object, in every namespace, whose labels match `selector`
    /// ([`LabelSelector::everything`] matches everything).
    pub fn list(&self, selector: &LabelSelector) -> Vec<Arc<K>> {
        self.indexer.list(selector)
    }

    /// The cluster-scoped object `name`. For namespaced kinds use
    /// [`namespace`](Self::namespace)`(ns).get(name)`.
    pub fn get(&self, name: &str) -> Option<Arc<K>> {
        self.indexer.get("", name)
    }

    /// The objects of one namespace. Its `list` looks only at that namespace's
    /// objects, through the store's namespace index.
    pub fn namespace<'a>(&'a self, namespace: &'a str) -> NamespaceLister<'a, K> {
        NamespaceLister {
            indexer: &self.indexer,
            namespace,
        }
    }

    /// The store this lister reads.
    pub fn indexer(&self) -> &Indexer<K> {
        &self.indexer
    }
}

/// The objects of kind `K` in one namespace, from [`Lister::namespace`].
pub struct NamespaceLister<'a, K> {
    indexer: &'a Indexer<K>,
    namespace: &'a str,
}

impl<K> std::fmt::Debug for NamespaceLister<'_, K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NamespaceLister")
            .field("namespace", &self.namespace)
            .finish_non_exhaustive()
    }
}

impl<K: Resource> NamespaceLister<'_, K> {
    /// The object `name` in this namespace.
    pub fn get(&self, name: &str) -> Option<Arc<K>> {
        self.indexer.get(self.namespace, name)
    }

    /// The objects in this namespace whose labels match `selector`.
    pub fn list(&self, selector: &LabelSelector) -> Vec<Arc<K>> {
        self.indexer.list_namespace(self.namespace, selector)
    }

    /// The objects in this namespace filed under `key` in the store's
    /// secondary index `index` ([`Indexer::add_index`]; none without it).
    pub fn by_index(&self, index: &str, key: &str) -> Vec<Arc<K>> {
        self.indexer.by_index(index, self.namespace, key)
    }

    /// The namespace this lister reads.
    pub fn namespace(&self) -> &str {
        self.namespace
    }
}
