//! SIGTERM to an operator process in the middle of a reconcile, with its
//! validating webhook configured on the API server (`failurePolicy: Fail`):
//! the reconcile in flight finishes, the webhook keeps answering the API
//! server while the controllers drain, the process exits 0. A second SIGTERM
//! ends it within a second, whatever is in flight.

use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result, ensure};
use k8s_openapi::api::admissionregistration::v1::ValidatingWebhookConfiguration;
use k8s_openapi::api::core::v1::ConfigMap;
use kube::api::{Api, DeleteParams, ObjectMeta, Patch, PatchParams, PostParams};
use kube::{Client, ResourceExt};

use super::support::{self, record, secs};
use crate::apps::{self, TIMEOUT, eventually};

const LABEL: &str = "faults.e2e/operator";

/// A free loopback port.
fn free_port() -> Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

/// The fault operator as a process, with its webhook certificate for
/// 127.0.0.1 in `dir` (`tls.crt`, `tls.key`); its CA bundle.
struct Operator {
    child: tokio::process::Child,
    health: u16,
    log: tempfile::NamedTempFile,
    _dir: tempfile::TempDir,
}

impl Operator {
    /// Starts it on `ns`, its webhook on `webhook_port`; waits for `/readyz`.
    async fn start(
        ns: &str,
        webhook_port: u16,
        certificate: &(String, String),
    ) -> Result<Operator> {
        let dir = tempfile::tempdir()?;
        std::fs::write(dir.path().join("tls.crt"), &certificate.0)?;
        std::fs::write(dir.path().join("tls.key"), &certificate.1)?;
        let health = free_port()?;
        let kubeconfig = e2e::shared()?.kubeconfig().context("no kubeconfig")?;
        let log = tempfile::NamedTempFile::new()?;
        let child = tokio::process::Command::new(env!("CARGO_BIN_EXE_fault-operator"))
            .arg(format!("--kubeconfig={}", kubeconfig.display()))
            .arg(format!("--namespace={ns}"))
            .arg(format!("--health-probe-bind-address=127.0.0.1:{health}"))
            .args(["--webhook-host=127.0.0.1", "--identity=shutdown"])
            .arg(format!("--webhook-port={webhook_port}"))
            .arg(format!("--webhook-cert-path={}", dir.path().display()))
            .args(["--shutdown-timeout=30s", "--log-format=json"])
            .stdout(Stdio::null())
            .stderr(log.reopen()?)
            .kill_on_drop(true)
            .spawn()?;
        let operator = Operator {
            child,
            health,
            log,
            _dir: dir,
        };
        eventually("the operator's /readyz", TIMEOUT, || async {
            Ok(matches!(
                apps::http_get(operator.health, "/readyz").await,
                Ok((200, _))
            )
            .then_some(()))
        })
        .await?;
        Ok(operator)
    }

    fn pid(&self) -> Result<u32> {
        self.child.id().context("the operator has exited")
    }

    /// Its log messages, in order.
    fn messages(&self) -> Result<Vec<String>> {
        Ok(std::fs::read_to_string(self.log.path())?
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter_map(|l| l["message"].as_str().map(str::to_owned))
            .collect())
    }
}

/// A self-signed certificate for 127.0.0.1: (certificate PEM, key PEM).
fn certificate() -> Result<(String, String)> {
    let key = rcgen::KeyPair::generate()?;
    let cert = rcgen::CertificateParams::new(vec!["127.0.0.1".to_owned()])?.self_signed(&key)?;
    Ok((cert.pem(), key.serialize_pem()))
}

/// The operator's webhook for ConfigMaps of `ns`, `failurePolicy: Fail`.
async fn install_webhook(client: &Client, ns: &str, port: u16, ca: &str) -> Result<()> {
    let configuration: ValidatingWebhookConfiguration = serde_json::from_value(
        serde_json::json!({
            "metadata": {"name": format!("faults-{ns}")},
            "webhooks": [{
                "name": "vconfigmap.faults.e2e",
                "clientConfig": {
                    "url": format!("https://127.0.0.1:{port}/validate--v1-configmap"),
                    "caBundle": k8s_openapi::ByteString(ca.as_bytes().to_vec()),
                },
                "rules": [{"apiGroups": [""], "apiVersions": ["v1"], "operations": ["CREATE", "UPDATE"], "resources": ["configmaps"]}],
                "namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": ns}},
                "objectSelector": {"matchExpressions": [{"key": LABEL, "operator": "Exists"}]},
                "failurePolicy": "Fail",
                "sideEffects": "None",
                "admissionReviewVersions": ["v1"],
                "timeoutSeconds": 5,
            }],
        }),
    )?;
    Api::<ValidatingWebhookConfiguration>::all(client.clone())
        .patch(
            &configuration.name_any(),
            &PatchParams::apply("faults").force(),
            &Patch::Apply(&configuration),
        )
        .await?;
    Ok(())
}

fn config_map(name: &str, sleep_ms: Option<u64>, deny: bool) -> ConfigMap {
    let mut map = ConfigMap {
        metadata: ObjectMeta {
            name: Some(name.to_owned()),
            labels: Some([(LABEL.to_owned(), "shutdown".to_owned())].into()),
            ..ObjectMeta::default()
        },
        ..ConfigMap::default()
    };
    if let Some(ms) = sleep_ms {
        map.metadata.annotations = Some([("faults.e2e/sleep".to_owned(), ms.to_string())].into());
    }
    if deny {
        map.data = Some([("deny".to_owned(), "yes".to_owned())].into());
    }
    map
}

/// Whether the webhook refused the create (its message), or it went through.
async fn create(maps: &Api<ConfigMap>, map: &ConfigMap) -> Result<Option<String>> {
    match maps.create(&PostParams::default(), map).await {
        Ok(_) => Ok(None),
        Err(kube::Error::Api(status)) if status.message.contains("denies it") => {
            Ok(Some(status.message.clone()))
        }
        Err(error) => Err(error.into()),
    }
}

/// Waits until `map`'s reconcile is under way (its finalizer is on: the
/// reconcile after that is the one that sleeps).
async fn in_flight(maps: &Api<ConfigMap>, name: &str) -> Result<()> {
    eventually("the slow reconcile to start", TIMEOUT, || async {
        let map = maps.get(name).await?;
        Ok(map
            .finalizers()
            .iter()
            .any(|f| f == "faults.e2e/cleanup")
            .then_some(()))
    })
    .await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    Ok(())
}

#[tokio::test]
async fn sigterm_drains_in_flight_work_while_the_webhook_answers_and_a_second_one_exits_at_once()
-> Result<()> {
    let _faults = support::shared().await;
    let (client, ns) = support::setup("faults-shutdown").await?;
    let ns = ns.name().to_owned();
    let maps: Api<ConfigMap> = Api::namespaced(client.clone(), &ns);
    let certificate = certificate()?;
    let port = free_port()?;
    install_webhook(&client, &ns, port, &certificate.0).await?;
    let result = drain_then_exit(&maps, &ns, port, &certificate).await;
    Api::<ValidatingWebhookConfiguration>::all(client.clone())
        .delete(&format!("faults-{ns}"), &DeleteParams::default())
        .await?;
    result
}

async fn drain_then_exit(
    maps: &Api<ConfigMap>,
    ns: &str,
    port: u16,
    certificate: &(String, String),
) -> Result<()> {
    // One SIGTERM: the slow reconcile finishes, the webhook answers meanwhile.
    let mut operator = Operator::start(ns, port, certificate).await?;
    let mut probe = 0;
    eventually("the webhook to refuse", TIMEOUT, || {
        probe += 1;
        let map = config_map(&format!("probe-{probe}"), None, true);
        async move { create(maps, &map).await }
    })
    .await?;
    maps.create(
        &PostParams::default(),
        &config_map("slow", Some(4000), false),
    )
    .await?;
    in_flight(maps, "slow").await?;
    let signalled = Instant::now();
    apps::signal(operator.pid()?, "TERM")?;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let refused = create(maps, &config_map("during-deny", None, true)).await?;
    let admitted = create(maps, &config_map("during-ok", None, false)).await?;
    let exit = tokio::time::timeout(Duration::from_secs(30), operator.child.wait())
        .await
        .context("no exit within 30 s of SIGTERM")??;
    let drained = signalled.elapsed();
    let slow = maps.get("slow").await?;
    let messages = operator.messages()?;
    ensure!(exit.success(), "exit status {exit}; log: {messages:?}");
    ensure!(
        slow.annotations().contains_key("faults.e2e/reconciled"),
        "the reconcile in flight did not finish"
    );
    ensure!(
        refused.is_some(),
        "the webhook did not answer during the drain (a denial went through)"
    );
    ensure!(
        admitted.is_none(),
        "a valid ConfigMap was refused during the drain"
    );
    let order = ["shutdown requested", "stopped"];
    let at: Vec<Option<usize>> = order
        .iter()
        .map(|m| messages.iter().position(|l| l == m))
        .collect();
    ensure!(
        at.iter().all(Option::is_some) && at[0] < at[1],
        "log order: {messages:?}"
    );

    // Two SIGTERMs: the second ends it at once, work in flight or not.
    let mut operator = Operator::start(ns, port, certificate).await?;
    maps.create(
        &PostParams::default(),
        &config_map("slower", Some(20_000), false),
    )
    .await?;
    in_flight(maps, "slower").await?;
    let pid = operator.pid()?;
    apps::signal(pid, "TERM")?;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let second = Instant::now();
    apps::signal(pid, "TERM")?;
    let exit = tokio::time::timeout(Duration::from_secs(5), operator.child.wait())
        .await
        .context("no exit within 5 s of a second SIGTERM")??;
    let after_second = second.elapsed();
    record(
        "SIGTERM mid-reconcile, then a second SIGTERM",
        &format!(
            "one SIGTERM: the 4 s reconcile in flight finished, the webhook answered during the drain, exit 0 {} after the signal; a second SIGTERM: exit ({exit}) {:.0} ms after it",
            secs(drained),
            after_second.as_secs_f64() * 1000.0
        ),
    );
    ensure!(
        after_second <= Duration::from_secs(1),
        "exit {after_second:?} after the second SIGTERM"
    );
    ensure!(
        !exit.success(),
        "a second SIGTERM is not a clean stop: {exit}"
    );
    Ok(())
}
