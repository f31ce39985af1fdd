//! The fence: no write from a replica whose Lease may have expired, by its
//! own monotonic clock.
//!
//! client-go's leader election says plainly that it is no fencing mechanism:
//! a leader that freezes (a stopped process, a long GC pause, a suspended
//! VM) or is cut off keeps believing it leads until its next renewal fails,
//! and may write meanwhile while another replica already leads. The fence
//! closes that window on the writer's side: each successful renewal, sent at
//! `t` on this replica's monotonic clock, keeps the fence open until
//! `t + lease duration`, which is no later than any other replica can take
//! the Lease over (they count the lease duration from when they *saw* that
//! renewal). Past it, every write through the manager's client fails at
//! once, without being sent, and no reconcile starts, until a renewal
//! succeeds again. A replica that never led is not fenced (it runs no
//! controllers; runnables on every replica may write).
//!
//! What it cannot do: recall bytes already sent. A write sent while the
//! fence was open and held up in the network for longer than the rest of the
//! lease can still arrive late, as with any client.

use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::time::Instant;

use futures::future::BoxFuture;
use http::{Method, Request, Response};
use kube::client::Body;

/// Shared by the elector, which opens it, and the manager's client and
/// controllers, which ask it. Cloning gives another handle to the same fence.
#[derive(Clone, Debug, Default)]
pub struct Fence {
    inner: Arc<Mutex<State>>,
}

/// Where the fence stands. Deadlines are on tokio's clock: the system's
/// monotonic clock, which keeps counting while the process is stopped
/// (paused in tests).
#[derive(Debug, Default, Clone, Copy)]
enum State {
    /// This replica never led: everything passes.
    #[default]
    NeverLed,
    /// Writes pass until then.
    OpenUntil(Instant),
    /// Leadership ended: nothing passes.
    Closed,
}

impl Fence {
    /// A fence that allows everything until this replica first leads.
    pub fn new() -> Self {
        Fence::default()
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// This replica holds the Lease, renewed by a request sent at `sent`:
    /// writes are allowed until `sent + lease_duration`.
    pub(crate) fn renewed(&self, sent: Instant, lease_duration: Duration) {
        *self.state() = State::OpenUntil(sent + lease_duration);
    }

    /// Leadership ended (lost or released): no more writes.
    pub(crate) fn close(&self) {
        *self.state() = State::Closed;
    }

    /// Whether this replica may write now: it never led, or its Lease is
    /// still valid by its own clock.
    pub fn allows_writes(&self) -> bool {
        !matches!(self.write_deadline(), Deadline::Refuse)
    }

    /// Until when a write starting now may run.
    pub(crate) fn write_deadline(&self) -> Deadline {
        match *self.state() {
            State::NeverLed => Deadline::Unbounded,
            State::OpenUntil(until) if Instant::now() < until => Deadline::At(until),
            State::OpenUntil(_) | State::Closed => Deadline::Refuse,
        }
    }

    /// The same client, but its writes (any request but GET, HEAD and
    /// OPTIONS) fail without being sent while the fence is closed.
    pub fn client(&self, client: kube::Client) -> kube::Client {
        let namespace = client.default_namespace().to_owned();
        kube::Client::new(
            Fenced {
                inner: client,
                fence: self.clone(),
            },
            namespace,
        )
    }
}

/// Until when a write may run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Deadline {
    /// No leadership to lose: as long as it takes.
    Unbounded,
    /// Until the Lease may expire: a write still waiting then (for a
    /// connection, say) is dropped unsent.
    At(Instant),
    /// Not at all.
    Refuse,
}

/// The error of a write the fence stopped.
#[derive(Debug, thiserror::Error)]
#[error(
    "not written: this replica's leader Lease may have expired (no renewal within the lease \
     duration by its own clock), so another replica may lead; it stops leading"
)]
pub struct FenceClosed;

/// A kube client's service behind a fence.
#[derive(Clone)]
struct Fenced {
    inner: kube::Client,
    fence: Fence,
}

fn is_write(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

impl tower::Service<Request<Body>> for Fenced {
    type Response = Response<Body>;
    type Error = tower::BoxError;
    type Future = BoxFuture<'static, Result<Response<Body>, tower::BoxError>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<Body>) -> Self::Future {
        let deadline = if is_write(request.method()) {
            self.fence.write_deadline()
        } else {
            Deadline::Unbounded
        };
        let client = self.inner.clone();
        Box::pin(async move {
            let send = client.send(request);
            match deadline {
                Deadline::Unbounded => send.await.map_err(Into::into),
                // Dropping the request when the Lease may expire cancels it,
                // unsent if it was still waiting for a connection (as in a
                // partition).
                Deadline::At(until) => match tokio::time::timeout_at(until, send).await {
                    Ok(response) => response.map_err(Into::into),
                    Err(_) => Err(Box::new(FenceClosed) as tower::BoxError),
                },
                Deadline::Refuse => Err(Box::new(FenceClosed) as tower::BoxError),
            }
        })
    }
}

/// Whether `error` (from a client behind a fence) is the fence's refusal.
pub fn is_fenced(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut current = Some(error);
    while let Some(e) = current {
        if e.is::<FenceClosed>() {
            return true;
        }
        current = e.source();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replica_that_never_led_is_not_fenced() {
        assert!(Fence::new().allows_writes());
    }

    #[test]
    fn writes_stop_a_lease_duration_after_the_last_renewal_was_sent() {
        let fence = Fence::new();
        fence.renewed(Instant::now(), Duration::from_secs(60));
        assert!(fence.allows_writes());
        fence.renewed(
            Instant::now() - Duration::from_secs(61),
            Duration::from_secs(60),
        );
        assert!(!fence.allows_writes());
        fence.renewed(Instant::now(), Duration::from_secs(60));
        assert!(fence.allows_writes(), "a later renewal opens it again");
        fence.close();
        assert!(!fence.allows_writes());
    }

    #[tokio::test]
    async fn a_closed_fence_sends_no_write_and_lets_reads_through() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        // A client whose server counts what reaches it and answers 200 `{}`.
        let sent = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&sent);
        let service = tower::service_fn(move |_request: Request<Body>| {
            counter.fetch_add(1, Ordering::SeqCst);
            async {
                Ok::<_, std::convert::Infallible>(
                    Response::builder()
                        .status(200)
                        .body(Body::from(b"{}".to_vec()))
                        .unwrap(),
                )
            }
        });
        let fence = Fence::new();
        let client = fence.client(kube::Client::new(service, "default"));
        fence.renewed(
            Instant::now() - Duration::from_secs(20),
            Duration::from_secs(15),
        );

        let write = Request::post("/api/v1/namespaces/default/configmaps")
            .body(b"{}".to_vec())
            .unwrap();
        let error = client.request_text(write).await.unwrap_err();
        assert!(is_fenced(&error), "{error}");
        assert_eq!(sent.load(Ordering::SeqCst), 0, "the write was sent");

        let read = Request::get("/api/v1/namespaces/default/configmaps")
            .body(Vec::new())
            .unwrap();
        client.request_text(read).await.unwrap();
        assert_eq!(sent.load(Ordering::SeqCst), 1);
    }

    #[tokio::test(start_paused = true)]
    async fn a_write_still_waiting_when_the_lease_may_expire_is_dropped() {
        // A server that never answers (a partition).
        let service = tower::service_fn(|_request: Request<Body>| {
            futures::future::pending::<Result<Response<Body>, std::convert::Infallible>>()
        });
        let fence = Fence::new();
        let client = fence.client(kube::Client::new(service, "default"));
        fence.renewed(Instant::now(), Duration::from_secs(15));
        let started = Instant::now();
        let write = Request::put("/api/v1/namespaces/default/configmaps/a")
            .body(b"{}".to_vec())
            .unwrap();
        let error = client.request_text(write).await.unwrap_err();
        assert!(is_fenced(&error), "{error}");
        assert_eq!(started.elapsed(), Duration::from_secs(15));
    }
}
