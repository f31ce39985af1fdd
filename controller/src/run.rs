//! Wiring: shared informers → triggers → kube-runtime's applier on the App
//! informer's `Store` → reconciler, inside leader election, next to the health
//! server; and the orderly stop.
//!
//! Shutdown (SIGTERM, or the `shutdown` future given to [`Controller::run`]):
//! readiness turns off, no new reconcile starts, in-flight reconciles finish
//! (bounded by `shutdown_timeout`), the informers stop, and the Lease is
//! released so a standby takes over at once.

use std::future::Future;
use std::sync::Arc;

use anyhow::{Context, anyhow, bail};
use futures::StreamExt;
use generated::clientset::Clientset;
use generated::informers::SharedInformerFactory;
use generated::prelude::*;
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::Service;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::applier;
use crate::config::{Config, LeaderElection};
use crate::desired::FIELD_MANAGER;
use crate::events::{AppEvent, KubeEvents};
use crate::health::{self, Health};
use crate::leader::LeaderElector;
use crate::metrics::Metrics;
use crate::reconcile::{Listers, Reconciler};
use crate::retry::Backoff;
use crate::triggers::{self, Pending};

/// The controller, before it runs: its metrics and health are available to
/// the embedding program (the binary, or a test) from the start.
pub struct Controller {
    client: kube::Client,
    config: Config,
    metrics: Metrics,
    health: Arc<Health>,
}

impl std::fmt::Debug for Controller {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Controller")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

/// Runs the controller until `shutdown` completes (or leadership is lost,
/// which is an error: the process should exit and be restarted).
pub async fn run(
    client: kube::Client,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    Controller::new(client, config).run(shutdown).await
}

impl Controller {
    /// A controller talking to the cluster through `client`.
    pub fn new(client: kube::Client, config: Config) -> Self {
        Controller {
            client,
            config,
            metrics: Metrics::new(),
            health: Health::new(),
        }
    }

    /// The controller's metrics (also served at `/metrics`).
    pub fn metrics(&self) -> Metrics {
        self.metrics.clone()
    }

    /// The controller's probe state (also served at `/healthz` and `/readyz`).
    pub fn health(&self) -> Arc<Health> {
        Arc::clone(&self.health)
    }

    /// Runs until `shutdown` completes; see the module docs for the order
    /// of the stop.
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let stop = CancellationToken::new();
        let trigger = stop.clone();
        let signal = tokio::spawn(async move {
            shutdown.await;
            tracing::info!("shutdown requested");
            trigger.cancel();
        });

        let server = match self.config.health_addr {
            Some(addr) => {
                let (listener, local) = health::bind(addr)
                    .await
                    .with_context(|| format!("binding the health endpoint to {addr}"))?;
                tracing::info!(addr = %local, "serving /healthz, /readyz and /metrics");
                let done = stop.clone();
                Some(tokio::spawn(health::serve(
                    listener,
                    self.health(),
                    self.metrics(),
                    async move { done.cancelled().await },
                )))
            }
            None => None,
        };

        let result = match self.config.leader_election.clone() {
            Some(election) => self.run_elected(&election, &stop).await,
            None => {
                // Without leader election this replica is always the active one.
                self.metrics.set_leader(true);
                let result = self.lead(stop.clone()).await;
                self.metrics.set_leader(false);
                result
            }
        };
        self.health.set_ready(false);
        self.health.set_alive(false);
        stop.cancel();
        signal.abort();
        if let Some(server) = server {
            let _ = server.await;
        }
        result
    }

    /// Waits for the Lease, leads while holding it, releases it at the end.
    async fn run_elected(
        &self,
        election: &LeaderElection,
        stop: &CancellationToken,
    ) -> anyhow::Result<()> {
        let elector = LeaderElector::new(self.client.clone(), election, &self.config.identity)
            .await
            .with_context(|| {
                format!(
                    "joining leader election on Lease {}/{}",
                    election.lease_namespace, election.lease_name
                )
            })?;
        // A standby is healthy and ready: it is doing its job, waiting.
        self.health.set_ready(true);
        tracing::info!(identity = elector.identity(), lease = %election.lease_name, "waiting to become leader");
        tokio::select! {
            _ = elector.acquire() => {}
            _ = stop.cancelled() => {
                let _ = elector.release().await;
                return Ok(());
            }
        }
        tracing::info!(identity = elector.identity(), "became leader");
        self.metrics.set_leader(true);
        self.health.set_ready(false);

        let leading = stop.child_token();
        let lead = self.lead(leading.clone());
        tokio::pin!(lead);
        let result = tokio::select! {
            result = &mut lead => result,
            why = elector.hold() => {
                tracing::error!(reason = %why, "lost leadership; stopping");
                leading.cancel();
                let _ = lead.await;
                Err(anyhow!("lost leadership: {why}"))
            }
        };
        self.metrics.set_leader(false);
        if let Err(error) = elector.release().await {
            tracing::warn!(%error, "could not release the lease; it expires by itself");
        } else {
            tracing::info!(identity = elector.identity(), "released the lease");
        }
        result
    }

    /// Informers, triggers, the applier: reconciles until `stop` is cancelled.
    async fn lead(&self, stop: CancellationToken) -> anyhow::Result<()> {
        let config = &self.config;
        let clientset = Clientset::new(self.client.clone());
        // Watches retry by themselves; their errors (an RBAC gap, a lost
        // connection) are still worth a log line.
        let mut factory = SharedInformerFactory::new(clientset.clone(), config.resync)
            .with_watch_error_handler(|error| tracing::warn!(%error, "watch failed; retrying"));
        if let Some(namespace) = &config.namespace {
            factory = factory.with_namespace(namespace.clone());
        }
        // The informers list and watch Apps and their children; reads are
        // served from their caches, never from the API server.
        // +kubebuilder:rbac:groups=myapp.k8s.io,resources=apps,verbs=list;watch
        // +kubebuilder:rbac:groups=apps,resources=deployments,verbs=list;watch
        // +kubebuilder:rbac:groups=core,resources=services,verbs=list;watch
        let apps = factory.myapp_v1().apps();
        let deployments = factory.informer_for::<Deployment>();
        let services = factory.informer_for::<Service>();
        let listers = Listers {
            apps: apps.lister(),
            deployments: deployments.lister(),
            services: services.lister(),
        };

        let event_tasks = TaskTracker::new();
        let events = KubeEvents::new(
            self.client.clone(),
            FIELD_MANAGER,
            &config.identity,
            self.metrics.clone(),
            event_tasks.clone(),
        );
        // An App that does not decode (stored through another version, or under
        // a looser schema) is skipped by the informer; it gets a Warning event
        // saying why, besides the informer's log line and counter.
        {
            let events = events.clone();
            let metrics = self.metrics.clone();
            apps.set_decode_error_handler(move |error| {
                tracing::warn!(app = %error.key(), "not reconciled: the App does not decode");
                metrics.count_decode_failure();
                events.spawn_about(error.object_ref(), AppEvent::undecodable(error));
            });
        }

        // Subscribed before the informers start, so the initial lists are in them.
        let pending = Pending::new(self.metrics.clone());
        let deleted_apps = tokio::sync::mpsc::unbounded_channel();
        let forget = deleted_apps.0;
        let keys = triggers::all_keys(
            apps.subscribe(),
            deployments.subscribe(),
            services.subscribe(),
            listers.apps.clone(),
            move |key| {
                let _ = forget.send(key.clone());
            },
        );
        let requests = triggers::requests(keys, pending.clone());
        let mut deleted_apps = deleted_apps.1;

        factory.start();
        // If this future is dropped (the embedding program gave up on it),
        // the informers stop too.
        let _informers = StopOnDrop(Some(factory.clone()));
        let synced = tokio::select! {
            synced = factory.wait_for_cache_sync() => synced,
            _ = stop.cancelled() => {
                factory.shutdown().await;
                return Ok(());
            }
        };
        if let Some((name, _)) = synced.iter().find(|(_, ok)| !**ok) {
            factory.shutdown().await;
            bail!("the informer cache of {name} did not sync");
        }
        self.metrics.set_caches_synced(true);
        self.health.set_ready(true);
        tracing::info!(workers = config.workers, namespace = ?config.namespace, "caches synced; reconciling");

        let reconciler = Reconciler::new(listers, clientset, events, self.metrics.clone());
        let context = Arc::new(applier::Context::new(
            reconciler,
            self.metrics.clone(),
            Backoff::new(config.backoff_base, config.backoff_max),
            pending,
        ));
        // Ending the requests (at `stop`) ends the applier once the reconciles
        // in flight are done; nothing new starts meanwhile.
        let until_stopped = {
            let stop = stop.clone();
            async move { stop.cancelled().await }
        };
        let mut reconciles = applier::run(
            Arc::clone(&context),
            apps.store(),
            requests.take_until(until_stopped).boxed(),
            config.workers,
        )
        .fuse()
        .boxed();
        loop {
            tokio::select! {
                done = reconciles.next() => if done.is_none() { break },
                Some(key) = deleted_apps.recv() => context.forget(&key),
                _ = stop.cancelled() => break,
            }
        }

        self.health.set_ready(false);
        tracing::info!(
            in_flight = context.running(),
            "stopping: finishing in-flight reconciles"
        );
        event_tasks.close();
        let finished = tokio::time::timeout(config.shutdown_timeout, async {
            while reconciles.next().await.is_some() {}
            // The events of the last reconciles are still worth sending.
            event_tasks.wait().await;
        })
        .await;
        if finished.is_err() {
            tracing::warn!(timeout = ?config.shutdown_timeout, "in-flight reconciles did not finish; abandoned them");
        }
        // Dropping the applier drops whatever it still runs: no writes after this.
        drop(reconciles);
        factory.shutdown().await;
        self.metrics.set_caches_synced(false);
        tracing::info!("stopped");
        Ok(())
    }
}

/// Stops a factory's informers when dropped (in the background: stopping
/// them is async).
struct StopOnDrop(Option<SharedInformerFactory>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        if let (Some(factory), Ok(runtime)) = (self.0.take(), tokio::runtime::Handle::try_current())
        {
            runtime.spawn(async move { factory.shutdown().await });
        }
    }
}
