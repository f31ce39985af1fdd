//! How an informer's list and watch recover from failures, as client-go's
//! reflector recovers (kube-runtime's `watcher` does the listing and
//! watching; this decides when it tries again):
//!
//! - **An expired resource version** (`410 Gone`, "too old resource version":
//!   the server compacted past where the watch would resume, as after an API
//!   server restart or a long disconnection) is a state, not a failure: the
//!   informer lists again at once, from scratch. A second `410` before any
//!   event arrived is a failure like the others (a server that keeps
//!   answering `410` is not hammered).
//! - **Other failures** wait before the next attempt: 800 ms, doubling up to
//!   30 s, each delay jittered down by up to a quarter so that clients that
//!   failed together do not retry together, and back to 800 ms after 2
//!   minutes without a failure (client-go's reflector backoff).
//! - **A server that does not answer at all** (connection refused or reset,
//!   timeouts: it is down or restarting) is asked whether it is ready again
//!   (`GET /readyz`, which costs it nothing) about every second while the
//!   backoff runs, and the informer tries again as soon as it is: a restarted
//!   API server sees its informers back within about a second of its
//!   readiness however long it was down, while a server that answers with
//!   errors still gets the full backoff.
//! - **A connection that silently stops carrying anything** (a dropped
//!   connection, a partition) is noticed by the watch's idle timeout: watches
//!   ask the server to end them after [`WATCH_TIMEOUT_SECS`], and one that
//!   sees nothing for 5 s longer than that is abandoned and resumed, so such
//!   a connection is noticed within 50 s.

use std::hash::{BuildHasher, RandomState};
use std::sync::Arc;
use std::time::Duration;

use futures::stream::BoxStream;
use futures::{Stream, StreamExt};
use kube::runtime::watcher::{self, Event};
use tokio::time::Instant;

/// How long a watch request asks the server to keep it open (its
/// `timeoutSeconds`). kube-runtime's watcher gives up on a watch that sees
/// nothing for 5 s longer than this.
pub const WATCH_TIMEOUT_SECS: u32 = 45;

/// First delay after a failure.
const INITIAL_DELAY: Duration = Duration::from_millis(800);
/// Longest delay.
const MAX_DELAY: Duration = Duration::from_secs(30);
/// Without a failure for this long, the next delay starts from the first again.
const RESET_AFTER: Duration = Duration::from_secs(120);
/// How often an unreachable server is asked whether it is ready (jittered).
const PROBE_PERIOD: Duration = Duration::from_secs(1);
/// How long one readiness probe may take.
const PROBE_TIMEOUT: Duration = Duration::from_secs(5);

/// The delays between failed attempts: from 800 ms, doubling, at most 30 s,
/// each jittered down by up to a quarter, reset after 2 minutes without a
/// failure.
#[derive(Debug, Clone)]
pub struct RetryBackoff {
    initial: Duration,
    max: Duration,
    reset_after: Duration,
    /// The undisturbed delay of the next failure.
    next: Duration,
    last_failure: Option<Instant>,
    jitter: Jitter,
}

impl Default for RetryBackoff {
    fn default() -> Self {
        RetryBackoff::new(INITIAL_DELAY, MAX_DELAY, RESET_AFTER)
    }
}

impl RetryBackoff {
    /// Delays from `initial`, doubling, at most `max`, reset after
    /// `reset_after` without a failure.
    pub fn new(initial: Duration, max: Duration, reset_after: Duration) -> Self {
        RetryBackoff {
            initial,
            max,
            reset_after,
            next: initial,
            last_failure: None,
            jitter: Jitter::new(),
        }
    }

    /// One more failure, now: how long to wait before the next attempt.
    pub fn failed(&mut self) -> Duration {
        let now = Instant::now();
        if self
            .last_failure
            .is_some_and(|last| now.duration_since(last) >= self.reset_after)
        {
            self.next = self.initial;
        }
        self.last_failure = Some(now);
        let delay = self.next;
        self.next = (self.next * 2).min(self.max);
        delay.mul_f64(1.0 - self.jitter.next_fraction() / 4.0)
    }
}

/// A small pseudo-random source for jitter (no need for a cryptographic one,
/// only for replicas not to agree).
#[derive(Debug, Clone)]
struct Jitter(u64);

impl Jitter {
    fn new() -> Self {
        Jitter(RandomState::new().hash_one(std::process::id()) | 1)
    }

    /// A fraction in `[0, 1)`.
    fn next_fraction(&mut self) -> f64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        (x >> 11) as f64 / (1u64 << 53) as f64
    }

    fn duration(&mut self, max: Duration) -> Duration {
        max.mul_f64(self.next_fraction())
    }
}

/// What a failure says about what to do next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Failure {
    /// The resource version is gone: list again.
    Expired,
    /// No answer from the server (down, restarting, unreachable).
    Unreachable,
    /// The server answered with an error.
    Answered,
}

impl Failure {
    pub(crate) fn of(error: &watcher::Error) -> Failure {
        let client_error = match error {
            watcher::Error::WatchError(status) => {
                return if status.code == 410 {
                    Failure::Expired
                } else {
                    Failure::Answered
                };
            }
            watcher::Error::NoResourceVersion => return Failure::Answered,
            watcher::Error::InitialListFailed(e)
            | watcher::Error::WatchStartFailed(e)
            | watcher::Error::WatchFailed(e) => e,
        };
        match client_error {
            kube::Error::Api(status) if status.code == 410 => Failure::Expired,
            kube::Error::Api(_) => Failure::Answered,
            kube::Error::HyperError(_) | kube::Error::Service(_) | kube::Error::ReadEvents(_) => {
                Failure::Unreachable
            }
            _ => Failure::Answered,
        }
    }
}

/// What builds the watcher: called again for a fresh list after a `410`.
type MakeWatcher<K> =
    Arc<dyn Fn() -> BoxStream<'static, Result<Event<K>, watcher::Error>> + Send + Sync>;

/// The recovery's state between events.
struct Recovering<K> {
    make: MakeWatcher<K>,
    events: BoxStream<'static, Result<Event<K>, watcher::Error>>,
    backoff: RetryBackoff,
    jitter: Jitter,
    /// What to wait for before polling again.
    wait: Option<(Duration, Failure)>,
    /// A `410` came, and no event since.
    expired: bool,
    /// Asked while an unreachable server's backoff runs.
    probe: Option<kube::Client>,
}

/// The events of `make()`'s watcher, recovering from its failures as the
/// module docs say. Failures are still yielded (for logs and metrics), each
/// before its wait. `probe` is the client of the server to ask about its
/// readiness (none: only the backoff).
pub(crate) fn recovering<K, S>(
    make: impl Fn() -> S + Send + Sync + 'static,
    probe: Option<kube::Client>,
) -> impl Stream<Item = Result<Event<K>, watcher::Error>> + Send
where
    K: Send + 'static,
    S: Stream<Item = Result<Event<K>, watcher::Error>> + Send + 'static,
{
    let make: MakeWatcher<K> = Arc::new(move || make().boxed());
    let state = Recovering {
        events: make(),
        make,
        backoff: RetryBackoff::default(),
        jitter: Jitter::new(),
        wait: None,
        expired: false,
        probe,
    };
    futures::stream::unfold(state, |mut state| async move {
        if let Some((delay, failure)) = state.wait.take() {
            state.pause(delay, failure).await;
        }
        let item = state.events.next().await?;
        match &item {
            Ok(_) => state.expired = false,
            Err(error) => match Failure::of(error) {
                Failure::Expired if !state.expired => {
                    tracing::debug!(%error, "resource version expired; listing again");
                    state.expired = true;
                    state.events = (state.make)();
                }
                failure => {
                    if failure == Failure::Expired {
                        state.events = (state.make)();
                    }
                    state.wait = Some((state.backoff.failed(), failure));
                }
            },
        }
        Some((item, state))
    })
}

impl<K> Recovering<K> {
    /// Waits `delay`; for an unreachable server, only until it is ready again.
    async fn pause(&mut self, delay: Duration, failure: Failure) {
        let sleep = tokio::time::sleep(delay);
        match (&self.probe, failure) {
            (Some(client), Failure::Unreachable) => {
                let jitter = &mut self.jitter;
                tokio::select! {
                    () = sleep => {}
                    () = until_ready(client, jitter) => {
                        tracing::debug!("the API server is ready again; resuming the watch");
                    }
                }
            }
            _ => sleep.await,
        }
    }
}

/// Returns once the server answers `GET /readyz` with `ok`, asking about
/// every second.
async fn until_ready(client: &kube::Client, jitter: &mut Jitter) {
    loop {
        tokio::time::sleep(PROBE_PERIOD / 2 + jitter.duration(PROBE_PERIOD)).await;
        if is_ready(client).await {
            return;
        }
    }
}

async fn is_ready(client: &kube::Client) -> bool {
    let Ok(request) = http::Request::get("/readyz").body(Vec::new()) else {
        return false;
    };
    matches!(
        tokio::time::timeout(PROBE_TIMEOUT, client.request_text(request)).await,
        Ok(Ok(text)) if text.trim() == "ok"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn within(d: Duration, nominal: Duration) -> bool {
        d <= nominal && d >= nominal.mul_f64(0.75)
    }

    #[tokio::test(start_paused = true)]
    async fn delays_double_from_800ms_to_30s_jittered() {
        let mut backoff = RetryBackoff::default();
        let nominal = [800, 1600, 3200, 6400, 12800, 25600, 30000, 30000];
        for ms in nominal {
            let d = backoff.failed();
            assert!(within(d, Duration::from_millis(ms)), "{d:?} for {ms} ms");
        }
    }

    #[tokio::test(start_paused = true)]
    async fn two_quiet_minutes_reset_the_delay() {
        let mut backoff = RetryBackoff::default();
        for _ in 0..6 {
            backoff.failed();
        }
        tokio::time::advance(Duration::from_secs(119)).await;
        assert!(backoff.failed() > Duration::from_secs(20));
        tokio::time::advance(Duration::from_secs(121)).await;
        assert!(within(backoff.failed(), INITIAL_DELAY));
    }

    /// A watcher that yields `script` and then nothing (pending forever).
    fn scripted(
        script: Vec<Result<Event<u32>, watcher::Error>>,
    ) -> BoxStream<'static, Result<Event<u32>, watcher::Error>> {
        futures::stream::iter(script)
            .chain(futures::stream::pending())
            .boxed()
    }

    fn gone() -> watcher::Error {
        watcher::Error::WatchError(Box::new(
            kube::core::Status::failure("too old resource version", "Expired").with_code(410),
        ))
    }

    fn refused() -> watcher::Error {
        watcher::Error::WatchStartFailed(kube::Error::Service(Box::new(std::io::Error::new(
            std::io::ErrorKind::ConnectionRefused,
            "refused",
        ))))
    }

    #[tokio::test(start_paused = true)]
    async fn an_expired_watch_lists_again_at_once() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let made = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&made);
        let events = recovering(
            move || {
                let n = counter.fetch_add(1, Ordering::SeqCst);
                // The first watcher expires after one event; the second lists.
                scripted(match n {
                    0 => vec![Ok(Event::Apply(1)), Err(gone())],
                    _ => vec![
                        Ok(Event::Init),
                        Ok(Event::InitApply(2)),
                        Ok(Event::InitDone),
                    ],
                })
            },
            None,
        );
        tokio::pin!(events);
        let start = Instant::now();
        assert!(matches!(events.next().await, Some(Ok(Event::Apply(1)))));
        assert!(matches!(events.next().await, Some(Err(_))));
        assert!(matches!(events.next().await, Some(Ok(Event::Init))));
        assert!(matches!(events.next().await, Some(Ok(Event::InitApply(2)))));
        assert_eq!(start.elapsed(), Duration::ZERO, "no backoff after a 410");
        assert_eq!(
            made.load(Ordering::SeqCst),
            2,
            "a fresh watcher lists from scratch"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_second_410_without_progress_backs_off() {
        let events = recovering(move || scripted(vec![Err(gone())]), None);
        tokio::pin!(events);
        let start = Instant::now();
        assert!(matches!(events.next().await, Some(Err(_))));
        assert!(matches!(events.next().await, Some(Err(_))));
        assert_eq!(start.elapsed(), Duration::ZERO);
        // The third attempt waits for the backoff of the second failure.
        let third = tokio::time::timeout(Duration::from_millis(500), events.next()).await;
        assert!(third.is_err(), "the third attempt came before the backoff");
        assert!(matches!(events.next().await, Some(Err(_))));
        assert!(start.elapsed() >= Duration::from_millis(600));
    }

    #[tokio::test(start_paused = true)]
    async fn other_failures_wait_for_the_backoff() {
        let events = recovering(
            move || scripted(vec![Err(refused()), Err(refused()), Ok(Event::Init)]),
            None,
        );
        tokio::pin!(events);
        let start = Instant::now();
        assert!(matches!(events.next().await, Some(Err(_))));
        assert!(matches!(events.next().await, Some(Err(_))));
        let first_wait = start.elapsed();
        assert!(within(first_wait, INITIAL_DELAY), "{first_wait:?}");
        assert!(matches!(events.next().await, Some(Ok(Event::Init))));
        let second_wait = start.elapsed() - first_wait;
        assert!(within(second_wait, INITIAL_DELAY * 2), "{second_wait:?}");
    }

    #[test]
    fn failures_are_told_apart() {
        use kube::core::Status;
        let gone = Status::failure("too old resource version: 1 (2)", "Expired").with_code(410);
        assert_eq!(
            Failure::of(&watcher::Error::WatchError(Box::new(gone.clone()))),
            Failure::Expired
        );
        assert_eq!(
            Failure::of(&watcher::Error::WatchStartFailed(kube::Error::Api(
                Box::new(gone)
            ))),
            Failure::Expired
        );
        let forbidden = Status::failure("forbidden", "Forbidden").with_code(403);
        assert_eq!(
            Failure::of(&watcher::Error::InitialListFailed(kube::Error::Api(
                Box::new(forbidden)
            ))),
            Failure::Answered
        );
        let refused = std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "refused");
        assert_eq!(
            Failure::of(&watcher::Error::InitialListFailed(kube::Error::Service(
                Box::new(refused)
            ))),
            Failure::Unreachable
        );
    }
}
