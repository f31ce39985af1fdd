//! One client connection: its TLS handshake, HTTP/1.1 through hyper, and the
//! limits controller-runtime's `http.Server` puts on what a client can hold
//! (Go's `ReadHeaderTimeout`, `IdleTimeout` and `MaxHeaderBytes`).
//!
//! hyper has a header timeout of its own, but it runs while a kept-alive
//! connection waits for its next request too, so it cannot tell an idle
//! client (90 s allowed) from one stalled mid-header (32 s). A small clock
//! per connection does: the header phase starts at accept (the handshake
//! included) and, on a kept-alive connection, at the first byte of the next
//! request; the idle phase at each answer. A connection past its phase's
//! deadline is dropped, as Go closes it, without an answer.
//!
//! Closing after an answer with part of the request unread (a 413 while
//! the client is still sending its body) first lingers, as Go's server
//! does: the write side is shut and what the client still sends is read
//! and dropped for up to half a second, so the client reads the answer
//! instead of a reset.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::task::{Context, Poll, ready};
use std::time::Duration;

use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use hyper_util::server::graceful::Watcher;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::time::{Instant, Sleep};
use tokio_rustls::TlsAcceptor;
use tokio_rustls::server::TlsStream;

use super::options::Options;

/// How long a close waits for the client to read the answer (Go's
/// `rstAvoidanceDelay`).
const LINGER: Duration = Duration::from_millis(500);

/// How much a lingering close reads and drops at most (Go reads 256 KiB of
/// an unread body before it gives up on a connection).
const LINGER_BYTES: usize = 256 * 1024;

/// A connection's limits, from the server's options.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    pub(crate) header_timeout: Duration,
    pub(crate) idle_timeout: Duration,
    pub(crate) max_header_bytes: usize,
}

impl Limits {
    pub(crate) fn of(options: &Options) -> Self {
        Limits {
            header_timeout: options.header_timeout,
            idle_timeout: options.idle_timeout,
            max_header_bytes: options.max_header_bytes,
        }
    }

    /// hyper's HTTP/1.1 settings for these limits.
    pub(crate) fn http1(&self) -> http1::Builder {
        // Go reads up to MaxHeaderBytes plus 4096 bytes of slack.
        let header = self.max_header_bytes.saturating_add(4096);
        let mut builder = http1::Builder::new();
        builder
            .max_header_size(header)
            // The read buffer must hold the longest header.
            .max_buf_size(header.saturating_add(8192).max(8192));
        builder
    }
}

/// Where a connection is in its request cycle.
const HEADER: u8 = 0;
const BUSY: u8 = 1;
const IDLE: u8 = 2;

/// A connection's phase and when it began. The connection's task is the
/// only one to touch it; atomics make it shareable with hyper's service.
struct Clock {
    origin: Instant,
    phase: AtomicU8,
    since: AtomicU64,
}

impl Clock {
    fn new(origin: Instant) -> Self {
        Clock {
            origin,
            phase: AtomicU8::new(HEADER),
            since: AtomicU64::new(0),
        }
    }

    fn enter(&self, phase: u8) {
        let since = Instant::now().saturating_duration_since(self.origin);
        self.since.store(
            u64::try_from(since.as_nanos()).unwrap_or(u64::MAX),
            Ordering::Relaxed,
        );
        self.phase.store(phase, Ordering::Relaxed);
    }

    /// The deadline of the phase the connection is in (none while a
    /// request is served: Go has no body or handler timeout either).
    fn deadline(&self, limits: &Limits) -> Option<(Instant, &'static str)> {
        let since = self.origin + Duration::from_nanos(self.since.load(Ordering::Relaxed));
        match self.phase.load(Ordering::Relaxed) {
            HEADER => Some((since + limits.header_timeout, "header timeout")),
            IDLE => Some((since + limits.idle_timeout, "idle timeout")),
            _ => None,
        }
    }
}

/// Where a connection's requests go: the server's routes. A trait here, so
/// that the connection needs nothing of the server's module.
pub(crate) trait Routes: Send + Sync + 'static {
    /// The answer to one request.
    fn route(
        &self,
        request: hyper::Request<Incoming>,
    ) -> impl Future<Output = hyper::Response<Full<Bytes>>> + Send;
}

/// Serves one accepted connection until it closes, runs out of its
/// deadline, or the server stops.
pub(crate) async fn serve<R: Routes>(
    stream: TcpStream,
    peer: SocketAddr,
    acceptor: TlsAcceptor,
    http: http1::Builder,
    limits: Limits,
    state: Arc<R>,
    graceful: Watcher,
) {
    let accepted = Instant::now();
    let _ = stream.set_nodelay(true);
    let handshake =
        tokio::time::timeout_at(accepted + limits.header_timeout, acceptor.accept(stream));
    let stream = match handshake.await {
        Ok(Ok(stream)) => stream,
        Ok(Err(error)) => {
            tracing::debug!(%error, %peer, "webhook server: TLS handshake failed");
            return;
        }
        Err(_) => {
            tracing::debug!(%peer, "webhook server: no TLS handshake within the header timeout; closed");
            return;
        }
    };
    let clock = Arc::new(Clock::new(accepted));
    let service = {
        let clock = Arc::clone(&clock);
        service_fn(move |request: hyper::Request<Incoming>| {
            let (state, clock) = (Arc::clone(&state), Arc::clone(&clock));
            clock.enter(BUSY);
            async move {
                let response = state.route(request).await;
                clock.enter(IDLE);
                Ok::<_, Infallible>(response)
            }
        })
    };
    let io = Timed {
        inner: stream,
        clock: Arc::clone(&clock),
        linger: None,
    };
    let connection = graceful.watch(http.serve_connection(TokioIo::new(io), service));
    let mut connection = std::pin::pin!(connection);
    let check = tokio::time::sleep_until(accepted + limits.header_timeout);
    let mut check = std::pin::pin!(check);
    loop {
        tokio::select! {
            result = &mut connection => {
                if let Err(error) = result {
                    tracing::debug!(%error, %peer, "webhook server: connection error");
                }
                return;
            }
            () = &mut check => {
                let now = Instant::now();
                match clock.deadline(&limits) {
                    Some((deadline, why)) if deadline <= now => {
                        tracing::debug!(%peer, "webhook server: {why}; connection closed");
                        return;
                    }
                    // Checked again by the deadline, or one header timeout
                    // from now: a phase that starts meanwhile (a request's
                    // first byte) ends no sooner than that.
                    deadline => {
                        let next = now + limits.header_timeout;
                        let at = deadline.map_or(next, |(at, _)| at.min(next));
                        check.as_mut().reset(at);
                    }
                }
            }
        }
    }
}

/// The TLS stream, telling the clock when a request's first byte arrives,
/// and lingering when it closes.
struct Timed {
    inner: TlsStream<TcpStream>,
    clock: Arc<Clock>,
    linger: Option<Linger>,
}

/// A close in progress: until when, and how much was dropped.
struct Linger {
    until: Pin<Box<Sleep>>,
    dropped: usize,
}

impl AsyncRead for Timed {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let filled = buf.filled().len();
        let read = Pin::new(&mut self.inner).poll_read(cx, buf);
        if buf.filled().len() > filled && self.clock.phase.load(Ordering::Relaxed) == IDLE {
            self.clock.enter(HEADER);
        }
        read
    }
}

impl AsyncWrite for Timed {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if self.linger.is_none() {
            // close_notify, then the TCP write side: the client sees the end.
            if ready!(Pin::new(&mut self.inner).poll_shutdown(cx)).is_err() {
                return Poll::Ready(Ok(()));
            }
            self.linger = Some(Linger {
                until: Box::pin(tokio::time::sleep(LINGER)),
                dropped: 0,
            });
        }
        let this = &mut *self;
        let linger = this.linger.as_mut().expect("set above");
        let tcp = this.inner.get_mut().0;
        let mut scratch = [0u8; 4096];
        while linger.dropped < LINGER_BYTES {
            let mut buf = ReadBuf::new(&mut scratch);
            match Pin::new(&mut *tcp).poll_read(cx, &mut buf) {
                // The client closed too, or broke off: done.
                Poll::Ready(Ok(())) if buf.filled().is_empty() => return Poll::Ready(Ok(())),
                Poll::Ready(Err(_)) => return Poll::Ready(Ok(())),
                Poll::Ready(Ok(())) => linger.dropped += buf.filled().len(),
                Poll::Pending => break,
            }
        }
        ready!(linger.until.as_mut().poll(cx));
        Poll::Ready(Ok(()))
    }
}
