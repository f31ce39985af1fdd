//! Which `Api` an informer watches, by the kind's scope: namespaced kinds can be
//! limited to one namespace, cluster-scoped kinds never are.

use k8s_openapi::{ClusterResourceScope, NamespaceResourceScope};
use kube::core::Resource;
use kube::{Api, Client};

/// A resource scope an informer can watch ([`NamespaceResourceScope`] or
/// [`ClusterResourceScope`]); implemented for the scopes of all static kinds, the
/// generated ones and k8s-openapi's.
pub trait InformerScope {
    /// The `Api` to list and watch kind `K` through: all namespaces, or only
    /// `namespace` when given and the kind is namespaced.
    fn watch_api<K>(client: Client, namespace: Option<&str>) -> Api<K>
    where
        K: Resource<DynamicType = (), Scope = Self>;
}

impl InformerScope for NamespaceResourceScope {
    fn watch_api<K>(client: Client, namespace: Option<&str>) -> Api<K>
    where
        K: Resource<DynamicType = (), Scope = Self>,
    {
        match namespace {
            Some(namespace) => Api::namespaced(client, namespace),
            None => Api::all(client),
        }
    }
}

impl InformerScope for ClusterResourceScope {
    fn watch_api<K>(client: Client, _namespace: Option<&str>) -> Api<K>
    where
        K: Resource<DynamicType = (), Scope = Self>,
    {
        Api::all(client)
    }
}
