//! The manager: one shared informer factory, one metrics registry, one
//! health and metrics endpoint, leader election, and the controllers and
//! other runnables registered on it, run until shutdown.
//!
//! Start: the endpoint listens; runnables that do not need leader election
//! (webhook servers) start; the informers start and their caches sync on
//! every replica, leader or not (as controller-runtime starts its caches
//! before it campaigns: a webhook or anything else reading listers on a
//! standby sees the cluster, and a standby that takes over reconciles at
//! once); the replica is then ready and waits for the Lease; once leader
//! (`caches synced; reconciling`), the controllers and leader-only runnables
//! start. The price: every replica holds the cache in memory, not only the
//! leader.
//!
//! Stop (SIGTERM, or the `shutdown` future given to [`Manager::run`]):
//! `shutdown requested`; readiness turns off; no new reconcile starts;
//! in-flight reconciles and the events they published finish (bounded by
//! the shutdown timeout); the Lease is released so a standby takes over at
//! once; the other runnables stop, then the informers; `stopped`.

use std::future::Future;
use std::sync::Arc;

use futures::future::join_all;
use kube_codegen_runtime::informers::{SharedInformer, SharedInformerFactory};
use kube_codegen_runtime::{Clientset, Interface, Kind, fake};
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::args::Args;
use crate::config::{Config, LeaderElection};
use crate::error::Error;
use crate::events::EventRecorder;
use crate::health::{self, Health};
use crate::leader::LeaderElector;
use crate::metrics::Metrics;
use crate::reconciler::Context;
use crate::runnable::Runnable;
use crate::webhook::{self, Webhook};

/// Runs controllers (and other runnables) over one shared informer factory,
/// with leader election, health, metrics and graceful shutdown.
/// Generic over the clientset: [`Manager::new`] runs on the API server,
/// [`Manager::fake`] on the fake clientset for unit tests.
pub struct Manager<C: Interface = Clientset> {
    name: String,
    clientset: C,
    client: Option<kube::Client>,
    config: Config,
    factory: SharedInformerFactory,
    metrics: Metrics,
    health: Arc<Health>,
    recorder: EventRecorder,
    event_tasks: TaskTracker,
    // Behind mutexes so that the manager is `Sync` (its `run` future is
    // `Send`); taken out when it runs.
    controllers: std::sync::Mutex<Vec<Box<dyn Runnable>>>,
    runnables: std::sync::Mutex<Vec<Box<dyn Runnable>>>,
    /// The admission and conversion webhooks, served on one port.
    webhooks: std::sync::Mutex<webhook::Server>,
    /// The fake clientset of a manager made by [`Manager::fake`]: it calls
    /// the registered webhooks instead of a server.
    fake: Option<fake::Clientset>,
}

impl<C: Interface> std::fmt::Debug for Manager<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Manager")
            .field("name", &self.name)
            .field("config", &self.config)
            .field(
                "controllers",
                &lock(&self.controllers)
                    .iter()
                    .map(|c| c.name())
                    .collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

impl Manager<Clientset> {
    /// A manager named `name` (the field manager of its writes, the reporter
    /// of its events, the default Lease name) talking to the API server
    /// through `client`.
    pub fn new(client: kube::Client, name: &str, config: Config) -> Self {
        let factory = factory(
            SharedInformerFactory::new(client.clone(), config.resync),
            &config,
        );
        let event_tasks = TaskTracker::new();
        let recorder =
            EventRecorder::new(client.clone(), name, &config.identity, event_tasks.clone());
        Self::with_parts(
            name,
            Clientset::new(client.clone()),
            Some(client),
            config,
            factory,
            recorder,
            event_tasks,
        )
    }

    /// A manager from the command line: its client from `--kubeconfig` /
    /// `--context` (else the environment), its settings from the flags.
    pub async fn from_args(name: &str, args: &Args) -> Result<Self, Error> {
        let client = args.client().await?;
        Ok(Self::new(client, name, args.config(name)))
    }
}

impl Manager<fake::Clientset> {
    /// A manager over the fake clientset, for unit tests: informers read the
    /// fake's objects, writes go to it, events are kept in memory
    /// ([`EventRecorder::recorded`]). Leader election is not available.
    pub fn fake(fake: &fake::Clientset, name: &str, config: Config) -> Self {
        let factory = factory(
            SharedInformerFactory::from_fake(fake, config.resync),
            &config,
        );
        let mut manager = Self::with_parts(
            name,
            fake.clone(),
            None,
            config,
            factory,
            EventRecorder::in_memory(),
            TaskTracker::new(),
        );
        manager.fake = Some(fake.clone());
        manager
    }
}

/// The factory's namespace and error logging from the config; objects are
/// cached without their managed fields (controller-runtime's
/// `TransformStripManagedFields`: most of a small object's memory, and
/// nothing a controller reading its cache needs).
fn factory(factory: SharedInformerFactory, config: &Config) -> SharedInformerFactory {
    // Watches retry by themselves; their errors (an RBAC gap, a lost
    // connection) are still worth a log line.
    let factory = factory
        .with_managed_fields_stripped()
        .with_watch_error_handler(|error| tracing::warn!(%error, "watch failed; retrying"));
    match &config.namespace {
        Some(namespace) => factory.with_namespace(namespace.clone()),
        None => factory,
    }
}

impl<C: Interface> Manager<C> {
    fn with_parts(
        name: &str,
        clientset: C,
        client: Option<kube::Client>,
        config: Config,
        factory: SharedInformerFactory,
        recorder: EventRecorder,
        event_tasks: TaskTracker,
    ) -> Self {
        let webhooks = webhook::Server::new(config.webhook.clone());
        Manager {
            name: name.to_owned(),
            clientset,
            client,
            config,
            factory,
            metrics: Metrics::new(),
            health: Health::new(),
            recorder,
            event_tasks,
            controllers: std::sync::Mutex::default(),
            runnables: std::sync::Mutex::default(),
            webhooks: std::sync::Mutex::new(webhooks),
            fake: None,
        }
    }

    /// The same manager, reporting to `metrics` (a registry shared with other
    /// parts of the program) instead of its own. Call it before registering
    /// controllers.
    #[must_use]
    pub fn with_metrics(mut self, metrics: Metrics) -> Self {
        self.metrics = metrics;
        self
    }

    /// The manager's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The manager's settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The typed clientset.
    pub fn client(&self) -> &C {
        &self.clientset
    }

    /// The kube client, for a manager on the API server (`None` on the fake).
    pub fn kube_client(&self) -> Option<&kube::Client> {
        self.client.as_ref()
    }

    /// The shared informer factory: one informer per kind for every
    /// controller.
    pub fn factory(&self) -> &SharedInformerFactory {
        &self.factory
    }

    /// The shared informer of kind `K`, started with the others: ask for it
    /// before [`run`](Self::run) to read `K` through listers in reconciles.
    pub fn cache<K: Kind>(&self) -> SharedInformer<K> {
        self.factory.informer_for::<K>()
    }

    /// The metrics served at `/metrics`; [`Metrics::register`] adds an
    /// operator's own.
    pub fn metrics(&self) -> Metrics {
        self.metrics.clone()
    }

    /// The probe state served at `/healthz` and `/readyz`.
    pub fn health(&self) -> Arc<Health> {
        Arc::clone(&self.health)
    }

    /// The event recorder, reporting as the manager's name.
    pub fn recorder(&self) -> EventRecorder {
        self.recorder.clone()
    }

    /// The reconcile context of the controller `name`.
    pub fn context(&self, name: &str) -> Context<C> {
        Context::new(
            self.clientset.clone(),
            self.factory.clone(),
            self.recorder.clone(),
            name.to_owned(),
            self.name.clone(),
        )
    }

    pub(crate) fn add_controller(&mut self, controller: Box<dyn Runnable>) {
        lock(&self.controllers).push(controller);
    }

    /// Adds a runnable (such as a webhook server): it starts with the
    /// manager (or, if it needs leader election, once this replica leads) and
    /// is stopped with it.
    pub fn add(&mut self, runnable: impl Runnable) {
        lock(&self.runnables).push(Box::new(runnable));
    }

    /// Serves `webhook` (a kind's defaulter and validator) on the manager's
    /// webhook server, which starts with the manager on every replica when
    /// anything is registered (port and certificate from
    /// [`Config::webhook`], `/readyz` held until it listens). On a manager
    /// over the fake clientset no server starts: the fake calls the webhook
    /// on the writes it covers, as the API server would.
    ///
    /// # Panics
    ///
    /// If one of its paths is served already.
    pub fn webhook<K: Kind>(&mut self, webhook: Webhook<K>) {
        webhook.register(&mut lock(&self.webhooks));
        if let Some(fake) = &self.fake {
            webhook.install(fake);
        }
    }

    /// Serves the conversion webhook of `conversions` (a generated crate's
    /// `conversion::conversions()`) at `/convert` on the same server.
    ///
    /// # Panics
    ///
    /// If `/convert` is served already.
    pub fn conversions(&mut self, conversions: kube_codegen_conversion::Conversions) {
        lock(&self.webhooks).conversions(conversions);
    }

    /// Runs until SIGTERM or SIGINT.
    pub async fn run_until_signal(self) -> Result<(), Error> {
        self.run(crate::signal::shutdown_signal()).await
    }

    /// Runs until `shutdown` completes (or leadership is lost, or a runnable
    /// fails: errors, after an orderly stop).
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), Error> {
        let stop = CancellationToken::new();
        let trigger = stop.clone();
        let signal = tokio::spawn(async move {
            shutdown.await;
            tracing::info!("shutdown requested");
            trigger.cancel();
        });

        let mut servers = Vec::new();
        for addr in self.config.listen_addrs() {
            let (listener, local) = health::bind(addr)
                .await
                .map_err(|source| Error::Bind { addr, source })?;
            tracing::info!(addr = %local, "serving /healthz, /readyz and /metrics");
            let done = stop.clone();
            servers.push(tokio::spawn(health::serve(
                listener,
                self.health(),
                self.metrics(),
                async move { done.cancelled().await },
            )));
        }

        let mut server = std::mem::replace(
            &mut *lock(&self.webhooks),
            webhook::Server::new(self.config.webhook.clone()),
        );
        if !server.is_empty() && self.fake.is_none() {
            server
                .with_metrics(&self.metrics)
                .with_readiness(self.health.readiness_check("webhook-server"));
            lock(&self.runnables).push(Box::new(server));
        }
        let (leader_only, everywhere): (Vec<_>, Vec<_>) =
            std::mem::take(&mut *lock(&self.runnables))
                .into_iter()
                .partition(|r| r.needs_leader_election());
        let mut controllers = std::mem::take(&mut *lock(&self.controllers));
        controllers.extend(leader_only);
        let failed = CancellationToken::new();
        let errors = Arc::new(std::sync::Mutex::new(Vec::new()));
        let always = spawn_all(everywhere, &stop, &failed, &errors);

        // The caches, on every replica: whatever reads listers (a webhook on
        // a standby) sees the cluster, and a new leader starts with them warm.
        self.factory.start();
        // If this future is dropped (the embedding program gave up on it),
        // the informers stop too.
        let mut informers = StopOnDrop(Some(self.factory.clone()));
        let result = match self.sync_caches(&stop, &failed).await {
            Ok(true) => match self.config.leader_election.clone() {
                Some(election) => {
                    self.run_elected(&election, &stop, &failed, controllers, &errors)
                        .await
                }
                None => {
                    // Without leader election this replica is always the active one.
                    self.metrics.set_leader(&self.name, true);
                    let result = self.lead(stop.clone(), &failed, controllers, &errors).await;
                    self.metrics.set_leader(&self.name, false);
                    result
                }
            },
            Ok(false) => Ok(()),
            Err(error) => Err(error),
        };
        self.health.set_ready(false);
        self.health.set_alive(false);
        stop.cancel();
        self.drain(always).await;
        informers.0 = None;
        self.factory.shutdown().await;
        tracing::info!("stopped");
        signal.abort();
        join_all(servers).await;
        let runnable_error = errors
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .pop();
        result.and(runnable_error.map_or(Ok(()), Err))
    }

    /// Waits until every informer has synced: `Ok(true)`, and the replica is
    /// ready; `Ok(false)` when stopped (or a runnable failed) first.
    async fn sync_caches(
        &self,
        stop: &CancellationToken,
        failed: &CancellationToken,
    ) -> Result<bool, Error> {
        let synced = tokio::select! {
            synced = self.factory.wait_for_cache_sync() => synced,
            _ = stop.cancelled() => return Ok(false),
            _ = failed.cancelled() => return Ok(false),
        };
        if let Some((name, _)) = synced.iter().find(|(_, ok)| !**ok) {
            return Err(Error::CacheSync(name.clone()));
        }
        tracing::debug!(informers = synced.len(), "caches synced");
        self.health.set_ready(true);
        Ok(true)
    }

    /// Waits for the Lease, leads while holding it, releases it at the end.
    async fn run_elected(
        &self,
        election: &LeaderElection,
        stop: &CancellationToken,
        failed: &CancellationToken,
        controllers: Vec<Box<dyn Runnable>>,
        errors: &Errors,
    ) -> Result<(), Error> {
        let client = self
            .client
            .clone()
            .ok_or(Error::NoServerForLeaderElection)?;
        let lease = &election.lease_name;
        let elector = LeaderElector::new(client, election, &self.config.identity)
            .await
            .map_err(|source| Error::LeaderElection {
                lease: format!("{}/{}", election.lease_namespace, lease),
                source,
            })?;
        // A standby is healthy and ready (its caches synced): it is doing
        // its job, waiting.
        self.metrics.set_leader(lease, false);
        tracing::info!(identity = elector.identity(), %lease, "waiting to become leader");
        tokio::select! {
            _ = elector.acquire() => {}
            _ = stop.cancelled() => {
                let _ = elector.release().await;
                return Ok(());
            }
            _ = failed.cancelled() => {
                let _ = elector.release().await;
                return Ok(());
            }
        }
        tracing::info!(identity = elector.identity(), "became leader");
        self.metrics.set_leader(lease, true);

        let leading = stop.child_token();
        let lead = self.lead(leading.clone(), failed, controllers, errors);
        tokio::pin!(lead);
        let result = tokio::select! {
            result = &mut lead => result,
            why = elector.hold() => {
                tracing::error!(reason = %why, "lost leadership; stopping");
                leading.cancel();
                let _ = lead.await;
                Err(Error::LostLeadership(why))
            }
        };
        self.metrics.set_leader(lease, false);
        if let Err(error) = elector.release().await {
            tracing::warn!(%error, "could not release the lease; it expires by itself");
        } else {
            tracing::info!(identity = elector.identity(), "released the lease");
        }
        result
    }

    /// The leader's runnables (the caches synced already), until `stop` (or
    /// a failure).
    async fn lead(
        &self,
        stop: CancellationToken,
        failed: &CancellationToken,
        controllers: Vec<Box<dyn Runnable>>,
        errors: &Errors,
    ) -> Result<(), Error> {
        tracing::info!(
            workers = self.config.workers,
            namespace = ?self.config.namespace,
            controllers = ?controllers.iter().map(|c| c.name()).collect::<Vec<_>>(),
            "caches synced; reconciling"
        );
        let running = spawn_all(controllers, &stop, failed, errors);
        tokio::select! {
            _ = stop.cancelled() => {}
            _ = failed.cancelled() => stop.cancel(),
        }
        self.health.set_ready(false);
        self.drain(running).await;
        Ok(())
    }

    /// Waits for stopped runnables and the events they published, up to the
    /// shutdown timeout; abandons what is left after it.
    async fn drain(&self, running: Vec<JoinHandle<()>>) {
        if running.is_empty() {
            return;
        }
        self.event_tasks.close();
        let aborts: Vec<_> = running.iter().map(JoinHandle::abort_handle).collect();
        let finished = tokio::time::timeout(self.config.shutdown_timeout, async {
            join_all(running).await;
            // The events of the last reconciles are still worth sending.
            self.event_tasks.wait().await;
        })
        .await;
        if finished.is_err() {
            tracing::warn!(timeout = ?self.config.shutdown_timeout, "in-flight work did not finish; abandoned it");
            // Dropping them drops whatever they still run: no writes after this.
            aborts.iter().for_each(tokio::task::AbortHandle::abort);
        }
    }
}

fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

type Errors = Arc<std::sync::Mutex<Vec<Error>>>;

/// Spawns each runnable until `stop`; a failure is kept in `errors` and
/// cancels `failed`.
fn spawn_all(
    runnables: Vec<Box<dyn Runnable>>,
    stop: &CancellationToken,
    failed: &CancellationToken,
    errors: &Errors,
) -> Vec<JoinHandle<()>> {
    runnables
        .into_iter()
        .map(|runnable| {
            let name = runnable.name();
            let (failed, errors) = (failed.clone(), Arc::clone(errors));
            let run = runnable.run(stop.clone());
            tokio::spawn(async move {
                if let Err(source) = run.await {
                    tracing::error!(runnable = %name, error = %source, "runnable failed; stopping");
                    errors
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .push(Error::Runnable { name, source });
                    failed.cancel();
                }
            })
        })
        .collect()
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
