//! One reconcile of one App: read the App and its children from the informer
//! caches, make the few writes that bring the children and the status in line,
//! and report what happened through events.
//!
//! The rules it follows:
//! - reads come from listers only; writes go through the generated clientset
//!   (App status) and the same clientset's typed clients of the built-in
//!   kinds (children, through the manager's
//!   [`Children`](kube_codegen_manager::children::Children));
//! - a child is "ours" only if its controller owner reference carries the
//!   App's uid; anything else with the child's name is never touched (Warning
//!   event `ErrResourceExists`, `Ready=False`, retried with backoff);
//! - nothing is written when the cache already shows the desired state: a
//!   child is applied only if a field of its apply configuration differs
//!   ([`kube_codegen_manager::drift`]), the status only if the computed
//!   status differs;
//! - a spec that cannot be realised gets a Warning event and a condition once,
//!   and is not retried until it changes.

mod error;
#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicBool, Ordering};

use generated::clientset::{ApplyParams, Interface};
use generated::listers::Lister;
use generated::listers::myapp::v1::AppLister;
use k8s_openapi::NamespaceResourceScope;
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::Service;
use kube::Resource;
use kube_codegen_manager::children::{Child, Children, WriteError, renamed_away};
use kube_codegen_manager::owner::describe_controller;
use kube_codegen_manager::{Event, ObjectKey};
use kube_codegen_runtime::{Kind, verb};

pub use error::ReconcileError;

use crate::api::App;
use crate::desired::{self, FIELD_MANAGER};
use crate::events::{EventSink, reason as event_reason};
use crate::metrics::Metrics;
use crate::status::{self, Readiness, reason};
use crate::validate::{ValidApp, validate};

/// The caches a reconcile reads.
#[derive(Clone, Debug)]
pub struct Listers {
    /// Apps.
    pub apps: AppLister,
    /// Deployments.
    pub deployments: Lister<Deployment>,
    /// Services.
    pub services: Lister<Service>,
}

/// A kind of child: a namespaced kind the runtime serves, which can be
/// created, applied and deleted (the App's are Deployment and Service).
pub trait ChildKind:
    Kind + Resource<Scope = NamespaceResourceScope> + verb::Create + verb::Apply + verb::Delete
{
}

impl<K> ChildKind for K where
    K: Kind + Resource<Scope = NamespaceResourceScope> + verb::Create + verb::Apply + verb::Delete
{
}

/// Reconciles Apps; generic over the clientset (real or fake) and the event
/// sink so unit tests can run it without a server.
#[derive(Clone)]
pub struct Reconciler<C, E> {
    listers: Listers,
    clientset: C,
    events: E,
    metrics: Metrics,
    /// Writes the children as [`FIELD_MANAGER`]; its expectations remember
    /// the children created and the App statuses written that the cache has
    /// not shown yet, so a reconcile reading the cache before their watch
    /// events waits for them instead of writing again (which would only fail
    /// with `AlreadyExists` or `Conflict`).
    children: Children,
}

impl<C, E> std::fmt::Debug for Reconciler<C, E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reconciler").finish_non_exhaustive()
    }
}

/// What the children's states mean for the App's status:
/// `status.availableReplicas` (the owned Deployment's, if there is one), the
/// `Ready` condition, and, for each child whose name is taken by a foreign
/// object, the error to retry with and the Warning event about it.
fn assess(
    valid: &ValidApp<'_>,
    deployment: &Child<Deployment>,
    service: &Child<Service>,
) -> (Option<i32>, Readiness, Vec<(ReconcileError, Event)>) {
    let mut foreign = Vec::new();
    if let Child::Foreign(d) = deployment {
        foreign.push(foreign_child(valid, &**d));
    }
    if let Child::Foreign(s) = service {
        foreign.push(foreign_child(valid, &**s));
    }
    let available = deployment.current().map(|d| status::available_replicas(d));
    let readiness = match (deployment.current(), service.current()) {
        _ if !foreign.is_empty() => {
            let message: Vec<String> = foreign.iter().map(|(e, _)| e.to_string()).collect();
            Readiness::not_ready(reason::RESOURCE_EXISTS, message.join("; "))
        }
        (Some(d), Some(_)) => status::deployment_readiness(d),
        (None, _) => deleting(Deployment::INFO.kind, valid.deployment_name),
        _ => deleting(Service::INFO.kind, valid.service_name),
    };
    (available, readiness, foreign)
}

/// The error and the Warning event for a foreign object with a child's name.
fn foreign_child<K: ChildKind>(valid: &ValidApp<'_>, object: &K) -> (ReconcileError, Event) {
    let meta = object.meta();
    let error = ReconcileError::ResourceExists {
        kind: K::INFO.kind,
        name: meta.name.clone().unwrap_or_default(),
        app: valid.name.to_owned(),
        controller: describe_controller(meta),
    };
    let event = Event::warning(
        event_reason::RESOURCE_EXISTS,
        "Reconcile",
        error.to_string(),
    );
    (error, event.related_to(object))
}

fn deleting(kind: &str, name: &str) -> Readiness {
    Readiness::not_ready(
        reason::CHILD_DELETING,
        format!("{kind} {name:?} is being deleted; it is recreated once it is gone"),
    )
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
impl<C, E> Reconciler<C, E>
where
    C: Interface,
    E: EventSink,
{
    /// A reconciler reading `listers` and writing through `clientset`.
    pub fn new(listers: Listers, clientset: C, events: E, metrics: Metrics) -> Self {
        Reconciler {
            listers,
            clientset,
            events,
            metrics,
            children: Children::new(FIELD_MANAGER),
        }
    }

    /// The caches this reconciler reads.
    pub fn listers(&self) -> &Listers {
        &self.listers
    }

    /// Forgets what is kept about the App `key` (it was deleted).
    pub fn forget(&self, key: &ObjectKey) {
        self.children.expectations().forget::<App>(key);
    }

    /// Brings the App `key` and its children in line. An App that is gone
    /// or being deleted needs nothing: garbage collection removes its children.
    pub async fn reconcile(&self, key: &ObjectKey) -> Result<(), ReconcileError> {
        let Some(app) = self.listers.apps.namespace(&key.namespace).get(&key.name) else {
            tracing::debug!(app = %key, "App is gone; its children are garbage collected");
            self.forget(key);
            return Ok(());
        };
        if app.metadata.deletion_timestamp.is_some() {
            return Ok(());
        }
        let valid = match validate(&app) {
            Ok(valid) => valid,
            Err(problems) => return self.invalid_spec(&app, &problems).await,
        };
        let changed = AtomicBool::new(false);
        let (deployment, service) = match self.sync_children(&app, &valid, &changed).await {
            Ok(states) => states,
            Err(error) => return Err(self.failed(&app, error).await),
        };
        if matches!(deployment, Child::Expected) || matches!(service, Child::Expected) {
            tracing::debug!(app = %key, "waiting for the cache to show the children created");
            return Ok(());
        }

        let (available, readiness, foreign) = assess(&valid, &deployment, &service);
        if let Err(error) = self.write_status(&app, available, &readiness).await {
            return Err(self.failed(&app, error).await);
        }

        let mut first = None;
        for (error, event) in foreign {
            self.events.publish(&app, event).await;
            first.get_or_insert(error);
        }
        if let Some(error) = first {
            return Err(error);
        }
        if changed.load(Ordering::Relaxed) {
            let synced =
                Event::normal(event_reason::SYNCED, "Reconcile", "App synced successfully");
            self.events.publish(&app, synced).await;
        }
        Ok(())
    }

    /// Ensures both children and removes the ones the App no longer names.
    async fn sync_children(
        &self,
        app: &App,
        valid: &ValidApp<'_>,
        changed: &AtomicBool,
    ) -> Result<(Child<Deployment>, Child<Service>), ReconcileError> {
        let listers = &self.listers;
        // The two children are independent: write them concurrently.
        let (deployment, service) = futures::try_join!(
            self.ensure(
                app,
                valid,
                &listers.deployments,
                desired::deployment(valid),
                changed
            ),
            self.ensure(
                app,
                valid,
                &listers.services,
                desired::service(valid),
                changed
            ),
        )?;
        futures::try_join!(
            self.delete_renamed(
                app,
                valid,
                &listers.deployments,
                valid.deployment_name,
                changed
            ),
            self.delete_renamed(app, valid, &listers.services, valid.service_name, changed),
        )?;
        Ok((deployment, service))
    }

    /// Creates the child if missing, applies it if it drifted, leaves it
    /// alone if it is foreign, being deleted, or already right; counts the
    /// write and publishes the event about it.
    async fn ensure<K: ChildKind>(
        &self,
        app: &App,
        valid: &ValidApp<'_>,
        lister: &Lister<K>,
        desired: K,
        changed: &AtomicBool,
    ) -> Result<Child<K>, ReconcileError> {
        let child = self
            .children
            .ensure(&self.clientset, lister, valid.uid, desired)
            .await;
        let write = match &child {
            Ok(child) => child.write(),
            Err(error) => Some(error.verb),
        };
        if let Some(verb) = write {
            self.metrics.count_write(verb, K::INFO.plural);
        }
        let child = child?;
        if let Some(event) = child.event(App::INFO.kind) {
            changed.store(true, Ordering::Relaxed);
            self.events.publish(app, event).await;
        }
        Ok(child)
    }

    /// Deletes children of kind `K` the App controls under another name than
    /// `keep` (left behind by a rename).
    async fn delete_renamed<K: ChildKind>(
        &self,
        app: &App,
        valid: &ValidApp<'_>,
        lister: &Lister<K>,
        keep: &str,
        changed: &AtomicBool,
    ) -> Result<(), ReconcileError> {
        for child in renamed_away(lister, valid.namespace, valid.uid, keep) {
            self.metrics.count_write("delete", K::INFO.plural);
            self.children.delete(&self.clientset, &*child).await?;
            changed.store(true, Ordering::Relaxed);
            let (kind, name) = (
                K::INFO.kind,
                child.meta().name.as_deref().unwrap_or_default(),
            );
            let note = format!("Deleted {kind} {name:?}: the App now names {kind} {keep:?}");
            let event = Event::normal(event_reason::DELETED, "Delete", note);
            self.events.publish(app, event.related_to(&*child)).await;
        }
        Ok(())
    }

    /// Writes the status computed from `available` and `readiness` if it
    /// differs from the cached one; returns whether it wrote.
    async fn write_status(
        &self,
        app: &App,
        available: Option<i32>,
        readiness: &Readiness,
    ) -> Result<bool, ReconcileError> {
        let generation = app.metadata.generation.unwrap_or(0);
        let current = app.status.as_ref();
        let next = status::next_status(current, generation, available, readiness, status::now());
        if current == Some(&next) {
            return Ok(false);
        }
        let key = ObjectKey::of(app);
        // A cached App still at the version our last status write replaced is
        // older than that write: its own watch event is on its way and
        // requests the App once more; writing now would only conflict.
        if self.children.expectations().is_replaced(app) {
            tracing::debug!(app = %key, "cache older than our last status write; waiting for it");
            return Ok(false);
        }
        self.metrics.count_write("apply_status", "apps");
        // Status is written through the status subresource only, by
        // server-side apply of the fields this controller owns (forced, as
        // controllers do: the status is theirs).
        // +kubebuilder:rbac:groups=myapp.k8s.io,resources=apps/status,verbs=patch
        let config = status::status_apply(&key.name, &key.namespace, &next);
        let params = ApplyParams::new(FIELD_MANAGER).force();
        self.clientset
            .myapp_v1()
            .apps(&key.namespace)
            .apply_status_config(&config, &params)
            .await
            .map_err(|source| WriteError {
                verb: "apply status of",
                kind: App::INFO.kind,
                name: key.name.clone(),
                source,
            })?;
        self.children.expectations().wrote_over(app);
        tracing::info!(app = %key, ready = readiness.ready, reason = readiness.reason, "status updated");
        Ok(true)
    }

    /// An App whose spec cannot be realised: condition and Warning event once
    /// (when the condition changes), no retry until the App changes.
    async fn invalid_spec(&self, app: &App, problems: &[String]) -> Result<(), ReconcileError> {
        let message = format!("invalid spec: {}", problems.join("; "));
        let available = app.status.as_ref().and_then(|s| s.available_replicas);
        let readiness = Readiness::not_ready(reason::INVALID_SPEC, message.clone());
        if self.write_status(app, available, &readiness).await? {
            tracing::warn!(app = %ObjectKey::of(app), message, "invalid spec");
            let event = Event::warning(event_reason::INVALID_SPEC, "Reconcile", message);
            self.events.publish(app, event.fresh()).await;
        }
        Ok(())
    }

    /// Reports a failed write (unless it is the usual stale-cache race) as a
    /// Warning event and a condition, and hands the error back for a retry.
    async fn failed(&self, app: &App, error: ReconcileError) -> ReconcileError {
        if error.is_stale_cache() {
            return error;
        }
        let message = error.to_string();
        let event = Event::warning(event_reason::RECONCILE_FAILED, "Reconcile", message.clone());
        self.events.publish(app, event.fresh()).await;
        let available = app.status.as_ref().and_then(|s| s.available_replicas);
        let readiness = Readiness::not_ready(reason::RECONCILE_FAILED, message);
        if let Err(status_error) = self.write_status(app, available, &readiness).await {
            tracing::debug!(%status_error, "could not record the failure in the status");
        }
        error
    }
}
