//! The App controller on the manager: the informers of Apps, Deployments and
//! Services, the controller `app` (for App, watching the children it controls
//! or names), the App's decode-failure events, and the manager's leader
//! election, health, metrics and orderly stop.

use std::future::Future;
use std::sync::Arc;

use generated::clientset::Interface;
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::Service;
use kube_codegen_manager::{Action, Config, Context, Health, Manager, ObjectKey, Retry};

use crate::api::App;
use crate::desired::FIELD_MANAGER;
use crate::events::{AppEvent, EventSink, ManagerEvents};
use crate::metrics::{CONTROLLER, Metrics};
use crate::reconcile::{Listers, ReconcileError, Reconciler};
use crate::triggers::{apps_for_child, deployment_name, service_name};

/// The App reconciler as the manager runs it.
struct AppReconciler<C, E>(Reconciler<C, E>);

impl<C: Interface, E: EventSink> kube_codegen_manager::Reconciler<App, C> for AppReconciler<C, E> {
    type Error = ReconcileError;

    async fn reconcile(&self, app: Arc<App>, _ctx: Context<C>) -> Result<Action, ReconcileError> {
        // Nothing to do until something changes (or the informers resync).
        self.0.reconcile(&ObjectKey::of(&*app)).await.map(|()| Action::await_change())
    }

    fn error_policy(&self, app: &App, error: &ReconcileError, retry: Retry) -> Action {
        let app = ObjectKey::of(app);
        if error.is_stale_cache() {
            tracing::debug!(%app, %error, retries = retry.failures, "stale cache; retrying");
        } else {
            tracing::warn!(%app, %error, retries = retry.failures, "reconcile failed; retrying with backoff");
        }
        Action::requeue(retry.backoff)
    }

    fn deleted(&self, key: &ObjectKey) {
        self.0.forget(key);
    }
}

// The informers list and watch Apps and their children; reads are served from
// their caches, never from the API server.
// +kubebuilder:rbac:groups=myapp.k8s.io,resources=apps,verbs=list;watch
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=list;watch
// +kubebuilder:rbac:groups=core,resources=services,verbs=list;watch
/// Registers the App controller on `manager`; `workers` at a time.
pub fn register<C: Interface>(manager: &mut Manager<C>, metrics: &Metrics) {
    let apps = manager.cache::<App>();
    let listers = Listers {
        apps: apps.lister(),
        deployments: manager.cache::<Deployment>().lister(),
        services: manager.cache::<Service>().lister(),
    };
    let events = ManagerEvents::new(manager.recorder(), metrics.clone());
    // An App that does not decode (stored through another version, or under a
    // looser schema) is skipped by the informer; it gets a Warning event
    // saying why, besides the informer's log line and counter.
    {
        let (events, metrics) = (events.clone(), metrics.clone());
        apps.set_decode_error_handler(move |error| {
            tracing::warn!(app = %error.key(), "not reconciled: the App does not decode");
            metrics.count_decode_failure();
            events.spawn_about(error.object_ref(), AppEvent::undecodable(error));
        });
    }
    let (by_deployment, by_service) = (listers.apps.clone(), listers.apps.clone());
    let reconciler = Reconciler::new(listers, manager.client().clone(), events, metrics.clone());
    manager
        .controller::<App>()
        .named(CONTROLLER)
        .watches(move |d: &Deployment| apps_for_child(d, &by_deployment, deployment_name))
        .watches(move |s: &Service| apps_for_child(s, &by_service, service_name))
        .complete(AppReconciler(reconciler));
}

/// The App controller, before it runs: its metrics and health are available to
/// the embedding program (the binary, or a test) from the start.
#[derive(Debug)]
pub struct Controller {
    manager: Manager,
    metrics: Metrics,
}

/// Runs the controller until `shutdown` completes (or leadership is lost,
/// which is an error: the process should exit and be restarted).
pub async fn run(
    client: kube::Client,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), kube_codegen_manager::Error> {
    Controller::new(client, config).run(shutdown).await
}

impl Controller {
    /// A controller talking to the cluster through `client`.
    // The replicas share the Lease `app-controller` in `app-system` (the
    // manifests' --leader-election-id and namespace). The first replica creates
    // it (create cannot be limited by name); then it is read and patched by
    // name only.
    // +kubebuilder:rbac:groups=coordination.k8s.io,namespace=app-system,roleName=app-controller-leader-election,resources=leases,verbs=create
    // +kubebuilder:rbac:groups=coordination.k8s.io,namespace=app-system,roleName=app-controller-leader-election,resources=leases,resourceNames=app-controller,verbs=get;patch
    pub fn new(client: kube::Client, config: Config) -> Self {
        let mut manager = Manager::new(client, FIELD_MANAGER, config);
        let metrics = Metrics::new(manager.metrics());
        register(&mut manager, &metrics);
        Controller { manager, metrics }
    }

    /// The controller's metrics (also served at `/metrics`).
    pub fn metrics(&self) -> Metrics {
        self.metrics.clone()
    }

    /// The controller's probe state (also served at `/healthz` and `/readyz`).
    pub fn health(&self) -> Arc<Health> {
        self.manager.health()
    }

    /// Runs until `shutdown` completes; see the manager's docs for the order
    /// of the stop.
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), kube_codegen_manager::Error> {
        self.manager.run(shutdown).await
    }
}
