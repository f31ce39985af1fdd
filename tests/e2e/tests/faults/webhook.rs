//! The webhook server under abusive clients, held to controller-runtime's
//! limits (`pkg/webhook/admission/http.go`, the `http.Server` of
//! `pkg/internal/httpserver`):
//!
//! | fault | controller-runtime's answer |
//! |---|---|
//! | garbage, an empty body, a wrong content type | HTTP 200, an `AdmissionReview` refusing with code 400 |
//! | a body of 7 MiB or more, or one that never ends | HTTP 200, code 413 (`/convert`: HTTP 413) |
//! | 10,000 fuzzed bodies | one of the above or a real answer, never a crash |
//! | a handler that panics | code 500, the server serves on |
//! | connections stalled mid-header or mid-handshake | closed at the header timeout |
//! | a header over 1 MiB | HTTP 431 |
//!
//! The servers here run with short timeouts (the options' defaults are
//! controller-runtime's 32 s and 90 s) so the binary runs in seconds. Figures
//! are printed (`--nocapture`) for the book's reliability table (docs/src/reliability.md).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result, bail, ensure};
use e2e::envtest;
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use k8s_openapi::api::admissionregistration::v1::MutatingWebhookConfiguration;
use k8s_openapi::api::core::v1::ConfigMap;
use kube::api::{Api, DeleteParams, Patch, PatchParams, PostParams};
use kube::core::ObjectMeta;
use kube_codegen_manager::webhook::{
    Defaulter, Denied, MAX_REQUEST_BYTES, Options, Request, Server, Validator, Warnings, Webhook,
    WebhookConfiguration,
};
use kube_codegen_manager::{CancellationToken, Metrics};
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, ServerName};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_rustls::client::TlsStream;
use tokio_rustls::{TlsConnector, rustls};

const MUTATE: &str = "/mutate--v1-configmap";
const VALIDATE: &str = "/validate--v1-configmap";
const LABEL: &str = "faults.example.com/defaulted";

// ---------------------------------------------------------------------------
// The webhooks under test
// ---------------------------------------------------------------------------

/// Labels every ConfigMap; denies one labelled `illegal`; panics on one
/// with a `panic` key (a bug in an operator's webhook).
struct Settings;

impl Defaulter<ConfigMap> for Settings {
    async fn default(&self, _: &Request<'_>, map: &mut ConfigMap) -> Result<(), Denied> {
        let labels = map.metadata.labels.get_or_insert_default();
        if labels.contains_key("illegal") {
            return Err(Denied::new("the illegal label is not allowed"));
        }
        labels.insert(LABEL.to_owned(), "yes".to_owned());
        Ok(())
    }
}

impl Validator<ConfigMap> for Settings {
    async fn validate_create(&self, _: &Request<'_>, map: &ConfigMap) -> Result<Warnings, Denied> {
        if map.data.as_ref().is_some_and(|d| d.contains_key("panic")) {
            panic!("a bug in the validator");
        }
        Ok(Warnings::new())
    }

    async fn validate_update(
        &self,
        request: &Request<'_>,
        _: &ConfigMap,
        new: &ConfigMap,
    ) -> Result<Warnings, Denied> {
        self.validate_create(request, new).await
    }
}

/// A webhook server on loopback with its own certificate.
struct Running {
    addr: SocketAddr,
    ca: String,
    tls: Arc<rustls::ClientConfig>,
    metrics: Metrics,
    stop: CancellationToken,
    _dir: tempfile::TempDir,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop.cancel();
    }
}

/// Starts the ConfigMap webhooks and the fixture's conversions on one port,
/// with `header_timeout` and `idle_timeout`.
async fn start(header_timeout: Duration, idle_timeout: Duration) -> Result<Running> {
    let dir = tempfile::tempdir()?;
    let key = rcgen::KeyPair::generate()?;
    let cert = rcgen::CertificateParams::new(vec!["127.0.0.1".to_owned()])?.self_signed(&key)?;
    std::fs::write(dir.path().join("tls.crt"), cert.pem())?;
    std::fs::write(dir.path().join("tls.key"), key.serialize_pem())?;
    let mut server = Server::new(Options {
        host: "127.0.0.1".parse()?,
        port: 0,
        cert_dir: dir.path().to_owned(),
        header_timeout,
        idle_timeout,
        ..Options::default()
    });
    Webhook::<ConfigMap>::new()
        .defaulter(Settings)
        .validator(Settings)
        .register(&mut server);
    server.conversions(fixture_generated::conversion::conversions());
    let metrics = Metrics::new();
    server.with_metrics(&metrics);
    let bound = server.bind().await?;
    let addr = bound.local_addr();
    let stop = CancellationToken::new();
    tokio::spawn(bound.serve(stop.clone()));
    let mut roots = rustls::RootCertStore::empty();
    for c in CertificateDer::pem_slice_iter(cert.pem().as_bytes()) {
        roots.add(c?)?;
    }
    let tls = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()?
    .with_root_certificates(roots)
    .with_no_client_auth();
    Ok(Running {
        addr,
        ca: cert.pem(),
        tls: Arc::new(tls),
        metrics,
        stop,
        _dir: dir,
    })
}

impl Running {
    async fn tls(&self) -> Result<TlsStream<TcpStream>> {
        let tcp = TcpStream::connect(self.addr).await?;
        Ok(TlsConnector::from(Arc::clone(&self.tls))
            .connect(ServerName::try_from("127.0.0.1")?, tcp)
            .await?)
    }

    /// Sends `head` (the request line and headers, without the blank line)
    /// and `body` on a new connection; the status and body of the answer.
    ///
    /// The request is written while the answer is read: the server may
    /// answer (a 413, a 431) and close before it has read everything.
    async fn raw(&self, head: &str, body: &[u8]) -> Result<(u16, String)> {
        let (mut read, mut write) = tokio::io::split(self.tls().await?);
        let request = [
            format!("{head}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").into_bytes(),
            body.to_vec(),
        ]
        .concat();
        let writing = tokio::spawn(async move {
            let _ = write.write_all(&request).await;
            write
        });
        let mut answer = Vec::new();
        // The server may reset after its answer (a body it did not read).
        let _ = read.read_to_end(&mut answer).await;
        drop(writing.await?);
        parse_answer(answer)
    }

    /// A keep-alive HTTP/1.1 client.
    async fn client(&self) -> Result<Client> {
        let (sender, connection) =
            hyper::client::conn::http1::handshake(TokioIo::new(self.tls().await?)).await?;
        tokio::spawn(connection);
        Ok(Client { sender })
    }
}

/// The status and body of an HTTP/1.1 answer.
fn parse_answer(answer: Vec<u8>) -> Result<(u16, String)> {
    let answer = String::from_utf8(answer)?;
    let code = answer
        .get(9..12)
        .with_context(|| format!("no status line in {answer:?}"))?
        .parse()?;
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    Ok((code, body.to_owned()))
}

struct Client {
    sender: hyper::client::conn::http1::SendRequest<Full<Bytes>>,
}

impl Client {
    async fn post(&mut self, path: &str, content_type: &str, body: Bytes) -> Result<(u16, Bytes)> {
        let request = hyper::Request::post(path)
            .header("host", "127.0.0.1")
            .header("content-type", content_type)
            .body(Full::new(body))?;
        self.sender.ready().await?;
        let response = self.sender.send_request(request).await?;
        let code = response.status().as_u16();
        Ok((code, response.into_body().collect().await?.to_bytes()))
    }
}

/// A CREATE review of a ConfigMap, as the API server sends one.
fn review(uid: &str, object: Value) -> Value {
    json!({
        "apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
        "request": {
            "uid": uid,
            "kind": {"group": "", "version": "v1", "kind": "ConfigMap"},
            "resource": {"group": "", "version": "v1", "resource": "configmaps"},
            "requestKind": {"group": "", "version": "v1", "kind": "ConfigMap"},
            "requestResource": {"group": "", "version": "v1", "resource": "configmaps"},
            "name": "settings", "namespace": "shop", "operation": "CREATE",
            "userInfo": {"username": "alice", "uid": "1", "groups": ["system:authenticated"]},
            "object": object, "oldObject": null, "dryRun": false,
            "options": {"kind": "CreateOptions", "apiVersion": "meta.k8s.io/v1"}
        }
    })
}

fn config_map(data: Value) -> Value {
    json!({
        "apiVersion": "v1", "kind": "ConfigMap",
        "metadata": {"name": "settings", "namespace": "shop", "creationTimestamp": null, "labels": {"app": "shop"}},
        "data": data,
    })
}

/// The `response` of an admission answer.
fn response(body: &[u8]) -> Result<Value> {
    let answer: Value = serde_json::from_slice(body)
        .with_context(|| format!("not JSON: {}", String::from_utf8_lossy(body)))?;
    Ok(answer["response"].clone())
}

/// A valid request is answered with the patch.
async fn assert_serves(running: &Running) -> Result<()> {
    let mut client = running.client().await?;
    let body = serde_json::to_vec(&review("ok", config_map(json!({"a": "b"}))))?;
    let (code, answer) = client.post(MUTATE, "application/json", body.into()).await?;
    let response = response(&answer)?;
    ensure!(
        code == 200 && response["allowed"] == true && response["patch"].is_string(),
        "a valid review: {code} {response}"
    );
    Ok(())
}

fn metric(running: &Running, line: &str) -> Option<f64> {
    running
        .metrics
        .render()
        .lines()
        .find_map(|l| l.strip_prefix(line)?.trim().parse().ok())
}

/// Held by the tests that load the machine (the fuzzing, the large bodies)
/// and by the one that times requests, so the timing is not taken while
/// the others run (the tests of a binary run at once).
static QUIET: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn percentile(samples: &mut [Duration], q: f64) -> Duration {
    samples.sort();
    samples[((samples.len() as f64 * q) as usize).min(samples.len() - 1)]
}

// ---------------------------------------------------------------------------
// Bodies
// ---------------------------------------------------------------------------

#[tokio::test]
async fn garbage_empty_bodies_and_wrong_content_types_are_refused_with_400() -> Result<()> {
    let running = start(Duration::from_secs(5), Duration::from_secs(10)).await?;
    // controller-runtime's bytes (http_test.go), for an empty body and a
    // wrong content type.
    let (code, body) = running
        .raw(
            &format!(
                "POST {MUTATE} HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 0"
            ),
            b"",
        )
        .await?;
    assert_eq!(
        (code, body.as_str()),
        (
            200,
            "{\"response\":{\"uid\":\"\",\"allowed\":false,\"status\":{\"metadata\":{},\"message\":\"request body is empty\",\"code\":400}}}\n"
        )
    );
    let (code, body) = running
        .raw(&format!("GET {VALIDATE} HTTP/1.1"), b"")
        .await?;
    assert_eq!(code, 200);
    assert_eq!(
        response(body.as_bytes())?["status"]["message"],
        "request body is empty"
    );
    let (code, body) = running
        .raw(
            &format!(
                "POST {MUTATE} HTTP/1.1\r\nContent-Type: application/foo\r\nContent-Length: 2"
            ),
            b"{}",
        )
        .await?;
    assert_eq!(
        (code, body.as_str()),
        (
            200,
            "{\"response\":{\"uid\":\"\",\"allowed\":false,\"status\":{\"metadata\":{},\"message\":\"contentType=application/foo, expected application/json\",\"code\":400}}}\n"
        )
    );
    let (code, body) = running
        .raw(
            &format!("POST {VALIDATE} HTTP/1.1\r\nContent-Length: 2"),
            b"{}",
        )
        .await?;
    assert_eq!(code, 200);
    assert_eq!(
        response(body.as_bytes())?["status"]["message"],
        "contentType=, expected application/json"
    );
    for garbage in [
        &b"{"[..],
        b"\xff\xfe\x00garbage",
        b"[]",
        b"{\"request\": 5}",
        b"null",
    ] {
        let (code, body) = running
            .raw(
                &format!("POST {MUTATE} HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: {}", garbage.len()),
                garbage,
            )
            .await?;
        let response = response(body.as_bytes())?;
        assert_eq!(code, 200, "{response}");
        assert_eq!(response["allowed"], false, "{response}");
        assert_eq!(response["status"]["code"], 400, "{response}");
    }
    // /convert answers what it cannot read with a bare 400, as controller-runtime.
    let (code, _) = running
        .raw(
            "POST /convert HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 1",
            b"{",
        )
        .await?;
    assert_eq!(code, 400);
    assert_serves(&running).await
}

/// Sends a chunked body that never ends (until the answer comes); the
/// answer's status and body, and how many bytes were sent.
async fn endless(running: &Running, path: &str) -> Result<(u16, String, usize)> {
    let tls = running.tls().await?;
    let (mut read, mut write) = tokio::io::split(tls);
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    );
    write.write_all(head.as_bytes()).await?;
    let sending = tokio::spawn(async move {
        let chunk = vec![b' '; 64 * 1024];
        let frame = [
            format!("{:x}\r\n", chunk.len()).into_bytes(),
            chunk,
            b"\r\n".to_vec(),
        ]
        .concat();
        let mut sent = 0;
        while write.write_all(&frame).await.is_ok() {
            sent += frame.len();
        }
        sent
    });
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), read.read_to_end(&mut answer)).await;
    let sent = tokio::time::timeout(Duration::from_secs(5), sending).await??;
    let (code, body) = parse_answer(answer)?;
    Ok((code, body, sent))
}

#[tokio::test]
async fn bodies_of_7_mib_or_more_and_endless_ones_are_refused_with_413() -> Result<()> {
    let _quiet = QUIET.lock().await;
    let running = start(Duration::from_secs(5), Duration::from_secs(10)).await?;
    let too_large = "{\"response\":{\"uid\":\"\",\"allowed\":false,\"status\":{\"metadata\":{},\"message\":\"request entity is too large; limit is 7340032 bytes\",\"code\":413}}}\n";
    // At the limit (controller-runtime reads the limit and refuses), and
    // 16 MiB; one byte less is read (and is not a review).
    for size in [MAX_REQUEST_BYTES, 16 << 20] {
        let body = vec![b' '; size];
        let (code, answer) = running
            .raw(&format!("POST {MUTATE} HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: {size}"), &body)
            .await?;
        assert_eq!((code, answer.as_str()), (200, too_large), "{size} bytes");
    }
    let mut client = running.client().await?;
    let (code, answer) = client
        .post(
            MUTATE,
            "application/json",
            vec![b' '; MAX_REQUEST_BYTES - 1].into(),
        )
        .await?;
    assert_eq!(code, 200);
    assert_eq!(
        response(&answer)?["status"]["code"],
        400,
        "read, and not a review"
    );
    // A body that never ends is cut at the limit.
    let started = Instant::now();
    let (code, answer, sent) = endless(&running, MUTATE).await?;
    assert_eq!(code, 200);
    assert!(
        answer.contains("request entity is too large; limit is 7340032 bytes"),
        "{answer}"
    );
    super::support::record(
        "webhook",
        &format!(
            "endless body: 413 after {:?}, {sent} bytes sent",
            started.elapsed()
        ),
    );
    // Conversion requests are held to the same limit (controller-runtime
    // reads them unbounded).
    let (code, answer) = running
        .raw(
            &format!(
                "POST /convert HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: {}",
                8 << 20
            ),
            &vec![b' '; 8 << 20],
        )
        .await?;
    assert_eq!(
        (code, answer.as_str()),
        (413, "request entity is too large; limit is 7340032 bytes\n")
    );
    let (code, _, _) = endless(&running, "/convert").await?;
    assert_eq!(code, 413);
    assert_serves(&running).await
}

// ---------------------------------------------------------------------------
// Fuzzed reviews
// ---------------------------------------------------------------------------

/// A random JSON value, of any type, some deep or large.
fn random_json(rng: &mut fastrand::Rng, depth: u32) -> Value {
    match rng.u8(0..if depth == 0 { 6 } else { 9 }) {
        0 => Value::Null,
        1 => json!(rng.bool()),
        2 => json!(rng.i64(..)),
        3 => json!(rng.f64() * 1e300),
        4 => json!(
            (0..rng.usize(0..40))
                .map(|_| rng.char(..))
                .collect::<String>()
        ),
        5 => json!(""),
        6 => Value::Array(
            (0..rng.usize(0..4))
                .map(|_| random_json(rng, depth - 1))
                .collect(),
        ),
        _ => Value::Object(
            (0..rng.usize(0..4))
                .map(|_| {
                    (
                        ["name", "labels", "data", "kind", "x"][rng.usize(0..5)].to_owned(),
                        random_json(rng, depth - 1),
                    )
                })
                .collect(),
        ),
    }
}

/// Replaces a random value somewhere in `value` with a random one.
fn mutate_value(rng: &mut fastrand::Rng, value: &mut Value) {
    let descend = rng.u8(0..3) != 0;
    match value {
        Value::Object(map) if descend && !map.is_empty() => {
            let i = rng.usize(0..map.len());
            if let Some((_, member)) = map.iter_mut().nth(i) {
                mutate_value(rng, member);
            }
        }
        Value::Array(items) if descend && !items.is_empty() => {
            let i = rng.usize(0..items.len());
            mutate_value(rng, &mut items[i]);
        }
        _ => *value = random_json(rng, 3),
    }
}

/// One fuzzed body: a valid review mutated as data or as bytes, or noise.
fn fuzzed(rng: &mut fastrand::Rng, valid: &Value) -> Vec<u8> {
    match rng.u8(0..10) {
        // Values replaced, anywhere in the review.
        0..=3 => {
            let mut review = valid.clone();
            for _ in 0..rng.usize(1..4) {
                mutate_value(rng, &mut review);
            }
            serde_json::to_vec(&review).expect("serializes")
        }
        // Bytes flipped, inserted, removed; truncated.
        4..=7 => {
            let mut bytes = serde_json::to_vec(valid).expect("serializes");
            for _ in 0..rng.usize(1..8) {
                if bytes.is_empty() {
                    break;
                }
                let at = rng.usize(0..bytes.len());
                match rng.u8(0..4) {
                    0 => bytes[at] = rng.u8(..),
                    1 => bytes.insert(at, b"{}[]\",:\\0"[rng.usize(0..9)]),
                    2 => {
                        bytes.remove(at);
                    }
                    _ => bytes.truncate(at.max(1)),
                }
            }
            bytes
        }
        // Deep nesting, where the object is.
        8 => {
            let depth = rng.usize(100..100_000);
            let text = serde_json::to_string(valid).expect("serializes");
            let nested = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
            text.replacen(
                "{\"apiVersion\":\"v1\"",
                &format!("{{\"deep\":{nested},\"apiVersion\":\"v1\""),
                1,
            )
            .into_bytes()
        }
        // Noise.
        _ => (0..rng.usize(0..2048)).map(|_| rng.u8(..)).collect(),
    }
}

#[tokio::test]
async fn ten_thousand_fuzzed_bodies_get_answers_and_crash_nothing() -> Result<()> {
    let _quiet = QUIET.lock().await;
    let running = start(Duration::from_secs(5), Duration::from_secs(10)).await?;
    let valid = review("fuzz", config_map(json!({"k": "v", "n": "1"})));
    let convert = json!({
        "apiVersion": "apiextensions.k8s.io/v1", "kind": "ConversionReview",
        "request": {"uid": "c", "desiredAPIVersion": "batch.fixture.example.com/v1",
            "objects": [{"apiVersion": "batch.fixture.example.com/v1beta1", "kind": "CronTab",
                "metadata": {"name": "n"}, "spec": {"cronSpec": "* * * * *", "image": "i"}}]}
    });
    let started = Instant::now();
    let workers: Vec<_> = (0..4u64)
        .map(|worker| {
            let (valid, convert) = (valid.clone(), convert.clone());
            let client = running.client();
            async move {
                let mut client = client.await?;
                let mut rng = fastrand::Rng::with_seed(27 + worker);
                let mut codes = std::collections::BTreeMap::<String, usize>::new();
                for _ in 0..2_500 {
                    let (path, base) = match rng.u8(0..10) {
                        0..=4 => (MUTATE, &valid),
                        5..=8 => (VALIDATE, &valid),
                        _ => ("/convert", &convert),
                    };
                    let body = fuzzed(&mut rng, base);
                    let (code, answer) = client.post(path, "application/json", body.into()).await?;
                    let outcome = if path == "/convert" {
                        ensure!(code == 200 || code == 400, "/convert answered {code}");
                        format!("convert {code}")
                    } else {
                        ensure!(code == 200, "{path} answered HTTP {code}");
                        let response = response(&answer)?;
                        let status = response["status"]["code"].as_u64().unwrap_or(0);
                        ensure!(
                            response["allowed"].is_boolean() && [200, 400, 403].contains(&status),
                            "{path}: {response}"
                        );
                        format!("admission {status}")
                    };
                    *codes.entry(outcome).or_default() += 1;
                }
                anyhow::Ok(codes)
            }
        })
        .collect();
    let mut codes = std::collections::BTreeMap::<String, usize>::new();
    for result in futures::future::join_all(workers).await {
        for (code, n) in result? {
            *codes.entry(code).or_default() += n;
        }
    }
    super::support::record(
        "webhook",
        &format!("10,000 fuzzed bodies in {:?}: {codes:?}", started.elapsed()),
    );
    assert_eq!(codes.values().sum::<usize>(), 10_000);
    assert!(
        codes.contains_key("admission 400") && codes.contains_key("admission 200"),
        "{codes:?}"
    );
    assert_eq!(
        metric(&running, "controller_runtime_webhook_panics_total"),
        Some(0.0)
    );
    assert_serves(&running).await
}

// ---------------------------------------------------------------------------
// A panicking handler
// ---------------------------------------------------------------------------

#[tokio::test]
async fn a_panicking_handler_is_answered_500_and_the_server_serves_on() -> Result<()> {
    let running = start(Duration::from_secs(5), Duration::from_secs(10)).await?;
    let mut client = running.client().await?;
    for round in 1..=3 {
        let body = serde_json::to_vec(&review(
            &format!("p{round}"),
            config_map(json!({"panic": "yes"})),
        ))?;
        let (code, answer) = client
            .post(VALIDATE, "application/json", body.into())
            .await?;
        let response = response(&answer)?;
        assert_eq!(code, 200);
        assert_eq!(response["uid"], format!("p{round}"));
        assert_eq!(response["allowed"], false);
        assert_eq!(response["status"]["code"], 500);
        assert_eq!(
            response["status"]["message"],
            "panic: a bug in the validator [recovered]"
        );
    }
    assert_eq!(
        metric(&running, "controller_runtime_webhook_panics_total"),
        Some(3.0)
    );
    // The same connection, and new ones, are served.
    let body = serde_json::to_vec(&review("fine", config_map(json!({"a": "b"}))))?;
    let (_, answer) = client
        .post(VALIDATE, "application/json", body.into())
        .await?;
    assert_eq!(response(&answer)?["allowed"], true);
    assert_serves(&running).await
}

// ---------------------------------------------------------------------------
// Slow clients
// ---------------------------------------------------------------------------

/// A connection that sent part of a request header and stalls.
async fn stall_mid_header(running: &Running) -> Result<TlsStream<TcpStream>> {
    let mut tls = running.tls().await?;
    tls.write_all(format!("POST {MUTATE} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty").as_bytes())
        .await?;
    tls.flush().await?;
    Ok(tls)
}

/// How long after `since` the server closed `stream` (reading until EOF or
/// an error), or `None` if it did not within `within`.
async fn closed_after<S: tokio::io::AsyncRead + Unpin>(
    mut stream: S,
    since: Instant,
    within: Duration,
) -> Option<Duration> {
    let mut buf = [0u8; 1024];
    tokio::time::timeout(within, async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return since.elapsed(),
                Ok(_) => {}
            }
        }
    })
    .await
    .ok()
}

#[tokio::test]
async fn stalled_connections_are_closed_at_the_header_timeout() -> Result<()> {
    let header = Duration::from_secs(2);
    let idle = Duration::from_secs(5);
    let running = start(header, idle).await?;
    let started = Instant::now();
    let mut stalls = Vec::new();
    for _ in 0..200 {
        let opened = Instant::now();
        stalls.push(tokio::spawn({
            let stream = stall_mid_header(&running).await?;
            async move { closed_after(stream, opened, Duration::from_secs(30)).await }
        }));
    }
    // Stalled before the TLS handshake: connected, nothing sent.
    for _ in 0..50 {
        let opened = Instant::now();
        let tcp = TcpStream::connect(running.addr).await?;
        stalls.push(tokio::spawn(closed_after(
            tcp,
            opened,
            Duration::from_secs(30),
        )));
    }
    // A kept-alive connection idle longer than the header timeout, shorter
    // than the idle timeout, is still served.
    let mut kept = running.client().await?;
    let body = Bytes::from(serde_json::to_vec(&review("k", config_map(json!({}))))?);
    kept.post(MUTATE, "application/json", body.clone()).await?;
    tokio::time::sleep(header + Duration::from_secs(1)).await;
    let (code, _) = kept.post(MUTATE, "application/json", body).await?;
    assert_eq!(code, 200, "idle within the idle timeout");
    let idle_since = Instant::now();
    let mut closes = Vec::new();
    for stall in stalls {
        closes.push(
            stall
                .await?
                .context("a stalled connection was never closed")?,
        );
    }
    let (first, last) = (closes.iter().min().copied(), closes.iter().max().copied());
    super::support::record(
        "webhook",
        &format!(
            "250 stalled connections (200 mid-header, 50 before the handshake), header timeout {header:?}: closed after {first:?} to {last:?} ({:?} for all)",
            started.elapsed()
        ),
    );
    let (first, last) = (first.context("none")?, last.context("none")?);
    assert!(
        first >= header - Duration::from_millis(100),
        "closed early: {first:?}"
    );
    // Generous: a loaded 2-core machine schedules late.
    assert!(
        last <= header + Duration::from_secs(3),
        "closed late: {last:?}"
    );
    // The idle one is closed at the idle timeout.
    ensure!(kept.sender.is_ready(), "still open before the idle timeout");
    tokio::time::timeout(idle + Duration::from_secs(5), async {
        while !kept.sender.is_closed() {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await
    .context("a kept-alive connection outlived the idle timeout")?;
    let closed = idle_since.elapsed();
    super::support::record(
        "webhook",
        &format!(
            "idle keep-alive connection closed {closed:?} after its last answer (idle timeout {idle:?})"
        ),
    );
    assert!(
        closed >= idle - Duration::from_millis(300),
        "idle closed early: {closed:?}"
    );
    // A header over 1 MiB (Go's MaxHeaderBytes + 4096): 431.
    let long = "x".repeat((1 << 20) + 8192);
    let (code, _) = running
        .raw(&format!("POST {MUTATE} HTTP/1.1\r\nX-Long: {long}"), b"")
        .await?;
    assert_eq!(code, 431);
    let half = "x".repeat(512 << 10);
    let (code, _) = running
        .raw(&format!("POST {MUTATE} HTTP/1.1\r\nX-Long: {half}\r\nContent-Type: application/json\r\nContent-Length: 2"), b"{}")
        .await?;
    assert_eq!(code, 200, "a 512 KiB header is within the limit");
    assert_serves(&running).await
}

/// `count` valid requests over `connections` keep-alive connections, sent
/// back to back on each; their latencies.
async fn sample(running: &Running, count: usize, connections: usize) -> Result<Vec<Duration>> {
    let body = Bytes::from(serde_json::to_vec(&review(
        "s",
        config_map(json!({"a": "b"})),
    ))?);
    let mut tasks = Vec::new();
    for _ in 0..connections {
        let mut client = running.client().await?;
        let body = body.clone();
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            for _ in 0..count / connections {
                let start = Instant::now();
                let (code, _) = client
                    .post(MUTATE, "application/json", body.clone())
                    .await?;
                ensure!(code == 200);
                latencies.push(start.elapsed());
            }
            anyhow::Ok(latencies)
        }));
    }
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await??);
    }
    Ok(all)
}

/// The p99 of valid requests alone and with 200 connections stalled
/// mid-header, sampled in alternating blocks (so both see the same load
/// from the rest of the machine), 1,000 requests each; and how many stalls
/// held through their blocks.
async fn p99s(running: &Running) -> Result<(Duration, Duration, usize)> {
    let (mut alone, mut stalled, mut held) = (Vec::new(), Vec::new(), 0);
    for _ in 0..5 {
        alone.extend(sample(running, 200, 2).await?);
        let mut stalls = Vec::new();
        for _ in 0..200 {
            stalls.push(stall_mid_header(running).await?);
        }
        stalled.extend(sample(running, 200, 2).await?);
        for stall in &mut stalls {
            let mut byte = [0u8; 1];
            if tokio::time::timeout(Duration::from_millis(1), stall.read(&mut byte))
                .await
                .is_err()
            {
                held += 1;
            }
        }
    }
    Ok((
        percentile(&mut alone, 0.99),
        percentile(&mut stalled, 0.99),
        held / 5,
    ))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn valid_requests_keep_their_p99_while_200_connections_stall() -> Result<()> {
    let _quiet = QUIET.lock().await;
    // A header timeout longer than the measurement, so every stall lasts.
    let running = start(Duration::from_secs(30), Duration::from_secs(60)).await?;
    sample(&running, 200, 2).await?;
    let mut outcome = None;
    for attempt in 1..=2 {
        let (alone, stalled, held) = p99s(&running).await?;
        super::support::record(
            "webhook",
            &format!(
                "p99 of 1,000 valid requests: {alone:?} alone, {stalled:?} with {held} connections stalled mid-header ({:.2}x; attempt {attempt})",
                stalled.as_secs_f64() / alone.as_secs_f64(),
            ),
        );
        ensure!(held == 200, "only {held} of 200 stalls held");
        outcome = Some((alone, stalled));
        if stalled < alone * 2 {
            return Ok(());
        }
    }
    let (alone, stalled) = outcome.context("measured")?;
    bail!("p99 {stalled:?} with 200 stalled connections, over 2x its baseline {alone:?} twice")
}

// ---------------------------------------------------------------------------
// The API server as the client
// ---------------------------------------------------------------------------

#[tokio::test]
async fn the_api_server_gets_its_answers_while_200_connections_stall() -> Result<()> {
    let running = start(Duration::from_secs(20), Duration::from_secs(90)).await?;
    let client = envtest::client().await?;
    let ns = envtest::ns("faults-webhook").await?;
    let name = format!("{}-defaults", ns.name());
    let mut configuration: MutatingWebhookConfiguration = serde_json::from_value(json!({
        "metadata": {"name": name},
        "webhooks": [{
            "name": "mconfigmap-v1.kb.io",
            "admissionReviewVersions": ["v1"],
            "sideEffects": "None",
            "failurePolicy": "Fail",
            "timeoutSeconds": 10,
            "clientConfig": {"url": format!("https://{}{MUTATE}", running.addr)},
            "namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": ns.name()}},
            "rules": [{"apiGroups": [""], "apiVersions": ["v1"], "operations": ["CREATE"], "resources": ["configmaps"]}],
        }],
    }))?;
    configuration.set_ca_bundle(running.ca.as_bytes());
    let configurations: Api<MutatingWebhookConfiguration> = Api::all(client.clone());
    configurations
        .patch(
            &name,
            &PatchParams::apply("faults-e2e").force(),
            &Patch::Apply(&configuration),
        )
        .await?;
    let maps: Api<ConfigMap> = Api::namespaced(client.clone(), ns.name());
    let create = |name: String| {
        let maps = maps.clone();
        async move {
            let map = ConfigMap {
                metadata: ObjectMeta {
                    name: Some(name),
                    ..ObjectMeta::default()
                },
                ..ConfigMap::default()
            };
            maps.create(&PostParams::default(), &map).await
        }
    };
    // The API server sees the configuration a moment after it is written.
    tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            if let Ok(map) = create(format!("probe-{}", fastrand::u32(..))).await
                && map.metadata.labels.is_some_and(|l| l.contains_key(LABEL))
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await
    .context("the API server never called the webhook")?;

    let mut stalls = Vec::new();
    for _ in 0..200 {
        stalls.push(stall_mid_header(&running).await?);
    }
    let mut latencies = Vec::new();
    for i in 0..20 {
        let start = Instant::now();
        let map = create(format!("during-{i}")).await?;
        latencies.push(start.elapsed());
        assert_eq!(
            map.metadata
                .labels
                .as_ref()
                .and_then(|l| l.get(LABEL))
                .map(String::as_str),
            Some("yes"),
            "defaulted by the webhook while 200 connections stall"
        );
    }
    super::support::record(
        "webhook",
        &format!(
            "API server creates through the webhook with 200 connections stalled: p50 {:?}, max {:?}",
            percentile(&mut latencies, 0.5),
            percentile(&mut latencies, 1.0)
        ),
    );
    drop(stalls);
    configurations
        .delete(&name, &DeleteParams::default())
        .await?;
    Ok(())
}
