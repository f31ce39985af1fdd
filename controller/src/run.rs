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
use kube_codegen_runtime::listers::Lister;

use crate::api::App;
use crate::desired::FIELD_MANAGER;
use crate::events::{EventSink, ManagerEvents, undecodable};
use crate::metrics::{CONTROLLER, Metrics};
use crate::reconcile::{Listers, ReconcileError, Reconciler};
use crate::triggers::{apps_for_child, deployment_name, service_name};

/// The App reconciler as the manager runs it.
struct AppReconciler<C, E>(Reconciler<C, E>);

impl<C: Interface, E: EventSink> kube_codegen_manager::Reconciler<App, C> for AppReconciler<C, E> {
    type Error = ReconcileError;

    async fn reconcile(&self, app: Arc<App>, _ctx: Context<C>) -> Result<Action, ReconcileError> {
        // Nothing to do until something changes (or the informers resync).
        self.0
            .reconcile(&ObjectKey::of(&*app))
            .await
            .map(|()| Action::await_change())
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
/// Registers the App controller on `manager`, publishing its events through
/// `events`.
pub fn register<C: Interface, E: EventSink>(
    manager: &mut Manager<C>,
    metrics: &Metrics,
    events: E,
) {
    let apps = manager.cache::<App>();
    let listers = Listers {
        apps: apps.lister(),
        deployments: manager.cache::<Deployment>().lister(),
        services: manager.cache::<Service>().lister(),
    };
    // An App that does not decode (stored through another version, or under a
    // looser schema) is skipped by the informer; it gets a Warning event
    // saying why, besides the informer's log line and counter.
    {
        let events = ManagerEvents::new(manager.recorder(), metrics.clone());
        let metrics = metrics.clone();
        apps.set_decode_error_handler(move |error| {
            tracing::warn!(app = %error.key(), "not reconciled: the App does not decode");
            metrics.count_decode_failure();
            events.spawn_about(error.object_ref(), undecodable(error));
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
    // it (create cannot be limited by name); then it is read and updated by
    // name only.
    // +kubebuilder:rbac:groups=coordination.k8s.io,namespace=app-system,roleName=app-controller-leader-election,resources=leases,verbs=create
    // +kubebuilder:rbac:groups=coordination.k8s.io,namespace=app-system,roleName=app-controller-leader-election,resources=leases,resourceNames=app-controller,verbs=get;update
    pub fn new(client: kube::Client, config: Config) -> Self {
        let mut manager = Manager::new(client, FIELD_MANAGER, config);
        let metrics = Metrics::new(manager.metrics());
        let events = ManagerEvents::new(manager.recorder(), metrics.clone());
        register(&mut manager, &metrics, events);
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

    /// This replica's cache of Apps: what it reconciles from. A standby's is
    /// filled too (every replica's informers run, as controller-runtime's
    /// caches do), so it takes over with warm caches.
    pub fn apps(&self) -> Lister<App> {
        self.lister::<App>()
    }

    /// This replica's cache of `K` (`App`, `Deployment`, `Service`): what
    /// its reconciles read.
    pub fn lister<K: kube_codegen_runtime::Kind>(&self) -> Lister<K> {
        self.manager.cache::<K>().lister()
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

#[cfg(test)]
mod tests {
    //! The whole controller on the fake clientset: a manager whose informers
    //! read the fake, the triggers, the applier, the reconciler writing to the
    //! fake.

    use std::collections::HashMap;
    use std::sync::Mutex;
    use std::time::{Duration, Instant};

    use generated::clientset::fake;
    use generated::clientset::{Error, ErrorKind};
    use kube::api::{ListParams, Patch, PatchParams};
    use kube_codegen_runtime::Interface as _;

    use super::*;
    use crate::testing::RecordedEvents;
    use crate::testing::app;

    /// Runs the controller on a manager over `fake` with `workers` until
    /// `done` holds (or 10 s).
    async fn run_until<E: EventSink>(
        fake: &fake::Clientset,
        events: E,
        workers: usize,
        backoff: (Duration, Duration),
        metrics: &Metrics,
        done: impl Fn(&fake::Clientset) -> bool,
    ) {
        let config = Config {
            workers,
            resync: Duration::ZERO,
            backoff_base: backoff.0,
            backoff_max: backoff.1,
            ..Config::default()
        };
        let mut manager =
            Manager::fake(fake, FIELD_MANAGER, config).with_metrics(metrics.manager());
        register(&mut manager, metrics, events);
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let running = tokio::spawn(manager.run(async move {
            let _ = stopped.await;
        }));
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while !done(fake) {
            assert!(tokio::time::Instant::now() < deadline, "no convergence");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let _ = stop.send(());
        running.await.unwrap().unwrap();
    }

    fn named(app: &App) -> String {
        app.metadata.name.clone().unwrap_or_default()
    }

    fn children(fake: &fake::Clientset) -> (usize, usize) {
        let count = |key| fake.tracker().list(&key, None).0.len();
        (
            count(fake::ResourceKey::of(
                &<Deployment as kube_codegen_runtime::Kind>::INFO,
            )),
            count(fake::ResourceKey::of(
                &<Service as kube_codegen_runtime::Kind>::INFO,
            )),
        )
    }

    fn with_status(fake: &fake::Clientset) -> usize {
        let key = fake::ResourceKey::of(&<App as kube_codegen_runtime::Kind>::INFO);
        fake.tracker()
            .list(&key, None)
            .0
            .iter()
            .filter(|a| a.get("status").is_some())
            .count()
    }

    fn backoff() -> (Duration, Duration) {
        (Duration::from_millis(20), Duration::from_millis(200))
    }

    #[tokio::test]
    async fn apps_converge_through_the_applier_on_the_fake() {
        let seeds = ["a", "b", "c"].map(|n| app(n, n, "nginx", Some(1), n).into());
        let fake = fake::Clientset::new(seeds);
        let metrics = Metrics::default();
        run_until(
            &fake,
            RecordedEvents::default(),
            2,
            backoff(),
            &metrics,
            |f| children(f) == (3, 3) && with_status(f) == 3,
        )
        .await;
        let creates = fake
            .actions()
            .iter()
            .filter(|a| a.verb == "create" && a.resource == "deployments")
            .count();
        // A reconcile that read a cache without its own create yet may try
        // again (and fail quietly with AlreadyExists); never more than that.
        assert!((3..=6).contains(&creates), "{creates} Deployment creates");
        assert!(metrics.reconciles("success") >= 3);
        let apps = fake
            .resource::<App>("default")
            .list(&ListParams::default())
            .await
            .unwrap();
        assert_eq!(
            apps.items.iter().map(named).collect::<Vec<_>>(),
            ["a", "b", "c"]
        );
    }

    #[tokio::test]
    async fn a_failing_app_is_retried_with_backoff_until_it_succeeds() {
        let fake = fake::Clientset::new([app("flaky", "flaky", "nginx", Some(1), "flaky").into()]);
        let attempts = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&attempts);
        fake.prepend_reactor("create", "deployments", move |_| {
            let mut seen = seen.lock().unwrap();
            seen.push(Instant::now());
            (seen.len() <= 2).then(|| Err(Error::api(ErrorKind::Forbidden, "not yet")))
        });
        let metrics = Metrics::default();
        run_until(
            &fake,
            RecordedEvents::default(),
            2,
            backoff(),
            &metrics,
            |f| children(f).0 == 1,
        )
        .await;
        let attempts = attempts.lock().unwrap();
        assert_eq!(attempts.len(), 3, "two failures, then the create");
        // The first failure's condition (a status write) changes the App, which
        // requests it again at once; the second changes nothing, and the retry
        // waits for the backoff: 40 ms after two failures.
        assert!(
            attempts[2] - attempts[1] >= Duration::from_millis(40),
            "{:?}",
            attempts[2] - attempts[1]
        );
        assert_eq!(metrics.reconciles("error"), 2);
    }

    /// An event sink that takes its time, and remembers how many reconciles of
    /// one App, and of all Apps, were publishing at once (counting the events
    /// about the Deployment: one per reconcile that corrects it).
    #[derive(Clone, Default)]
    struct SlowEvents {
        running: Arc<Mutex<HashMap<String, usize>>>,
        most: Arc<Mutex<(usize, usize)>>,
    }

    impl EventSink for SlowEvents {
        async fn publish_about(
            &self,
            _regarding: k8s_openapi::api::core::v1::ObjectReference,
            _event: kube_codegen_manager::Event,
        ) {
        }

        async fn publish(&self, app: &App, event: kube_codegen_manager::Event) {
            if !event.note.starts_with("Updated Deployment") {
                return;
            }
            let name = named(app);
            {
                let mut running = self.running.lock().unwrap();
                *running.entry(name.clone()).or_default() += 1;
                let mut most = self.most.lock().unwrap();
                most.0 = most.0.max(running[&name]);
                most.1 = most.1.max(running.values().sum());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
            *self.running.lock().unwrap().get_mut(&name).unwrap() -= 1;
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_app_is_never_reconciled_twice_at_once() {
        let names = ["a", "b", "c", "d"];
        let fake = fake::Clientset::new(names.map(|n| app(n, n, "nginx", Some(1), n).into()));
        // Keep changing the Apps' images: every reconcile has a Deployment to
        // correct and events to publish (slowly), and requests pile up.
        let churn = {
            let fake = fake.clone();
            tokio::spawn(async move {
                for round in 0..15 {
                    for name in names {
                        let image = format!("nginx:1.{round}");
                        let patch = serde_json::json!({"spec": {"deployment": {"image": image}}});
                        let _ = fake
                            .resource::<App>("default")
                            .patch(name, &PatchParams::default(), &Patch::Merge(&patch))
                            .await;
                    }
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            })
        };
        let events = SlowEvents::default();
        let metrics = Metrics::default();
        let last_image = |f: &fake::Clientset| {
            let key = fake::ResourceKey::of(&<Deployment as kube_codegen_runtime::Kind>::INFO);
            let deployments = f.tracker().list(&key, None).0;
            deployments.len() == 4
                && deployments.iter().all(|d| {
                    d["spec"]["template"]["spec"]["containers"][0]["image"] == "nginx:1.14"
                })
        };
        run_until(&fake, events.clone(), 4, backoff(), &metrics, |f| {
            churn.is_finished() && last_image(f)
        })
        .await;
        let (per_app, overall) = *events.most.lock().unwrap();
        assert_eq!(per_app, 1, "one App reconciled by two tasks at once");
        assert!(overall > 1, "different Apps are reconciled concurrently");
    }
}
