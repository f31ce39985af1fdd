//! The reconcile loop: kube-runtime's `applier` (the machinery behind its
//! `Controller`) on the App informer's reflector `Store`, fed by the informers'
//! triggers ([`crate::triggers`]). It gives the guarantees a controller needs:
//! an App requested several times before its reconcile starts is reconciled
//! once; an App is never reconciled by two tasks at once (a request that comes
//! while it is being reconciled runs after); up to `workers` Apps at a time.
//! Failures come back after a per-App exponential backoff ([`Backoff`]); a
//! panicking reconcile counts as a failure of its App.

use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use futures::{FutureExt, Stream, StreamExt};
use generated::clientset::Interface;
use kube::runtime::controller::{self, Action, applier};
use kube::runtime::reflector::Store;

use crate::api::App;
use crate::events::EventSink;
use crate::key::ObjectKey;
use crate::metrics::Metrics;
use crate::reconcile::{ReconcileError, Reconciler};
use crate::retry::Backoff;
use crate::triggers::{Pending, Requests, key_of};

/// Why a reconcile task failed: the reconcile's error, or a panic.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The reconcile returned an error.
    #[error(transparent)]
    Reconcile(#[from] ReconcileError),
    /// The reconcile panicked.
    #[error("the reconcile panicked")]
    Panicked,
}

/// What every reconcile task shares.
pub struct Context<C, E> {
    reconciler: Reconciler<C, E>,
    metrics: Metrics,
    backoff: Backoff,
    pending: Pending,
    running: AtomicUsize,
}

impl<C, E> Context<C, E>
where
    C: Interface,
    E: EventSink,
{
    /// A context reconciling with `reconciler`, retrying after `backoff`,
    /// reporting the waiting Apps of `pending`.
    pub fn new(
        reconciler: Reconciler<C, E>,
        metrics: Metrics,
        backoff: Backoff,
        pending: Pending,
    ) -> Self {
        Context {
            reconciler,
            metrics,
            backoff,
            pending,
            running: AtomicUsize::new(0),
        }
    }

    /// Reconciles being run right now.
    pub fn running(&self) -> usize {
        self.running.load(Ordering::Acquire)
    }

    /// One reconcile of `app`: the reconciler reads the App (and its children)
    /// from the caches by key; the applier passes the cached App itself.
    async fn reconcile(self: Arc<Self>, app: Arc<App>) -> Result<Action, RunError> {
        let key = key_of(&*app);
        self.pending.started(&key);
        self.running.fetch_add(1, Ordering::AcqRel);
        let started = Instant::now();
        let outcome = AssertUnwindSafe(self.reconciler.reconcile(&key))
            .catch_unwind()
            .await;
        self.running.fetch_sub(1, Ordering::AcqRel);
        let elapsed = started.elapsed();
        match outcome {
            Ok(Ok(())) => {
                self.backoff.forget(&key);
                self.metrics.observe_reconcile(elapsed, None);
                // Nothing to do until something changes (or the informers resync).
                Ok(Action::await_change())
            }
            Ok(Err(error)) => {
                self.metrics
                    .observe_reconcile(elapsed, Some(error.metric_reason()));
                Err(error.into())
            }
            Err(_) => {
                self.metrics.observe_reconcile(elapsed, Some("panic"));
                Err(RunError::Panicked)
            }
        }
    }

    /// When to retry an App whose reconcile failed.
    fn error_policy(&self, app: &App, error: &RunError) -> Action {
        let key: ObjectKey = key_of(app);
        let (delay, retries) = self.backoff.failed(&key);
        match error {
            RunError::Reconcile(e) if e.is_stale_cache() => {
                tracing::debug!(app = %key, error = %e, retries, "stale cache; retrying");
            }
            RunError::Panicked => {
                tracing::error!(app = %key, retries, "reconcile panicked; retrying with backoff");
            }
            RunError::Reconcile(e) => {
                tracing::warn!(app = %key, error = %e, retries, "reconcile failed; retrying with backoff");
            }
        }
        Action::requeue(delay)
    }

    /// Forgets what is kept about a deleted App.
    pub fn forget(&self, key: &ObjectKey) {
        self.backoff.forget(key);
        self.reconciler.forget(key);
    }
}

type ReconcileFuture = Pin<Box<dyn Future<Output = Result<Action, RunError>> + Send>>;

/// The applier over `store`, reconciling what `requests` asks for, `workers`
/// at a time, until `requests` ends (then the reconciles in flight finish).
/// The stream yields one item per finished reconcile.
pub fn run<C, E>(
    context: Arc<Context<C, E>>,
    store: Store<App>,
    requests: Requests,
    workers: usize,
) -> impl Stream<Item = ()> + Send
where
    C: Interface,
    E: EventSink,
{
    let config = controller::Config::default()
        .concurrency(u16::try_from(workers.max(1)).unwrap_or(u16::MAX));
    applier(
        |app, context: Arc<Context<C, E>>| -> ReconcileFuture { Box::pin(context.reconcile(app)) },
        |app, error, context: Arc<Context<C, E>>| context.error_policy(&app, error),
        context,
        store,
        requests,
        config,
    )
    .map(|result| match result {
        Ok(_) | Err(controller::Error::ReconcilerFailed(..)) => {}
        // Requested, but gone from the cache meanwhile: nothing to do.
        Err(controller::Error::ObjectNotFound(object)) => {
            tracing::debug!(app = %object, "App is gone; its children are garbage collected");
        }
        Err(error) => tracing::warn!(%error, "reconcile loop"),
    })
}

#[cfg(test)]
mod tests {
    //! The whole loop on the fake clientset: informers fed by the fake's
    //! watcher, the triggers, the applier, the reconciler writing to the fake.

    use std::collections::HashMap;
    use std::sync::Mutex;
    use std::time::Duration;

    use futures::StreamExt;
    use generated::clientset::fake;
    use generated::clientset::{Error, ErrorKind};
    use generated::informers::SharedInformer;
    use k8s_openapi::api::apps::v1::Deployment;
    use k8s_openapi::api::core::v1::Service;
    use kube::api::{ListParams, Patch, PatchParams};
    use kube_codegen_runtime::Interface as _;

    use super::*;
    use crate::events::RecordedEvents;
    use crate::reconcile::Listers;
    use crate::testing::app;
    use crate::triggers::{self, Pending};

    /// Runs the loop over `fake` with `workers` until `done` holds (or 10 s).
    async fn run_until<E: EventSink>(
        fake: &fake::Clientset,
        events: E,
        workers: usize,
        backoff: Backoff,
        metrics: &Metrics,
        done: impl Fn(&fake::Clientset) -> bool,
    ) {
        let apps = SharedInformer::from_stream(fake.watcher::<App>(""), Duration::ZERO);
        let deployments =
            SharedInformer::from_stream(fake.watcher::<Deployment>(""), Duration::ZERO);
        let services = SharedInformer::from_stream(fake.watcher::<Service>(""), Duration::ZERO);
        let listers = Listers {
            apps: apps.lister(),
            deployments: deployments.lister(),
            services: services.lister(),
        };
        let pending = Pending::new(metrics.clone());
        let keys = triggers::all_keys(
            apps.subscribe(),
            deployments.subscribe(),
            services.subscribe(),
            listers.apps.clone(),
            |_| {},
        );
        let requests = triggers::requests(keys, pending.clone());
        apps.start();
        deployments.start();
        services.start();
        let reconciler = Reconciler::new(listers, fake.clone(), events, metrics.clone());
        let context = Arc::new(Context::new(reconciler, metrics.clone(), backoff, pending));
        let mut reconciles = run(context, apps.store(), requests, workers).boxed();
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while !done(fake) {
            assert!(tokio::time::Instant::now() < deadline, "no convergence");
            let _ = tokio::time::timeout(Duration::from_millis(20), reconciles.next()).await;
        }
        apps.shutdown().await;
        deployments.shutdown().await;
        services.shutdown().await;
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

    fn backoff() -> Backoff {
        Backoff::new(Duration::from_millis(20), Duration::from_millis(200))
    }

    #[tokio::test]
    async fn apps_converge_through_the_applier_on_the_fake() {
        let seeds = ["a", "b", "c"].map(|n| app(n, n, "nginx", Some(1), n).into());
        let fake = fake::Clientset::new(seeds);
        let metrics = Metrics::new();
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
        let metrics = Metrics::new();
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
            _event: crate::events::AppEvent,
        ) {
        }

        async fn publish(&self, app: &App, event: crate::events::AppEvent) {
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
        let metrics = Metrics::new();
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
