//! The {kind} controller: brings every {kind} and what it asks for in line.

use std::sync::Arc;

use {type_path};
use kube_codegen_manager::{Action, Context, Manager, ObjectKey, Reconciler};
use kube_codegen_runtime::Interface;

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
    /// it: compare what it asks for with what is there and change what
    /// differs. Runs again on the next change, after a failure (with
    /// backoff), or when the returned [`Action`] says.
    async fn reconcile(&self, {var}: Arc<{kind}>, ctx: Context<C>) -> Result<Action, Error> {
        // Your logic goes here: create or update the objects the {kind} asks
        // for, reading them from `ctx.lister::<Kind>()` and writing through
        // `ctx.client()`. This skeleton logs that it saw the object.
        tracing::info!(
            controller = ctx.name(),
            object = %ObjectKey::of(&*{var}),
            generation = {var}.metadata.generation,
            "reconciled"
        );
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