//! `rest_client_requests_total{code,host,method}`: every request a client
//! made to the API server, by HTTP status code, API server host and method,
//! as client-go counts them for controller-runtime
//! (sigs.k8s.io/controller-runtime v0.25.2 pkg/metrics/client_go_adapter.go;
//! k8s.io/client-go v0.37.0 rest/request.go: `code` is `<error>` when no
//! response came back, `host` is the API server's `host:port`).
//!
//! Like client-go's, the counts are process-wide: a client made with
//! [`crate::Args::client`] carries a [`RequestsLayer`], and every manager's
//! registry serves the same family. A program that builds its own client adds
//! the layer with `kube::client::ClientBuilder::with_layer`.

use std::sync::{Arc, LazyLock};
use std::task::{Context, Poll};

use futures::future::BoxFuture;
use http::{Request, Response};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::registry::Registry;

/// `code`, `host`, `method` (in the order Go's client writes them: sorted).
type Labels = [(&'static str, String); 3];

/// The process's API requests so far.
static REQUESTS: LazyLock<Family<Labels, Counter>> = LazyLock::new(Family::default);

/// Adds `rest_client_requests_total` to `registry`.
pub(crate) fn register(registry: &mut Registry) {
    crate::as_go::register_as_go(
        registry,
        "rest_client_requests",
        "Number of HTTP requests, partitioned by status code, method, and host.",
        REQUESTS.clone(),
    );
}

/// Requests counted so far with this status `code` (`"200"`, `"<error>"`),
/// API server `host` and HTTP `method`.
pub fn requests(code: &str, host: &str, method: &str) -> u64 {
    REQUESTS
        .get_or_create(&[
            ("code", code.to_owned()),
            ("host", host.to_owned()),
            ("method", method.to_owned()),
        ])
        .get()
}

/// A tower layer counting a kube client's requests to the API server `host`.
#[derive(Clone, Debug)]
pub struct RequestsLayer {
    host: Arc<str>,
}

impl RequestsLayer {
    /// Counts requests to the API server at `cluster_url` (its `host:port`
    /// is the `host` label; `none` if it has none, as client-go writes).
    pub fn new(cluster_url: &http::Uri) -> Self {
        let host = cluster_url
            .authority()
            .map_or_else(|| "none".to_owned(), ToString::to_string);
        RequestsLayer { host: host.into() }
    }
}

impl<S> tower::Layer<S> for RequestsLayer {
    type Service = CountRequests<S>;

    fn layer(&self, inner: S) -> CountRequests<S> {
        CountRequests {
            inner,
            host: Arc::clone(&self.host),
        }
    }
}

/// The service of [`RequestsLayer`].
#[derive(Clone, Debug)]
pub struct CountRequests<S> {
    inner: S,
    host: Arc<str>,
}

impl<S, B, R> tower::Service<Request<B>> for CountRequests<S>
where
    S: tower::Service<Request<B>, Response = Response<R>>,
    S::Future: Send + 'static,
{
    type Response = Response<R>;
    type Error = S::Error;
    type Future = BoxFuture<'static, Result<Response<R>, S::Error>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let method = request.method().as_str().to_owned();
        let host = self.host.to_string();
        let response = self.inner.call(request);
        Box::pin(async move {
            let response = response.await;
            let code = match &response {
                Ok(response) => response.status().as_u16().to_string(),
                Err(_) => "<error>".to_owned(),
            };
            REQUESTS
                .get_or_create(&[("code", code), ("host", host), ("method", method)])
                .inc();
            response
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower::{Layer, Service, ServiceExt};

    #[tokio::test]
    async fn requests_are_counted_by_code_host_and_method() {
        let layer = RequestsLayer::new(&"https://10.0.0.1:6443".parse().unwrap());
        let server = tower::service_fn(|request: Request<()>| async move {
            let status = if request.method() == http::Method::POST {
                409
            } else {
                200
            };
            Ok::<_, std::convert::Infallible>(Response::builder().status(status).body(()).unwrap())
        });
        let mut client = layer.layer(server);
        let before = requests("409", "10.0.0.1:6443", "POST");
        for method in [http::Method::GET, http::Method::POST, http::Method::POST] {
            let request = Request::builder()
                .method(method)
                .uri("/api")
                .body(())
                .unwrap();
            client.ready().await.unwrap().call(request).await.unwrap();
        }
        assert_eq!(requests("409", "10.0.0.1:6443", "POST") - before, 2);
        assert!(requests("200", "10.0.0.1:6443", "GET") >= 1);

        let failing = tower::service_fn(|_: Request<()>| async {
            Err::<Response<()>, _>(std::io::Error::other("connection refused"))
        });
        let mut client = RequestsLayer::new(&"/relative".parse().unwrap()).layer(failing);
        let request = Request::builder().method("DELETE").body(()).unwrap();
        assert!(client.ready().await.unwrap().call(request).await.is_err());
        assert!(requests("<error>", "none", "DELETE") >= 1);

        let mut registry = Registry::default();
        register(&mut registry);
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &registry).unwrap();
        assert!(
            text.contains(
                "rest_client_requests_total{code=\"409\",host=\"10.0.0.1:6443\",method=\"POST\"}"
            ),
            "{text}"
        );
    }
}
