//! The App controller under load, next to its practical floor, the same work
//! done by a bare kube-runtime `Controller`, and Go's operators.
//!
//! For each N (default 100, 1000 and 10000; `CONTROLLER_BENCH_N=100,1000`),
//! `CONTROLLER_BENCH_RUNS` rounds (default 1) of the following, in turn, each
//! in a fresh namespace that is deleted, and waited for, before the next:
//!
//! 1. **manager**: N Apps are created, then the release-built
//!    `app-controller` binary starts (namespace-scoped,
//!    `CONTROLLER_BENCH_WORKERS` workers, default 8, no resync). Measured: time
//!    from its caches being synced (`/readyz`) to every App having its
//!    Deployment, its Service and a status for its current generation, seen on
//!    a watch the bench holds on the namespace (the moment is exact, and no
//!    polling lists load the API server); its CPU time until then
//!    (`/proc/<pid>/stat`); its API writes (`app_controller_api_writes_total`);
//!    its peak RSS (`VmHWM`).
//! 2. **kube-runtime**: the same Apps, converged by a bare kube-runtime
//!    `Controller` (this bench's binary run as a child process:
//!    `Controller::new(apps).owns(deployments).owns(services)`, children and
//!    status written by server-side apply as kube's examples do, the same
//!    desired objects and status, no events), `W` at once. Its time runs from
//!    its App cache being ready.
//! 3. **bare client**: a plain client makes the same 2N creates (the
//!    controller's own desired objects) and N status applies, `W` at a time,
//!    and nothing else, until the same watch shows every App done: the floor a
//!    controller could reach on this machine. Its CPU is this process's
//!    meanwhile (the writes and the watch).
//!
//! Each row prints the ratio of its convergence to the floor of the same
//! round; with several rounds, the median ratios follow.
//!
//! "RSS/App" is the peak RSS above the same binary's RSS with its caches
//! synced over an empty namespace, per App (its App, Deployment and Service
//! cached). With a Go toolchain (`hack/tools/go-operators.sh` builds and
//! caches them from the module proxy), the same is measured, once per N, for
//! **k8s.io/sample-controller** (N Foos, each a Deployment and a status; it
//! caches Foos and Deployments) and **kubebuilder's Getting Started Memcached
//! operator** (N Memcacheds, each a Deployment and an `Available` condition;
//! controller-runtime), both watching every namespace: their time runs from
//! their "Starting workers" log line. A last table gives each operator
//! binary's stripped size.
//!
//! `CONTROLLER_BENCH_GO=0` leaves the Go operators out,
//! `CONTROLLER_BENCH_KUBE_RUNTIME=0` the kube-runtime peer;
//! `CONTROLLER_BENCH_PERF=<dir>` records a CPU profile of the manager
//! (`perf record -g`, caches synced to convergence) into `<dir>/manager-<N>.data`.
//!
//! Run with `cargo bench -p e2e --bench controller` (uses the local control
//! plane of `hack/k8s/`, or `KUBE_CODEGEN_E2E_KUBECONFIG`). Not part of
//! `hack/test.sh`: N=10000 takes tens of minutes on two cores.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail, ensure};
use controller::validate::validate;
use controller::{desired, status};
use futures::{FutureExt, StreamExt, TryStreamExt};
use generated::apis::myapp::v1::{App, AppSpec, DeploymentSpec, ServiceSpec};
use generated::clientset::{ApplyParams, Clientset, Interface};
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::{Namespace, Service};
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::Client;
use kube::api::{
    Api, ApiResource, DeleteParams, DynamicObject, GroupVersionKind, ListParams, ObjectMeta, Patch,
    PatchParams, PostParams,
};
use serde_json::{Value, json};

/// The environment variable that makes this binary the kube-runtime peer.
const ROLE: &str = "CONTROLLER_BENCH_KUBE_RUNTIME_NAMESPACE";

fn app(i: usize) -> App {
    let name = format!("app-{i:05}");
    App {
        metadata: ObjectMeta {
            name: Some(name.clone()),
            ..ObjectMeta::default()
        },
        spec: AppSpec {
            deployment: DeploymentSpec {
                name: name.clone(),
                image: "nginx:1.27".into(),
                replicas: Some(1),
            },
            service: ServiceSpec { name },
        },
        status: None,
    }
}

/// What a peer reconciles: its primary kind, how to make object `i`, its
/// children's kinds, and when an object is done.
struct Workload {
    primary: ApiResource,
    make: fn(usize) -> Value,
    children: Vec<ApiResource>,
    /// Whether a primary object is converged, given the names of each child kind.
    done: fn(&DynamicObject, &[BTreeSet<String>]) -> bool,
}

fn resource(group: &str, version: &str, kind: &str, plural: &str) -> ApiResource {
    ApiResource::from_gvk_with_plural(&GroupVersionKind::gvk(group, version, kind), plural)
}

fn apps() -> Workload {
    Workload {
        primary: ApiResource::erase::<App>(&()),
        make: |i| serde_json::to_value(app(i)).unwrap_or_default(),
        children: vec![
            ApiResource::erase::<Deployment>(&()),
            ApiResource::erase::<Service>(&()),
        ],
        done: |app, children| {
            let spec = &app.data["spec"];
            let status = &app.data["status"];
            let named = |i: usize, field: &str| {
                spec[field]["name"]
                    .as_str()
                    .is_some_and(|name| children[i].contains(name))
            };
            named(0, "deployment")
                && named(1, "service")
                && status["observedGeneration"].as_i64() == app.metadata.generation
                && status["conditions"]
                    .as_array()
                    .is_some_and(|c| !c.is_empty())
        },
    }
}

/// k8s.io/sample-controller's Foo: a Deployment and `status.availableReplicas`.
fn foos() -> Workload {
    Workload {
        primary: resource("samplecontroller.k8s.io", "v1alpha1", "Foo", "foos"),
        make: |i| {
            json!({"apiVersion": "samplecontroller.k8s.io/v1alpha1", "kind": "Foo",
                   "metadata": {"name": format!("foo-{i:05}")},
                   "spec": {"deploymentName": format!("foo-{i:05}"), "replicas": 1}})
        },
        children: vec![ApiResource::erase::<Deployment>(&())],
        done: |object, children| {
            object.data["status"].is_object()
                && object.data["spec"]["deploymentName"]
                    .as_str()
                    .is_some_and(|name| children[0].contains(name))
        },
    }
}

/// kubebuilder's Getting Started Memcached: a Deployment and `Available=True`.
fn memcacheds() -> Workload {
    Workload {
        primary: resource("cache.example.com", "v1alpha1", "Memcached", "memcacheds"),
        make: |i| {
            json!({"apiVersion": "cache.example.com/v1alpha1", "kind": "Memcached",
                   "metadata": {"name": format!("memcached-{i:05}")},
                   "spec": {"size": 1}})
        },
        children: vec![ApiResource::erase::<Deployment>(&())],
        done: |memcached, children| {
            let name = memcached.metadata.name.as_deref().unwrap_or_default();
            children[0].contains(name)
                && memcached.data["status"]["conditions"]
                    .as_array()
                    .is_some_and(|conditions| {
                        conditions
                            .iter()
                            .any(|c| c["type"] == "Available" && c["status"] == "True")
                    })
        },
    }
}

/// Server-side applies `crd` and waits until its kind is served.
async fn install_crd(client: &Client, crd: &CustomResourceDefinition) -> Result<()> {
    let crds: Api<CustomResourceDefinition> = Api::all(client.clone());
    let name = crd.metadata.name.clone().context("CRD without name")?;
    crds.patch(
        &name,
        &PatchParams::apply("bench").force(),
        &Patch::Apply(crd),
    )
    .await?;
    let version = crd
        .spec
        .versions
        .iter()
        .find(|v| v.served)
        .context("no served version")?;
    let kind = &crd.spec.names;
    let served = resource(&crd.spec.group, &version.name, &kind.kind, &kind.plural);
    for _ in 0..300 {
        let api: Api<DynamicObject> = Api::all_with(client.clone(), &served);
        if api.list(&ListParams::default().limit(1)).await.is_ok() {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    bail!("{name} is not served")
}

/// Creates `n` objects of `workload` in `ns`, 32 at a time.
async fn create_all(client: &Client, ns: &str, workload: &Workload, n: usize) -> Result<()> {
    let api: Api<DynamicObject> = Api::namespaced_with(client.clone(), ns, &workload.primary);
    futures::stream::iter(0..n)
        .map(|i| {
            let api = api.clone();
            let object: DynamicObject = serde_json::from_value((workload.make)(i))?;
            Ok::<_, anyhow::Error>(async move {
                api.create(&PostParams::default(), &object).await?;
                Ok::<_, anyhow::Error>(())
            })
        })
        .try_buffer_unordered(32)
        .try_collect::<Vec<_>>()
        .await?;
    Ok(())
}

/// A fresh namespace (kept by the harness: [`delete_namespace`] removes it).
async fn fresh_namespace(prefix: &str) -> Result<String> {
    let mut ns = e2e::ns(prefix).await?;
    ns.keep();
    Ok(ns.name().to_owned())
}

/// Deletes `ns` and waits until it is gone with everything in it, so the next
/// run does not share the API server with its garbage collection.
async fn delete_namespace(client: &Client, ns: &str) -> Result<()> {
    let namespaces: Api<Namespace> = Api::all(client.clone());
    match namespaces.delete(ns, &DeleteParams::default()).await {
        Ok(_) | Err(kube::Error::Api(_)) => {}
        Err(error) => return Err(error.into()),
    }
    let deadline = Instant::now() + Duration::from_secs(1800);
    while namespaces.get_opt(ns).await?.is_some() {
        ensure!(
            Instant::now() < deadline,
            "namespace {ns} not gone after 30 minutes"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    Ok(())
}

/// Watches `ns` (the workload's primary kind and its children, each through
/// kube's reflector) until every one of its `n` primary objects is done, and
/// says when. Returns once its caches are synced; the handle resolves to the
/// moment of convergence, seen on the watch event that completed it.
async fn watch_convergence(
    client: &Client,
    ns: &str,
    workload: &Workload,
    n: usize,
) -> Result<tokio::task::JoinHandle<Result<Instant>>> {
    use kube::runtime::{WatchStreamExt, reflector, watcher};
    let config = watcher::Config::default();
    let mut stores = Vec::new();
    let mut streams = Vec::new();
    for resource in std::iter::once(&workload.primary).chain(&workload.children) {
        let writer = reflector::store::Writer::new(resource.clone());
        let store = writer.as_reader();
        let api: Api<DynamicObject> = Api::namespaced_with(client.clone(), ns, resource);
        streams.push(
            watcher(api, config.clone())
                .reflect(writer)
                .map_ok(drop)
                .boxed(),
        );
        stores.push(store);
    }
    let done = workload.done;
    // Nothing counts before every cache is synced (a store whose writer is
    // dropped before that would never be).
    let synced = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let converged = {
        let stores = stores.clone();
        let synced = Arc::clone(&synced);
        move || {
            if !synced.load(Ordering::Acquire) {
                return false;
            }
            let children: Vec<BTreeSet<String>> = stores[1..]
                .iter()
                .map(|s| {
                    s.state()
                        .iter()
                        .filter_map(|o| o.metadata.name.clone())
                        .collect()
                })
                .collect();
            let primary = stores[0].state();
            primary.len() == n && primary.iter().all(|o| done(o, &children))
        }
    };
    let mut streams = futures::stream::select_all(streams);
    let task = tokio::spawn(async move {
        while let Some(event) = streams.next().await {
            event.context("watching the bench namespace")?;
            if converged() {
                return Ok(Instant::now());
            }
        }
        bail!("the watch ended before convergence")
    });
    for store in &stores {
        tokio::time::timeout(Duration::from_secs(120), store.wait_until_ready())
            .await
            .context("the bench's watch did not sync")?
            .context("the bench's watch ended")?;
    }
    synced.store(true, Ordering::Release);
    Ok(task)
}

/// CPU time (user + system) of process `pid` so far (`/proc/<pid>/stat`).
fn cpu_time(pid: &str) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name (which may hold spaces), from field 3.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // USER_HZ is 100 on Linux on every architecture the control plane runs on.
    Some(Duration::from_millis(ticks * 10))
}

fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

fn build_release_binary() -> Result<PathBuf> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .current_dir(e2e::repo_root())
        .args([
            "build",
            "--release",
            "-p",
            "controller",
            "--bin",
            "app-controller",
            "--message-format=json",
        ])
        .stderr(Stdio::inherit())
        .output()?;
    ensure!(
        out.status.success(),
        "cargo build --release -p controller failed"
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|m| m["target"]["name"] == "app-controller")
        .filter_map(|m| m["executable"].as_str().map(PathBuf::from))
        .next_back()
        .context("no app-controller executable in cargo's output")
}

async fn http_get(port: u16, path: &str) -> Result<(u16, String)> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port)).await?;
    stream
        .write_all(
            format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes(),
        )
        .await?;
    let mut response = String::new();
    stream.read_to_string(&mut response).await?;
    let code = response
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    Ok((code, response))
}

/// The sum of the samples of `metric` whose labels contain `filter`, by the
/// value of `label`.
fn sum_by(metrics: &str, metric: &str, filter: &str, label: &str) -> BTreeMap<String, f64> {
    let mut out = BTreeMap::new();
    for line in metrics
        .lines()
        .filter(|l| l.starts_with(&format!("{metric}{{")) && l.contains(filter))
    {
        let key = line
            .split(&format!("{label}=\""))
            .nth(1)
            .and_then(|r| r.split('"').next())
            .unwrap_or_default();
        let value: f64 = line
            .rsplit(' ')
            .next()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0);
        *out.entry(key.to_owned()).or_default() += value;
    }
    out
}

/// How a peer process says its caches are synced.
enum Ready {
    /// `/readyz` answers 200 on this port.
    Http(u16),
    /// Its log (stdout and stderr) has this line.
    Log(&'static str),
}

/// One run of a controller process.
struct ProcessRun {
    startup: Duration,
    converge: Duration,
    /// CPU time from its start to convergence.
    cpu: Option<Duration>,
    /// Object writes and event writes per primary object, if it says.
    writes: Option<(f64, f64)>,
    peak_rss_kib: Option<u64>,
}

/// The command that runs a peer over a namespace, serving on a port.
type Command = Box<dyn Fn(&str, u16) -> tokio::process::Command>;

/// Object and event writes of a peer (from its metrics port, or its log).
type Writes = futures::future::BoxFuture<'static, Option<(f64, f64)>>;

/// A controller run as a process over `ns`.
struct Peer {
    name: String,
    /// The command for namespace `ns`, serving on `port`.
    command: Command,
    ready: fn(u16) -> Ready,
    /// Object and event writes, from `/metrics` (on `port`) or its log.
    writes: fn(u16, &str) -> Writes,
    workload: Workload,
    /// Profiled when `CONTROLLER_BENCH_PERF` is set.
    profile: bool,
}

fn free_port() -> Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

/// Runs `peer` over `n` objects (created before it starts) until they
/// converge; with `n` zero, until its caches are synced (its idle RSS).
async fn run_process(client: &Client, peer: &Peer, n: usize) -> Result<ProcessRun> {
    let ns = fresh_namespace("bench").await?;
    let result = run_process_in(client, peer, n, &ns).await;
    delete_namespace(client, &ns).await?;
    result
}

async fn run_process_in(client: &Client, peer: &Peer, n: usize, ns: &str) -> Result<ProcessRun> {
    create_all(client, ns, &peer.workload, n).await?;
    let convergence = match n {
        0 => None,
        _ => Some(watch_convergence(client, ns, &peer.workload, n).await?),
    };
    let port = free_port()?;
    let log = tempfile::NamedTempFile::new()?;
    let spawned = Instant::now();
    let mut child = (peer.command)(ns, port)
        .stdout(log.reopen()?)
        .stderr(log.reopen()?)
        .kill_on_drop(true)
        .spawn()
        .with_context(|| format!("starting {}", peer.name))?;
    let pid = child.id().context("no pid")?;
    let ready = (peer.ready)(port);
    loop {
        let is_ready = match &ready {
            Ready::Http(port) => matches!(http_get(*port, "/readyz").await, Ok((200, _))),
            Ready::Log(line) => std::fs::read_to_string(log.path())?.contains(line),
        };
        if is_ready {
            break;
        }
        if let Some(status) = child.try_wait()? {
            bail!(
                "{} exited ({status}):\n{}",
                peer.name,
                std::fs::read_to_string(log.path())?
            );
        }
        ensure!(
            spawned.elapsed() < Duration::from_secs(120),
            "{} did not get ready",
            peer.name
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let ready_at = Instant::now();
    // CONTROLLER_BENCH_PERF=<dir>: a CPU profile of the manager from its
    // caches synced to convergence (`perf record -g`), one file per N.
    let perf = match std::env::var_os("CONTROLLER_BENCH_PERF") {
        Some(dir) if n > 0 && peer.profile => Some(
            tokio::process::Command::new("perf")
                .args(["record", "-F", "499", "-g", "-p", &pid.to_string(), "-o"])
                .arg(Path::new(&dir).join(format!(
                    "{}-{n}.data",
                    peer.name.split(' ').next().unwrap_or("peer")
                )))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()?,
        ),
        _ => None,
    };
    let converged = match convergence {
        Some(convergence) => tokio::time::timeout(Duration::from_secs(3600), convergence)
            .await
            .context("no convergence within an hour")???,
        None => {
            // Idle: settle a moment with synced caches.
            tokio::time::sleep(Duration::from_secs(1)).await;
            Instant::now()
        }
    };
    if let Some(mut perf) = perf
        && let Some(perf_pid) = perf.id()
    {
        std::process::Command::new("kill")
            .args(["-INT", &perf_pid.to_string()])
            .status()?;
        perf.wait().await?;
    }
    let cpu = cpu_time(&pid.to_string());
    let peak_rss_kib = peak_rss_kib(pid);
    let writes = (peer.writes)(port, &std::fs::read_to_string(log.path())?).await;
    std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()?;
    let _ = tokio::time::timeout(Duration::from_secs(30), child.wait()).await;
    let per = |w: f64| w / n.max(1) as f64;
    Ok(ProcessRun {
        startup: ready_at - spawned,
        converge: converged.saturating_duration_since(ready_at),
        cpu,
        writes: writes.map(|(objects, events)| (per(objects), per(events))),
        peak_rss_kib,
    })
}

/// Object and event writes of the App controller (`app_controller_api_writes_total`).
fn app_controller_writes(port: u16, _log: &str) -> Writes {
    async move {
        let (_, metrics) = http_get(port, "/metrics").await.ok()?;
        let by = sum_by(&metrics, "app_controller_api_writes_total", "", "resource");
        let objects = ["apps", "deployments", "services"]
            .iter()
            .map(|r| by.get(*r).copied().unwrap_or(0.0))
            .sum();
        Some((objects, by.get("events").copied().unwrap_or(0.0)))
    }
    .boxed()
}

/// The kube-runtime peer's writes, from the line it prints when it stops.
fn kube_runtime_writes(_port: u16, log: &str) -> Writes {
    // It prints its count when it stops; until then, count from its log of writes.
    let writes = log.lines().filter(|l| l.starts_with("write ")).count() as f64;
    async move { Some((writes, 0.0)) }.boxed()
}

/// The Memcached operator's writes, from controller-runtime's
/// `rest_client_requests_total` (POST, PUT, PATCH, DELETE).
fn controller_runtime_writes(port: u16, _log: &str) -> Writes {
    async move {
        let (_, metrics) = http_get(port, "/metrics").await.ok()?;
        let by = sum_by(&metrics, "rest_client_requests_total", "", "method");
        let writes = ["POST", "PUT", "PATCH", "DELETE"]
            .iter()
            .map(|m| by.get(*m).copied().unwrap_or(0.0))
            .sum();
        Some((writes, 0.0))
    }
    .boxed()
}

fn no_writes(_port: u16, _log: &str) -> Writes {
    async { None }.boxed()
}

/// The same writes as the controller, by a plain client at the same concurrency:
/// how long they take and the CPU time this process spent meanwhile.
async fn run_bare(
    client: &Client,
    n: usize,
    concurrency: usize,
) -> Result<(Duration, Option<Duration>, u64)> {
    let ns = fresh_namespace("bench-bare").await?;
    let result = run_bare_in(client, n, concurrency, &ns).await;
    delete_namespace(client, &ns).await?;
    result
}

async fn run_bare_in(
    client: &Client,
    n: usize,
    concurrency: usize,
    ns: &str,
) -> Result<(Duration, Option<Duration>, u64)> {
    let workload = apps();
    create_all(client, ns, &workload, n).await?;
    let apps: Vec<App> = Api::<App>::namespaced(client.clone(), ns)
        .list(&ListParams::default())
        .await?
        .items;
    // The same watch as on the controller's namespace: the same load on the
    // API server, and the same moment of convergence.
    let convergence = watch_convergence(client, ns, &workload, n).await?;
    let clientset = Clientset::new(client.clone());
    let writes = Arc::new(AtomicU64::new(0));
    let cpu_before = cpu_time("self");
    let started = Instant::now();
    futures::stream::iter(apps)
        .map(|app| {
            let (client, clientset, ns) = (client.clone(), clientset.clone(), ns.to_owned());
            let writes = Arc::clone(&writes);
            async move {
                let valid = validate(&app).map_err(|e| anyhow::anyhow!("{e:?}"))?;
                let pp = kube_codegen_manager::apply::post_params(desired::FIELD_MANAGER);
                let deployments = Api::<Deployment>::namespaced(client.clone(), &ns);
                let services = Api::<Service>::namespaced(client.clone(), &ns);
                let (deployment, service) = (desired::deployment(&valid), desired::service(&valid));
                let (created, _) = futures::try_join!(
                    deployments.create(&pp, &deployment),
                    services.create(&pp, &service),
                )?;
                writes.fetch_add(2, Ordering::Relaxed);
                let readiness = status::deployment_readiness(&created);
                let next = status::next_status(
                    None,
                    app.metadata.generation.unwrap_or(0),
                    Some(status::available_replicas(&created)),
                    &readiness,
                    status::now(),
                );
                // The controller's status write: server-side apply of what it owns.
                let name = app.metadata.name.as_deref().unwrap_or_default();
                clientset
                    .myapp_v1()
                    .apps(&ns)
                    .apply_status_config(
                        &status::status_apply(name, &ns, &next),
                        &ApplyParams::new(desired::FIELD_MANAGER).force(),
                    )
                    .await?;
                writes.fetch_add(1, Ordering::Relaxed);
                Ok::<_, anyhow::Error>(())
            }
        })
        .buffer_unordered(concurrency)
        .try_collect::<Vec<_>>()
        .await?;
    let converged = tokio::time::timeout(Duration::from_secs(3600), convergence)
        .await
        .context("the bare client's writes did not show on the watch")???;
    let elapsed = converged.saturating_duration_since(started);
    let cpu = cpu_time("self")
        .zip(cpu_before)
        .map(|(after, before)| after - before);
    Ok((elapsed, cpu, writes.load(Ordering::Relaxed)))
}

/// The kube-runtime peer: this binary with [`ROLE`] set runs a bare
/// kube-runtime `Controller` for the Apps of one namespace until SIGTERM.
mod kube_runtime_peer {
    use super::*;
    use kube::runtime::controller::{Action, Config, Controller};
    use kube::runtime::watcher;

    struct Ctx {
        client: Client,
        clientset: Clientset,
        namespace: String,
        writes: AtomicU64,
    }

    #[derive(Debug, thiserror::Error)]
    enum Error {
        #[error(transparent)]
        Kube(#[from] kube::Error),
        #[error(transparent)]
        Runtime(#[from] generated::clientset::Error),
        #[error("invalid App: {0:?}")]
        Invalid(Vec<String>),
    }

    fn write(ctx: &Ctx, what: &str) {
        ctx.writes.fetch_add(1, Ordering::Relaxed);
        println!("write {what}");
    }

    /// kube's idiom: apply the children (server-side apply, forced) on every
    /// reconcile, and the status when it changed.
    async fn reconcile(app: Arc<App>, ctx: Arc<Ctx>) -> Result<Action, Error> {
        let valid = validate(&app).map_err(Error::Invalid)?;
        let ns = &ctx.namespace;
        let apply = PatchParams::apply(desired::FIELD_MANAGER).force();
        let deployment = desired::deployment(&valid);
        let service = desired::service(&valid);
        let deployments = Api::<Deployment>::namespaced(ctx.client.clone(), ns);
        let services = Api::<Service>::namespaced(ctx.client.clone(), ns);
        let (deployment, service) = (Patch::Apply(&deployment), Patch::Apply(&service));
        let (applied, _) = futures::try_join!(
            deployments.patch(valid.deployment_name, &apply, &deployment),
            services.patch(valid.service_name, &apply, &service),
        )?;
        write(&ctx, "deployment");
        write(&ctx, "service");
        let next = status::next_status(
            app.status.as_ref(),
            valid.generation,
            Some(status::available_replicas(&applied)),
            &status::deployment_readiness(&applied),
            status::now(),
        );
        if app.status.as_ref() != Some(&next) {
            ctx.clientset
                .myapp_v1()
                .apps(ns)
                .apply_status_config(
                    &status::status_apply(valid.name, ns, &next),
                    &ApplyParams::new(desired::FIELD_MANAGER).force(),
                )
                .await?;
            write(&ctx, "status");
        }
        Ok(Action::await_change())
    }

    fn error_policy(_app: Arc<App>, _error: &Error, _ctx: Arc<Ctx>) -> Action {
        Action::requeue(Duration::from_millis(100))
    }

    pub async fn run(namespace: String, workers: u16) -> Result<()> {
        if std::env::var_os("RUST_LOG").is_some() {
            kube_codegen_manager::logging::init(kube_codegen_manager::logging::LogFormat::Text);
        }
        let client = Client::try_default().await?;
        let ctx = Arc::new(Ctx {
            clientset: Clientset::new(client.clone()),
            client: client.clone(),
            namespace: namespace.clone(),
            writes: AtomicU64::new(0),
        });
        let wc = watcher::Config::default();
        let controller = Controller::new(
            Api::<App>::namespaced(client.clone(), &namespace),
            wc.clone(),
        )
        .owns(
            Api::<Deployment>::namespaced(client.clone(), &namespace),
            wc.clone(),
        )
        .owns(Api::<Service>::namespaced(client.clone(), &namespace), wc)
        .with_config(Config::default().concurrency(workers));
        let store = controller.store();
        tokio::spawn(async move {
            // kube-runtime's readiness wakes one waiter only (a oneshot
            // receiver shared by every clone of the store), and the
            // controller's applier waits too: poll again and again.
            loop {
                let ready = store.wait_until_ready();
                match tokio::time::timeout(Duration::from_millis(20), ready).await {
                    Ok(Ok(())) => break println!("apps cache ready"),
                    Ok(Err(error)) => break eprintln!("apps cache: {error}"),
                    Err(_) => {}
                }
            }
        });
        let stop = async {
            let mut term =
                tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
            if let Some(term) = term.as_mut() {
                term.recv().await;
            }
        };
        controller
            .graceful_shutdown_on(stop)
            .run(reconcile, error_policy, Arc::clone(&ctx))
            .for_each(|result| {
                if let Err(error) = result {
                    eprintln!("reconcile: {error}");
                }
                futures::future::ready(())
            })
            .await;
        println!("writes {}", ctx.writes.load(Ordering::Relaxed));
        Ok(())
    }
}

/// Median of `values` (sorted in place).
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn secs(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

fn mib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

/// One row: N, peer, startup, converge, CPU, writes, events, ratio, RSS, RSS/object.
#[allow(clippy::too_many_arguments)]
fn row(
    n: usize,
    peer: &str,
    startup: Option<Duration>,
    converge: Duration,
    cpu: Option<Duration>,
    writes: Option<(f64, f64)>,
    ratio: Option<f64>,
    rss: Option<u64>,
    idle: Option<u64>,
) {
    let per_object = match (rss, idle) {
        (Some(rss), Some(idle)) if n > 0 => {
            format!("{:.1} KiB", rss.saturating_sub(idle) as f64 / n as f64)
        }
        _ => "-".into(),
    };
    println!(
        "{:>6} {:<28} {:>8} {:>9} {:>8} {:>9} {:>8} {:>6} {:>10} {:>10}",
        n,
        peer,
        startup.map_or("-".into(), |s| format!(
            "{:.0} ms",
            s.as_secs_f64() * 1000.0
        )),
        secs(converge),
        cpu.map_or("-".into(), secs),
        writes.map_or("-".into(), |(w, _)| format!("{w:.2}")),
        writes.map_or("-".into(), |(_, e)| format!("{e:.2}")),
        ratio.map_or("-".into(), |r| format!("{r:.2}")),
        rss.map_or("-".into(), mib),
        per_object,
    );
}

/// The Go operators' paths, from `hack/tools/go-operators.sh` (built once).
fn go_operators() -> Result<BTreeMap<String, String>, String> {
    let script = e2e::repo_root().join("hack/tools/go-operators.sh");
    let out = std::process::Command::new(&script)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("{}: {e}", script.display()))?;
    if !out.status.success() {
        return Err(format!("{} failed", script.display()));
    }
    let vars: BTreeMap<String, String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
    match vars.get("GO_SKIP_REASON") {
        Some(reason) => Err(reason.clone()),
        None => Ok(vars),
    }
}

fn read_crd(path: &str) -> Result<CustomResourceDefinition> {
    let text = std::fs::read_to_string(path).with_context(|| path.to_owned())?;
    Ok(serde_saphyr::from_str(&text)?)
}

/// The stripped size of `binary` (a stripped copy's).
fn stripped_size(binary: &Path) -> Result<u64> {
    let copy = tempfile::NamedTempFile::new()?;
    std::fs::copy(binary, copy.path())?;
    let status = std::process::Command::new("strip")
        .arg(copy.path())
        .status()?;
    ensure!(status.success(), "strip {} failed", binary.display());
    Ok(std::fs::metadata(copy.path())?.len())
}

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(default)
}

fn main() -> Result<()> {
    let workers = env_number("CONTROLLER_BENCH_WORKERS", 8);
    if let Ok(namespace) = std::env::var(ROLE) {
        let runtime = tokio::runtime::Runtime::new()?;
        return runtime.block_on(kube_runtime_peer::run(
            namespace,
            u16::try_from(workers).unwrap_or(u16::MAX),
        ));
    }
    let sizes: Vec<usize> = std::env::var("CONTROLLER_BENCH_N")
        .unwrap_or_else(|_| "100,1000,10000".into())
        .split(',')
        .map(|s| s.trim().parse())
        .collect::<Result<_, _>>()
        .context("CONTROLLER_BENCH_N: comma-separated numbers")?;
    let runs = env_number("CONTROLLER_BENCH_RUNS", 1).max(1);
    let cp = e2e::shared()?;
    let kubeconfig = cp
        .kubeconfig()
        .or_else(|| std::env::var_os("KUBECONFIG").map(Into::into))
        .context("no kubeconfig")?;
    let binary = build_release_binary()?;
    let go = match std::env::var("CONTROLLER_BENCH_GO").as_deref() {
        Ok("0") => Err("CONTROLLER_BENCH_GO=0".to_owned()),
        _ => go_operators(),
    };
    let me = std::env::current_exe()?;
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let client = cp.client().await?;
        for crd in generated::crds::custom_resource_definitions()? {
            install_crd(&client, &crd).await?;
        }
        let manager = {
            let (binary, kubeconfig) = (binary.clone(), kubeconfig.clone());
            Peer {
                name: "manager (app-controller)".into(),
                command: Box::new(move |ns, port| {
                    let mut command = tokio::process::Command::new(&binary);
                    command
                        .arg(format!("--kubeconfig={}", kubeconfig.display()))
                        .arg(format!("--namespace={ns}"))
                        .arg(format!("--workers={workers}"))
                        .arg("--resync-period=0")
                        .arg(format!("--health-addr=127.0.0.1:{port}"))
                        .env("RUST_LOG", "warn");
                    command
                }),
                ready: Ready::Http,
                writes: app_controller_writes,
                workload: apps(),
                profile: true,
            }
        };
        let kube_runtime = {
            let (me, kubeconfig) = (me.clone(), kubeconfig.clone());
            Peer {
                name: "kube-runtime Controller".into(),
                command: Box::new(move |ns, _port| {
                    let mut command = tokio::process::Command::new(&me);
                    command
                        .env(ROLE, ns)
                        .env("KUBECONFIG", &kubeconfig)
                        .env("CONTROLLER_BENCH_WORKERS", workers.to_string());
                    command
                }),
                ready: |_| Ready::Log("apps cache ready"),
                writes: kube_runtime_writes,
                workload: apps(),
                profile: false,
            }
        };
        let mut go_peers = Vec::new();
        match &go {
            Ok(vars) => {
                install_crd(&client, &read_crd(&vars["SAMPLE_CRD"])?).await?;
                install_crd(&client, &read_crd(&vars["MEMCACHED_CRD"])?).await?;
                let (sample, kc) = (vars["SAMPLE_CONTROLLER"].clone(), kubeconfig.clone());
                go_peers.push(Peer {
                    name: "sample-controller (Go)".into(),
                    command: Box::new(move |_ns, _port| {
                        let mut command = tokio::process::Command::new(&sample);
                        command.arg(format!("-kubeconfig={}", kc.display()));
                        command
                    }),
                    ready: |_| Ready::Log("Starting workers"),
                    writes: no_writes,
                    workload: foos(),
                    profile: false,
                });
                let (memcached, kc) = (vars["MEMCACHED_OPERATOR"].clone(), kubeconfig.clone());
                go_peers.push(Peer {
                    name: "Memcached (kubebuilder, Go)".into(),
                    command: Box::new(move |_ns, port| {
                        let mut command = tokio::process::Command::new(&memcached);
                        command
                            .arg(format!("--kubeconfig={}", kc.display()))
                            .arg(format!("--metrics-bind-address=127.0.0.1:{port}"))
                            .arg("--metrics-secure=false")
                            .arg("--health-probe-bind-address=0");
                        command
                    }),
                    ready: |_| Ready::Log("Starting workers"),
                    writes: controller_runtime_writes,
                    workload: memcacheds(),
                    profile: false,
                });
            }
            Err(reason) => println!("(Go operators skipped: {reason})"),
        }

        // Idle RSS: caches synced over an empty namespace.
        let mut idle = BTreeMap::new();
        for peer in std::iter::once(&manager)
            .chain([&kube_runtime])
            .chain(&go_peers)
        {
            let run = run_process(&client, peer, 0).await?;
            idle.insert(peer.name.clone(), run.peak_rss_kib);
        }

        println!(
            "{:>6} {:<28} {:>8} {:>9} {:>8} {:>9} {:>8} {:>6} {:>10} {:>10}",
            "N", "peer", "startup", "converge", "CPU", "writes/N", "events/N", "/bare", "peak RSS",
            "RSS/object"
        );
        for &n in &sizes {
            let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
            let load: Vec<&str> = load.split_whitespace().take(3).collect();
            println!("{n:>6} (load average before: {})", load.join(" "));
            let mut ratios: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
            for _ in 0..runs {
                let mut measured = Vec::new();
                let peers = match std::env::var("CONTROLLER_BENCH_KUBE_RUNTIME").as_deref() {
                    Ok("0") => vec![&manager],
                    _ => vec![&manager, &kube_runtime],
                };
                for peer in peers {
                    measured.push((peer, run_process(&client, peer, n).await?));
                }
                let (bare, bare_cpu, bare_writes) = run_bare(&client, n, workers).await?;
                for (peer, run) in measured {
                    let ratio = run.converge.as_secs_f64() / bare.as_secs_f64();
                    ratios.entry(peer.name.as_str()).or_default().push(ratio);
                    row(
                        n,
                        &peer.name,
                        Some(run.startup),
                        run.converge,
                        run.cpu,
                        run.writes,
                        Some(ratio),
                        run.peak_rss_kib,
                        idle[&peer.name],
                    );
                }
                let bare_writes = Some((bare_writes as f64 / n as f64, 0.0));
                row(n, "bare client (floor)", None, bare, bare_cpu, bare_writes, Some(1.0), None, None);
            }
            for peer in &go_peers {
                let run = run_process(&client, peer, n).await?;
                row(
                    n,
                    &peer.name,
                    Some(run.startup),
                    run.converge,
                    run.cpu,
                    run.writes,
                    None,
                    run.peak_rss_kib,
                    idle[&peer.name],
                );
            }
            if runs > 1 {
                for (peer, mut values) in ratios {
                    println!("{n:>6} {peer:<28} median /bare of {runs} runs: {:.2}", median(&mut values));
                }
            }
        }
        println!(
            "(converge: from the peer's caches synced to the watch event that completed the last \
             object; CPU: the peer process's, from its start to then (the floor's: this process's, \
             its watch included); writes/N: API writes to the primary objects and their children \
             per object (the manager's from its metrics, the kube-runtime peer's counted by itself, \
             the Memcached operator's from rest_client_requests_total), events/N: Event writes \
             (queued and written one at a time, off the reconcile path); /bare: converge over the \
             floor of the same round, a plain client making the same 2N creates + N status applies, \
             {workers} at a time; peak RSS: VmHWM at convergence; RSS/object: peak RSS above the \
             same binary's with synced caches over an empty namespace, per primary object)"
        );
        let mut sizes = vec![("app-controller (Rust, manager)".to_owned(), binary.clone())];
        if let Ok(vars) = &go {
            sizes.push(("Memcached operator (Go, kubebuilder)".into(), vars["MEMCACHED_OPERATOR"].clone().into()));
            sizes.push(("sample-controller (Go)".into(), vars["SAMPLE_CONTROLLER"].clone().into()));
            println!("Go: {}", vars["GO_OPERATOR_VERSIONS"]);
        }
        println!("{:<40} {:>10} {:>10}", "operator binary", "size", "stripped");
        for (name, path) in sizes {
            let size = std::fs::metadata(&path)?.len();
            println!(
                "{name:<40} {:>10} {:>10}",
                mib(size / 1024),
                mib(stripped_size(&path)? / 1024)
            );
        }
        Ok(())
    })
}
