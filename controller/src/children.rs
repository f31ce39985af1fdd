//! Writes to the App's children, the built-in Deployment and Service.
//!
//! The generated clientset covers the App API only (as client-go's generated
//! clientsets cover their own groups), so built-in kinds are written through
//! `kube::Api`. [`ChildClient`] is the seam: the controller uses
//! [`KubeChildClient`]; unit tests plug in a client over the generated fake
//! clientset's object tracker, so one recorded action list covers every write.
//!
//! How each write is made, and why:
//! - **create** (POST) for a child missing from the cache: if the cache was
//!   stale and the name is taken, the server answers `AlreadyExists` and
//!   nothing is overwritten — server-side apply would have merged into, and so
//!   adopted, an object this App does not control.
//! - **apply** (server-side apply, field manager `app-controller`, forced) for
//!   a child that drifted: only the fields of the apply configuration are
//!   claimed, so fields other managers own (an HPA's `replicas` when the App
//!   leaves replicas unset, annotations, extra containers) are left alone;
//!   `force` takes back fields someone changed by hand. The configuration
//!   carries the cached `resourceVersion`, which the server checks like an
//!   update precondition: if the object changed (or was replaced by a foreign
//!   one) since the cache saw it, the apply fails with `Conflict` instead of
//!   modifying it.
//! - **delete** with a uid precondition for a renamed-away child, so a new
//!   object that took the old name is never deleted.

use std::fmt::Debug;
use std::future::Future;

use generated::clientset::{Error, Result};
use k8s_openapi::NamespaceResourceScope;
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::Service;
use kube::api::{DeleteParams, Patch, PatchParams, PostParams, Preconditions};
use kube::{Api, Resource};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::desired::FIELD_MANAGER;

/// A kind of child: a namespaced built-in kind with static type information.
pub trait Child:
    Resource<DynamicType = (), Scope = NamespaceResourceScope>
    + Clone
    + Serialize
    + DeserializeOwned
    + Debug
    + Send
    + Sync
    + 'static
{
    /// The kind, for messages (`Deployment`).
    const KIND: &'static str;
    /// The plural resource, for metrics (`deployments`).
    const RESOURCE: &'static str;
}

impl Child for Deployment {
    const KIND: &'static str = "Deployment";
    const RESOURCE: &'static str = "deployments";
}

impl Child for Service {
    const KIND: &'static str = "Service";
    const RESOURCE: &'static str = "services";
}

/// The three writes the controller makes to children.
pub trait ChildClient: Clone + Send + Sync + 'static {
    /// Creates `object` in `namespace`; `AlreadyExists` if the name is taken.
    fn create<K: Child>(
        &self,
        namespace: &str,
        object: &K,
    ) -> impl Future<Output = Result<K>> + Send;

    /// Server-side applies `object` (an apply configuration carrying the
    /// expected `resourceVersion`) as [`FIELD_MANAGER`], forcing ownership.
    fn apply<K: Child>(
        &self,
        namespace: &str,
        name: &str,
        object: &K,
    ) -> impl Future<Output = Result<K>> + Send;

    /// Deletes `name` if it still has uid `uid`; an object already gone is
    /// not an error.
    fn delete<K: Child>(
        &self,
        namespace: &str,
        name: &str,
        uid: &str,
    ) -> impl Future<Output = Result<()>> + Send;
}

/// The parameters of a create as this controller.
pub fn post_params() -> PostParams {
    PostParams {
        dry_run: false,
        field_manager: Some(FIELD_MANAGER.to_owned()),
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

/// [`ChildClient`] over `kube::Api`.
#[derive(Clone)]
pub struct KubeChildClient {
    client: kube::Client,
}

impl KubeChildClient {
    /// Writes through `client`.
    pub fn new(client: kube::Client) -> Self {
        KubeChildClient { client }
    }

    fn api<K: Child>(&self, namespace: &str) -> Api<K> {
        Api::namespaced(self.client.clone(), namespace)
    }
}

impl std::fmt::Debug for KubeChildClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KubeChildClient").finish_non_exhaustive()
    }
}

// Missing children are created, drift is corrected by server-side apply
// (patch), renamed-away children are deleted.
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=create;patch;delete
// +kubebuilder:rbac:groups=core,resources=services,verbs=create;patch;delete
//
// Children carry an owner reference with `blockOwnerDeletion: true`; where the
// OwnerReferencesPermissionEnforcement admission plugin is on, setting it
// requires update on the owner's finalizers.
// +kubebuilder:rbac:groups=myapp.k8s.io,resources=apps/finalizers,verbs=update
impl ChildClient for KubeChildClient {
    async fn create<K: Child>(&self, namespace: &str, object: &K) -> Result<K> {
        Ok(self.api(namespace).create(&post_params(), object).await?)
    }

    async fn apply<K: Child>(&self, namespace: &str, name: &str, object: &K) -> Result<K> {
        let params = PatchParams::apply(FIELD_MANAGER).force();
        Ok(self
            .api(namespace)
            .patch(name, &params, &Patch::Apply(object))
            .await?)
    }

    async fn delete<K: Child>(&self, namespace: &str, name: &str, uid: &str) -> Result<()> {
        match self
            .api::<K>(namespace)
            .delete(name, &delete_params(uid))
            .await
        {
            Ok(_) => Ok(()),
            Err(error) => {
                let error = Error::from(error);
                if error.is_not_found() {
                    Ok(())
                } else {
                    Err(error)
                }
            }
        }
    }
}
