//! The App's children, the built-in Deployment and Service, written through
//! the manager's helpers ([`kube_codegen_manager::apply`]: create for a
//! missing child, server-side apply with the cached `resourceVersion` for a
//! drifted one, delete with a uid precondition for a renamed-away one) as
//! [`FIELD_MANAGER`], through the same clientset as the App's status (real or
//! fake, so App and child writes land in one ordered action list in tests).

use generated::clientset::Result;
use k8s_openapi::NamespaceResourceScope;
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::Service;
use kube::Resource;
use kube::api::PostParams;
use kube_codegen_manager::apply;
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
    apply::post_params(FIELD_MANAGER)
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
    apply::create(clientset, namespace, object, FIELD_MANAGER).await
}

/// Server-side applies `object` (carrying the expected `resourceVersion`) as
/// [`FIELD_MANAGER`], forcing ownership.
pub async fn apply<C: Interface, K: Child>(
    clientset: &C,
    namespace: &str,
    name: &str,
    object: &K,
) -> Result<K> {
    apply::apply(clientset, namespace, name, object, FIELD_MANAGER).await
}

/// Deletes `name` if it still has uid `uid`; an object already gone is not an
/// error.
pub async fn delete<C: Interface, K: Child>(
    clientset: &C,
    namespace: &str,
    name: &str,
    uid: &str,
) -> Result<()> {
    apply::delete::<C, K>(clientset, namespace, name, uid).await
}
