//! The webhook server and the fake's webhooks, without an API server: typed
//! defaulting (the JSON patch carries what the defaulter changed and nothing
//! else), validation (the server's `Invalid` causes, warnings, decode errors
//! naming the field), deletes, controller-runtime's paths and metric names,
//! a certificate rotated while the server runs, conversion on the same port,
//! readiness, and the same webhooks run by the fake clientset.
//! (`e2e --test webhooks` runs them behind the real API server.)

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use kube_codegen_manager::webhook::{
    Defaulter, Denied, FieldError, Operation, Options, Request, Server, Validator, Warnings,
    Webhook,
};
use kube_codegen_manager::{CancellationToken, Config, Manager, Metrics};
use kube_codegen_runtime::params::{DeleteParams, PostParams};
use kube_codegen_runtime::{ErrorKind, Interface, Kind, ResourceInfo, fake, verb};
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, ServerName};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_rustls::{TlsConnector, rustls};

// ---------------------------------------------------------------------------
// A kind of this test's own
// ---------------------------------------------------------------------------

/// A namespaced custom resource, written as a generated crate writes one.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Widget {
    metadata: ObjectMeta,
    spec: WidgetSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct WidgetSpec {
    /// Required.
    size: i32,
    /// Always written (`""` when the client omits it).
    #[serde(default)]
    color: String,
    /// Left out when `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    port: Option<i32>,
}

impl k8s_openapi::Resource for Widget {
    const API_VERSION: &'static str = "shop.example.com/v1";
    const GROUP: &'static str = "shop.example.com";
    const KIND: &'static str = "Widget";
    const VERSION: &'static str = "v1";
    const URL_PATH_SEGMENT: &'static str = "widgets";
    type Scope = k8s_openapi::NamespaceResourceScope;
}

impl k8s_openapi::ListableResource for Widget {
    const LIST_KIND: &'static str = "WidgetList";
}

impl k8s_openapi::Metadata for Widget {
    type Ty = ObjectMeta;
    fn metadata(&self) -> &ObjectMeta {
        &self.metadata
    }
    fn metadata_mut(&mut self) -> &mut ObjectMeta {
        &mut self.metadata
    }
}

impl Kind for Widget {
    const INFO: ResourceInfo =
        ResourceInfo::new("shop.example.com", "v1", "Widget", "widgets", true);
}

impl verb::Create for Widget {}
impl verb::Update for Widget {}
impl verb::Delete for Widget {}
impl verb::Get for Widget {}

fn widget(name: &str, size: i32, color: &str) -> Widget {
    Widget {
        metadata: ObjectMeta {
            name: Some(name.to_owned()),
            namespace: Some("default".to_owned()),
            ..ObjectMeta::default()
        },
        spec: WidgetSpec {
            size,
            color: color.to_owned(),
            port: None,
        },
    }
}

/// Defaults `port` (8080) and judges sizes, colours and deletes.
struct Widgets;

impl Defaulter<Widget> for Widgets {
    async fn default(&self, _: &Request<'_>, widget: &mut Widget) -> Result<(), Denied> {
        widget.spec.port.get_or_insert(8080);
        Ok(())
    }
}

fn name_of(widget: &Widget) -> &str {
    widget.metadata.name.as_deref().unwrap_or_default()
}

impl Validator<Widget> for Widgets {
    async fn validate_create(&self, _: &Request<'_>, widget: &Widget) -> Result<Warnings, Denied> {
        let mut warnings = Warnings::new();
        if widget.spec.color == "red" {
            warnings.push("spec.color: red is deprecated; use crimson".to_owned());
        }
        if widget.spec.size > 100 {
            let error = FieldError::invalid("spec.size", widget.spec.size, "must be at most 100");
            return Err(Denied::invalid::<Widget>(name_of(widget), [error]).with_warnings(warnings));
        }
        Ok(warnings)
    }

    async fn validate_update(
        &self,
        request: &Request<'_>,
        old: &Widget,
        new: &Widget,
    ) -> Result<Warnings, Denied> {
        if new.spec.size < old.spec.size {
            let error = FieldError::forbidden("spec.size", "may not shrink");
            return Err(Denied::invalid::<Widget>(name_of(new), [error]));
        }
        self.validate_create(request, new).await
    }

    async fn validate_delete(&self, _: &Request<'_>, widget: &Widget) -> Result<Warnings, Denied> {
        let protected = widget
            .metadata
            .labels
            .as_ref()
            .is_some_and(|l| l.contains_key("protected"));
        if protected {
            return Err(Denied::new(format!(
                "widget {} is protected",
                name_of(widget)
            )));
        }
        Ok(Warnings::new())
    }
}

fn webhook() -> Webhook<Widget> {
    Webhook::<Widget>::new()
        .defaulter(Widgets)
        .validator(Widgets)
        .validation_operations([Operation::Create, Operation::Update, Operation::Delete])
}

// ---------------------------------------------------------------------------
// TLS plumbing
// ---------------------------------------------------------------------------

/// A self-signed certificate for 127.0.0.1: (certificate PEM, key PEM).
fn certificate() -> (String, String) {
    let key = rcgen::KeyPair::generate().unwrap();
    let params = rcgen::CertificateParams::new(vec!["127.0.0.1".to_owned()]).unwrap();
    let cert = params.self_signed(&key).unwrap();
    (cert.pem(), key.serialize_pem())
}

fn write_certificate(dir: &Path, (cert, key): &(String, String)) {
    // Written beside and renamed, as a Secret volume swaps its files.
    std::fs::write(dir.join("tls.key.new"), key).unwrap();
    std::fs::write(dir.join("tls.crt.new"), cert).unwrap();
    std::fs::rename(dir.join("tls.key.new"), dir.join("tls.key")).unwrap();
    std::fs::rename(dir.join("tls.crt.new"), dir.join("tls.crt")).unwrap();
}

fn options(dir: &Path) -> Options {
    Options {
        host: "127.0.0.1".parse().unwrap(),
        port: 0,
        cert_dir: dir.to_owned(),
        cert_poll: Duration::from_millis(200),
        ..Options::default()
    }
}

/// A TLS connection trusting only `ca_pem`.
async fn connect(
    addr: SocketAddr,
    ca_pem: &str,
) -> std::io::Result<tokio_rustls::client::TlsStream<tokio::net::TcpStream>> {
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
    let tcp = tokio::net::TcpStream::connect(addr).await?;
    TlsConnector::from(Arc::new(config))
        .connect(ServerName::try_from("127.0.0.1").unwrap(), tcp)
        .await
}

/// One HTTPS request; the status code and body.
async fn post(
    addr: SocketAddr,
    ca_pem: &str,
    path: &str,
    content_type: &str,
    body: &str,
) -> (u16, String) {
    let mut tls = connect(addr, ca_pem).await.unwrap();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    tls.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    tls.read_to_end(&mut response).await.ok();
    let response = String::from_utf8(response).unwrap();
    let code = response[9..12].parse().unwrap();
    let body = response.split_once("\r\n\r\n").unwrap().1.to_owned();
    (code, body)
}

/// The response of one admission review.
async fn review(addr: SocketAddr, ca: &str, path: &str, request: Value) -> Value {
    let review =
        json!({"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview", "request": request});
    let (code, body) = post(addr, ca, path, "application/json", &review.to_string()).await;
    assert_eq!(code, 200, "{body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["apiVersion"], "admission.k8s.io/v1");
    assert_eq!(answer["kind"], "AdmissionReview");
    answer["response"].clone()
}

fn request(operation: &str, object: Option<Value>, old: Option<Value>) -> Value {
    json!({
        "uid": "7b0f5c1e",
        "kind": {"group": "shop.example.com", "version": "v1", "kind": "Widget"},
        "resource": {"group": "shop.example.com", "version": "v1", "resource": "widgets"},
        "name": "w",
        "namespace": "default",
        "operation": operation,
        "userInfo": {"username": "alice"},
        "object": object,
        "oldObject": old,
        "dryRun": false,
    })
}

fn object(spec: Value) -> Value {
    json!({"apiVersion": "shop.example.com/v1", "kind": "Widget", "metadata": {"name": "w", "namespace": "default"}, "spec": spec})
}

/// Starts `server` on a free loopback port; its address and stop token.
async fn start(server: Server) -> (SocketAddr, CancellationToken) {
    let bound = server.bind().await.unwrap();
    let addr = bound.local_addr();
    let stop = CancellationToken::new();
    tokio::spawn(bound.serve(stop.clone()));
    (addr, stop)
}

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

#[tokio::test]
async fn the_server_defaults_and_judges_under_controller_runtimes_paths_and_metrics() {
    let dir = tempfile::tempdir().unwrap();
    let pair = certificate();
    write_certificate(dir.path(), &pair);
    let metrics = Metrics::new();
    let mut server = Server::new(options(dir.path()));
    webhook().register(&mut server);
    server.with_metrics(&metrics);
    assert_eq!(
        server.paths().collect::<Vec<_>>(),
        [
            "/mutate-shop-example-com-v1-widget",
            "/validate-shop-example-com-v1-widget"
        ]
    );
    let (addr, stop) = start(server).await;
    let ca = &pair.0;
    let mutate = "/mutate-shop-example-com-v1-widget";
    let validate = "/validate-shop-example-com-v1-widget";

    // Defaulting: the patch sets `port` and nothing else: not `color`,
    // which the type writes as "" on its own, nor the unknown `extra`.
    let answer = review(
        addr,
        ca,
        mutate,
        request("CREATE", Some(object(json!({"size": 3, "extra": 1}))), None),
    )
    .await;
    assert_eq!(answer["uid"], "7b0f5c1e");
    assert_eq!(answer["allowed"], true);
    assert_eq!(answer["patchType"], "JSONPatch");
    let patch: Value = serde_json::from_slice(&patch_bytes(&answer["patch"])).unwrap();
    assert_eq!(
        patch,
        json!([{"op": "add", "path": "/spec/port", "value": 8080}])
    );
    // Nothing to default: no patch.
    let answer = review(
        addr,
        ca,
        mutate,
        request("CREATE", Some(object(json!({"size": 3, "port": 1}))), None),
    )
    .await;
    assert_eq!(answer["allowed"], true);
    assert!(answer.get("patch").is_none(), "{answer}");

    // Validation: the API server's Invalid status, causes and warnings.
    let answer = review(
        addr,
        ca,
        validate,
        request(
            "CREATE",
            Some(object(json!({"size": 200, "color": "red"}))),
            None,
        ),
    )
    .await;
    assert_eq!(answer["allowed"], false);
    let status = &answer["status"];
    assert_eq!(status["code"], 422);
    assert_eq!(status["reason"], "Invalid");
    assert_eq!(
        status["message"],
        "Widget.shop.example.com \"w\" is invalid: spec.size: Invalid value: 200: must be at most 100"
    );
    assert_eq!(
        status["details"]["causes"],
        json!([{"reason": "FieldValueInvalid", "message": "Invalid value: 200: must be at most 100", "field": "spec.size"}])
    );
    assert_eq!(
        answer["warnings"],
        json!(["spec.color: red is deprecated; use crimson"])
    );
    // An update sees the old object.
    let answer = review(
        addr,
        ca,
        validate,
        request(
            "UPDATE",
            Some(object(json!({"size": 2}))),
            Some(object(json!({"size": 5}))),
        ),
    )
    .await;
    assert_eq!(
        answer["status"]["details"]["causes"][0]["reason"],
        "FieldValueForbidden"
    );
    assert_eq!(
        answer["status"]["message"],
        "Widget.shop.example.com \"w\" is invalid: spec.size: Forbidden: may not shrink"
    );
    // A delete judges the old object; a plain denial is 403 Forbidden.
    let protected = json!({"apiVersion": "shop.example.com/v1", "kind": "Widget", "metadata": {"name": "w", "labels": {"protected": "yes"}}, "spec": {"size": 1}});
    let answer = review(addr, ca, validate, request("DELETE", None, Some(protected))).await;
    assert_eq!(answer["allowed"], false);
    assert_eq!(answer["status"]["code"], 403);
    assert_eq!(answer["status"]["reason"], "Forbidden");
    assert_eq!(answer["status"]["message"], "widget w is protected");
    // The defaulter is not called on deletes.
    let answer = review(
        addr,
        ca,
        mutate,
        request("DELETE", None, Some(object(json!({"size": 1})))),
    )
    .await;
    assert_eq!(answer["allowed"], true);

    // An object that does not decode: a 400 naming the field, not a panic.
    let answer = review(
        addr,
        ca,
        validate,
        request("CREATE", Some(object(json!({"size": "big"}))), None),
    )
    .await;
    assert_eq!(answer["allowed"], false);
    assert_eq!(answer["status"]["code"], 400);
    assert_eq!(
        answer["status"]["message"],
        "cannot decode the object as Widget shop.example.com/v1 \"w\": spec.size: invalid type: string \"big\", expected i32"
    );
    let answer = review(
        addr,
        ca,
        validate,
        request(
            "UPDATE",
            Some(object(json!({"size": 1}))),
            Some(object(json!({}))),
        ),
    )
    .await;
    assert_eq!(
        answer["status"]["message"],
        "cannot decode the oldObject as Widget shop.example.com/v1 \"w\": spec: missing field `size`"
    );
    // Not a review, or not JSON: a 400 in a review, as controller-runtime answers.
    let (code, body) = post(addr, ca, validate, "application/json", "{not json").await;
    assert_eq!(code, 200);
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["response"]["status"]["code"], 400);
    assert!(
        answer["response"]["status"]["message"]
            .as_str()
            .unwrap()
            .starts_with("not an AdmissionReview"),
        "{answer}"
    );
    let (_, body) = post(addr, ca, validate, "text/plain", "{}").await;
    assert!(
        body.contains("contentType=text/plain, expected application/json"),
        "{body}"
    );
    let (code, _) = post(addr, ca, "/validate-nothing", "application/json", "{}").await;
    assert_eq!(code, 404);

    let text = metrics.render();
    for line in [
        "controller_runtime_webhook_requests_total{code=\"200\",webhook=\"/mutate-shop-example-com-v1-widget\"} 3",
        "controller_runtime_webhook_requests_total{code=\"500\",webhook=\"/mutate-shop-example-com-v1-widget\"} 0",
        "controller_runtime_webhook_requests_total{code=\"200\",webhook=\"/validate-shop-example-com-v1-widget\"} 7",
        "controller_runtime_webhook_latency_seconds_count{webhook=\"/validate-shop-example-com-v1-widget\"} 7",
        "controller_runtime_webhook_latency_seconds_bucket{le=\"1e-8\",webhook=\"/mutate-shop-example-com-v1-widget\"} 0",
        "controller_runtime_webhook_requests_in_flight{webhook=\"/mutate-shop-example-com-v1-widget\"} 0",
        "controller_runtime_webhook_panics_total 0",
        "certwatcher_read_certificate_total ",
        "certwatcher_read_certificate_errors_total 0",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
    stop.cancel();
}

/// The patch bytes of a response: base64, as Go writes a `[]byte`.
fn patch_bytes(patch: &Value) -> Vec<u8> {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD
        .decode(patch.as_str().expect("a base64 string"))
        .unwrap()
}

#[tokio::test]
async fn a_rotated_certificate_is_served_to_new_connections() {
    let dir = tempfile::tempdir().unwrap();
    let first = certificate();
    write_certificate(dir.path(), &first);
    let metrics = Metrics::new();
    let mut server = Server::new(options(dir.path()));
    webhook().register(&mut server);
    server.with_metrics(&metrics);
    let (addr, stop) = start(server).await;
    let second = certificate();
    assert!(connect(addr, &second.0).await.is_err(), "not trusted yet");
    let mut kept = connect(addr, &first.0).await.unwrap();

    write_certificate(dir.path(), &second);
    let rotated = async {
        while connect(addr, &second.0).await.is_err() {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(5), rotated)
        .await
        .expect("the new certificate is served without a restart");
    assert!(
        connect(addr, &first.0).await.is_err(),
        "the old one is gone"
    );
    // A connection made before the rotation still works.
    let review = json!({"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview", "request": request("CREATE", Some(object(json!({"size": 1}))), None)}).to_string();
    let head = format!(
        "POST /validate-shop-example-com-v1-widget HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        review.len()
    );
    kept.write_all(format!("{head}{review}").as_bytes())
        .await
        .unwrap();
    let mut answer = String::new();
    kept.read_to_string(&mut answer).await.ok();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    // A half-written pair keeps the current certificate.
    std::fs::write(
        dir.path().join("tls.crt"),
        "-----BEGIN CERTIFICATE-----\nbroken\n",
    )
    .unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(connect(addr, &second.0).await.is_ok());
    assert!(
        !metrics
            .render()
            .contains("certwatcher_read_certificate_errors_total 0")
    );
    stop.cancel();
}

/// `certwatcher_read_certificate_total` now.
fn certificate_reads(metrics: &Metrics) -> u64 {
    metrics
        .render()
        .lines()
        .find_map(|l| l.strip_prefix("certwatcher_read_certificate_total "))
        .and_then(|n| n.trim().parse().ok())
        .expect("the certificate read counter")
}

/// Reading the certificate opens its files, and an open is a file event:
/// the watcher once took its own reads for changes and read again, forever
/// (a core spent, the event channel growing), from the first poll on: 10 s
/// after any operator with webhooks started. A server at rest reads it
/// once, plus its polls.
#[tokio::test]
async fn a_server_at_rest_does_not_read_its_certificate_again_and_again() {
    let dir = tempfile::tempdir().unwrap();
    write_certificate(dir.path(), &certificate());
    let metrics = Metrics::new();
    // No poll within the test (controller-runtime's poll re-reads too): the
    // reads counted are the first one and those file events cause.
    let mut server = Server::new(Options {
        cert_poll: Duration::from_secs(60),
        ..options(dir.path())
    });
    webhook().register(&mut server);
    server.with_metrics(&metrics);
    let (addr, stop) = start(server).await;
    let pair_trusted = connect(
        addr,
        &std::fs::read_to_string(dir.path().join("tls.crt")).unwrap(),
    )
    .await;
    assert!(pair_trusted.is_ok());
    tokio::time::sleep(Duration::from_secs(1)).await;
    let reads = certificate_reads(&metrics);
    assert!(
        reads <= 2,
        "{reads} reads of the certificate in a second at rest"
    );
    // A real change is still seen.
    write_certificate(dir.path(), &certificate());
    tokio::time::timeout(Duration::from_secs(5), async {
        while certificate_reads(&metrics) <= reads {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("the rotated certificate is read");
    stop.cancel();
}

#[tokio::test]
async fn conversion_is_served_on_the_same_port() {
    let dir = tempfile::tempdir().unwrap();
    let pair = certificate();
    write_certificate(dir.path(), &pair);
    let mut conversions = kube_codegen_conversion::Conversions::new();
    conversions.kind::<k8s_openapi::api::core::v1::ConfigMap>();
    let mut server = Server::new(options(dir.path()));
    webhook().register(&mut server);
    server.conversions(conversions);
    let metrics = Metrics::new();
    server.with_metrics(&metrics);
    let (addr, stop) = start(server).await;
    let review = json!({
        "apiVersion": "apiextensions.k8s.io/v1", "kind": "ConversionReview",
        "request": {"uid": "1", "desiredAPIVersion": "v1", "objects": [{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"}, "data": {"a": "b"}}]}
    });
    let (code, body) = post(
        addr,
        &pair.0,
        "/convert",
        "application/json",
        &review.to_string(),
    )
    .await;
    assert_eq!(code, 200, "{body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["response"]["result"]["status"], "Success");
    assert_eq!(
        answer["response"]["convertedObjects"][0]["data"],
        json!({"a": "b"})
    );
    let unknown = json!({
        "apiVersion": "apiextensions.k8s.io/v1", "kind": "ConversionReview",
        "request": {"uid": "2", "desiredAPIVersion": "v2", "objects": [{"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s"}}]}
    });
    let (_, body) = post(
        addr,
        &pair.0,
        "/convert",
        "application/json",
        &unknown.to_string(),
    )
    .await;
    assert!(
        body.contains("kind Secret of v1 is not converted by this webhook"),
        "{body}"
    );
    let (code, _) = post(addr, &pair.0, "/convert", "application/json", "{").await;
    assert_eq!(code, 400);
    let text = metrics.render();
    for line in [
        "controller_runtime_webhook_requests_total{code=\"200\",webhook=\"/convert\"} 2",
        "controller_runtime_webhook_requests_total{code=\"400\",webhook=\"/convert\"} 1",
        "conversion_webhook_objects_total{kind=\"ConfigMap\",from=\"v1\",to=\"v1\",result=\"success\"} 1",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
    stop.cancel();
}

#[tokio::test]
async fn the_manager_serves_its_webhooks_on_every_replica_and_readyz_waits_for_them() {
    let dir = tempfile::tempdir().unwrap();
    let pair = certificate();
    write_certificate(dir.path(), &pair);
    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().port()
    };
    // No API server is needed: no controllers, no leader election.
    let client =
        kube::Client::try_from(kube::Config::new("http://127.0.0.1:9".parse().unwrap())).unwrap();
    let config = Config {
        webhook: Options {
            port,
            ..options(dir.path())
        },
        ..Config::default()
    };
    let mut manager = Manager::new(client, "widget-operator", config);
    manager.webhook(webhook());
    let (health, metrics) = (manager.health(), manager.metrics());
    let stop = CancellationToken::new();
    let done = stop.clone();
    let running = tokio::spawn(manager.run(async move { done.cancelled().await }));
    let addr: SocketAddr = ([127, 0, 0, 1], port).into();
    tokio::time::timeout(Duration::from_secs(10), async {
        while !health.is_ready() {
            assert!(
                health
                    .failing_checks()
                    .iter()
                    .all(|c| c == "webhook-server"),
                "{:?}",
                health.failing_checks()
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
    .expect("ready once the webhook server listens");
    let answer = review(
        addr,
        &pair.0,
        "/mutate-shop-example-com-v1-widget",
        request("CREATE", Some(object(json!({"size": 1}))), None),
    )
    .await;
    assert_eq!(answer["allowed"], true);
    assert!(
        metrics
            .render()
            .contains("controller_runtime_webhook_requests_total{code=\"200\",webhook=\"/mutate-shop-example-com-v1-widget\"} 1"),
        "the manager's registry has the webhook metrics"
    );
    stop.cancel();
    running.await.unwrap().unwrap();
    assert!(
        connect(addr, &pair.0).await.is_err(),
        "stopped with the manager"
    );
}

#[tokio::test]
async fn a_missing_certificate_stops_the_manager_with_its_path() {
    let dir = tempfile::tempdir().unwrap();
    let client =
        kube::Client::try_from(kube::Config::new("http://127.0.0.1:9".parse().unwrap())).unwrap();
    let config = Config {
        webhook: options(dir.path()),
        ..Config::default()
    };
    let mut manager = Manager::new(client, "widget-operator", config);
    manager.webhook(webhook());
    let error = tokio::time::timeout(Duration::from_secs(10), manager.run(std::future::pending()))
        .await
        .expect("stops by itself")
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "runnable webhook-server failed: reading {}: No such file or directory (os error 2)",
            dir.path().join("tls.crt").display()
        )
    );
}

#[tokio::test]
async fn the_fake_runs_the_managers_webhooks_as_the_api_server_would() {
    let fake = fake::Clientset::default();
    let mut manager = Manager::fake(&fake, "widget-operator", Config::default());
    manager.webhook(webhook());
    let widgets = fake.resource::<Widget>("default");
    let pp = PostParams::default();

    let created = widgets.create(&pp, &widget("a", 3, "blue")).await.unwrap();
    assert_eq!(created.spec.port, Some(8080), "defaulted");
    assert_eq!(
        widgets.get("a").await.unwrap().spec.port,
        Some(8080),
        "stored defaulted"
    );

    let error = widgets
        .create(&pp, &widget("b", 200, "red"))
        .await
        .unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Invalid);
    assert_eq!(
        error.message(),
        "admission webhook \"vwidget-v1.kb.io\" denied the request: Widget.shop.example.com \"b\" is invalid: spec.size: Invalid value: 200: must be at most 100"
    );
    assert_eq!(
        error.status().unwrap().details.as_ref().unwrap().causes[0].field,
        "spec.size"
    );
    assert_eq!(
        fake.warnings(),
        ["spec.color: red is deprecated; use crimson"]
    );
    assert!(widgets.get("b").await.unwrap_err().is_not_found());

    let mut smaller = widgets.get("a").await.unwrap();
    smaller.spec.size = 1;
    let error = widgets.update(&pp, &smaller).await.unwrap_err();
    assert!(
        error
            .message()
            .ends_with("spec.size: Forbidden: may not shrink"),
        "{error}"
    );

    let mut protected = widget("p", 1, "");
    protected.metadata.labels = Some(BTreeMap::from([("protected".to_owned(), "yes".to_owned())]));
    widgets.create(&pp, &protected).await.unwrap();
    let error = widgets
        .delete("p", &DeleteParams::default())
        .await
        .unwrap_err();
    assert_eq!(error.code(), Some(403));
    assert_eq!(
        error.message(),
        "admission webhook \"vwidget-v1.kb.io\" denied the request: widget p is protected"
    );
    widgets.delete("a", &DeleteParams::default()).await.unwrap();
}
