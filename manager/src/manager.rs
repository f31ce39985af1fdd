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
//! Stop (SIGTERM, or the `shutdown` future given to [`Manager::run`]), in
//! controller-runtime's order, all within one shutdown timeout:
//! `shutdown requested`; readiness turns off; the controllers take no new
//! work, and their in-flight reconciles and the events they published
//! finish; the Lease is released so a standby takes over at once; the other
//! runnables stop; then the informers; then the webhook server, which
//! answered the API server all along; then `/healthz`, `/readyz` and
//! `/metrics`; `stopped`. A second SIGTERM or SIGINT during all that ends
//! the process at once (exit code 1), as controller-runtime's does.
//!
//! Writes go through the manager's client behind a [`Fence`]: a leader whose
//! Lease may have expired by its own clock writes nothing and starts no
//! reconcile (see [`crate::leader`]).

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
use crate::leader::{Fence, LeaderElector};
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
    /// The manager's kube client, behind the fence.
    client: Option<kube::Client>,
    /// The client as given, for the Lease (renewals must pass the fence).
    elector_client: Option<kube::Client>,
    /// Closed when this replica's Lease may have expired.
    fence: Fence,
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
    ///
    /// Every request of the manager (informers, the clientset handed to
    /// reconcilers, events) goes through `client` behind the leader
    /// election's [`Fence`] ([`kube_client`](Self::kube_client)); a client
    /// the program makes itself is not fenced.
    pub fn new(client: kube::Client, name: &str, config: Config) -> Self {
        let fence = Fence::new();
        let fenced = fence.client(client.clone());
        let factory = factory(
            SharedInformerFactory::new(fenced.clone(), config.resync),
            &config,
        );
        let event_tasks = TaskTracker::new();
        let recorder =
            EventRecorder::new(fenced.clone(), name, &config.identity, event_tasks.clone());
        let mut manager = Self::with_parts(
            name,
            Clientset::new(fenced.clone()),
            Some(fenced),
            config,
            factory,
            recorder,
            event_tasks,
        );
        manager.elector_client = Some(client);
        manager.fence = fence;
        manager
    }

    /// A manager from the command line: its client from `--kubeconfig` /
    /// `--context` (else the environment), its settings from the flags.
    pub async fn from_args(name: &str, args: &Args) -> Result<Self, Error> {
        let config = args.config(name);
        let client = args.client_as(name, &config.identity).await?;
        Ok(Self::new(client, name, config))
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
            elector_client: None,
            fence: Fence::new(),
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

    /// The kube client, for a manager on the API server (`None` on the fake):
    /// the manager's own, behind the fence.
    pub fn kube_client(&self) -> Option<&kube::Client> {
        self.client.as_ref()
    }

    /// The leader election's fence: closed while this replica's Lease may
    /// have expired by its own clock (always open without leader election).
    pub fn fence(&self) -> &Fence {
        &self.fence
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

    /// Runs until SIGTERM or SIGINT; a second one ends the process at once
    /// (exit code 1).
    pub async fn run_until_signal(self) -> Result<(), Error> {
        self.run(crate::signal::graceful_shutdown_signal()).await
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
        // Each tier stops after the one before it has (see the module docs).
        let (others, webhooks, endpoints) = (
            CancellationToken::new(),
            CancellationToken::new(),
            CancellationToken::new(),
        );

        let mut servers = Vec::new();
        for addr in self.config.listen_addrs() {
            let (listener, local) = health::bind(addr)
                .await
                .map_err(|source| Error::Bind { addr, source })?;
            tracing::info!(addr = %local, "serving /healthz, /readyz and /metrics");
            let done = endpoints.clone();
            servers.push(tokio::spawn(health::serve(
                listener,
                self.health(),
                self.metrics(),
                async move { done.cancelled().await },
            )));
        }

        let failed = CancellationToken::new();
        let errors = Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut server = std::mem::replace(
            &mut *lock(&self.webhooks),
            webhook::Server::new(self.config.webhook.clone()),
        );
        let webhook_server = if !server.is_empty() && self.fake.is_none() {
            server
                .with_metrics(&self.metrics)
                .with_readiness(self.health.readiness_check("webhook-server"));
            let server: Box<dyn Runnable> = Box::new(server);
            spawn_all(vec![server], &webhooks, &failed, &errors)
        } else {
            Vec::new()
        };
        let (leader_only, everywhere): (Vec<_>, Vec<_>) =
            std::mem::take(&mut *lock(&self.runnables))
                .into_iter()
                .partition(|r| r.needs_leader_election());
        let mut controllers = std::mem::take(&mut *lock(&self.controllers));
        controllers.extend(leader_only);
        let always = spawn_all(everywhere, &others, &failed, &errors);

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
        // The controllers are done (and the Lease released): the rest stops
        // in order, the webhook server last but the endpoints.
        self.health.set_ready(false);
        stop.cancel();
        let deadline = tokio::time::Instant::now() + self.config.shutdown_timeout;
        others.cancel();
        self.drain_until(always, deadline, "runnables").await;
        informers.0 = None;
        self.factory.shutdown().await;
        webhooks.cancel();
        self.drain_until(webhook_server, deadline, "the webhook server")
            .await;
        self.health.set_alive(false);
        endpoints.cancel();
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
            .elector_client
            .clone()
            .ok_or(Error::NoServerForLeaderElection)?;
        let lease = &election.lease_name;
        election
            .validate()
            .map_err(|reason| Error::LeaderElection {
                lease: format!("{}/{}", election.lease_namespace, lease),
                reason,
            })?;
        let mut elector = LeaderElector::new(
            &Clientset::new(client),
            election,
            &self.config.identity,
            self.fence.clone(),
        );
        // A standby is healthy and ready (its caches synced): it is doing
        // its job, waiting.
        self.metrics.set_leader(lease, false);
        tracing::info!(identity = elector.identity(), %lease, "waiting to become leader");
        tokio::select! {
            () = elector.acquire() => {}
            () = stop.cancelled() => return Ok(()),
            () = failed.cancelled() => return Ok(()),
        }
        tracing::info!(identity = elector.identity(), "became leader");
        self.metrics.set_leader(lease, true);

        let leading = stop.child_token();
        let lead = self.lead(leading.clone(), failed, controllers, errors);
        tokio::pin!(lead);
        let result = tokio::select! {
            result = &mut lead => result,
            lost = elector.hold() => {
                tracing::error!(reason = %lost, "lost leadership; stopping");
                leading.cancel();
                let _ = lead.await;
                Err(Error::LostLeadership(lost.to_string()))
            }
        };
        self.metrics.set_leader(lease, false);
        match elector.release().await {
            Ok(()) if result.is_ok() => {
                tracing::info!(identity = elector.identity(), "released the lease");
            }
            Ok(()) => {}
            Err(error) => {
                tracing::warn!(%error, "could not release the lease; it expires by itself");
            }
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
        let deadline = tokio::time::Instant::now() + self.config.shutdown_timeout;
        self.event_tasks.close();
        self.drain_until(running, deadline, "in-flight reconciles")
            .await;
        // The events of the last reconciles are still worth sending.
        if tokio::time::timeout_at(deadline, self.event_tasks.wait())
            .await
            .is_err()
        {
            tracing::warn!("events still unsent at the shutdown timeout; dropped them");
        }
        Ok(())
    }

    /// Waits for stopped tasks until `deadline`; abandons (aborts) what is
    /// left after it.
    async fn drain_until(
        &self,
        running: Vec<JoinHandle<()>>,
        deadline: tokio::time::Instant,
        what: &str,
    ) {
        if running.is_empty() {
            return;
        }
        let aborts: Vec<_> = running.iter().map(JoinHandle::abort_handle).collect();
        if tokio::time::timeout_at(deadline, join_all(running))
            .await
            .is_err()
        {
            tracing::warn!(timeout = ?self.config.shutdown_timeout, "{what} did not finish by the shutdown timeout; abandoned");
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
