//! The {kind} controller: brings every {kind} and what it asks for in line.

use std::sync::Arc;

use {type_path};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::Condition;
use kube::api::{Patch, PatchParams};
use kube_codegen_manager::{Action, Context, Manager, Reconciler, conditions};
use kube_codegen_runtime::{Interface, TypedClient};

/// Reconciles {kind} objects.
pub struct {kind}Reconciler;

/// Why a reconcile of a {kind} failed: add a variant for each thing that can
/// (the manager logs it and retries the {kind} with backoff).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The API server refused a request.
    #[error(transparent)]
    Api(#[from] kube_codegen_runtime::Error),
}

// What the controller may do: `make manifests` turns these into the
// ClusterRole in config/rbac/role.yaml. Add one for every other kind it reads
// or writes.
{rbac_markers}
impl<C: Interface> Reconciler<{kind}, C> for {kind}Reconciler {
    type Error = Error;

    /// Runs for every change of a {kind} (and of the objects the controller
    /// `owns` or `watches`, see [`setup`]), with the {kind} as the cache has
    /// it: compare what it asks for with what is there, change what differs,
    /// and say how it went in its status. Runs again on the next change, after
    /// a failure (with backoff), or when the returned [`Action`] says.
    async fn reconcile(&self, {var}: Arc<{kind}>, ctx: Context<C>) -> Result<Action, Error> {
        // Your logic goes here: create or update the objects the {kind} asks
        // for, owned by it (`kube_codegen_manager::owner::set_controller_reference`
        // and `kube_codegen_manager::apply`), reading them from
        // `ctx.lister::<Kind>()`. This skeleton reports that it saw the object.
        let mut status = {var}.status.clone().unwrap_or_default();
        let ready = Condition {
            type_: "Ready".to_owned(),
            status: "True".to_owned(),
            reason: "Reconciled".to_owned(),
            message: "The {kind} was reconciled.".to_owned(),
            observed_generation: {var}.metadata.generation,
            last_transition_time: conditions::now(),
        };
        let changed = conditions::set_status_condition(&mut status.conditions, ready);
        if changed || status.observed_generation != {var}.metadata.generation {
            status.observed_generation = {var}.metadata.generation;
            let namespace = {var}.metadata.namespace.as_deref().unwrap_or_default();
            let name = {var}.metadata.name.as_deref().unwrap_or_default();
            let patch = Patch::Merge(serde_json::json!({ "status": status }));
            let params = PatchParams {
                field_manager: Some(ctx.field_manager().to_owned()),
                ..PatchParams::default()
            };
            TypedClient::<{kind}, C>::new(ctx.client(), namespace)
                .patch_status(name, &params, &patch)
                .await?;
        }
        Ok(Action::await_change())
    }
}

/// Adds the controller to the manager (`controllers::setup` calls this): a
/// reconcile for every change of a {kind}. Add `.owns::<Child>()` for the
/// objects it creates (their changes reconcile their owner) and
/// `.watches::<Other>(mapper)` for others it depends on.
pub fn setup<C: Interface>(manager: &mut Manager<C>) {
    manager.controller::<{kind}>().complete({kind}Reconciler);
}
{tests}