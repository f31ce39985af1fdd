//! The reconcile loop of one controller: kube-runtime's `applier` (the
//! machinery behind its `Controller`) on the primary informer's reflector
//! `Store`, fed by the shared informers' triggers ([`crate::triggers`]). It
//! gives the guarantees a controller needs: an object requested several
//! times before its reconcile starts is reconciled once; an object is never
//! reconciled by two tasks at once (a request that comes meanwhile runs
//! after); up to `workers` objects at a time. Failures come back after a
//! per-object exponential backoff ([`Backoff`]); a panicking reconcile counts
//! as a failure of its object.

use std::any::Any;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use futures::{FutureExt, Stream, StreamExt};
use kube::runtime::controller::{self, Action, applier};
use kube::runtime::reflector::Store;
use kube_codegen_runtime::{Interface, Kind};
use tracing::Instrument;

use crate::backoff::Backoff;
use crate::key::ObjectKey;
use crate::metrics::{InFlight, Metrics, ReconcileResult};
use crate::reconciler::{Context, Reconciler, Retry};
use crate::triggers::{Pending, Requests};

/// Why a reconcile task failed: the reconcile's error, or a panic.
#[derive(Debug, thiserror::Error)]
pub enum RunError<E: std::error::Error + 'static> {
    /// The reconcile returned an error.
    #[error(transparent)]
    Reconcile(E),
    /// The reconcile panicked.
    #[error("the reconcile panicked: {0}")]
    Panicked(String),
    /// Not started: this replica's Lease may have expired (the fence is
    /// closed); it runs again once a renewal succeeds, if this replica still
    /// leads then.
    #[error("not started: this replica's leader Lease may have expired")]
    Fenced,
}

/// What every reconcile task of one controller shares.
pub(crate) struct Shared<K, C, R> {
    pub(crate) reconciler: Arc<R>,
    pub(crate) context: Context<C>,
    pub(crate) metrics: Metrics,
    pub(crate) backoff: Arc<Backoff>,
    pub(crate) pending: Pending,
    pub(crate) running: AtomicUsize,
    pub(crate) in_flight: InFlight,
    /// Closed while this replica's Lease may have expired: no reconcile starts.
    pub(crate) fence: crate::leader::Fence,
    pub(crate) kind: std::marker::PhantomData<fn() -> K>,
}

fn panic_message(panic: &(dyn Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_owned())
}

impl<K, C, R> Shared<K, C, R>
where
    K: Kind,
    C: Interface,
    R: Reconciler<K, C>,
{
    fn name(&self) -> &str {
        self.context.name()
    }

    fn set_running(&self, delta: isize) {
        let now = if delta > 0 {
            self.running.fetch_add(1, Ordering::AcqRel) + 1
        } else {
            self.running.fetch_sub(1, Ordering::AcqRel) - 1
        };
        self.metrics.set_active_workers(self.name(), now);
    }

    /// Reconciles running now.
    pub(crate) fn running(&self) -> usize {
        self.running.load(Ordering::Acquire)
    }

    async fn reconcile(self: Arc<Self>, object: Arc<K>) -> Result<Action, RunError<R::Error>> {
        let key = ObjectKey::of(&*object);
        self.pending.started(&key);
        if !self.fence.allows_writes() {
            return Err(RunError::Fenced);
        }
        self.set_running(1);
        self.in_flight.start(&key);
        let started = Instant::now();
        // Every log line of the reconcile names the controller and the object
        // (controller-runtime's `controller`, `namespace`, `name` fields).
        let span = tracing::info_span!("reconcile", controller = self.name(), object = %key);
        let outcome = AssertUnwindSafe(self.reconciler.reconcile(object, self.context.clone()))
            .catch_unwind()
            .instrument(span)
            .await;
        self.in_flight.finish(&key);
        self.set_running(-1);
        let elapsed = started.elapsed();
        let (result, outcome) = match outcome {
            Ok(Ok(action)) => {
                self.backoff.forget(&key);
                let result = if action == Action::await_change() {
                    ReconcileResult::Success
                } else if action == Action::requeue(std::time::Duration::ZERO) {
                    ReconcileResult::Requeue
                } else {
                    // Scheduled after a delay: a retry, as the work queue counts it.
                    self.metrics.count_retry(self.name());
                    ReconcileResult::RequeueAfter
                };
                (result, Ok(action))
            }
            Ok(Err(error)) => (ReconcileResult::Error, Err(RunError::Reconcile(error))),
            Err(panic) => {
                self.metrics.count_panic(self.name());
                (
                    ReconcileResult::Error,
                    Err(RunError::Panicked(panic_message(&*panic))),
                )
            }
        };
        self.metrics.observe_reconcile(self.name(), elapsed, result);
        outcome
    }

    fn error_policy(&self, object: &K, error: &RunError<R::Error>) -> Action {
        let key = ObjectKey::of(object);
        let failure = || {
            let (backoff, failures) = self.backoff.failed(&key);
            Retry { backoff, failures }
        };
        let action = match error {
            RunError::Reconcile(error) => self.reconciler.error_policy(object, error, failure()),
            RunError::Panicked(message) => {
                let Retry { backoff, failures } = failure();
                tracing::error!(object = %key, controller = self.name(), panic = %message, failures, "reconcile panicked; retrying with backoff");
                Action::requeue(backoff)
            }
            // Not a failure of the object: asked for again once the fence
            // may be open.
            RunError::Fenced => return Action::requeue(FENCED_RETRY),
        };
        // A failure not retried is controller-runtime's terminal error.
        if action == Action::await_change() {
            self.metrics.count_terminal(self.name());
        } else {
            self.metrics.count_retry(self.name());
        }
        action
    }
}

/// When an object whose reconcile the fence stopped is asked for again.
const FENCED_RETRY: std::time::Duration = std::time::Duration::from_secs(1);

type ReconcileFuture<E> = Pin<Box<dyn Future<Output = Result<Action, RunError<E>>> + Send>>;

/// The applier over `store`, reconciling what `requests` asks for, `workers`
/// at a time, until `requests` ends (then the reconciles in flight finish).
/// The stream yields one item per finished reconcile.
pub(crate) fn run<K, C, R>(
    shared: Arc<Shared<K, C, R>>,
    store: Store<K>,
    requests: Requests<K>,
    workers: usize,
) -> impl Stream<Item = ()> + Send
where
    K: Kind,
    C: Interface,
    R: Reconciler<K, C>,
{
    let config = controller::Config::default()
        .concurrency(u16::try_from(workers.max(1)).unwrap_or(u16::MAX));
    let name = shared.name().to_owned();
    let pending = shared.pending.clone();
    applier(
        |object, shared: Arc<Shared<K, C, R>>| -> ReconcileFuture<R::Error> {
            Box::pin(shared.reconcile(object))
        },
        |object, error, shared: Arc<Shared<K, C, R>>| shared.error_policy(&object, error),
        shared,
        store,
        requests,
        config,
    )
    .map(move |result| match result {
        Ok(_) | Err(controller::Error::ReconcilerFailed(..)) => {}
        // Requested, but gone from the cache meanwhile: nothing to do.
        Err(controller::Error::ObjectNotFound(object)) => {
            tracing::debug!(controller = %name, %object, "object is gone; nothing to reconcile");
            let namespace = object.namespace.as_deref().unwrap_or_default();
            pending.dropped(&ObjectKey::new(namespace, &object.name));
        }
        Err(error) => tracing::warn!(controller = %name, %error, "reconcile loop"),
    })
}
