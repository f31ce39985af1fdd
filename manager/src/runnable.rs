//! What a manager runs besides its controllers: any task that lives as long
//! as the manager and stops when told, such as a webhook server. A runnable
//! that is not ready at once adds a readiness check
//! ([`Health::readiness_check`](crate::Health::readiness_check)) when it is
//! added, and sets it once it serves: `/readyz` waits for it.

use std::future::Future;

use futures::future::BoxFuture;
use tokio_util::sync::CancellationToken;

/// Any error a runnable ends with.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// A task the manager runs until shutdown (controller-runtime's
/// `manager.Runnable`).
pub trait Runnable: Send + 'static {
    /// Its name, for logs and errors.
    fn name(&self) -> String;

    /// Whether it runs only on the leader (as controllers do); by default it
    /// runs on every replica from the start (as a webhook server must).
    fn needs_leader_election(&self) -> bool {
        false
    }

    /// Runs until `stop` is cancelled, then finishes what it is doing and
    /// returns (the manager waits up to its shutdown timeout). An error ends
    /// the manager.
    fn run(self: Box<Self>, stop: CancellationToken) -> BoxFuture<'static, Result<(), BoxError>>;
}

/// A runnable from a closure; see [`runnable_fn`].
pub struct FnRunnable<F> {
    name: String,
    leader_only: bool,
    run: F,
}

/// A runnable named `name` from `|stop| async { ... }`.
pub fn runnable_fn<F, Fut>(name: impl Into<String>, run: F) -> FnRunnable<F>
where
    F: FnOnce(CancellationToken) -> Fut + Send + 'static,
    Fut: Future<Output = Result<(), BoxError>> + Send + 'static,
{
    FnRunnable {
        name: name.into(),
        leader_only: false,
        run,
    }
}

impl<F> FnRunnable<F> {
    /// Runs it only on the leader.
    #[must_use]
    pub fn leader_only(mut self) -> Self {
        self.leader_only = true;
        self
    }
}

impl<F, Fut> Runnable for FnRunnable<F>
where
    F: FnOnce(CancellationToken) -> Fut + Send + 'static,
    Fut: Future<Output = Result<(), BoxError>> + Send + 'static,
{
    fn name(&self) -> String {
        self.name.clone()
    }

    fn needs_leader_election(&self) -> bool {
        self.leader_only
    }

    fn run(self: Box<Self>, stop: CancellationToken) -> BoxFuture<'static, Result<(), BoxError>> {
        Box::pin((self.run)(stop))
    }
}
