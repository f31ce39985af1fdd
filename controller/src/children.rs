//! Writes to the App's children, the built-in Deployment and Service.
//!
//! They go through the same clientset as the App's status: any
//! `kube_codegen_runtime::Interface`, whose typed clients serve the built-in
//! kinds next to the generated ones. The controller passes the real clientset;
//! unit tests the fake, so App and child writes land in one ordered action list.
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

use generated::clientset::{ApplyParams, Result};
use k8s_openapi::NamespaceResourceScope;
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::Service;
use kube::Resource;
use kube::api::{DeleteParams, PostParams, Preconditions};
use kube_codegen_runtime::{Interface, Kind, verb};

use crate::desired::FIELD_MANAGER;

/// A kind of child: a namespaced built-in kind the runtime serves, which can be
/// created, applied and deleted.
pub trait Child:
    Kind + Resource<Scope = NamespaceResourceScope> + verb::Create + verb::Apply + verb::Delete
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

// Missing children are created, drift is corrected by server-side apply
// (patch), renamed-away children are deleted.
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=create;patch;delete
// +kubebuilder:rbac:groups=core,resources=services,verbs=create;patch;delete
//
// Children carry an owner reference with `blockOwnerDeletion: true`; where the
// OwnerReferencesPermissionEnforcement admission plugin is on, setting it
// requires update on the owner's finalizers.
// +kubebuilder:rbac:groups=myapp.k8s.io,resources=apps/finalizers,verbs=update

/// Creates `object` in `namespace`; `AlreadyExists` if the name is taken.
pub async fn create<C: Interface, K: Child>(
    clientset: &C,
    namespace: &str,
    object: &K,
) -> Result<K> {
    clientset
        .resource::<K>(namespace)
        .create(&post_params(), object)
        .await
}

/// Server-side applies `object` (an apply configuration carrying the expected
/// `resourceVersion`) as [`FIELD_MANAGER`], forcing ownership.
pub async fn apply<C: Interface, K: Child>(
    clientset: &C,
    namespace: &str,
    name: &str,
    object: &K,
) -> Result<K> {
    let params = ApplyParams::new(FIELD_MANAGER).force();
    clientset
        .resource::<K>(namespace)
        .apply(name, object, &params)
        .await
}

/// Deletes `name` if it still has uid `uid`; an object already gone is not an
/// error.
pub async fn delete<C: Interface, K: Child>(
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
