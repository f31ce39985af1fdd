//! The operations endpoint: `/healthz` (liveness), `/readyz` (readiness) and
//! `/metrics` (Prometheus text format) on one HTTP/1 port.
//!
//! - `/healthz` is 200 while the manager runs, 503 once it has stopped (so a
//!   wedged or finished process gets restarted).
//! - `/readyz` is 200 once the replica's caches are synced (every replica,
//!   the leader or a standby waiting for the lease, runs them) and every
//!   readiness check passes (a runnable such as a webhook server adds one
//!   with [`Health::readiness_check`]); 503 while the caches load, while a
//!   check fails (its name is in the body), and during shutdown.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use tokio::net::TcpListener;

use crate::metrics::Metrics;

/// What the probes report; shared between the manager and the server.
#[derive(Debug, Default)]
pub struct Health {
    alive: AtomicBool,
    ready: AtomicBool,
    checks: Mutex<Vec<ReadinessCheck>>,
}

/// One named condition of readiness, failing until [`set`](Self::set) true.
#[derive(Clone, Debug)]
pub struct ReadinessCheck {
    name: String,
    ok: Arc<AtomicBool>,
}

impl ReadinessCheck {
    /// Sets whether the check passes.
    pub fn set(&self, ok: bool) {
        self.ok.store(ok, Ordering::Release);
    }

    /// Whether the check passes.
    pub fn passes(&self) -> bool {
        self.ok.load(Ordering::Acquire)
    }

    /// The check's name, shown by a failing `/readyz`.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl Health {
    /// Alive, not ready.
    pub fn new() -> Arc<Self> {
        Arc::new(Health {
            alive: AtomicBool::new(true),
            ready: AtomicBool::new(false),
            checks: Mutex::default(),
        })
    }

    /// A new readiness check named `name`, failing until set: `/readyz` is 503
    /// while any check fails.
    pub fn readiness_check(&self, name: impl Into<String>) -> ReadinessCheck {
        let check = ReadinessCheck {
            name: name.into(),
            ok: Arc::default(),
        };
        self.checks
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(check.clone());
        check
    }

    /// The names of the readiness checks that fail.
    pub fn failing_checks(&self) -> Vec<String> {
        self.checks
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .filter(|c| !c.passes())
            .map(|c| c.name.clone())
            .collect()
    }

    /// Sets readiness.
    pub fn set_ready(&self, ready: bool) {
        self.ready.store(ready, Ordering::Release);
    }

    /// Sets liveness.
    pub fn set_alive(&self, alive: bool) {
        self.alive.store(alive, Ordering::Release);
    }

    /// Current readiness: the manager's, and every check's.
    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::Acquire) && self.failing_checks().is_empty()
    }

    /// Current liveness.
    pub fn is_alive(&self) -> bool {
        self.alive.load(Ordering::Acquire)
    }
}

fn text(status: StatusCode, content_type: &'static str, body: String) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(body)));
    *response.status_mut() = status;
    response.headers_mut().insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static(content_type),
    );
    response
}

fn probe(ok: bool, failing: &[String]) -> Response<Full<Bytes>> {
    if ok {
        text(StatusCode::OK, "text/plain; charset=utf-8", "ok\n".into())
    } else {
        let mut body = "not ok\n".to_owned();
        for check in failing {
            body.push_str(&format!("check {check:?} failed\n"));
        }
        text(
            StatusCode::SERVICE_UNAVAILABLE,
            "text/plain; charset=utf-8",
            body,
        )
    }
}

/// Answers one request.
pub fn route(
    method: &Method,
    path: &str,
    health: &Health,
    metrics: &Metrics,
) -> Response<Full<Bytes>> {
    if method != Method::GET && method != Method::HEAD {
        return text(
            StatusCode::METHOD_NOT_ALLOWED,
            "text/plain; charset=utf-8",
            "only GET\n".into(),
        );
    }
    match path {
        "/healthz" | "/livez" => probe(health.is_alive(), &[]),
        "/readyz" => probe(health.is_ready(), &health.failing_checks()),
        "/metrics" => text(
            StatusCode::OK,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
            metrics.render(),
        ),
        _ => text(
            StatusCode::NOT_FOUND,
            "text/plain; charset=utf-8",
            "not found\n".into(),
        ),
    }
}

/// Binds `addr` (port 0 picks a free port); returns the listener and the
/// address it got.
pub async fn bind(addr: SocketAddr) -> std::io::Result<(TcpListener, SocketAddr)> {
    let listener = TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    Ok((listener, local))
}

/// Serves the endpoint on `listener` until `shutdown` completes.
pub async fn serve(
    listener: TcpListener,
    health: Arc<Health>,
    metrics: Metrics,
    shutdown: impl Future<Output = ()>,
) {
    tokio::pin!(shutdown);
    loop {
        let (stream, _) = tokio::select! {
            _ = &mut shutdown => return,
            accepted = listener.accept() => match accepted {
                Ok(conn) => conn,
                Err(error) => {
                    tracing::warn!(%error, "health endpoint: accept failed");
                    continue;
                }
            },
        };
        let (health, metrics) = (Arc::clone(&health), metrics.clone());
        tokio::spawn(async move {
            let service = service_fn(move |request: Request<Incoming>| {
                let response = route(request.method(), request.uri().path(), &health, &metrics);
                async move { Ok::<_, Infallible>(response) }
            });
            if let Err(error) = http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await
            {
                tracing::debug!(%error, "health endpoint: connection error");
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    async fn get(addr: SocketAddr, path: &str) -> String {
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).await.unwrap();
        response
    }

    #[tokio::test]
    async fn probes_and_metrics_over_http() {
        let health = Health::new();
        let metrics = Metrics::new();
        metrics.set_leader("lease", true);
        let (listener, addr) = bind("127.0.0.1:0".parse().unwrap()).await.unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(serve(listener, Arc::clone(&health), metrics, async {
            let _ = stopped.await;
        }));

        assert!(get(addr, "/healthz").await.starts_with("HTTP/1.1 200"));
        assert!(get(addr, "/readyz").await.starts_with("HTTP/1.1 503"));
        health.set_ready(true);
        assert!(get(addr, "/readyz").await.starts_with("HTTP/1.1 200"));
        // A runnable's check holds readiness back until it passes.
        let webhooks = health.readiness_check("webhook-server");
        let answer = get(addr, "/readyz").await;
        assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
        assert!(
            answer.contains("check \"webhook-server\" failed"),
            "{answer}"
        );
        webhooks.set(true);
        assert!(get(addr, "/readyz").await.starts_with("HTTP/1.1 200"));
        let metrics = get(addr, "/metrics").await;
        assert!(metrics.starts_with("HTTP/1.1 200"), "{metrics}");
        assert!(
            metrics.contains("leader_election_master_status{name=\"lease\"} 1"),
            "{metrics}"
        );
        assert!(get(addr, "/nope").await.starts_with("HTTP/1.1 404"));
        health.set_alive(false);
        assert!(get(addr, "/healthz").await.starts_with("HTTP/1.1 503"));

        stop.send(()).unwrap();
        server.await.unwrap();
    }

    #[test]
    fn only_get_is_served() {
        let r = route(
            &Method::POST,
            "/healthz",
            &Health::default(),
            &Metrics::new(),
        );
        assert_eq!(r.status(), StatusCode::METHOD_NOT_ALLOWED);
    }
}
