//! One reconcile of one App: read the App and its children from the informer
//! caches, make the few writes that bring the children and the status in line,
//! and report what happened through events.
//!
//! The rules it follows:
//! - reads come from listers only; writes go through the generated clientset
//!   (App status) and the same clientset's typed clients of the built-in
//!   kinds (children, [`crate::children`]);
//! - a child is "ours" only if its controller owner reference carries the
//!   App's uid; anything else with the child's name is never touched (Warning
//!   event `ErrResourceExists`, `Ready=False`, retried with backoff);
//! - nothing is written when the cache already shows the desired state: a
//!   child is applied only if a field of its apply configuration differs
//!   ([`crate::drift`]), the status only if the computed status differs;
//! - a spec that cannot be realised gets a Warning event and a condition once,
//!   and is not retried until it changes.

mod error;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use generated::clientset::{ApplyParams, Interface};
use generated::listers::myapp::v1::AppLister;
use generated::listers::{LabelSelector, Lister};
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::Service;

pub use error::ReconcileError;

use crate::api::App;
use crate::children::{self, Child};
use crate::desired;
use crate::events::{AppEvent, EventSink, reason as event_reason};
use crate::metrics::Metrics;
use crate::status::{self, Readiness, reason};
use crate::validate::{ValidApp, validate};
use kube_codegen_manager::ObjectKey;
use kube_codegen_manager::drift::{differences, has_drifted};
use kube_codegen_manager::owner::{describe_controller, is_controlled_by};

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

/// What the reconcile found for one child.
enum ChildState<K> {
    /// The App controls it and it matches the App (possibly after a write).
    Ready(Arc<K>),
    /// Its name is taken by an object the App does not control.
    Foreign(Arc<K>),
    /// The App controls it but it is being deleted; it is recreated once gone.
    Deleting,
    /// This controller created it moments ago and the cache has not seen it
    /// yet: its watch event is on its way and requests the App again.
    Expected,
}

/// How long a child this controller created is expected in the cache before
/// the expectation is dropped (its watch event was lost, or it was deleted
/// before the cache saw it): client-go's `ControllerExpectations` idea.
const EXPECTATION_TTL: std::time::Duration = std::time::Duration::from_secs(30);

/// A child by plural resource, namespace and name.
type ChildKey = (&'static str, String, String);

/// Reconciles Apps; generic over the clientset (real or fake), the child
/// client and the event sink so unit tests can run it without a server.
#[derive(Clone)]
pub struct Reconciler<C, E> {
    listers: Listers,
    clientset: C,
    events: E,
    metrics: Metrics,
    /// Per App, the `resourceVersion` its last status write replaced. A
    /// cached App still at that version is older than the write: its status
    /// is not written again (the write's own watch event is on its way and
    /// queues the App once more), which would only fail with `Conflict`.
    status_written_over: Arc<Mutex<HashMap<ObjectKey, String>>>,
    /// Children this controller created that the cache has not shown yet, by
    /// resource, namespace and name: a reconcile that reads the cache before
    /// the create's watch event waits for it instead of creating again (which
    /// would only fail with `AlreadyExists`).
    created: Arc<Mutex<HashMap<ChildKey, Instant>>>,
}

impl<C, E> std::fmt::Debug for Reconciler<C, E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reconciler").finish_non_exhaustive()
    }
}

fn api_error(
    verb: &'static str,
    kind: &'static str,
    name: &str,
    source: generated::clientset::Error,
) -> ReconcileError {
    ReconcileError::Api {
        verb,
        kind,
        name: name.to_owned(),
        source,
    }
}

/// What the children's states mean for the App's status.
struct Assessment {
    /// `status.availableReplicas`: the owned Deployment's, if there is one.
    available: Option<i32>,
    /// The `Ready` condition.
    readiness: Readiness,
    /// Each child whose name is taken by a foreign object: the error to retry
    /// with, and the Warning event about it.
    foreign: Vec<(ReconcileError, AppEvent)>,
}

fn assess(
    valid: &ValidApp<'_>,
    deployment: &ChildState<Deployment>,
    service: &ChildState<Service>,
) -> Assessment {
    let mut foreign = Vec::new();
    if let ChildState::Foreign(d) = deployment {
        foreign.push(foreign_child(valid, &**d));
    }
    if let ChildState::Foreign(s) = service {
        foreign.push(foreign_child(valid, &**s));
    }
    let available = match deployment {
        ChildState::Ready(d) => Some(status::available_replicas(d)),
        _ => None,
    };
    let readiness = match (deployment, service) {
        _ if !foreign.is_empty() => {
            let message: Vec<String> = foreign.iter().map(|(e, _)| e.to_string()).collect();
            Readiness::not_ready(reason::RESOURCE_EXISTS, message.join("; "))
        }
        (ChildState::Ready(d), ChildState::Ready(_)) => status::deployment_readiness(d),
        (ChildState::Deleting, _) => deleting(Deployment::KIND, valid.deployment_name),
        _ => deleting(Service::KIND, valid.service_name),
    };
    Assessment {
        available,
        readiness,
        foreign,
    }
}

/// The error and the Warning event for a foreign object with a child's name.
fn foreign_child<K: Child>(valid: &ValidApp<'_>, object: &K) -> (ReconcileError, AppEvent) {
    let meta = object.meta();
    let error = ReconcileError::ResourceExists {
        kind: K::KIND,
        name: meta.name.clone().unwrap_or_default(),
        app: valid.name.to_owned(),
        controller: describe_controller(meta),
    };
    let event = AppEvent::warning(
        event_reason::RESOURCE_EXISTS,
        "Reconcile",
        error.to_string(),
    )
    .about(object);
    (error, event)
}

fn deleting(kind: &str, name: &str) -> Readiness {
    Readiness::not_ready(
        reason::CHILD_DELETING,
        format!("{kind} {name:?} is being deleted; it is recreated once it is gone"),
    )
}

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
            status_written_over: Arc::default(),
            created: Arc::default(),
        }
    }

    /// The caches this reconciler reads.
    pub fn listers(&self) -> &Listers {
        &self.listers
    }

    fn written_over(&self) -> MutexGuard<'_, HashMap<ObjectKey, String>> {
        self.status_written_over
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether this controller created the child moments ago; a child the
    /// cache shows (`seen`) is expected no more.
    fn expected(&self, resource: &'static str, namespace: &str, name: &str, seen: bool) -> bool {
        let mut created = self.created.lock().unwrap_or_else(PoisonError::into_inner);
        let key = (resource, namespace.to_owned(), name.to_owned());
        match created.get(&key) {
            Some(at) if !seen && at.elapsed() < EXPECTATION_TTL => true,
            Some(_) => {
                created.remove(&key);
                false
            }
            None => false,
        }
    }

    fn created(&self, resource: &'static str, namespace: &str, name: &str) {
        self.created
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(
                (resource, namespace.to_owned(), name.to_owned()),
                Instant::now(),
            );
    }

    /// Forgets what is kept about the App `key` (it was deleted).
    pub fn forget(&self, key: &ObjectKey) {
        self.written_over().remove(key);
    }

    /// Brings the App `key` and its children in line. An App that is gone
    /// or being deleted needs nothing: garbage collection removes its children.
    pub async fn reconcile(&self, key: &ObjectKey) -> Result<(), ReconcileError> {
        let Some(app) = self.listers.apps.namespace(&key.namespace).get(&key.name) else {
            tracing::debug!(app = %key, "App is gone; its children are garbage collected");
            self.written_over().remove(key);
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
        let children = self.sync_children(&app, &valid, &changed).await;
        let (deployment, service) = match children {
            Ok(states) => states,
            Err(error) => return Err(self.failed(&app, error).await),
        };
        if matches!(deployment, ChildState::Expected) || matches!(service, ChildState::Expected) {
            tracing::debug!(app = %key, "waiting for the cache to show the children created");
            return Ok(());
        }

        let Assessment {
            available,
            readiness,
            foreign,
        } = assess(&valid, &deployment, &service);
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
            self.events
                .publish(
                    &app,
                    AppEvent::normal(event_reason::SYNCED, "Reconcile", "App synced successfully"),
                )
                .await;
        }
        Ok(())
    }

    /// Ensures both children and removes the ones the App no longer names.
    async fn sync_children(
        &self,
        app: &App,
        valid: &ValidApp<'_>,
        changed: &AtomicBool,
    ) -> Result<(ChildState<Deployment>, ChildState<Service>), ReconcileError> {
        // The two children are independent: write them concurrently.
        let (deployment, service) = futures::try_join!(
            self.ensure(
                app,
                valid,
                &self.listers.deployments,
                desired::deployment(valid),
                changed,
            ),
            self.ensure(
                app,
                valid,
                &self.listers.services,
                desired::service(valid),
                changed,
            ),
        )?;
        futures::try_join!(
            self.delete_renamed(
                app,
                valid,
                &self.listers.deployments,
                valid.deployment_name,
                changed,
            ),
            self.delete_renamed(
                app,
                valid,
                &self.listers.services,
                valid.service_name,
                changed,
            ),
        )?;
        Ok((deployment, service))
    }

    /// Creates the child if missing, applies it if it drifted, leaves it
    /// alone if it is foreign, being deleted, or already right.
    async fn ensure<K: Child>(
        &self,
        app: &App,
        valid: &ValidApp<'_>,
        lister: &Lister<K>,
        mut desired: K,
        changed: &AtomicBool,
    ) -> Result<ChildState<K>, ReconcileError> {
        let namespace = valid.namespace;
        let name = desired.meta().name.clone().unwrap_or_default();
        let live = lister.namespace(namespace).get(&name);
        if self.expected(K::RESOURCE, namespace, &name, live.is_some()) {
            return Ok(ChildState::Expected);
        }
        let Some(live) = live else {
            self.metrics.count_write("create", K::RESOURCE);
            let created = children::create(&self.clientset, namespace, &desired)
                .await
                .map_err(|e| api_error("create", K::KIND, &name, e))?;
            self.created(K::RESOURCE, namespace, &name);
            changed.store(true, Ordering::Relaxed);
            tracing::info!(app = valid.name, namespace, kind = K::KIND, name, "created");
            let note = format!("Created {} {name:?}", K::KIND);
            let event = AppEvent::normal(event_reason::CREATED, "Create", note).about(&created);
            self.events.publish(app, event).await;
            return Ok(ChildState::Ready(Arc::new(created)));
        };
        if !is_controlled_by(live.meta(), valid.uid) {
            return Ok(ChildState::Foreign(live));
        }
        if live.meta().deletion_timestamp.is_some() {
            return Ok(ChildState::Deleting);
        }
        if !has_drifted(&desired, &*live) {
            return Ok(ChildState::Ready(live));
        }
        let drifted = differences(&desired, &*live).join(", ");
        // The cached version is the precondition: a changed or replaced
        // object makes the apply fail with Conflict instead of being modified.
        desired.meta_mut().resource_version = live.meta().resource_version.clone();
        self.metrics.count_write("apply", K::RESOURCE);
        let applied = children::apply(&self.clientset, namespace, &name, &desired)
            .await
            .map_err(|e| api_error("apply", K::KIND, &name, e))?;
        changed.store(true, Ordering::Relaxed);
        tracing::info!(
            app = valid.name,
            namespace,
            kind = K::KIND,
            name,
            drifted,
            "corrected drift"
        );
        let note = format!("Updated {} {name:?} to match the App ({drifted})", K::KIND);
        let event = AppEvent::normal(event_reason::UPDATED, "Update", note).about(&applied);
        self.events.publish(app, event).await;
        Ok(ChildState::Ready(Arc::new(applied)))
    }

    /// Deletes children of kind `K` the App controls under another name than
    /// `keep` (left behind by a rename).
    async fn delete_renamed<K: Child>(
        &self,
        app: &App,
        valid: &ValidApp<'_>,
        lister: &Lister<K>,
        keep: &str,
        changed: &AtomicBool,
    ) -> Result<(), ReconcileError> {
        let namespace = valid.namespace;
        for object in lister
            .namespace(namespace)
            .list(&LabelSelector::everything())
        {
            let meta = object.meta();
            let name = meta.name.as_deref().unwrap_or_default();
            if name == keep
                || !is_controlled_by(meta, valid.uid)
                || meta.deletion_timestamp.is_some()
            {
                continue;
            }
            let uid = meta.uid.as_deref().unwrap_or_default();
            self.metrics.count_write("delete", K::RESOURCE);
            children::delete::<C, K>(&self.clientset, namespace, name, uid)
                .await
                .map_err(|e| api_error("delete", K::KIND, name, e))?;
            changed.store(true, Ordering::Relaxed);
            tracing::info!(
                app = valid.name,
                namespace,
                kind = K::KIND,
                name,
                "deleted after rename"
            );
            let note = format!(
                "Deleted {kind} {name:?}: the App now names {kind} {keep:?}",
                kind = K::KIND
            );
            let event = AppEvent::normal(event_reason::DELETED, "Delete", note).about(&*object);
            self.events.publish(app, event).await;
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
        let next = status::next_status(
            app.status.as_ref(),
            generation,
            available,
            readiness,
            status::now(),
        );
        if app.status.as_ref() == Some(&next) {
            return Ok(false);
        }
        let namespace = app.metadata.namespace.as_deref().unwrap_or_default();
        let name = app.metadata.name.as_deref().unwrap_or_default();
        let key = ObjectKey::new(namespace, name);
        let version = app.metadata.resource_version.clone().unwrap_or_default();
        if self.written_over().get(&key) == Some(&version) {
            tracing::debug!(app = %key, version, "cache older than our last status write; waiting for it");
            return Ok(false);
        }
        self.metrics.count_write("apply_status", "apps");
        // Status is written through the status subresource only, by
        // server-side apply of the fields this controller owns (forced, as
        // controllers do: the status is theirs).
        // +kubebuilder:rbac:groups=myapp.k8s.io,resources=apps/status,verbs=patch
        let config = status::status_apply(name, namespace, &next);
        let params = ApplyParams::new(desired::FIELD_MANAGER).force();
        self.clientset
            .myapp_v1()
            .apps(namespace)
            .apply_status_config(&config, &params)
            .await
            .map_err(|e| api_error("apply status of", "App", name, e))?;
        self.written_over().insert(key, version);
        tracing::info!(
            app = name,
            namespace,
            ready = readiness.ready,
            reason = readiness.reason,
            "status updated"
        );
        Ok(true)
    }

    /// An App whose spec cannot be realised: condition and Warning event once
    /// (when the condition changes), no retry until the App changes.
    async fn invalid_spec(&self, app: &App, problems: &[String]) -> Result<(), ReconcileError> {
        let message = format!("invalid spec: {}", problems.join("; "));
        let available = app.status.as_ref().and_then(|s| s.available_replicas);
        let readiness = Readiness::not_ready(reason::INVALID_SPEC, message.clone());
        if self.write_status(app, available, &readiness).await? {
            tracing::warn!(
                app = app.metadata.name.as_deref().unwrap_or_default(),
                message,
                "invalid spec"
            );
            self.events
                .publish(
                    app,
                    AppEvent::warning(event_reason::INVALID_SPEC, "Reconcile", message),
                )
                .await;
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
        self.events
            .publish(
                app,
                AppEvent::warning(event_reason::RECONCILE_FAILED, "Reconcile", message.clone()),
            )
            .await;
        let available = app.status.as_ref().and_then(|s| s.available_replicas);
        let readiness = Readiness::not_ready(reason::RECONCILE_FAILED, message);
        if let Err(status_error) = self.write_status(app, available, &readiness).await {
            tracing::debug!(%status_error, "could not record the failure in the status");
        }
        error
    }
}
