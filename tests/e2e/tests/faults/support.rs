//! What the fault scenarios share: one control-plane fault at a time, App
//! controller replicas (each behind its own proxy when a scenario cuts it
//! off), the Lease, caches compared with a fresh LIST, and the figures each
//! scenario measures (printed, and appended to
//! `target/tmp/faults-figures.txt` for the book's reliability table, docs/src/reliability.md).

use std::collections::BTreeMap;
use std::io::Write as _;
use std::time::Duration;

use anyhow::{Context, Result, ensure};
use controller::{Config, LeaderElection};
use e2e::proxy::{self, Proxy};
use generated::apis::myapp::v1::App;
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::coordination::v1::{Lease, LeaseSpec};
use k8s_openapi::api::core::v1::Service;
use kube::api::{Api, ListParams};
use kube::{Client, Resource, ResourceExt};
use kube_codegen_runtime::listers::Lister;
use kube_codegen_runtime::selector::LabelSelector;
use tokio::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

use crate::apps::{self, Running, TIMEOUT, eventually};

/// Scenarios that kill a part of the control plane run alone; the others
/// (which cut off only their own clients) run together.
static CONTROL_PLANE: RwLock<()> = RwLock::const_new(());

/// For a scenario that breaks the control plane itself.
pub async fn exclusive() -> RwLockWriteGuard<'static, ()> {
    CONTROL_PLANE.write().await
}

/// For a scenario that breaks only its own clients.
pub async fn shared() -> RwLockReadGuard<'static, ()> {
    CONTROL_PLANE.read().await
}

/// Prints a scenario's figures and appends them to the figures file.
pub fn record(scenario: &str, figures: &str) {
    let line = format!("{scenario} | {figures}");
    eprintln!("faults: {line}");
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("faults-figures.txt");
    if let Ok(mut file) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    {
        let _ = writeln!(file, "{line}");
    }
}

/// The admin client, the CRDs installed, and a fresh namespace.
pub async fn setup(prefix: &str) -> Result<(Client, e2e::TestNamespace)> {
    if std::env::var_os("RUST_LOG").is_some() {
        kube_codegen_manager::logging::init(kube_codegen_manager::logging::LogFormat::Text);
    }
    control_plane().await?;
    let client = e2e::client().await?;
    apps::install_crds(&client).await?;
    let ns = e2e::ns(prefix).await?;
    Ok((client, ns))
}

/// The shared control plane (local: the faults need its processes). Its API
/// server serves ConfigMap watches from etcd, without its watch cache
/// (`--watch-cache-sizes=configmaps#0`), so compacting etcd expires them.
pub async fn control_plane() -> Result<&'static e2e::ControlPlane> {
    let options = e2e::StartOptions {
        apiserver_args: vec!["--watch-cache-sizes=configmaps#0".to_owned()],
        ..e2e::StartOptions::default()
    };
    let cp = tokio::task::spawn_blocking(move || e2e::shared_with(&options)).await??;
    ensure!(
        cp.is_local(),
        "fault scenarios need the local control plane"
    );
    Ok(cp)
}

/// Lease durations of the fault scenarios: shorter than controller-runtime's
/// 15 s / 10 s / 2 s, so a takeover costs seconds of CI, not tens; the same
/// proportions, and the same 3 s margin between a short outage and the
/// renew deadline (less one retry period) as the 15 s Lease had with a 5 s
/// outage. The long runs at the product's defaults are `--ignored` ones.
pub const LEASE_DURATION: Duration = Duration::from_secs(8);
/// See [`LEASE_DURATION`].
pub const RENEW_DEADLINE: Duration = Duration::from_secs(6);
/// See [`LEASE_DURATION`].
pub const RETRY_PERIOD: Duration = Duration::from_secs(1);

/// The Lease of the App controller in `ns`, with the scenarios' durations.
pub fn election(ns: &str) -> LeaderElection {
    LeaderElection {
        lease_duration: LEASE_DURATION,
        renew_deadline: RENEW_DEADLINE,
        retry_period: RETRY_PERIOD,
        ..LeaderElection::new("app-controller", ns)
    }
}

/// The same durations as `app-controller` flags.
pub fn election_args() -> [String; 3] {
    [
        format!(
            "--leader-elect-lease-duration={}s",
            LEASE_DURATION.as_secs()
        ),
        format!(
            "--leader-elect-renew-deadline={}s",
            RENEW_DEADLINE.as_secs()
        ),
        format!("--leader-elect-retry-period={}s", RETRY_PERIOD.as_secs()),
    ]
}

/// A replica's settings: `ns` only, quick retries, `election`.
pub fn replica_config(ns: &str, identity: &str, election: Option<LeaderElection>) -> Config {
    Config {
        namespace: Some(ns.to_owned()),
        workers: 4,
        resync: Duration::from_secs(300),
        backoff_base: Duration::from_millis(50),
        backoff_max: Duration::from_secs(2),
        leader_election: election,
        identity: identity.to_owned(),
        shutdown_timeout: Duration::from_secs(10),
        ..Config::default()
    }
}

/// An App controller replica in this process, reaching the API server
/// directly or through a proxy of its own.
pub struct Replica {
    /// The controller.
    pub running: Running,
    /// Its proxy, if it has one.
    pub proxy: Option<Proxy>,
}

impl Replica {
    /// Starts a replica named `identity` (its user agent says so too).
    pub async fn start(
        cp: &e2e::ControlPlane,
        ns: &str,
        identity: &str,
        election: Option<LeaderElection>,
        proxied: bool,
    ) -> Result<Replica> {
        let (kube_config, proxy) = if proxied {
            let proxy = Proxy::start(cp.apiserver_addr()?).await?;
            (
                proxy::kube_config(cp, proxy.addr(), identity).await?,
                Some(proxy),
            )
        } else {
            (proxy::admin_config(cp, identity).await?, None)
        };
        let running = apps::start_as(kube_config, replica_config(ns, identity, election)).await?;
        Ok(Replica { running, proxy })
    }

    /// Its identity.
    pub fn identity(&self) -> &str {
        &self.running.identity
    }

    /// Its proxy.
    pub fn proxy(&self) -> &Proxy {
        self.proxy.as_ref().expect("a replica started with a proxy")
    }
}

/// The Lease `name` in `ns`.
pub async fn lease(client: &Client, ns: &str, name: &str) -> Result<Option<LeaseSpec>> {
    Ok(Api::<Lease>::namespaced(client.clone(), ns)
        .get_opt(name)
        .await?
        .and_then(|l| l.spec))
}

/// Waits until exactly one of `replicas` leads; its index.
pub async fn one_leader(replicas: &[Replica]) -> Result<usize> {
    eventually("one leader", TIMEOUT, || async {
        let leaders: Vec<usize> = (0..replicas.len())
            .filter(|i| replicas[*i].running.metrics.is_leader())
            .collect();
        Ok((leaders.len() == 1).then(|| leaders[0]))
    })
    .await
}

/// `name → resourceVersion` of what a cache holds in `ns`.
fn cached<K: Resource>(lister: &Lister<K>, ns: &str) -> BTreeMap<String, String> {
    lister
        .namespace(ns)
        .list(&LabelSelector::everything())
        .iter()
        .map(|o| (o.name_any(), o.resource_version().unwrap_or_default()))
        .collect()
}

/// `name → resourceVersion` of a fresh LIST in `ns`.
async fn listed<K>(client: &Client, ns: &str) -> Result<BTreeMap<String, String>>
where
    K: Resource<Scope = k8s_openapi::NamespaceResourceScope, DynamicType = ()>
        + Clone
        + serde::de::DeserializeOwned
        + std::fmt::Debug,
{
    Ok(Api::<K>::namespaced(client.clone(), ns)
        .list(&ListParams::default())
        .await?
        .items
        .iter()
        .map(|o| (o.name_any(), o.resource_version().unwrap_or_default()))
        .collect())
}

/// Waits (a few seconds at most: watches deliver in milliseconds) until the
/// replica's caches of Apps, Deployments and Services equal a fresh LIST.
pub async fn caches_equal_a_fresh_list(client: &Client, ns: &str, replica: &Running) -> Result<()> {
    let mut last = String::new();
    for _ in 0..50 {
        let apps = (cached(&replica.apps, ns), listed::<App>(client, ns).await?);
        let deployments = (
            cached(&replica.deployments, ns),
            listed::<Deployment>(client, ns).await?,
        );
        let services = (
            cached(&replica.services, ns),
            listed::<Service>(client, ns).await?,
        );
        if apps.0 == apps.1 && deployments.0 == deployments.1 && services.0 == services.1 {
            return Ok(());
        }
        last = format!(
            "Apps cached {:?} listed {:?}; Deployments cached {:?} listed {:?}; Services cached {:?} listed {:?}",
            apps.0, apps.1, deployments.0, deployments.1, services.0, services.1
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    anyhow::bail!(
        "{}'s caches differ from a fresh LIST: {last}",
        replica.identity
    )
}

/// Creates the Apps `names` in `ns`.
pub async fn create_apps(client: &Client, ns: &str, names: &[String]) -> Result<()> {
    for name in names {
        apps::create_app(client, ns, &apps::app(name))
            .await
            .with_context(|| format!("creating App {name}"))?;
    }
    Ok(())
}

/// `<prefix>-0` .. `<prefix>-<n-1>`.
pub fn names(prefix: &str, n: usize) -> Vec<String> {
    (0..n).map(|i| format!("{prefix}-{i}")).collect()
}

/// Whether the API server answers `/readyz` with `ok`.
pub async fn apiserver_ready(client: &Client) -> bool {
    let Ok(request) = http::Request::get("/readyz").body(Vec::new()) else {
        return false;
    };
    matches!(
        tokio::time::timeout(Duration::from_secs(2), client.request_text(request)).await,
        Ok(Ok(text)) if text.trim() == "ok"
    )
}

/// A duration as seconds with one decimal.
pub fn secs(d: Duration) -> String {
    format!("{:.1} s", d.as_secs_f64())
}
