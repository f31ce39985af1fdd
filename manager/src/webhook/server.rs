//! The webhook server: one HTTPS port (9443 by default) for every admission
//! webhook and the conversion webhook, as controller-runtime's
//! `webhook.Server`: `POST` of an `AdmissionReview` to a webhook's path
//! (`/mutate-<group>-<version>-<kind>`, `/validate-...`) or of a
//! `ConversionReview` to `/convert`; the certificate reloaded when its files
//! change; each path instrumented under controller-runtime's metric names.

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures::FutureExt;
use futures::future::BoxFuture;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use hyper_util::server::graceful::GracefulShutdown;
use kube::core::DynamicObject;
use kube::core::admission::{AdmissionRequest, AdmissionReview};
use kube::core::conversion::ConversionReview;
use kube_codegen_conversion::Conversions;
use tokio::net::TcpListener;
use tokio_rustls::TlsAcceptor;
use tokio_util::sync::CancellationToken;

use super::handler::{self, Handler};
use super::metrics::WebhookMetrics;
use super::options::Options;
use super::tls::{CertWatcher, TlsError};
use crate::health::ReadinessCheck;
use crate::metrics::Metrics;
use crate::runnable::{BoxError, Runnable};

/// controller-runtime's request size limit (7 MiB): the API server sends at
/// most its own request limit (3 MiB of object), twice on updates.
const MAX_BODY: usize = 7 * 1024 * 1024;

/// How long shutdown waits for requests being served.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(60);

/// Why the webhook server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The certificate could not be read.
    #[error(transparent)]
    Tls(#[from] TlsError),
    /// The port could not be bound.
    #[error("binding the webhook server to {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

/// What answers one path.
#[derive(Clone)]
enum Route {
    Admission(Arc<dyn Handler>),
    Conversion(Arc<Conversions>),
}

/// The webhook server of a manager (or of a program of its own): register
/// webhooks, then [`bind`](Server::bind) and [`serve`](BoundServer::serve),
/// or hand it to a manager, which runs it on every replica (see
/// [`Manager::webhook`](crate::Manager::webhook)).
///
/// ```no_run
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// use kube_codegen_manager::CancellationToken;
/// use kube_codegen_manager::webhook::{Options, Server};
///
/// let mut server = Server::new(Options { port: 9443, ..Options::default() });
/// server.conversions(kube_codegen_conversion::Conversions::new());
/// let bound = server.bind().await?;
/// bound.serve(CancellationToken::new()).await?;
/// # Ok(()) }
/// ```
pub struct Server {
    options: Options,
    routes: BTreeMap<String, Route>,
    metrics: Option<WebhookMetrics>,
    ready: Option<ReadinessCheck>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server")
            .field("options", &self.options)
            .field("paths", &self.routes.keys().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

impl Server {
    /// A server with no webhooks yet.
    pub fn new(options: Options) -> Self {
        Server {
            options,
            routes: BTreeMap::new(),
            metrics: None,
            ready: None,
        }
    }

    /// Its settings.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Replaces its settings.
    pub fn set_options(&mut self, options: Options) {
        self.options = options;
    }

    /// Serves `handler` at `path`.
    ///
    /// # Panics
    ///
    /// If `path` is served already (as controller-runtime's `Register`).
    pub fn register(&mut self, path: impl Into<String>, handler: Arc<dyn Handler>) -> &mut Self {
        self.insert(path.into(), Route::Admission(handler))
    }

    /// Serves the conversion webhook of `conversions` at `/convert`.
    ///
    /// # Panics
    ///
    /// If `/convert` is served already.
    pub fn conversions(&mut self, conversions: Conversions) -> &mut Self {
        self.insert(
            "/convert".to_owned(),
            Route::Conversion(Arc::new(conversions)),
        )
    }

    fn insert(&mut self, path: String, route: Route) -> &mut Self {
        assert!(
            !self.routes.contains_key(&path),
            "webhook path {path} is registered twice"
        );
        if let Some(metrics) = &self.metrics {
            metrics.init_path(&path);
        }
        self.routes.insert(path, route);
        self
    }

    /// The paths served, in order.
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.routes.keys().map(String::as_str)
    }

    /// Whether nothing is registered.
    pub fn is_empty(&self) -> bool {
        self.routes.is_empty()
    }

    /// Reports to `metrics` (the manager's registry) instead of a registry
    /// of its own.
    pub fn with_metrics(&mut self, metrics: &Metrics) -> &mut Self {
        let metrics = WebhookMetrics::register(metrics);
        for path in self.routes.keys() {
            metrics.init_path(path);
        }
        self.metrics = Some(metrics);
        self
    }

    /// Sets `check` once the server listens (the manager's `/readyz` waits
    /// for it).
    pub fn with_readiness(&mut self, check: ReadinessCheck) -> &mut Self {
        self.ready = Some(check);
        self
    }

    /// Reads the certificate and listens on the configured address (port 0:
    /// any free port, see [`BoundServer::local_addr`]).
    pub async fn bind(mut self) -> Result<BoundServer, ServerError> {
        let metrics = match self.metrics.take() {
            Some(metrics) => metrics,
            None => {
                self.with_metrics(&Metrics::new());
                self.metrics.take().expect("just set")
            }
        };
        let certs = Arc::new(CertWatcher::with_metrics(
            &self.options.cert_path(),
            &self.options.key_path(),
            Some(metrics.clone()),
        )?);
        let addr = self.options.addr();
        let listener = TcpListener::bind(addr)
            .await
            .map_err(|source| ServerError::Bind { addr, source })?;
        let local_addr = listener
            .local_addr()
            .map_err(|source| ServerError::Bind { addr, source })?;
        Ok(BoundServer {
            state: Arc::new(State {
                routes: self.routes,
                metrics,
            }),
            listener,
            local_addr,
            certs,
            cert_poll: self.options.cert_poll,
            ready: self.ready,
        })
    }
}

impl Runnable for Server {
    fn name(&self) -> String {
        "webhook-server".to_owned()
    }

    fn run(self: Box<Self>, stop: CancellationToken) -> BoxFuture<'static, Result<(), BoxError>> {
        Box::pin(async move {
            let bound = self.bind().await?;
            tracing::info!(
                addr = %bound.local_addr(),
                paths = ?bound.state.routes.keys().collect::<Vec<_>>(),
                "serving webhooks"
            );
            bound.serve(stop).await?;
            Ok(())
        })
    }
}

struct State {
    routes: BTreeMap<String, Route>,
    metrics: WebhookMetrics,
}

/// A [`Server`] listening on its port.
pub struct BoundServer {
    state: Arc<State>,
    listener: TcpListener,
    local_addr: SocketAddr,
    certs: Arc<CertWatcher>,
    cert_poll: Duration,
    ready: Option<ReadinessCheck>,
}

impl std::fmt::Debug for BoundServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BoundServer")
            .field("local_addr", &self.local_addr)
            .finish_non_exhaustive()
    }
}

impl BoundServer {
    /// The address it listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// The certificate it serves (reloaded when its files change).
    pub fn certificate(&self) -> &Arc<CertWatcher> {
        &self.certs
    }

    /// Serves until `stop`; then accepts nothing more and waits (up to a
    /// minute, as controller-runtime) for the requests being served.
    pub async fn serve(self, stop: CancellationToken) -> Result<(), ServerError> {
        let watching =
            tokio::spawn(Arc::clone(&self.certs).watch(self.cert_poll, stop.child_token()));
        let acceptor = TlsAcceptor::from(self.certs.server_config());
        let graceful = GracefulShutdown::new();
        if let Some(ready) = &self.ready {
            ready.set(true);
        }
        loop {
            let (stream, peer) = tokio::select! {
                () = stop.cancelled() => break,
                accepted = self.listener.accept() => match accepted {
                    Ok(connection) => connection,
                    Err(error) => {
                        tracing::warn!(%error, "webhook server: accept failed");
                        continue;
                    }
                },
            };
            let (acceptor, state, watcher) = (
                acceptor.clone(),
                Arc::clone(&self.state),
                graceful.watcher(),
            );
            tokio::spawn(async move {
                let stream = match acceptor.accept(stream).await {
                    Ok(stream) => stream,
                    Err(error) => {
                        tracing::debug!(%error, %peer, "webhook server: TLS handshake failed");
                        return;
                    }
                };
                let service = service_fn(move |request: Request<Incoming>| {
                    let state = Arc::clone(&state);
                    async move { Ok::<_, Infallible>(state.route(request).await) }
                });
                let connection =
                    http1::Builder::new().serve_connection(TokioIo::new(stream), service);
                if let Err(error) = watcher.watch(connection).await {
                    tracing::debug!(%error, %peer, "webhook server: connection error");
                }
            });
        }
        if let Some(ready) = &self.ready {
            ready.set(false);
        }
        drop(self.listener);
        if tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown())
            .await
            .is_err()
        {
            tracing::warn!(
                "webhook server: requests still running after {SHUTDOWN_GRACE:?}; closing"
            );
        }
        let _ = watching.await;
        Ok(())
    }
}

fn respond(status: StatusCode, content_type: &'static str, body: Vec<u8>) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(body)));
    *response.status_mut() = status;
    response.headers_mut().insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static(content_type),
    );
    response
}

const TEXT: &str = "text/plain; charset=utf-8";

impl State {
    async fn route(&self, request: Request<Incoming>) -> Response<Full<Bytes>> {
        let path = request.uri().path().to_owned();
        let Some(route) = self.routes.get(&path) else {
            return respond(
                StatusCode::NOT_FOUND,
                TEXT,
                b"404 page not found\n".to_vec(),
            );
        };
        if request.method() != Method::POST {
            return respond(
                StatusCode::METHOD_NOT_ALLOWED,
                TEXT,
                b"only POST\n".to_vec(),
            );
        }
        let in_flight = self.metrics.start(&path);
        let start = Instant::now();
        let response = match route {
            Route::Admission(handler) => self.admit(handler.as_ref(), request).await,
            Route::Conversion(conversions) => self.convert(conversions, request).await,
        };
        in_flight.done(response.status().as_u16(), start.elapsed());
        response
    }

    async fn admit(
        &self,
        handler: &dyn Handler,
        request: Request<Incoming>,
    ) -> Response<Full<Bytes>> {
        let answer = |review: AdmissionReview<DynamicObject>| {
            let body = serde_json::to_vec(&review).expect("an AdmissionReview serializes");
            respond(StatusCode::OK, "application/json", body)
        };
        let unreadable = |message: String| answer(handler::unreadable(message).into_review());
        let json = request
            .headers()
            .get(hyper::header::CONTENT_TYPE)
            .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
        if !json {
            let found = request
                .headers()
                .get(hyper::header::CONTENT_TYPE)
                .and_then(|t| t.to_str().ok())
                .unwrap_or_default()
                .to_owned();
            return unreadable(format!("contentType={found}, expected application/json"));
        }
        let body = match Limited::new(request.into_body(), MAX_BODY).collect().await {
            Ok(body) => body.to_bytes(),
            Err(error) => return unreadable(format!("reading the request body: {error}")),
        };
        let review: AdmissionReview<DynamicObject> = match serde_json::from_slice(&body) {
            Ok(review) => review,
            Err(error) => return unreadable(format!("not an AdmissionReview: {error}")),
        };
        let request: AdmissionRequest<DynamicObject> = match review.try_into() {
            Ok(request) => request,
            Err(error) => return unreadable(error.to_string()),
        };
        let response = match AssertUnwindSafe(handler.handle(&request))
            .catch_unwind()
            .await
        {
            Ok(response) => response,
            Err(panic) => {
                self.metrics.count_panic();
                let what = panic_message(panic.as_ref());
                tracing::error!(panic = %what, uid = %request.uid, "admission webhook panicked");
                handler::panicked(&request, &what)
            }
        };
        answer(response.into_review())
    }

    async fn convert(
        &self,
        conversions: &Conversions,
        request: Request<Incoming>,
    ) -> Response<Full<Bytes>> {
        let body = match Limited::new(request.into_body(), MAX_BODY).collect().await {
            Ok(body) => body.to_bytes(),
            Err(error) => {
                return respond(
                    StatusCode::BAD_REQUEST,
                    TEXT,
                    format!("reading the request: {error}\n").into_bytes(),
                );
            }
        };
        let review: ConversionReview = match serde_json::from_slice(&body) {
            Ok(review) => review,
            Err(error) => {
                return respond(
                    StatusCode::BAD_REQUEST,
                    TEXT,
                    format!("not a ConversionReview: {error}\n").into_bytes(),
                );
            }
        };
        let converted = std::panic::catch_unwind(AssertUnwindSafe(|| {
            conversions.review_with(review, |c| self.metrics.count_converted(&c))
        }));
        match converted {
            Ok(answer) => {
                let body = serde_json::to_vec(&answer).expect("a ConversionReview serializes");
                respond(StatusCode::OK, "application/json", body)
            }
            Err(panic) => {
                self.metrics.count_conversion_panic();
                let what = panic_message(panic.as_ref());
                tracing::error!(panic = %what, "conversion panicked");
                respond(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    TEXT,
                    format!("internal error: {what}\n").into_bytes(),
                )
            }
        }
    }
}

/// The text of a panic's payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_owned())
}
