//! Admission requests per second and latency percentiles of the manager's
//! webhook server next to the peer a Rust user has today: kube-rs' admission
//! example (`examples/admission_controller.rs` of kube: a warp filter taking
//! `AdmissionReview<DynamicObject>`, adding a label with a hand-written JSON
//! patch, denying an `illegal` label). The peer here is written for this
//! bench the way that example does it (no code of kube's repository is
//! copied); warp 0.4 has no TLS of its own, so its filter is served as a
//! service over the same rustls acceptor, certificate and HTTP/1.1 settings
//! as ours.
//!
//! Both answer the same request: the CREATE of a ConfigMap (24 data keys, a
//! few labels, ~2 KiB) that needs the label, at `POST /mutate-...`. Ours
//! decodes it into the typed `ConfigMap`, runs a `Defaulter` doing the same
//! (label, or denial), and sends the JSON patch computed through the type's
//! serialization; the peer reads a `DynamicObject` and writes the patch by
//! hand. Both servers get one tokio worker thread, the load generator
//! another: `CONNECTIONS` keep-alive TLS connections, each sending requests
//! back to back, `REQUESTS` in all after a warm-up, measured per request.
//! Runs alternate (ours, peer, ...) `ROUNDS` times; the table shows the
//! median round of each. The machine's load average is printed before and
//! after: other work on the same cores moves both columns.
//!
//! Run: `cargo bench -p kube-codegen-manager --bench webhook` (environment:
//! `WEBHOOK_BENCH_REQUESTS` default 20000, `WEBHOOK_BENCH_CONNECTIONS` 8,
//! `WEBHOOK_BENCH_ROUNDS` 3).

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use k8s_openapi::api::core::v1::ConfigMap;
use kube::Resource;
use kube::core::admission::{AdmissionRequest, AdmissionResponse, AdmissionReview};
use kube::core::{DynamicObject, ResourceExt};
use kube_codegen_manager::CancellationToken;
use kube_codegen_manager::webhook::{
    CertWatcher, Defaulter, Denied, Options, Request, Server, Webhook,
};
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, ServerName};
use serde_json::json;
use tokio_rustls::{TlsAcceptor, TlsConnector, rustls};
use warp::Filter;

const LABEL: &str = "admission";
const VALUE: &str = "modified-by-admission-controller";

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

// ---------------------------------------------------------------------------
// Ours: a typed Defaulter on the manager's webhook server
// ---------------------------------------------------------------------------

struct Label;

impl Defaulter<ConfigMap> for Label {
    async fn default(&self, _: &Request<'_>, map: &mut ConfigMap) -> Result<(), Denied> {
        let labels = map.metadata.labels.get_or_insert_default();
        if labels.contains_key("illegal") {
            return Err(Denied::new("Resource contained 'illegal' label"));
        }
        labels
            .entry(LABEL.to_owned())
            .or_insert_with(|| VALUE.to_owned());
        Ok(())
    }
}

/// Our server on `runtime`, its certificate in `dir`; its address.
fn start_ours(
    runtime: &tokio::runtime::Runtime,
    dir: &Path,
    stop: &CancellationToken,
) -> SocketAddr {
    let mut server = Server::new(Options {
        host: "127.0.0.1".parse().unwrap(),
        port: 0,
        cert_dir: dir.to_owned(),
        ..Options::default()
    });
    Webhook::<ConfigMap>::new()
        .defaulter(Label)
        .register(&mut server);
    let bound = runtime.block_on(server.bind()).unwrap();
    let addr = bound.local_addr();
    runtime.spawn(bound.serve(stop.clone()));
    addr
}

// ---------------------------------------------------------------------------
// The peer: kube-rs' admission example, as written there (warp + DynamicObject)
// ---------------------------------------------------------------------------

async fn mutate_handler(
    body: AdmissionReview<DynamicObject>,
) -> Result<impl warp::Reply, Infallible> {
    let req: AdmissionRequest<_> = match body.try_into() {
        Ok(req) => req,
        Err(err) => {
            return Ok(warp::reply::json(
                &AdmissionResponse::invalid(err.to_string()).into_review(),
            ));
        }
    };
    let mut res = AdmissionResponse::from(&req);
    if let Some(obj) = req.object {
        res = match mutate(res.clone(), &obj) {
            Ok(res) => res,
            Err(err) => res.deny(err.to_string()),
        };
    }
    Ok(warp::reply::json(&res.into_review()))
}

fn mutate(
    res: AdmissionResponse,
    obj: &DynamicObject,
) -> Result<AdmissionResponse, Box<dyn std::error::Error>> {
    if obj.labels().contains_key("illegal") {
        return Err("Resource contained 'illegal' label".into());
    }
    if obj.labels().contains_key(LABEL) {
        return Ok(res);
    }
    let mut patches = Vec::new();
    if obj.meta().labels.is_none() {
        patches.push(json!({"op": "add", "path": "/metadata/labels", "value": {}}));
    }
    patches.push(json!({"op": "add", "path": "/metadata/labels/admission", "value": VALUE}));
    let patch: json_patch::Patch = serde_json::from_value(patches.into())?;
    Ok(res.with_patch(patch)?)
}

/// The peer on `runtime`, TLS from `certs`; its address.
fn start_peer(
    runtime: &tokio::runtime::Runtime,
    certs: &Arc<CertWatcher>,
    stop: &CancellationToken,
) -> SocketAddr {
    let routes = warp::post()
        .and(warp::path("mutate"))
        .and(warp::body::json())
        .and_then(mutate_handler);
    let service = warp::service(routes);
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let addr = listener.local_addr().unwrap();
    let acceptor = TlsAcceptor::from(certs.server_config());
    let stop = stop.clone();
    runtime.spawn(async move {
        loop {
            let (stream, _) = tokio::select! {
                () = stop.cancelled() => return,
                accepted = listener.accept() => accepted.unwrap(),
            };
            let (acceptor, service) = (acceptor.clone(), service);
            tokio::spawn(async move {
                let Ok(stream) = acceptor.accept(stream).await else {
                    return;
                };
                let service = hyper_util::service::TowerToHyperService::new(service);
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
            });
        }
    });
    addr
}

// ---------------------------------------------------------------------------
// The load
// ---------------------------------------------------------------------------

/// The AdmissionReview every request sends.
fn review_body() -> Bytes {
    let data: BTreeMap<String, String> = (0..24)
        .map(|i| {
            (
                format!("key-{i:02}"),
                format!("value {i} of a typical configuration entry"),
            )
        })
        .collect();
    let labels = json!({"app.kubernetes.io/name": "shop", "app.kubernetes.io/part-of": "store", "tier": "backend"});
    let object = json!({
        "apiVersion": "v1", "kind": "ConfigMap",
        "metadata": {"name": "settings", "namespace": "shop", "labels": labels, "creationTimestamp": null},
        "data": data,
    });
    let review = json!({
        "apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
        "request": {
            "uid": "0c9a8d74-9cb7-44dd-b98e-09fd62def2f4",
            "kind": {"group": "", "version": "v1", "kind": "ConfigMap"},
            "resource": {"group": "", "version": "v1", "resource": "configmaps"},
            "name": "settings", "namespace": "shop", "operation": "CREATE",
            "userInfo": {"username": "alice", "groups": ["system:authenticated"]},
            "object": object, "oldObject": null, "dryRun": false,
            "options": {"kind": "CreateOptions", "apiVersion": "meta.k8s.io/v1"}
        }
    });
    Bytes::from(serde_json::to_vec(&review).unwrap())
}

/// One keep-alive connection sending `count` requests; their latencies.
async fn connection(
    addr: SocketAddr,
    path: &'static str,
    ca: Arc<rustls::ClientConfig>,
    body: Bytes,
    count: usize,
) -> Vec<Duration> {
    let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let tls = TlsConnector::from(ca)
        .connect(ServerName::try_from("127.0.0.1").unwrap(), tcp)
        .await
        .unwrap();
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(tls))
        .await
        .unwrap();
    tokio::spawn(conn);
    let mut latencies = Vec::with_capacity(count);
    for _ in 0..count {
        let request = hyper::Request::post(path)
            .header("host", "127.0.0.1")
            .header("content-type", "application/json")
            .body(Full::new(body.clone()))
            .unwrap();
        let start = Instant::now();
        sender.ready().await.unwrap();
        let response = sender.send_request(request).await.unwrap();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        latencies.push(start.elapsed());
        assert!(
            bytes.windows(7).any(|w| w == b"\"patch\""),
            "a patched answer"
        );
    }
    latencies
}

/// Requests per second and latency percentiles of one run.
#[derive(Clone, Copy, Debug)]
struct Run {
    rps: f64,
    p50: Duration,
    p99: Duration,
}

fn load(
    client: &tokio::runtime::Runtime,
    addr: SocketAddr,
    path: &'static str,
    ca: &Arc<rustls::ClientConfig>,
    requests: usize,
    connections: usize,
) -> Run {
    let body = review_body();
    let per = requests / connections;
    // Warm-up: connections and caches.
    client.block_on(connection(addr, path, Arc::clone(ca), body.clone(), 200));
    let start = Instant::now();
    let tasks: Vec<_> = (0..connections)
        .map(|_| client.spawn(connection(addr, path, Arc::clone(ca), body.clone(), per)))
        .collect();
    let mut latencies: Vec<Duration> = client.block_on(async {
        let mut all = Vec::new();
        for task in tasks {
            all.extend(task.await.unwrap());
        }
        all
    });
    let elapsed = start.elapsed();
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)];
    Run {
        rps: latencies.len() as f64 / elapsed.as_secs_f64(),
        p50: at(0.50),
        p99: at(0.99),
    }
}

fn median(mut runs: Vec<Run>) -> Run {
    runs.sort_by(|a, b| a.rps.total_cmp(&b.rps));
    runs[runs.len() / 2]
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".to_owned())
}

fn main() {
    let (requests, connections, rounds) = (
        env("WEBHOOK_BENCH_REQUESTS", 20_000),
        env("WEBHOOK_BENCH_CONNECTIONS", 8).max(1),
        env("WEBHOOK_BENCH_ROUNDS", 3).max(1),
    );
    let dir = tempfile::tempdir().unwrap();
    let key = rcgen::KeyPair::generate().unwrap();
    let cert = rcgen::CertificateParams::new(vec!["127.0.0.1".to_owned()])
        .unwrap()
        .self_signed(&key)
        .unwrap();
    std::fs::write(dir.path().join("tls.crt"), cert.pem()).unwrap();
    std::fs::write(dir.path().join("tls.key"), key.serialize_pem()).unwrap();
    let certs = Arc::new(
        CertWatcher::new(&dir.path().join("tls.crt"), &dir.path().join("tls.key")).unwrap(),
    );
    let mut roots = rustls::RootCertStore::empty();
    for c in CertificateDer::pem_slice_iter(cert.pem().as_bytes()) {
        roots.add(c.unwrap()).unwrap();
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let ca = Arc::new(
        rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_root_certificates(roots)
            .with_no_client_auth(),
    );

    let server_runtime = || {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap()
    };
    let (ours_rt, peer_rt, client) = (server_runtime(), server_runtime(), server_runtime());
    let stop = CancellationToken::new();
    let ours = start_ours(&ours_rt, dir.path(), &stop);
    let peer = start_peer(&peer_rt, &certs, &stop);

    let before = loadavg();
    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
    let servers = std::env::var("WEBHOOK_BENCH_SERVERS").unwrap_or_default();
    let (run_ours, run_peer) = match servers.as_str() {
        "ours" => (true, false),
        "peer" => (false, true),
        _ => (true, true),
    };
    for _ in 0..rounds {
        if run_ours {
            mine.push(load(
                &client,
                ours,
                "/mutate--v1-configmap",
                &ca,
                requests,
                connections,
            ));
        }
        if run_peer {
            theirs.push(load(&client, peer, "/mutate", &ca, requests, connections));
        }
    }
    if !(run_ours && run_peer) {
        let runs = if run_ours { mine } else { theirs };
        println!("{servers}: {:?}", median(runs));
        return;
    }
    let after = loadavg();
    stop.cancel();
    let (mine, theirs) = (median(mine), median(theirs));
    println!(
        "admission webhook: {requests} CREATE reviews of a ConfigMap over {connections} keep-alive TLS connections, median of {rounds} alternating rounds"
    );
    println!("load average before {before}, after {after} (2 cores shared with other work)\n");
    println!("| server | requests/s | p50 | p99 |");
    println!("|---|---:|---:|---:|");
    for (name, run) in [
        (
            "kube-codegen-manager (typed Defaulter, patch by diff)",
            mine,
        ),
        (
            "kube-rs admission example (warp, DynamicObject, hand-written patch)",
            theirs,
        ),
    ] {
        println!(
            "| {name} | {:.0} | {:.0} µs | {:.0} µs |",
            run.rps,
            run.p50.as_secs_f64() * 1e6,
            run.p99.as_secs_f64() * 1e6
        );
    }
    println!(
        "\nratio (ours / peer): {:.2}x requests/s, {:.2}x p99",
        mine.rps / theirs.rps,
        mine.p99.as_secs_f64() / theirs.p99.as_secs_f64()
    );
}
