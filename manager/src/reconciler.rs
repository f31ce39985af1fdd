//! What a controller runs: a [`Reconciler`] (a type, or a closure through
//! [`from_fn`]) and the [`Context`] each reconcile gets.

use std::fmt::Debug;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use kube::runtime::controller::Action;
use kube_codegen_runtime::informers::SharedInformerFactory;
use kube_codegen_runtime::listers::Lister;
use kube_codegen_runtime::{Interface, Kind};

use crate::events::EventRecorder;
use crate::key::ObjectKey;

/// Brings one object of kind `K` and the world in line: controller-runtime's
/// `Reconciler`, generic over the clientset `C` (the real one or the fake),
/// so the same reconciler runs in production and in unit tests.
///
/// A reconcile is level-based: it reads the object (given) and whatever else
/// it needs from the listers, and writes what differs. The manager runs at
/// most one reconcile per object at a time, retries failures after a
/// per-object exponential backoff, and counts panics as failures.
pub trait Reconciler<K, C: Interface>: Send + Sync + 'static {
    /// Why a reconcile failed.
    type Error: std::error::Error + Send + Sync + 'static;

    /// One reconcile of `object`; `Action::requeue(after)` asks to run again
    /// after a delay, `Action::await_change()` waits for the next change.
    fn reconcile(
        &self,
        object: Arc<K>,
        ctx: Context<C>,
    ) -> impl Future<Output = Result<Action, Self::Error>> + Send;

    /// What to do after a failure: by default, log it and retry after the
    /// manager's per-object exponential backoff (`retry.backoff`).
    fn error_policy(&self, object: &K, error: &Self::Error, retry: Retry) -> Action
    where
        K: kube::Resource,
    {
        tracing::warn!(
            object = %ObjectKey::of(object),
            %error,
            failures = retry.failures,
            "reconcile failed; retrying with backoff"
        );
        Action::requeue(retry.backoff)
    }

    /// The object `key` was deleted (its children are garbage collected):
    /// forget what is kept about it. Does nothing by default.
    fn deleted(&self, key: &ObjectKey) {
        let _ = key;
    }
}

/// How a failed object is retried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Retry {
    /// The backoff for this failure: the manager's base delay doubled per
    /// consecutive failure of this object, capped at its maximum.
    pub backoff: Duration,
    /// Consecutive failures of this object, this one included.
    pub failures: u32,
}

/// A [`Reconciler`] made of a closure; see [`from_fn`].
#[derive(Clone, Copy, Debug)]
pub struct FnReconciler<F>(F);

/// A reconciler from a closure `|object, ctx| async { ... }`, as kube-runtime's
/// `Controller::run` takes one; failures get the default error policy.
pub fn from_fn<F>(reconcile: F) -> FnReconciler<F> {
    FnReconciler(reconcile)
}

impl<K, C, F, Fut, E> Reconciler<K, C> for FnReconciler<F>
where
    C: Interface,
    F: Fn(Arc<K>, Context<C>) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<Action, E>> + Send,
    E: std::error::Error + Send + Sync + 'static,
{
    type Error = E;

    fn reconcile(
        &self,
        object: Arc<K>,
        ctx: Context<C>,
    ) -> impl Future<Output = Result<Action, E>> + Send {
        (self.0)(object, ctx)
    }
}

/// What a reconcile gets besides its object: the clientset, the listers of
/// the manager's informers, an event recorder, the controller's name.
/// Cloning is cheap.
pub struct Context<C> {
    inner: Arc<Inner<C>>,
}

struct Inner<C> {
    clientset: C,
    factory: SharedInformerFactory,
    recorder: EventRecorder,
    name: String,
    field_manager: String,
}

impl<C> Clone for Context<C> {
    fn clone(&self) -> Self {
        Context {
            inner: Arc::clone(&self.inner),
        }
    }
}

impl<C> Debug for Context<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context")
            .field("controller", &self.inner.name)
            .finish_non_exhaustive()
    }
}

impl<C: Interface> Context<C> {
    pub(crate) fn new(
        clientset: C,
        factory: SharedInformerFactory,
        recorder: EventRecorder,
        name: String,
        field_manager: String,
    ) -> Self {
        Context {
            inner: Arc::new(Inner {
                clientset,
                factory,
                recorder,
                name,
                field_manager,
            }),
        }
    }

    /// The typed clientset writes go through.
    pub fn client(&self) -> &C {
        &self.inner.clientset
    }

    /// The lister of kind `K` over the manager's shared informer of `K`. Every
    /// kind a controller of the manager is `for`, `owns` or `watches` is
    /// cached; ask [`Manager::cache`](crate::Manager::cache) for any other
    /// before the manager runs (an informer made later is never started).
    pub fn lister<K: Kind>(&self) -> Lister<K> {
        self.inner.factory.informer_for::<K>().lister()
    }

    /// The recorder of this manager's events.
    pub fn recorder(&self) -> &EventRecorder {
        &self.inner.recorder
    }

    /// The controller's name.
    pub fn name(&self) -> &str {
        &self.inner.name
    }

    /// The field manager of the manager's writes (its name).
    pub fn field_manager(&self) -> &str {
        &self.inner.field_manager
    }
}
