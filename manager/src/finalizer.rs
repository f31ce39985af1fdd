//! Finalizers: kube-runtime's [`finalizer`](kube::runtime::finalizer::finalizer)
//! helper (adds the finalizer before the first apply, runs the cleanup on
//! deletion and removes it after), reached from a reconcile context.
//!
//! ```no_run
//! # use std::sync::Arc;
//! # use k8s_openapi::api::core::v1::ConfigMap;
//! # use kube_codegen_manager::{Action, finalizer};
//! # async fn demo(client: kube::Client, object: Arc<ConfigMap>) -> Result<Action, finalizer::Error<kube::Error>> {
//! finalizer::run(&client, "example.com/cleanup", object, |event| async move {
//!     match event {
//!         finalizer::Event::Apply(_object) => Ok(Action::await_change()),
//!         finalizer::Event::Cleanup(_object) => Ok(Action::await_change()),
//!     }
//! })
//! .await
//! # }
//! ```

use std::fmt::Debug;
use std::sync::Arc;

use futures::TryFuture;
use k8s_openapi::NamespaceResourceScope;
use kube::Resource;
use kube::runtime::controller::Action;
use serde::Serialize;
use serde::de::DeserializeOwned;

pub use kube::runtime::finalizer::{Error, Event};

/// Runs `reconcile` under the finalizer `name` of the namespaced `object`
/// (kube-runtime's `finalizer` on the object's namespace).
pub async fn run<K, Fut>(
    client: &kube::Client,
    name: &str,
    object: Arc<K>,
    reconcile: impl FnOnce(Event<K>) -> Fut,
) -> Result<Action, Error<Fut::Error>>
where
    K: Resource<DynamicType = (), Scope = NamespaceResourceScope>
        + Clone
        + DeserializeOwned
        + Serialize
        + Debug,
    Fut: TryFuture<Ok = Action>,
    Fut::Error: std::error::Error + 'static,
{
    let namespace = object.meta().namespace.clone().unwrap_or_default();
    let api = kube::Api::<K>::namespaced(client.clone(), &namespace);
    kube::runtime::finalizer::finalizer(&api, name, object, reconcile).await
}

/// Whether `object` carries the finalizer `name`.
pub fn has_finalizer<K: Resource>(object: &K, name: &str) -> bool {
    object
        .meta()
        .finalizers
        .as_deref()
        .is_some_and(|f| f.iter().any(|n| n == name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use k8s_openapi::api::core::v1::ConfigMap;

    #[test]
    fn finds_a_finalizer_by_name() {
        let mut object = ConfigMap::default();
        assert!(!has_finalizer(&object, "example.com/cleanup"));
        object.metadata.finalizers = Some(vec!["example.com/cleanup".into()]);
        assert!(has_finalizer(&object, "example.com/cleanup"));
        assert!(!has_finalizer(&object, "example.com/other"));
    }
}
