//! The webhook server: one HTTPS port (9443 by default) for every admission
//! webhook and the conversion webhook, as controller-runtime's
//! `webhook.Server`: `POST` of an `AdmissionReview` to a webhook's path
//! (`/mutate-<group>-<version>-<kind>`, `/validate-...`) or of a
//! `ConversionReview` to `/convert`; the certificate reloaded when its files
//! change; each path instrumented under controller-runtime's metric names.
//!
//! What a client can hold is bounded as controller-runtime bounds it: the
//! header timeout, idle timeout and header size of its `http.Server`
//! ([`Options`]), the 7 MiB request limit (a longer or endless body is
//! answered 413), and a handler that panics answers 500 while the server
//! serves on. Conversion requests are held to the same limits.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures::FutureExt;
use futures::future::BoxFuture;
use http_body_util::{BodyExt, Full};
use hyper::body::{Body, Bytes, Incoming};
use hyper::{Request, Response, StatusCode};
use hyper_util::server::graceful::GracefulShutdown;
use kube::core::Status;
use kube::core::conversion::{ConversionResponse, ConversionReview};
use kube_codegen_conversion::Conversions;
use tokio::net::TcpListener;
use tokio::task::JoinSet;
use tokio_rustls::TlsAcceptor;
use tokio_util::sync::CancellationToken;

use super::connection::{self, Limits};
use super::handler::{self, Handler};
use super::metrics::{RouteMetrics, WebhookMetrics};
use super::options::{MAX_REQUEST_BYTES, Options};
use super::review::{Answer, Incoming as Review};
use super::tls::{CertWatcher, TlsError};
use crate::health::ReadinessCheck;
use crate::metrics::Metrics;
use crate::runnable::{BoxError, Runnable};

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
enum Handling {
    Admission(Arc<dyn Handler>),
    Conversion(Arc<Conversions>),
}

/// One path's handling and metrics.
struct Route {
    handling: Handling,
    metrics: RouteMetrics,
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
    routes: BTreeMap<String, Handling>,
    metrics: Option<WebhookMetrics>,
    ready: Option<ReadinessCheck>,
    shutdown: Shutdown,
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
            shutdown: Shutdown::default(),
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
    pub(crate) fn register(
        &mut self,
        path: impl Into<String>,
        handler: Arc<dyn Handler>,
    ) -> &mut Self {
        self.insert(path.into(), Handling::Admission(handler))
    }

    /// Serves the conversion webhook of `conversions` at `/convert`.
    ///
    /// # Panics
    ///
    /// If `/convert` is served already.
    pub fn conversions(&mut self, conversions: Conversions) -> &mut Self {
        self.insert(
            "/convert".to_owned(),
            Handling::Conversion(Arc::new(conversions)),
        )
    }

    fn insert(&mut self, path: String, route: Handling) -> &mut Self {
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

    /// A handle that stops this server gracefully once it serves (see
    /// [`Shutdown`]), besides the stop token it is served with.
    pub fn shutdown_handle(&self) -> Shutdown {
        self.shutdown.clone()
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
        let routes = self
            .routes
            .into_iter()
            .map(|(path, handling)| {
                let metrics = metrics.route(&path);
                (path, Route { handling, metrics })
            })
            .collect();
        Ok(BoundServer {
            state: Arc::new(State { routes }),
            listener,
            local_addr,
            certs,
            limits: Limits::of(&self.options),
            cert_poll: self.options.cert_poll,
            shutdown_timeout: self.options.shutdown_timeout,
            ready: self.ready,
            shutdown: self.shutdown,
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

/// What every connection serves: the routes.
pub(crate) struct State {
    routes: BTreeMap<String, Route>,
}

/// A [`Server`] listening on its port.
pub struct BoundServer {
    state: Arc<State>,
    listener: TcpListener,
    local_addr: SocketAddr,
    certs: Arc<CertWatcher>,
    limits: Limits,
    cert_poll: Duration,
    shutdown_timeout: Duration,
    ready: Option<ReadinessCheck>,
    shutdown: Shutdown,
}

impl std::fmt::Debug for BoundServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BoundServer")
            .field("local_addr", &self.local_addr)
            .finish_non_exhaustive()
    }
}

/// Stops a serving [`Server`] gracefully (controller-runtime's
/// `http.Server.Shutdown`): it accepts no more connections and is no longer
/// ready, answers the requests it is serving (a kept-alive connection closes
/// once its request is answered, an idle one at once), and closes whatever
/// is still open when the deadline passes (the options' `shutdown_timeout`,
/// unless [`stop_within`](Shutdown::stop_within) sets another).
///
/// A manager stops its server with everything else; this handle lets an
/// embedding program (or a manager's shutdown sequence) stop it on its own
/// schedule, such as after the controllers have drained.
#[derive(Clone, Debug, Default)]
pub struct Shutdown {
    stop: CancellationToken,
    within: Arc<std::sync::Mutex<Option<Duration>>>,
    stopped: CancellationToken,
}

impl Shutdown {
    /// Starts stopping, with the server's own deadline.
    pub fn stop(&self) {
        self.stop.cancel();
    }

    /// Starts stopping; requests still being served after `deadline` are
    /// cut off.
    pub fn stop_within(&self, deadline: Duration) {
        *self
            .within
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(deadline);
        self.stop.cancel();
    }

    /// Waits until the server has stopped (every connection closed).
    pub async fn stopped(&self) {
        self.stopped.cancelled().await;
    }

    /// Whether the server has stopped.
    pub fn is_stopped(&self) -> bool {
        self.stopped.is_cancelled()
    }

    fn deadline(&self, default: Duration) -> Duration {
        self.within
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .unwrap_or(default)
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

    /// A handle that stops it gracefully (see [`Shutdown`]).
    pub fn shutdown_handle(&self) -> Shutdown {
        self.shutdown.clone()
    }

    /// Serves until `stop` (or its [`Shutdown`] handle); then stops
    /// gracefully: accepts nothing more and waits, up to the options'
    /// `shutdown_timeout` (a minute, as controller-runtime), for the
    /// requests being served, then closes what is left.
    pub async fn serve(self, stop: CancellationToken) -> Result<(), ServerError> {
        let watching = tokio::spawn(
            Arc::clone(&self.certs).watch(self.cert_poll, self.shutdown.stopped.clone()),
        );
        let acceptor = TlsAcceptor::from(self.certs.server_config());
        let http = self.limits.http1();
        let graceful = GracefulShutdown::new();
        let mut connections = JoinSet::new();
        if let Some(ready) = &self.ready {
            ready.set(true);
        }
        loop {
            let (stream, peer) = tokio::select! {
                () = stop.cancelled() => break,
                () = self.shutdown.stop.cancelled() => break,
                Some(_) = connections.join_next() => continue,
                accepted = self.listener.accept() => match accepted {
                    Ok(connection) => connection,
                    Err(error) => {
                        // Out of file descriptors, say: wait instead of
                        // spinning, as Go's server does.
                        tracing::warn!(%error, "webhook server: accept failed");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                },
            };
            connections.spawn(connection::serve(
                stream,
                peer,
                acceptor.clone(),
                http.clone(),
                self.limits,
                Arc::clone(&self.state),
                graceful.watcher(),
            ));
        }
        if let Some(ready) = &self.ready {
            ready.set(false);
        }
        drop(self.listener);
        let deadline = self.shutdown.deadline(self.shutdown_timeout);
        tracing::info!(?deadline, "webhook server: stopping");
        if tokio::time::timeout(deadline, graceful.shutdown())
            .await
            .is_err()
        {
            tracing::warn!(
                "webhook server: requests still running after {deadline:?}; closing their connections"
            );
        }
        connections.shutdown().await;
        self.shutdown.stopped.cancel();
        let _ = watching.await;
        Ok(())
    }
}

/// A response with `body`.
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
const JSON: &str = "application/json";

/// Why a request body was not read.
enum Unread {
    /// No body at all (Go's `http.NoBody`).
    Empty,
    /// [`MAX_REQUEST_BYTES`] or more.
    TooLarge,
    /// The connection failed while reading it.
    Failed(hyper::Error),
}

impl Unread {
    /// controller-runtime's status code and message.
    fn answer(&self) -> (u16, String) {
        match self {
            Unread::Empty => (400, "request body is empty".to_owned()),
            Unread::TooLarge => (
                413,
                format!("request entity is too large; limit is {MAX_REQUEST_BYTES} bytes"),
            ),
            Unread::Failed(error) => (400, error.to_string()),
        }
    }
}

/// The request body, read up to the limit (a declared length over it is
/// refused before anything is read; an endless one is cut at the limit).
async fn read_body(mut body: Incoming) -> Result<Bytes, Unread> {
    if body.is_end_stream() {
        return Err(Unread::Empty);
    }
    let hint = body.size_hint();
    if hint.lower() >= MAX_REQUEST_BYTES as u64 {
        return Err(Unread::TooLarge);
    }
    // Most bodies come in one frame, taken as is; others are joined.
    let mut first: Option<Bytes> = None;
    let mut joined: Vec<u8> = Vec::new();
    let mut total = 0;
    while let Some(frame) = body.frame().await {
        let Ok(data) = frame.map_err(Unread::Failed)?.into_data() else {
            continue;
        };
        total += data.len();
        if total >= MAX_REQUEST_BYTES {
            return Err(Unread::TooLarge);
        }
        match first.take() {
            None if joined.is_empty() => first = Some(data),
            taken => {
                if let Some(taken) = taken {
                    let expected = hint.exact().unwrap_or(0) as usize;
                    joined.reserve(expected.clamp(total, MAX_REQUEST_BYTES));
                    joined.extend_from_slice(&taken);
                }
                joined.extend_from_slice(&data);
            }
        }
    }
    Ok(first.unwrap_or_else(|| Bytes::from(joined)))
}

impl State {
    pub(crate) async fn route(&self, request: Request<Incoming>) -> Response<Full<Bytes>> {
        let Some(route) = self.routes.get(request.uri().path()) else {
            return respond(
                StatusCode::NOT_FOUND,
                TEXT,
                b"404 page not found\n".to_vec(),
            );
        };
        let in_flight = route.metrics.start();
        let start = Instant::now();
        let response = match &route.handling {
            Handling::Admission(handler) => admit(handler.as_ref(), &route.metrics, request).await,
            Handling::Conversion(conversions) => {
                convert(conversions, &route.metrics, request).await
            }
        };
        in_flight.done(response.status().as_u16(), start.elapsed());
        response
    }
}

impl connection::Routes for State {
    fn route(
        &self,
        request: Request<Incoming>,
    ) -> impl Future<Output = Response<Full<Bytes>>> + Send {
        State::route(self, request)
    }
}

/// A review the server could not read, answered as controller-runtime
/// answers it: HTTP 200, `allowed: false`, the code in the status.
fn unread(code: u16, message: String) -> Response<Full<Bytes>> {
    let mut body = Vec::with_capacity(128 + message.len());
    Answer::errored(code, message).write_unread(&mut body);
    respond(StatusCode::OK, JSON, body)
}

/// One admission review, in controller-runtime's order of checks: a body,
/// within the limit, of type `application/json`, an `AdmissionReview`.
async fn admit(
    handler: &dyn Handler,
    metrics: &RouteMetrics,
    request: Request<Incoming>,
) -> Response<Full<Bytes>> {
    let (parts, body) = request.into_parts();
    let body = match read_body(body).await {
        Ok(body) => body,
        Err(why) => {
            let (code, message) = why.answer();
            return unread(code, message);
        }
    };
    let content_type = parts.headers.get(hyper::header::CONTENT_TYPE);
    if content_type.is_none_or(|t| t != JSON) {
        let found = content_type
            .map(|t| String::from_utf8_lossy(t.as_bytes()).into_owned())
            .unwrap_or_default();
        return unread(400, format!("contentType={found}, expected {JSON}"));
    }
    let review = match Review::read(&body) {
        Ok(review) => review,
        Err(message) => return unread(400, message),
    };
    let answer = match AssertUnwindSafe(handler.handle(&review))
        .catch_unwind()
        .await
    {
        Ok(answer) => answer,
        Err(panic) => {
            metrics.webhook_metrics().count_panic();
            let what = panic_message(panic.as_ref());
            tracing::error!(panic = %what, uid = %review.uid(), "admission webhook panicked");
            handler::panicked(&what)
        }
    };
    let patch = answer.patch.as_ref().map_or(0, Vec::len);
    let mut out = Vec::with_capacity(256 + patch * 4 / 3);
    answer.write(&review, &mut out);
    respond(StatusCode::OK, JSON, out)
}

/// One conversion review: held to the admission limits (controller-runtime
/// reads its body unbounded), a panic answered as controller-runtime
/// answers one (a failed review, its uid kept; the code 500).
async fn convert(
    conversions: &Conversions,
    metrics: &RouteMetrics,
    request: Request<Incoming>,
) -> Response<Full<Bytes>> {
    let body = match read_body(request.into_body()).await {
        Ok(body) => body,
        Err(why) => {
            let (code, message) = why.answer();
            let status = StatusCode::from_u16(code).unwrap_or(StatusCode::BAD_REQUEST);
            return respond(status, TEXT, format!("{message}\n").into_bytes());
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
    let (types, uid) = (
        review.types.clone(),
        review.request.as_ref().map(|r| r.uid.clone()),
    );
    let counters = metrics.webhook_metrics();
    let converted = std::panic::catch_unwind(AssertUnwindSafe(|| {
        conversions.review_with(review, |c| counters.count_converted(&c))
    }));
    let answer = converted.unwrap_or_else(|panic| {
        counters.count_conversion_panic();
        let what = panic_message(panic.as_ref());
        tracing::error!(panic = %what, uid = ?uid, "conversion panicked");
        let status =
            Status::failure("internal error occurred during conversion", "").with_code(500);
        let mut response = ConversionResponse::invalid(status);
        response.uid = uid.unwrap_or_default();
        let mut review = response.into_review();
        review.types = types;
        review
    });
    let body = serde_json::to_vec(&answer).expect("a ConversionReview serializes");
    respond(StatusCode::OK, JSON, body)
}

/// The text of a panic's payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_owned())
}
