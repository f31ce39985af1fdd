//! The webhook server: HTTPS on one port, answering `POST` (any path; the
//! CRD's client config picks it, `/convert` by convention) with converted
//! `ConversionReview`s, `GET /healthz` and `/readyz` for probes, and `GET
//! /metrics` for Prometheus.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use kube::core::conversion::ConversionReview;
use tokio::net::TcpListener;
use tokio_rustls::TlsAcceptor;

use crate::metrics::Metrics;
use crate::{Conversions, TlsConfig};

/// The largest request body accepted: the API server sends up to its own
/// request limit (3 MiB of objects), plus the review around them.
const MAX_BODY: usize = 8 * 1024 * 1024;

/// A conversion webhook for the kinds of a [`Conversions`].
///
/// ```no_run
/// # async fn run(conversions: kube_codegen_conversion::Conversions) -> Result<(), Box<dyn std::error::Error>> {
/// use kube_codegen_conversion::{Server, TlsConfig};
/// let tls = TlsConfig::from_pem_files("/tls/tls.crt".as_ref(), "/tls/tls.key".as_ref())?;
/// let server = Server::new(conversions, tls).bind("0.0.0.0:9443".parse()?).await?;
/// server.serve(async { tokio::signal::ctrl_c().await.ok(); }).await;
/// # Ok(()) }
/// ```
#[derive(Debug)]
pub struct Server {
    state: Arc<State>,
    tls: TlsConfig,
}

#[derive(Debug)]
struct State {
    conversions: Conversions,
    metrics: Metrics,
}

/// A [`Server`] listening on its port.
#[derive(Debug)]
pub struct BoundServer {
    server: Server,
    listener: TcpListener,
    local_addr: SocketAddr,
}

impl Server {
    /// A server for `conversions`, presenting `tls`'s certificate.
    pub fn new(conversions: Conversions, tls: TlsConfig) -> Self {
        Server {
            state: Arc::new(State {
                conversions,
                metrics: Metrics::default(),
            }),
            tls,
        }
    }

    /// Listens on `addr` (port 0: any free port, see [`BoundServer::local_addr`]).
    pub async fn bind(self, addr: SocketAddr) -> std::io::Result<BoundServer> {
        let listener = TcpListener::bind(addr).await?;
        let local_addr = listener.local_addr()?;
        Ok(BoundServer {
            server: self,
            listener,
            local_addr,
        })
    }
}

impl BoundServer {
    /// The address the server listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// Serves until `shutdown` completes; connections already accepted finish
    /// on their own tasks.
    pub async fn serve(self, shutdown: impl Future<Output = ()>) {
        let acceptor = TlsAcceptor::from(Arc::clone(&self.server.tls.0));
        tokio::pin!(shutdown);
        loop {
            let (stream, peer) = tokio::select! {
                _ = &mut shutdown => return,
                accepted = self.listener.accept() => match accepted {
                    Ok(conn) => conn,
                    Err(error) => {
                        tracing::warn!(%error, "conversion webhook: accept failed");
                        continue;
                    }
                },
            };
            let (acceptor, state) = (acceptor.clone(), Arc::clone(&self.server.state));
            tokio::spawn(async move {
                let stream = match acceptor.accept(stream).await {
                    Ok(stream) => stream,
                    Err(error) => {
                        tracing::debug!(%error, %peer, "conversion webhook: TLS handshake failed");
                        return;
                    }
                };
                let service = service_fn(move |request: Request<Incoming>| {
                    let state = Arc::clone(&state);
                    async move { Ok::<_, Infallible>(route(&state, request).await) }
                });
                if let Err(error) = http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), service)
                    .await
                {
                    tracing::debug!(%error, %peer, "conversion webhook: connection error");
                }
            });
        }
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

async fn route(state: &State, request: Request<Incoming>) -> Response<Full<Bytes>> {
    const TEXT: &str = "text/plain; charset=utf-8";
    match (request.method(), request.uri().path()) {
        (&Method::GET, "/healthz" | "/readyz" | "/livez") => {
            respond(StatusCode::OK, TEXT, b"ok\n".to_vec())
        }
        (&Method::GET, "/metrics") => respond(
            StatusCode::OK,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
            state.metrics.render().into_bytes(),
        ),
        (&Method::POST, _) => convert(state, request).await,
        _ => respond(StatusCode::NOT_FOUND, TEXT, b"not found\n".to_vec()),
    }
}

async fn convert(state: &State, request: Request<Incoming>) -> Response<Full<Bytes>> {
    let start = Instant::now();
    let bad_request = |message: String| {
        state
            .metrics
            .review("bad_request", start.elapsed().as_secs_f64());
        respond(
            StatusCode::BAD_REQUEST,
            "text/plain; charset=utf-8",
            message.into_bytes(),
        )
    };
    let body = match Limited::new(request.into_body(), MAX_BODY).collect().await {
        Ok(body) => body.to_bytes(),
        Err(error) => return bad_request(format!("reading the request: {error}\n")),
    };
    let review: ConversionReview = match serde_json::from_slice(&body) {
        Ok(review) => review,
        Err(error) => return bad_request(format!("not a ConversionReview: {error}\n")),
    };
    let answer = state
        .conversions
        .review_with(review, |converted| state.metrics.object(&converted));
    let ok = answer
        .response
        .as_ref()
        .is_some_and(|r| r.result.is_success());
    state.metrics.review(
        if ok { "success" } else { "failure" },
        start.elapsed().as_secs_f64(),
    );
    let body = serde_json::to_vec(&answer).expect("a ConversionReview serializes");
    respond(StatusCode::OK, "application/json", body)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use rustls_pki_types::pem::PemObject;
    use rustls_pki_types::{CertificateDer, ServerName};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio_rustls::{TlsConnector, rustls};

    use super::*;
    use crate::toy;

    /// A self-signed certificate for 127.0.0.1: (certificate PEM, key PEM).
    fn certificate() -> (String, String) {
        let key = rcgen::KeyPair::generate().unwrap();
        let params = rcgen::CertificateParams::new(vec!["127.0.0.1".to_owned()]).unwrap();
        let cert = params.self_signed(&key).unwrap();
        (cert.pem(), key.serialize_pem())
    }

    /// One HTTPS request, trusting only `ca_pem`; returns the raw response.
    async fn request(addr: SocketAddr, ca_pem: &str, head: &str, body: &str) -> String {
        let mut roots = rustls::RootCertStore::empty();
        for cert in CertificateDer::pem_slice_iter(ca_pem.as_bytes()) {
            roots.add(cert.unwrap()).unwrap();
        }
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_root_certificates(roots)
            .with_no_client_auth();
        let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
        let name = ServerName::try_from("127.0.0.1").unwrap();
        let mut tls = TlsConnector::from(Arc::new(config))
            .connect(name, tcp)
            .await
            .unwrap();
        let request = format!(
            "{head} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        tls.write_all(request.as_bytes()).await.unwrap();
        let mut response = Vec::new();
        tls.read_to_end(&mut response).await.ok();
        String::from_utf8(response).unwrap()
    }

    #[tokio::test]
    async fn serves_reviews_health_and_metrics_over_tls() {
        let (cert, key) = certificate();
        let tls = TlsConfig::from_pem(cert.as_bytes(), key.as_bytes()).unwrap();
        let server = Server::new(toy::conversions(), tls)
            .bind("127.0.0.1:0".parse().unwrap())
            .await
            .unwrap();
        let addr = server.local_addr();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(server.serve(async {
            stopped.await.ok();
        }));

        let health = request(addr, &cert, "GET /healthz", "").await;
        assert!(health.starts_with("HTTP/1.1 200 OK"), "{health}");

        let review = serde_json::json!({
            "apiVersion": "apiextensions.k8s.io/v1",
            "kind": "ConversionReview",
            "request": {
                "uid": "7",
                "desiredAPIVersion": "toy.example.com/v2",
                "objects": [{"apiVersion": "toy.example.com/v1", "kind": "Toy", "metadata": {"name": "a"}, "count": 3}]
            }
        });
        let answer = request(addr, &cert, "POST /convert", &review.to_string()).await;
        assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
        let body = answer.split("\r\n\r\n").nth(1).unwrap();
        let answer: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(
            answer["response"]["convertedObjects"][0]["items"],
            serde_json::json!(["item-0", "item-1", "item-2"])
        );

        let bad = request(addr, &cert, "POST /convert", "{not json").await;
        assert!(bad.starts_with("HTTP/1.1 400"), "{bad}");

        let metrics = request(addr, &cert, "GET /metrics", "").await;
        for line in [
            "conversion_webhook_reviews_total{result=\"success\"} 1",
            "conversion_webhook_reviews_total{result=\"bad_request\"} 1",
            "conversion_webhook_objects_total{kind=\"Toy\",from=\"toy.example.com/v1\",to=\"toy.example.com/v2\",result=\"success\"} 1",
            "conversion_webhook_review_duration_seconds_count 2",
        ] {
            assert!(metrics.contains(line), "{line} in {metrics}");
        }

        stop.send(()).unwrap();
        task.await.unwrap();
    }

    #[test]
    fn bad_certificates_are_explained() {
        let err = TlsConfig::from_pem(b"", b"").unwrap_err();
        assert_eq!(err.to_string(), "no PEM certificate found");
        let (cert, _) = certificate();
        let (_, other_key) = certificate();
        let err = TlsConfig::from_pem(cert.as_bytes(), other_key.as_bytes()).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("certificate and key do not work together"),
            "{err}"
        );
    }
}
