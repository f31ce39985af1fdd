//! Registering a controller on a manager, in controller-runtime's
//! `NewControllerManagedBy(mgr).For(..).Owns(..).Watches(..).Complete(r)`
//! idiom: [`Manager::controller`] → [`Builder`].

use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use futures::StreamExt;
use futures::future::BoxFuture;
use kube_codegen_runtime::{Interface, Kind};
use tokio_util::sync::CancellationToken;

use crate::applier::{self, Shared};
use crate::backoff::Backoff;
use crate::key::ObjectKey;
use crate::manager::Manager;
use crate::reconciler::Reconciler;
use crate::runnable::{BoxError, Runnable};
use crate::triggers::{self, Keys, Pending};

/// A controller of kind `K` being set up; [`complete`](Self::complete) adds it
/// to the manager.
pub struct Builder<'m, K, C: Interface> {
    manager: &'m mut Manager<C>,
    name: String,
    workers: Option<usize>,
    keys: Vec<Keys>,
    kind: PhantomData<fn() -> K>,
}

impl<C: Interface> Manager<C> {
    /// Starts setting up a controller `for` kind `K`: its own changes request
    /// its reconcile. Its name is `K`'s kind in lower case unless
    /// [`named`](Builder::named).
    pub fn controller<K: Kind>(&mut self) -> Builder<'_, K, C> {
        Builder {
            name: K::kind(&()).to_lowercase(),
            manager: self,
            workers: None,
            keys: Vec::new(),
            kind: PhantomData,
        }
    }
}

impl<K: Kind, C: Interface> Builder<'_, K, C> {
    /// Names the controller (metrics' `controller` label, logs).
    #[must_use]
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// Reconciles this controller runs at once (default: the manager's
    /// `workers`). Each object is still reconciled by one at a time.
    #[must_use]
    pub fn workers(mut self, workers: usize) -> Self {
        self.workers = Some(workers.max(1));
        self
    }

    /// Reconciles the object of kind `K` that controls a changed object of
    /// kind `Child` (by its controller owner reference).
    #[must_use]
    pub fn owns<Child: Kind>(mut self) -> Self {
        let changes = self.manager.cache::<Child>().subscribe();
        self.keys.push(triggers::owner_keys::<K, Child>(changes));
        self
    }

    /// Reconciles the objects of kind `K` that `mapper` names for a changed
    /// object of kind `Other` (its old and new state for an update).
    #[must_use]
    pub fn watches<Other: Kind>(
        mut self,
        mapper: impl Fn(&Other) -> Vec<ObjectKey> + Send + Sync + 'static,
    ) -> Self {
        let changes = self.manager.cache::<Other>().subscribe();
        self.keys
            .push(triggers::mapped_keys(changes, Arc::new(mapper)));
        self
    }

    /// Adds the controller, reconciling with `reconciler`, to the manager; it
    /// runs on the leader once the caches are synced.
    pub fn complete<R: Reconciler<K, C>>(self, reconciler: R) {
        let Builder {
            manager,
            name,
            workers,
            mut keys,
            ..
        } = self;
        let config = manager.config();
        let workers = workers.unwrap_or(config.workers).max(1);
        let backoff = Arc::new(Backoff::new(config.backoff_base, config.backoff_max));
        let reconciler = Arc::new(reconciler);
        let primary = manager.cache::<K>();
        let forget = {
            let (reconciler, backoff) = (Arc::clone(&reconciler), Arc::clone(&backoff));
            move |key: &ObjectKey| {
                backoff.forget(key);
                reconciler.deleted(key);
            }
        };
        keys.insert(0, triggers::self_keys(primary.subscribe(), forget));
        let pending = Pending::new(manager.metrics(), &name);
        let requests = triggers::requests::<K>(keys, pending.clone());
        let in_flight = manager.metrics().init_controller(&name, workers);
        let shared = Arc::new(Shared {
            reconciler,
            context: manager.context(&name),
            metrics: manager.metrics(),
            backoff,
            pending,
            running: AtomicUsize::new(0),
            in_flight,
            fence: manager.fence().clone(),
            kind: PhantomData,
        });
        manager.add_controller(Box::new(ControllerRunnable {
            name,
            shared,
            store: primary.store(),
            requests,
            workers,
        }));
    }
}

/// A registered controller, run by the manager on the leader.
struct ControllerRunnable<K: Kind, C, R> {
    name: String,
    shared: Arc<Shared<K, C, R>>,
    store: kube::runtime::reflector::Store<K>,
    requests: triggers::Requests<K>,
    workers: usize,
}

impl<K, C, R> Runnable for ControllerRunnable<K, C, R>
where
    K: Kind,
    C: Interface,
    R: Reconciler<K, C>,
{
    fn name(&self) -> String {
        self.name.clone()
    }

    fn needs_leader_election(&self) -> bool {
        true
    }

    fn run(self: Box<Self>, stop: CancellationToken) -> BoxFuture<'static, Result<(), BoxError>> {
        let ControllerRunnable {
            name,
            shared,
            store,
            requests,
            workers,
        } = *self;
        Box::pin(async move {
            // Ending the requests (at `stop`) ends the applier once the
            // reconciles in flight are done; nothing new starts meanwhile.
            let until_stopped = {
                let stop = stop.clone();
                async move { stop.cancelled().await }
            };
            let mut reconciles = applier::run(
                Arc::clone(&shared),
                store,
                requests.take_until(until_stopped).boxed(),
                workers,
            )
            .boxed();
            let mut stopping = false;
            loop {
                tokio::select! {
                    next = reconciles.next() => if next.is_none() { break },
                    _ = stop.cancelled(), if !stopping => {
                        stopping = true;
                        tracing::info!(controller = %name, in_flight = shared.running(), "stopping: finishing in-flight reconciles");
                    }
                }
            }
            Ok(())
        })
    }
}
