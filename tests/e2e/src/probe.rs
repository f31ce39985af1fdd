//! A tower layer in a client's stack that records its list and watch
//! requests, and can hold watches back or make the next one ask for an
//! expired `resourceVersion` (the server answers `410 Gone`, as after a long
//! disconnection): what an informer test counts and breaks.
//!
//! ```no_run
//! # async fn demo(config: kube::Config) -> anyhow::Result<()> {
//! let probe = e2e::probe::Probe::default();
//! let client = kube::client::ClientBuilder::try_from(config)?.with_layer(&probe).build();
//! // ... an informer over `client` ...
//! let lists = probe.lists_of("/api/v1/namespaces/default/configmaps");
//! # let _ = (client, lists); Ok(()) }
//! ```

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

/// What a request of the informers' client was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Call {
    /// A list of the collection at this path.
    List(String),
    /// A watch of the collection at this path.
    Watch(String),
}

#[derive(Default)]
struct ProbeState {
    calls: Mutex<Vec<Call>>,
    /// The next watch asks for `resourceVersion=1`, long compacted away: the
    /// server answers `410 Gone`, as after a long disconnection.
    expire_next_watch: AtomicBool,
    /// While true, watch requests wait before they are sent.
    hold: tokio::sync::watch::Sender<bool>,
}

/// Records list and watch requests, and can expire or hold watches.
#[derive(Clone, Default)]
pub struct Probe(Arc<ProbeState>);

impl Probe {
    /// Every list and watch request so far.
    pub fn calls(&self) -> Vec<Call> {
        self.0.calls.lock().unwrap().clone()
    }

    /// Watch requests so far whose path is `path`.
    pub fn watches_of(&self, path: &str) -> usize {
        self.calls()
            .iter()
            .filter(|c| **c == Call::Watch(path.to_owned()))
            .count()
    }

    /// List requests so far whose path is `path`.
    pub fn lists_of(&self, path: &str) -> usize {
        self.calls()
            .iter()
            .filter(|c| **c == Call::List(path.to_owned()))
            .count()
    }

    /// While `hold`, watch requests wait before they are sent.
    pub fn hold_watches(&self, hold: bool) {
        self.0.hold.send_replace(hold);
    }

    /// The next watch asks for a long-compacted `resourceVersion`.
    pub fn expire_next_watch(&self) {
        self.0.expire_next_watch.store(true, Ordering::SeqCst);
    }
}

impl<S> tower::Layer<S> for Probe {
    type Service = ProbeService<S>;

    fn layer(&self, inner: S) -> ProbeService<S> {
        ProbeService {
            inner,
            probe: self.clone(),
        }
    }
}

/// The [`Probe`] layer's service.
pub struct ProbeService<S> {
    inner: S,
    probe: Probe,
}

impl<S, B> tower::Service<http::Request<B>> for ProbeService<S>
where
    S: tower::Service<http::Request<B>>,
    S::Future: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<S::Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: http::Request<B>) -> Self::Future {
        let path = request.uri().path().to_owned();
        let query = request.uri().query().unwrap_or_default().to_owned();
        let is_get = request.method() == http::Method::GET;
        let is_watch = is_get && query.split('&').any(|p| p == "watch=true");
        let state = &self.probe.0;
        if is_watch {
            state.calls.lock().unwrap().push(Call::Watch(path.clone()));
            if state.expire_next_watch.swap(false, Ordering::SeqCst) {
                let query: Vec<String> = query
                    .split('&')
                    .map(|p| {
                        if p.starts_with("resourceVersion=") {
                            "resourceVersion=1".to_owned()
                        } else {
                            p.to_owned()
                        }
                    })
                    .collect();
                let uri = format!("{path}?{}", query.join("&"));
                *request.uri_mut() = uri.parse().expect("valid URI");
            }
        } else if is_get {
            state.calls.lock().unwrap().push(Call::List(path.clone()));
        }
        let mut hold = state.hold.subscribe();
        let response = self.inner.call(request);
        Box::pin(async move {
            if is_watch {
                let _ = hold.wait_for(|held| !*held).await;
            }
            response.await
        })
    }
}
