//! Admission webhooks on the real API server, served by a manager on
//! loopback over TLS (`url:` client config and `caBundle`): the fixture's
//! `Database` defaulted and judged by the webhooks of `webhooks/database.rs`,
//! whose `+kubebuilder:webhook` markers `kube-codegen webhook` turns into the
//! configurations installed here (each test's copy named after, and
//! selecting only, its own namespace).
//!
//! - a default visible with kubectl; a denial with its message, field causes
//!   and warnings visible with kubectl;
//! - the object selector and the match condition of the markers skip the
//!   mutating webhook;
//! - `failurePolicy: Fail` refuses and `Ignore` admits while the server is
//!   stopped;
//! - a certificate rotated while the server runs is served to the API server;
//! - conversion served on the same port as admission;
//! - the fake clientset with the same webhooks answers as the server does on
//!   the same requests (a differential test).

#[path = "webhooks/database.rs"]
mod database;

use std::future::Future;
use std::net::SocketAddr;
use std::path::Path;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use anyhow::{Context as _, Result, bail, ensure};
use database::{Databases, PROTECTED};
use e2e::{crds, envtest};
use fixture_generated::apis::batch::{v1 as batch_v1, v1beta1 as batch_v1beta1};
use fixture_generated::apis::infra::v1alpha1::{Database, DatabaseSpec, Engine};
use k8s_openapi::api::admissionregistration::v1::{
    MutatingWebhookConfiguration, ValidatingWebhookConfiguration,
};
use k8s_openapi::api::core::v1::ConfigMap;
use kube::api::{Api, DeleteParams, Patch, PatchParams, PostParams};
use kube::client::ClientBuilder;
use kube::config::{KubeConfigOptions, Kubeconfig};
use kube::core::ObjectMeta;
use kube::{Client, Config};
use kube_codegen_manager::webhook::{
    self, Denied, Options, Request, Validator, Webhook, WebhookConfiguration,
};
use kube_codegen_manager::{CancellationToken, Manager, Metrics};
use kube_codegen_runtime::{Interface, fake};
use serde_json::{Value, json};

/// Upper bound for the API server to see a new configuration.
const WAIT: Duration = Duration::from_secs(30);

// ---------------------------------------------------------------------------
// Certificates and the operator
// ---------------------------------------------------------------------------

/// A self-signed certificate for 127.0.0.1 (its own CA): PEM of both.
struct Certificate {
    cert: String,
    key: String,
}

fn certificate() -> Result<Certificate> {
    let key = rcgen::KeyPair::generate()?;
    let cert = rcgen::CertificateParams::new(vec!["127.0.0.1".to_owned()])?.self_signed(&key)?;
    Ok(Certificate {
        cert: cert.pem(),
        key: key.serialize_pem(),
    })
}

/// Writes `tls.crt` and `tls.key` into `dir` as a Secret volume updates
/// them (new files renamed into place).
fn write_certificate(dir: &Path, certificate: &Certificate) -> Result<()> {
    std::fs::write(dir.join(".tls.key"), &certificate.key)?;
    std::fs::write(dir.join(".tls.crt"), &certificate.cert)?;
    std::fs::rename(dir.join(".tls.key"), dir.join("tls.key"))?;
    std::fs::rename(dir.join(".tls.crt"), dir.join("tls.crt"))?;
    Ok(())
}

/// A free loopback port.
fn free_port() -> Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

/// The operator under test: a manager serving the Database webhooks and the
/// fixture's conversions on one port, until stopped or dropped.
struct Operator {
    addr: SocketAddr,
    dir: tempfile::TempDir,
    certificate: Certificate,
    databases: Databases,
    metrics: Metrics,
    stop: CancellationToken,
    running: Option<tokio::task::JoinHandle<Result<(), kube_codegen_manager::Error>>>,
}

impl Operator {
    async fn start(client: &Client) -> Result<Operator> {
        let dir = tempfile::tempdir()?;
        let certificate = certificate()?;
        write_certificate(dir.path(), &certificate)?;
        let port = free_port()?;
        let config = kube_codegen_manager::Config {
            webhook: Options {
                host: "127.0.0.1".parse()?,
                port,
                cert_dir: dir.path().to_owned(),
                cert_poll: Duration::from_millis(500),
                ..Options::default()
            },
            ..kube_codegen_manager::Config::default()
        };
        let mut manager = Manager::new(client.clone(), "database-operator", config);
        let databases = Databases::default();
        manager.webhook(database::webhook(&databases));
        manager.conversions(fixture_generated::conversion::conversions());
        let (health, metrics) = (manager.health(), manager.metrics());
        let stop = CancellationToken::new();
        let done = stop.clone();
        let running = tokio::spawn(manager.run(async move { done.cancelled().await }));
        tokio::time::timeout(WAIT, async {
            while !health.is_ready() {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
        .await
        .context("the manager's /readyz never passed")?;
        Ok(Operator {
            addr: ([127, 0, 0, 1], port).into(),
            dir,
            certificate,
            databases,
            metrics,
            stop,
            running: Some(running),
        })
    }

    fn url(&self) -> String {
        format!("https://{}", self.addr)
    }

    async fn stop(&mut self) -> Result<()> {
        self.stop.cancel();
        if let Some(running) = self.running.take() {
            running.await??;
        }
        Ok(())
    }
}

impl Drop for Operator {
    fn drop(&mut self) {
        self.stop.cancel();
    }
}

// ---------------------------------------------------------------------------
// Webhook configurations from the markers
// ---------------------------------------------------------------------------

/// The configurations the markers under `tests/webhooks/` describe, as
/// `kube-codegen webhook --source-dir` writes them.
fn generated_configurations()
-> Result<(MutatingWebhookConfiguration, ValidatingWebhookConfiguration)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/webhooks");
    let generated = kube_codegen::webhook::generate(&dir)
        .map_err(|d| anyhow::anyhow!("the webhook markers: {d:?}"))?;
    let yaml = kube_codegen::webhook::render(&generated.configurations);
    let (mut mutating, mut validating) = (None, None);
    for document in yaml.split("\n---\n") {
        let value: Value = serde_saphyr::from_str(document)?;
        match value["kind"].as_str() {
            Some("MutatingWebhookConfiguration") => mutating = Some(serde_json::from_value(value)?),
            Some("ValidatingWebhookConfiguration") => {
                validating = Some(serde_json::from_value(value)?)
            }
            _ => {}
        }
    }
    Ok((
        mutating.context("no MutatingWebhookConfiguration")?,
        validating.context("no ValidatingWebhookConfiguration")?,
    ))
}

/// `config` for the namespace `ns`: named after it, matching only its
/// objects, pointed at `base_url` and trusting `ca`.
fn for_namespace<W: WebhookConfiguration>(mut config: W, ns: &str, base_url: &str, ca: &str) -> W {
    let name = format!("{ns}-{}", config.meta().name.clone().unwrap_or_default());
    config.meta_mut().name = Some(name);
    config.set_url(base_url);
    config.set_ca_bundle(ca.as_bytes());
    let mut value = serde_json::to_value(&config).expect("a configuration serializes");
    for webhook in value["webhooks"].as_array_mut().into_iter().flatten() {
        webhook["namespaceSelector"] = json!({"matchLabels": {"kubernetes.io/metadata.name": ns}});
    }
    serde_json::from_value(value).expect("still a configuration")
}

/// Creates (or replaces) `config`.
async fn apply<W: WebhookConfiguration>(client: &Client, config: &W) -> Result<()> {
    let api: Api<W> = Api::all(client.clone());
    let mut config = config.clone();
    config.meta_mut().managed_fields = None;
    let name = config.meta().name.clone().unwrap_or_default();
    api.patch(
        &name,
        &PatchParams::apply("webhooks-e2e").force(),
        &Patch::Apply(&config),
    )
    .await
    .with_context(|| format!("applying {} {name}", W::KIND))?;
    Ok(())
}

/// Installs both configurations of the markers for `ns`, pointed at
/// `operator`, and waits until the API server calls them.
async fn install_webhooks(
    client: &Client,
    ns: &str,
    operator: &Operator,
) -> Result<(MutatingWebhookConfiguration, ValidatingWebhookConfiguration)> {
    let (mutating, validating) = generated_configurations()?;
    let mutating = for_namespace(mutating, ns, &operator.url(), &operator.certificate.cert);
    let validating = for_namespace(validating, ns, &operator.url(), &operator.certificate.cert);
    apply(client, &mutating).await?;
    apply(client, &validating).await?;
    wait_defaulting(client, ns).await?;
    Ok((mutating, validating))
}

/// Waits until a dry-run create in `ns` comes back defaulted (the API
/// server's admission plugins see configurations a moment after they are
/// written).
async fn wait_defaulting(client: &Client, ns: &str) -> Result<()> {
    let api: Api<Database> = Api::namespaced(client.clone(), ns);
    let dry = PostParams {
        dry_run: true,
        ..PostParams::default()
    };
    tokio::time::timeout(WAIT, async {
        loop {
            if let Ok(db) = api
                .create(&dry, &database("probe", Engine::Postgres, 10))
                .await
                && db.spec.port.is_some()
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await
    .context("the API server never called the mutating webhook")
}

async fn setup(prefix: &str) -> Result<(Client, envtest::TestNamespace)> {
    let client = envtest::client().await?;
    let crds = fixture_generated::crds::custom_resource_definitions()?
        .into_iter()
        .filter(|c| c.spec.names.kind == "Database");
    crds::install(&client, crds).await?;
    let ns = envtest::ns(prefix).await?;
    Ok((client, ns))
}

fn database(name: &str, engine: Engine, storage_gib: i32) -> Database {
    Database {
        metadata: ObjectMeta {
            name: Some(name.to_owned()),
            ..ObjectMeta::default()
        },
        spec: DatabaseSpec {
            engine,
            storage_gib,
            ..DatabaseSpec::default()
        },
    }
}

/// Runs kubectl with `input` on stdin: (success, stdout, stderr). On a
/// blocking thread: the webhook server runs on this test's runtime.
async fn kubectl(args: &[&str], input: &str) -> Result<(bool, String, String)> {
    let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
    let input = input.to_owned();
    tokio::task::spawn_blocking(move || kubectl_blocking(&args, &input)).await?
}

fn kubectl_blocking(args: &[String], input: &str) -> Result<(bool, String, String)> {
    use std::io::Write;
    let mut child = envtest::shared()?
        .kubectl()?
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()?;
    child
        .stdin
        .take()
        .context("stdin")?
        .write_all(input.as_bytes())?;
    let out = child.wait_with_output()?;
    Ok((
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

// ---------------------------------------------------------------------------
// Warnings: the API server's `Warning` headers, seen by a client layer
// ---------------------------------------------------------------------------

/// Collects the `Warning` headers of every response.
#[derive(Clone, Default)]
struct Warnings(Arc<Mutex<Vec<String>>>);

impl Warnings {
    fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.0.lock().unwrap())
    }
}

/// The text of one `Warning: 299 - "text"` header.
fn warning_text(header: &str) -> String {
    let quoted = header.split_once(" - ").map_or(header, |(_, q)| q).trim();
    let inner = quoted
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .unwrap_or(quoted);
    inner.replace("\\\"", "\"").replace("\\\\", "\\")
}

impl<S> tower::Layer<S> for Warnings {
    type Service = WarningService<S>;

    fn layer(&self, inner: S) -> WarningService<S> {
        WarningService {
            inner,
            warnings: self.clone(),
        }
    }
}

struct WarningService<S> {
    inner: S,
    warnings: Warnings,
}

impl<S, B, RB> tower::Service<http::Request<B>> for WarningService<S>
where
    S: tower::Service<http::Request<B>, Response = http::Response<RB>>,
    S::Future: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<S::Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        let response = self.inner.call(request);
        let warnings = self.warnings.clone();
        Box::pin(async move {
            let response = response.await?;
            for header in response.headers().get_all("warning") {
                if let Ok(text) = header.to_str() {
                    warnings.0.lock().unwrap().push(warning_text(text));
                }
            }
            Ok(response)
        })
    }
}

/// A client of the shared control plane that records warnings.
async fn warning_client(warnings: &Warnings) -> Result<Client> {
    let cp = tokio::task::spawn_blocking(envtest::shared).await??;
    let opts = KubeConfigOptions::default();
    let config = match cp.kubeconfig() {
        Some(path) => Config::from_custom_kubeconfig(Kubeconfig::read_from(&path)?, &opts).await?,
        None => Config::from_kubeconfig(&opts).await?,
    };
    Ok(ClientBuilder::try_from(config)?
        .with_layer(warnings)
        .build())
}

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

#[tokio::test]
async fn kubectl_shows_the_default_the_denial_its_causes_and_the_warnings() -> Result<()> {
    let (client, ns) = setup("webhook-kubectl").await?;
    let operator = Operator::start(&client).await?;
    install_webhooks(&client, ns.name(), &operator).await?;
    let ns = ns.name();

    let manifest = "apiVersion: infra.fixture.example.com/v1alpha1\nkind: Database\nmetadata: {name: orders}\nspec: {engine: postgres, storageGib: 20}\n";
    let (ok, _, stderr) = kubectl(&["create", "-n", ns, "-f", "-"], manifest).await?;
    ensure!(ok, "kubectl create: {stderr}");
    let (_, port, _) = kubectl(
        &[
            "get",
            "database",
            "orders",
            "-n",
            ns,
            "-o",
            "jsonpath={.spec.port} {.spec.backupWindow}",
        ],
        "",
    )
    .await?;
    assert_eq!(
        port, "5432 02:00-03:00",
        "the defaults, as kubectl shows them"
    );

    let bad = "apiVersion: infra.fixture.example.com/v1alpha1\nkind: Database\nmetadata: {name: legacy}\nspec: {engine: mysql, storageGib: 2000, backupWindow: late}\n";
    let (ok, _, stderr) = kubectl(&["create", "-n", ns, "-f", "-"], bad).await?;
    assert!(!ok, "refused");
    // kubectl prints an Invalid status by its causes.
    for needle in [
        "Warning: spec.engine: mysql is deprecated; use postgres",
        "The Database \"legacy\" is invalid: \n",
        "* spec.storageGib: Invalid value: 2000: must be at most 1000\n",
        "* spec.backupWindow: Invalid value: \"late\": must be HH:MM-HH:MM\n",
    ] {
        assert!(
            stderr.contains(needle),
            "{needle:?} not in kubectl's output:\n{stderr}"
        );
    }
    // The causes, as a client reads them from the status.
    let api: Api<Database> = Api::namespaced(client.clone(), ns);
    let mut legacy = database("legacy", Engine::Mysql, 2000);
    legacy.spec.backup_window = "late".to_owned();
    let error = api
        .create(&PostParams::default(), &legacy)
        .await
        .unwrap_err();
    let kube::Error::Api(status) = error else {
        bail!("not an API error: {error}");
    };
    assert_eq!((status.code, status.reason.as_str()), (422, "Invalid"));
    assert_eq!(
        status.message,
        "admission webhook \"vdatabase-v1alpha1.kb.io\" denied the request: Database.infra.fixture.example.com \"legacy\" is invalid: [spec.storageGib: Invalid value: 2000: must be at most 1000, spec.backupWindow: Invalid value: \"late\": must be HH:MM-HH:MM]"
    );
    let causes = status.details.context("details")?.causes;
    let fields: Vec<(&str, &str)> = causes
        .iter()
        .map(|c| (c.field.as_str(), c.reason.as_str()))
        .collect();
    assert_eq!(
        fields,
        [
            ("spec.storageGib", "FieldValueInvalid"),
            ("spec.backupWindow", "FieldValueInvalid")
        ]
    );

    // An accepted object with a warning, and a delete denied.
    let warned = "apiVersion: infra.fixture.example.com/v1alpha1\nkind: Database\nmetadata: {name: shop, labels: {infra.fixture.example.com/protected: \"yes\"}}\nspec: {engine: mysql, storageGib: 10}\n";
    let (ok, _, stderr) = kubectl(&["create", "-n", ns, "-f", "-"], warned).await?;
    ensure!(ok, "kubectl create: {stderr}");
    assert!(
        stderr.contains("Warning: spec.engine: mysql is deprecated; use postgres"),
        "{stderr}"
    );
    let (ok, _, stderr) = kubectl(&["delete", "database", "shop", "-n", ns], "").await?;
    assert!(!ok);
    assert!(
        stderr.contains(&format!("admission webhook \"vdatabase-v1alpha1.kb.io\" denied the request: database shop is protected; remove the {PROTECTED} label first")),
        "{stderr}"
    );
    // A dry run is defaulted and judged (the webhook is told), not stored.
    let (ok, out, stderr) = kubectl(
        &[
            "create",
            "-n",
            ns,
            "--dry-run=server",
            "-o",
            "jsonpath={.spec.port}",
            "-f",
            "-",
        ],
        manifest.replace("orders", "draft").as_str(),
    )
    .await?;
    ensure!(ok, "{stderr}");
    assert_eq!(out, "5432");
    assert!(
        operator
            .databases
            .seen
            .lock()
            .unwrap()
            .iter()
            .any(|s| s == "validate Create draft dry-run")
    );
    let (ok, _, _) = kubectl(&["get", "database", "draft", "-n", ns], "").await?;
    assert!(!ok, "a dry run stores nothing");

    let metrics = operator.metrics.render();
    for path in [
        "/mutate-infra-fixture-example-com-v1alpha1-database",
        "/validate-infra-fixture-example-com-v1alpha1-database",
    ] {
        let line =
            format!("controller_runtime_webhook_requests_total{{code=\"200\",webhook=\"{path}\"}}");
        assert!(metrics.contains(&line), "{line} in\n{metrics}");
    }
    Ok(())
}

#[tokio::test]
async fn the_object_selector_and_the_match_condition_skip_the_mutating_webhook() -> Result<()> {
    let (client, ns) = setup("webhook-selectors").await?;
    let operator = Operator::start(&client).await?;
    install_webhooks(&client, ns.name(), &operator).await?;
    let api: Api<Database> = Api::namespaced(client.clone(), ns.name());
    let pp = PostParams::default();

    let plain = api
        .create(&pp, &database("plain", Engine::Postgres, 10))
        .await?;
    assert_eq!(
        plain.spec.port,
        Some(k8s_openapi::apimachinery::pkg::util::intstr::IntOrString::Int(5432))
    );

    let mut labelled = database("labelled", Engine::Postgres, 10);
    labelled.metadata.labels =
        Some([("webhooks.example.com/skip".to_owned(), "yes".to_owned())].into());
    labelled.spec.backup_window = "01:00-02:00".to_owned();
    let labelled = api.create(&pp, &labelled).await?;
    assert_eq!(
        labelled.spec.port, None,
        "the objectSelector skipped the defaulter"
    );

    let mut annotated = database("annotated", Engine::Postgres, 10);
    annotated.metadata.annotations =
        Some([("webhooks.example.com/skip".to_owned(), "yes".to_owned())].into());
    annotated.spec.backup_window = "01:00-02:00".to_owned();
    let annotated = api.create(&pp, &annotated).await?;
    assert_eq!(
        annotated.spec.port, None,
        "the matchCondition skipped the defaulter"
    );
    let seen = operator.databases.seen.lock().unwrap().clone();
    assert!(
        !seen.iter().any(
            |s| s.starts_with("default") && (s.contains("labelled") || s.contains("annotated"))
        ),
        "{seen:?}"
    );
    // The validator has neither: it still judged them.
    assert!(
        seen.iter().any(|s| s == "validate Create labelled"),
        "{seen:?}"
    );
    Ok(())
}

#[tokio::test]
async fn with_the_server_stopped_fail_refuses_and_ignore_admits() -> Result<()> {
    let (client, ns) = setup("webhook-policy").await?;
    let mut operator = Operator::start(&client).await?;
    let (mut mutating, _) = install_webhooks(&client, ns.name(), &operator).await?;
    let api: Api<Database> = Api::namespaced(client.clone(), ns.name());
    let pp = PostParams::default();
    operator.stop().await?;

    let error = api
        .create(&pp, &database("refused", Engine::Postgres, 10))
        .await
        .unwrap_err();
    let message = error.to_string();
    // Refused for the webhook's failure: no server on the port, or (when the
    // API server still held a kept-alive connection to the stopped server)
    // the connection broken under its request, which Go's client does not
    // retry for a POST.
    assert!(
        message.contains("failed calling webhook \"mdatabase-v1alpha1.kb.io\"")
            && [
                "connection refused",
                "broken pipe",
                "connection reset",
                "EOF"
            ]
            .iter()
            .any(|cause| message.contains(cause)),
        "{message}"
    );

    // Ignore: the mutating webhook's failure is ignored (the validating one,
    // still Fail, is removed so that only the policy under test decides).
    for webhook in mutating.webhooks.iter_mut().flatten() {
        webhook.failure_policy = Some("Ignore".to_owned());
    }
    apply(&client, &mutating).await?;
    let validating: Api<ValidatingWebhookConfiguration> = Api::all(client.clone());
    validating
        .delete(
            &format!("{}-validating-webhook-configuration", ns.name()),
            &DeleteParams::default(),
        )
        .await?;
    let admitted = tokio::time::timeout(WAIT, async {
        loop {
            match api
                .create(&pp, &database("admitted", Engine::Postgres, 10))
                .await
            {
                Ok(db) => return db,
                Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
            }
        }
    })
    .await
    .context("never admitted with failurePolicy Ignore")?;
    assert_eq!(admitted.spec.port, None, "admitted without the defaults");
    Ok(())
}

#[tokio::test]
async fn a_certificate_rotated_while_the_server_runs_is_served_to_the_api_server() -> Result<()> {
    let (client, ns) = setup("webhook-rotation").await?;
    let operator = Operator::start(&client).await?;
    let (mut mutating, mut validating) = install_webhooks(&client, ns.name(), &operator).await?;
    let api: Api<Database> = Api::namespaced(client.clone(), ns.name());

    // A new certificate from another CA, written while the server runs.
    let rotated = certificate()?;
    write_certificate(operator.dir.path(), &rotated)?;
    tokio::time::timeout(WAIT, async {
        loop {
            if trusts(operator.addr, &rotated.cert).await {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await
    .context("the server never presented the rotated certificate")?;
    // The API server trusts only the new CA now; it can call the webhooks
    // only if the server presents the new certificate (failurePolicy Fail).
    mutating.set_ca_bundle(rotated.cert.as_bytes());
    validating.set_ca_bundle(rotated.cert.as_bytes());
    apply(&client, &mutating).await?;
    apply(&client, &validating).await?;
    let defaulted = tokio::time::timeout(WAIT, async {
        loop {
            match api
                .create(
                    &PostParams::default(),
                    &database("after-rotation", Engine::Mysql, 10),
                )
                .await
            {
                Ok(db) => return db,
                // Until the API server rebuilds its client for the new caBundle.
                Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
            }
        }
    })
    .await
    .context("the API server never reached the server with the rotated certificate")?;
    assert_eq!(
        defaulted.spec.port,
        Some(k8s_openapi::apimachinery::pkg::util::intstr::IntOrString::Int(3306))
    );
    assert!(
        operator
            .metrics
            .render()
            .contains("certwatcher_read_certificate_errors_total 0")
    );
    Ok(())
}

/// Whether a TLS connection trusting only `ca` succeeds.
async fn trusts(addr: SocketAddr, ca: &str) -> bool {
    use rustls_pki_types::pem::PemObject;
    let mut roots = tokio_rustls::rustls::RootCertStore::empty();
    for cert in rustls_pki_types::CertificateDer::pem_slice_iter(ca.as_bytes()).flatten() {
        let _ = roots.add(cert);
    }
    let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let Ok(config) = tokio_rustls::rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
    else {
        return false;
    };
    let config = config.with_root_certificates(roots).with_no_client_auth();
    let Ok(tcp) = tokio::net::TcpStream::connect(addr).await else {
        return false;
    };
    let name = rustls_pki_types::ServerName::try_from("127.0.0.1").expect("an IP");
    tokio_rustls::TlsConnector::from(Arc::new(config))
        .connect(name, tcp)
        .await
        .is_ok()
}

#[tokio::test]
async fn conversion_is_served_on_the_admission_port() -> Result<()> {
    let client = envtest::client().await?;
    let operator = Operator::start(&client).await?;
    let mut crd = fixture_generated::crds::custom_resource_definitions()?
        .into_iter()
        .find(|c| c.spec.names.kind == "CronTab")
        .context("no CronTab CRD")?;
    kube_codegen_conversion::set_url(&mut crd, &format!("{}/convert", operator.url()))?;
    kube_codegen_conversion::set_ca_bundle(&mut crd, operator.certificate.cert.as_bytes())?;
    crds::install(&client, [crd]).await?;
    let ns = envtest::ns("webhook-conversion").await?;
    let clientset = fixture_generated::clientset::Clientset::new(client.clone());
    use fixture_generated::clientset::Interface as _;
    let beta = clientset.batch_v1beta1().cron_tabs(ns.name());
    let v1 = clientset.batch_v1().cron_tabs(ns.name());
    beta.create(
        &PostParams::default(),
        &batch_v1beta1::CronTab {
            metadata: ObjectMeta {
                name: Some("nightly".to_owned()),
                ..ObjectMeta::default()
            },
            spec: batch_v1beta1::CronTabSpec {
                cron_spec: "0 3 * * *".to_owned(),
                image: "busybox:1.36".to_owned(),
                replicas: Some(2),
            },
        },
    )
    .await?;
    let stored: batch_v1::CronTab = v1.get("nightly").await?;
    assert_eq!(stored.spec.schedule, "0 3 * * *");
    let metrics = operator.metrics.render();
    assert!(
        metrics.contains(
            "controller_runtime_webhook_requests_total{code=\"200\",webhook=\"/convert\"}"
        ),
        "{metrics}"
    );
    assert!(
        !metrics.contains(
            "controller_runtime_webhook_requests_total{code=\"200\",webhook=\"/convert\"} 0"
        ),
        "{metrics}"
    );
    Ok(())
}

/// What one request came to, comparably: the stored spec and labels, or the
/// error's code, reason, message and causes; and the warnings.
#[derive(Debug, PartialEq)]
struct Outcome {
    result: Value,
    warnings: Vec<String>,
}

fn outcome<T: serde::Serialize>(
    result: kube_codegen_runtime::Result<T>,
    warnings: Vec<String>,
) -> Outcome {
    let result = match result {
        Ok(object) => {
            let object = serde_json::to_value(object).expect("serializes");
            json!({"spec": object["spec"], "labels": object["metadata"]["labels"]})
        }
        Err(error) => match error.status() {
            Some(status) => json!({
                "code": status.code,
                "reason": status.reason,
                "message": status.message,
                "causes": status.details.as_ref().map(|d| serde_json::to_value(&d.causes).expect("serializes")),
            }),
            None => json!({"error": error.to_string()}),
        },
    };
    Outcome { result, warnings }
}

/// The same requests through `clients` (the real server's or the fake's),
/// each with the warnings it got.
async fn run_cases<C: Interface>(
    clients: &C,
    ns: &str,
    warnings: impl Fn() -> Vec<String>,
) -> Vec<(&'static str, Outcome)> {
    let dbs = clients.resource::<Database>(ns);
    let pp = PostParams::default();
    let dry = PostParams {
        dry_run: true,
        ..PostParams::default()
    };
    let mut outcomes = Vec::new();
    let mut record = |case, outcome| outcomes.push((case, outcome));
    record(
        "create, defaulted",
        outcome(
            dbs.create(&pp, &database("alpha", Engine::Postgres, 10))
                .await,
            warnings(),
        ),
    );
    let mut bad = database("bad", Engine::Mysql, 2000);
    bad.spec.backup_window = "late".to_owned();
    record(
        "create, two causes and a warning",
        outcome(dbs.create(&pp, &bad).await, warnings()),
    );
    record(
        "create, warned",
        outcome(
            dbs.create(&pp, &database("beta", Engine::Mysql, 20)).await,
            warnings(),
        ),
    );
    let alpha = dbs.get("alpha").await;
    if let Ok(alpha) = alpha {
        let mut engine = alpha.clone();
        engine.spec.engine = Engine::Mysql;
        record(
            "update, engine forbidden",
            outcome(dbs.update(&pp, &engine).await, warnings()),
        );
        let mut bigger = alpha.clone();
        bigger.spec.storage_gib = 30;
        bigger.spec.port = None;
        record(
            "update, defaulted again",
            outcome(dbs.update(&pp, &bigger).await, warnings()),
        );
    }
    let patch = Patch::Merge(json!({"spec": {"backupWindow": "never"}}));
    record(
        "patch, invalid",
        outcome(
            dbs.patch("beta", &PatchParams::default(), &patch).await,
            warnings(),
        ),
    );
    record(
        "dry-run create",
        outcome(
            dbs.create(&dry, &database("draft", Engine::Postgres, 10))
                .await,
            warnings(),
        ),
    );
    record(
        "dry run stored nothing",
        outcome(dbs.get("draft").await, warnings()),
    );
    let mut kept = database("kept", Engine::Postgres, 10);
    kept.metadata.labels = Some([(PROTECTED.to_owned(), "yes".to_owned())].into());
    record(
        "create, protected",
        outcome(dbs.create(&pp, &kept).await, warnings()),
    );
    record(
        "delete, denied",
        outcome(
            dbs.delete("kept", &DeleteParams::default())
                .await
                .map(|_| ()),
            warnings(),
        ),
    );
    record(
        "delete, admitted",
        outcome(
            dbs.delete("beta", &DeleteParams::default())
                .await
                .map(|_| ()),
            warnings(),
        ),
    );
    outcomes
}

#[tokio::test]
async fn the_fake_answers_as_the_api_server_with_the_same_webhooks() -> Result<()> {
    let (client, ns) = setup("webhook-differential").await?;
    let operator = Operator::start(&client).await?;
    install_webhooks(&client, ns.name(), &operator).await?;
    let seen = Warnings::default();
    let real = kube_codegen_runtime::Clientset::new(warning_client(&seen).await?);
    seen.take();
    let on_server = run_cases(&real, ns.name(), || seen.take()).await;

    // The fake, with the CRD (pruning, defaults, schema validation) and the
    // same webhooks, as a unit test would set it up.
    let fake = fake::Clientset::default().with_crds(fixture_generated::crds::all());
    let databases = Databases::default();
    database::webhook(&databases).install(&fake);
    let on_fake = run_cases(&fake, ns.name(), || {
        let warnings = fake.warnings();
        fake.clear_warnings();
        warnings
    })
    .await;

    assert_eq!(on_server.len(), on_fake.len());
    for ((case, server), (_, fake)) in on_server.iter().zip(&on_fake) {
        assert_eq!(server, fake, "{case}: the API server and the fake differ");
    }
    // Not vacuous: the cases cover a default, denials with causes, warnings.
    let text = format!("{on_server:?}");
    for needle in [
        "5432",
        "FieldValueInvalid",
        "FieldValueForbidden",
        "mysql is deprecated",
        "is protected",
        "NotFound",
    ] {
        assert!(text.contains(needle), "{needle} in {text}");
    }
    Ok(())
}

/// Refuses a Database while its namespace holds a ConfigMap named
/// `frozen`, which it reads from the manager's cache (a lister), as a
/// webhook that looks at other objects does.
struct Freeze {
    config_maps: kube_codegen_runtime::listers::Lister<ConfigMap>,
}

impl Validator<Database> for Freeze {
    async fn validate_create(
        &self,
        request: &Request<'_>,
        _: &Database,
    ) -> Result<webhook::Warnings, Denied> {
        let ns = request.namespace().unwrap_or_default();
        if self.config_maps.namespace(ns).get("frozen").is_some() {
            return Err(Denied::new(format!("namespace {ns} is frozen")));
        }
        Ok(webhook::Warnings::new())
    }

    async fn validate_update(
        &self,
        request: &Request<'_>,
        _: &Database,
        new: &Database,
    ) -> Result<webhook::Warnings, Denied> {
        self.validate_create(request, new).await
    }
}

/// A manager with leader election on `lease` in `ns`, serving [`Freeze`] on
/// a loopback port with the certificate in `dir`; its webhook URL, metrics
/// and stop.
async fn freeze_replica(
    client: &Client,
    ns: &str,
    identity: &str,
    dir: &Path,
) -> Result<(String, Metrics, CancellationToken)> {
    let port = free_port()?;
    let config = kube_codegen_manager::Config {
        identity: identity.to_owned(),
        leader_election: Some(kube_codegen_manager::LeaderElection {
            lease_duration: Duration::from_secs(4),
            renew_deadline: Duration::from_secs(2),
            retry_period: Duration::from_millis(500),
            ..kube_codegen_manager::LeaderElection::new("freeze-operator", ns)
        }),
        webhook: Options {
            host: "127.0.0.1".parse()?,
            port,
            cert_dir: dir.to_owned(),
            ..Options::default()
        },
        ..kube_codegen_manager::Config::default()
    };
    let mut manager = Manager::new(client.clone(), "freeze-operator", config);
    let config_maps = manager.cache::<ConfigMap>().lister();
    manager.webhook(Webhook::<Database>::new().validator(Freeze { config_maps }));
    let (health, metrics) = (manager.health(), manager.metrics());
    let stop = CancellationToken::new();
    let done = stop.clone();
    tokio::spawn(manager.run(async move { done.cancelled().await }));
    tokio::time::timeout(WAIT, async {
        while !health.is_ready() {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .context("the replica's /readyz never passed")?;
    Ok((format!("https://127.0.0.1:{port}"), metrics, stop))
}

/// A webhook on a standby replica reads listers as on the leader: every
/// replica runs the caches (controller-runtime's behaviour), leader election
/// gates only the controllers.
#[tokio::test]
async fn a_webhook_on_a_standby_replica_sees_the_cache() -> Result<()> {
    let (client, ns) = setup("webhook-standby").await?;
    let ns = ns.name().to_owned();
    let dir = tempfile::tempdir()?;
    let certificate = certificate()?;
    write_certificate(dir.path(), &certificate)?;
    let (_, leader, leader_stop) = freeze_replica(&client, &ns, "replica-a", dir.path()).await?;
    tokio::time::timeout(WAIT, async {
        while !leader.is_leader() {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await
    .context("replica-a never led")?;
    // The standby is ready (its caches synced) while replica-a leads.
    let (standby_url, standby, standby_stop) =
        freeze_replica(&client, &ns, "replica-b", dir.path()).await?;
    ensure!(!standby.is_leader(), "replica-b leads");

    // Only the standby is called.
    let path = kube_codegen_manager::webhook::validate_path::<Database>();
    let configuration: ValidatingWebhookConfiguration = serde_json::from_value(json!({
        "metadata": {"name": format!("{ns}-freeze")},
        "webhooks": [{
            "name": "vdatabase-v1alpha1.kb.io",
            "admissionReviewVersions": ["v1"],
            "sideEffects": "None",
            "failurePolicy": "Fail",
            "clientConfig": {"url": format!("{standby_url}{path}")},
            "namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": ns}},
            "rules": [{
                "apiGroups": ["infra.fixture.example.com"],
                "apiVersions": ["v1alpha1"],
                "operations": ["CREATE", "UPDATE"],
                "resources": ["databases"],
            }],
        }],
    }))?;
    let mut configuration = configuration;
    configuration.set_ca_bundle(certificate.cert.as_bytes());
    apply(&client, &configuration).await?;

    let config_maps: Api<ConfigMap> = Api::namespaced(client.clone(), &ns);
    config_maps
        .create(
            &PostParams::default(),
            &ConfigMap {
                metadata: ObjectMeta {
                    name: Some("frozen".to_owned()),
                    ..ObjectMeta::default()
                },
                ..ConfigMap::default()
            },
        )
        .await?;
    // The standby's cache gets the ConfigMap, and its webhook refuses.
    let databases: Api<Database> = Api::namespaced(client.clone(), &ns);
    let message = tokio::time::timeout(WAIT, async {
        loop {
            match databases
                .create(
                    &PostParams::default(),
                    &database("one", Engine::Postgres, 10),
                )
                .await
            {
                Err(kube::Error::Api(status)) if status.message.contains("is frozen") => {
                    return status.message;
                }
                Ok(_) => {
                    databases.delete("one", &DeleteParams::default()).await.ok();
                }
                Err(_) => {}
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    })
    .await
    .context("the standby's webhook never saw the ConfigMap in its cache")?;
    assert_eq!(
        message,
        format!(
            "admission webhook \"vdatabase-v1alpha1.kb.io\" denied the request: namespace {ns} is frozen"
        )
    );
    ensure!(!standby.is_leader(), "replica-b took the lead");
    // Unfrozen: the standby's cache drops it, and the same create passes.
    config_maps
        .delete("frozen", &DeleteParams::default())
        .await?;
    tokio::time::timeout(WAIT, async {
        while databases
            .create(
                &PostParams::default(),
                &database("two", Engine::Postgres, 10),
            )
            .await
            .is_err()
        {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    })
    .await
    .context("the standby's cache never saw the ConfigMap deleted")?;
    let api: Api<ValidatingWebhookConfiguration> = Api::all(client.clone());
    api.delete(&format!("{ns}-freeze"), &DeleteParams::default())
        .await?;
    standby_stop.cancel();
    leader_stop.cancel();
    Ok(())
}
