//! The App controller under load, next to its practical floor.
//!
//! For each N (default 100 and 1000; `CONTROLLER_BENCH_N=100,1000`), one run
//! of each of the following, or `CONTROLLER_BENCH_RUNS` of each, alternating,
//! and then the median ratio (the machine may be shared: wall times vary from
//! run to run, the ratio of neighbouring runs less):
//!
//! 1. **controller**: N Apps are created in a fresh namespace, then the
//!    release-built `app-controller` binary starts (namespace-scoped,
//!    `CONTROLLER_BENCH_WORKERS` workers, default 8, no resync). Measured:
//!    time from its caches being synced (`/readyz`) to every App having its
//!    Deployment, its Service and a status for its current generation (seen
//!    on a watch the bench holds on the namespace, so the moment is exact and
//!    no polling lists load the API server); its CPU time until then
//!    (`/proc/<pid>/stat`); its API writes (from `/metrics`); its peak RSS
//!    (`VmHWM`).
//! 2. **bare client**: N Apps in another namespace; a plain client makes the
//!    same 2N creates (the controller's own desired objects) and N status
//!    updates, at the same concurrency, and nothing else. Its time, to the
//!    moment the same watch shows every App done, is the floor a controller
//!    could reach on this machine; its CPU time is this process's meanwhile
//!    (the writes and the bench's watch: roughly what a controller that did
//!    nothing but those writes would spend).
//!
//! Run with `cargo bench -p e2e --bench controller` (uses the local control
//! plane of `hack/k8s/`, or `KUBE_CODEGEN_E2E_KUBECONFIG`).

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail, ensure};
use controller::validate::validate;
use controller::{desired, status};
use futures::{FutureExt, StreamExt, TryStreamExt};
use generated::apis::myapp::v1::{App, AppSpec, DeploymentSpec, ServiceSpec};
use generated::clientset::{ApplyParams, Clientset, Interface};
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::Service;
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::Client;
use kube::api::{Api, ListParams, ObjectMeta, Patch, PatchParams, PostParams};

fn app(i: usize) -> App {
    let name = format!("app-{i:04}");
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

async fn install_crds(client: &Client) -> Result<()> {
    let crds: Api<CustomResourceDefinition> = Api::all(client.clone());
    for crd in generated::crds::custom_resource_definitions()? {
        let name = crd.metadata.name.clone().context("CRD without name")?;
        crds.patch(
            &name,
            &PatchParams::apply("bench").force(),
            &Patch::Apply(&crd),
        )
        .await?;
    }
    for _ in 0..200 {
        if Api::<App>::all(client.clone())
            .list(&ListParams::default().limit(1))
            .await
            .is_ok()
        {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    bail!("the App CRD is not served")
}

/// Creates N Apps (32 at a time) and returns them as stored.
async fn create_apps(client: &Client, ns: &str, n: usize) -> Result<Vec<App>> {
    let apps = Clientset::new(client.clone()).myapp_v1().apps(ns);
    futures::stream::iter(0..n)
        .map(|i| {
            let apps = apps.clone();
            async move { apps.create(&PostParams::default(), &app(i)).await }
        })
        .buffer_unordered(32)
        .try_collect()
        .await
        .map_err(Into::into)
}

/// Watches `ns` (Apps, Deployments, Services, each through kube's reflector)
/// until every one of its `n` Apps has both children and a status for its
/// generation, and says when. Returns once its three caches are synced; the
/// handle resolves to the moment of convergence, seen on the watch event that
/// completed it (no polling delay, and no lists loading the API server while
/// the controller works).
async fn watch_convergence(
    client: &Client,
    ns: &str,
    n: usize,
) -> Result<tokio::task::JoinHandle<Result<Instant>>> {
    use kube::runtime::{WatchStreamExt, reflector, watcher};
    let (apps, apps_writer) = reflector::store::<App>();
    let (deployments, deployments_writer) = reflector::store::<Deployment>();
    let (services, services_writer) = reflector::store::<Service>();
    let config = watcher::Config::default();
    let streams = futures::stream::select_all([
        watcher(Api::<App>::namespaced(client.clone(), ns), config.clone())
            .reflect(apps_writer)
            .map_ok(drop)
            .boxed(),
        watcher(
            Api::<Deployment>::namespaced(client.clone(), ns),
            config.clone(),
        )
        .reflect(deployments_writer)
        .map_ok(drop)
        .boxed(),
        watcher(Api::<Service>::namespaced(client.clone(), ns), config)
            .reflect(services_writer)
            .map_ok(drop)
            .boxed(),
    ]);
    let converged = {
        let (apps, deployments, services) = (apps.clone(), deployments.clone(), services.clone());
        move || {
            let deployments: BTreeSet<String> = deployments
                .state()
                .iter()
                .filter_map(|d| d.metadata.name.clone())
                .collect();
            let services: BTreeSet<String> = services
                .state()
                .iter()
                .filter_map(|s| s.metadata.name.clone())
                .collect();
            let apps = apps.state();
            apps.len() == n
                && apps.iter().all(|a| {
                    deployments.contains(&a.spec.deployment.name)
                        && services.contains(&a.spec.service.name)
                        && a.status.as_ref().and_then(|s| s.observed_generation)
                            == a.metadata.generation
                        && a.status.as_ref().is_some_and(|s| !s.conditions.is_empty())
                })
        }
    };
    let task = tokio::spawn(async move {
        let mut streams = streams;
        while let Some(event) = streams.next().await {
            event.context("watching the bench namespace")?;
            if converged() {
                return Ok(Instant::now());
            }
        }
        bail!("the watch ended before convergence")
    });
    for (what, ready) in [
        ("Apps", apps.wait_until_ready().boxed()),
        ("Deployments", deployments.wait_until_ready().boxed()),
        ("Services", services.wait_until_ready().boxed()),
    ] {
        tokio::time::timeout(Duration::from_secs(60), ready)
            .await
            .with_context(|| format!("the bench's watch of {what} did not sync"))?
            .with_context(|| format!("the bench's watch of {what} ended"))?;
    }
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

fn build_release_binary() -> Result<std::path::PathBuf> {
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
        .stderr(std::process::Stdio::inherit())
        .output()?;
    ensure!(
        out.status.success(),
        "cargo build --release -p controller failed"
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|m| m["target"]["name"] == "app-controller")
        .filter_map(|m| m["executable"].as_str().map(std::path::PathBuf::from))
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

/// `app_controller_api_writes_total` by resource.
fn writes_by_resource(metrics: &str) -> BTreeMap<String, u64> {
    let mut out = BTreeMap::new();
    for line in metrics
        .lines()
        .filter(|l| l.starts_with("app_controller_api_writes_total{"))
    {
        let resource = line
            .split("resource=\"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .unwrap_or_default();
        let value: u64 = line
            .rsplit(' ')
            .next()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        *out.entry(resource.to_owned()).or_default() += value;
    }
    out
}

fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

struct ControllerRun {
    startup: Duration,
    converge: Duration,
    /// The controller's CPU time from its start to convergence.
    cpu: Option<Duration>,
    writes: BTreeMap<String, u64>,
    peak_rss_kib: Option<u64>,
}

async fn run_controller(
    client: &Client,
    binary: &std::path::Path,
    kubeconfig: &std::path::Path,
    n: usize,
    workers: usize,
) -> Result<ControllerRun> {
    let ns = e2e::ns(&format!("bench-ctrl-{n}")).await?;
    create_apps(client, ns.name(), n).await?;
    let convergence = watch_convergence(client, ns.name(), n).await?;
    let port = std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port();
    let spawned = Instant::now();
    let mut child = tokio::process::Command::new(binary)
        .arg(format!("--kubeconfig={}", kubeconfig.display()))
        .arg(format!("--namespace={}", ns.name()))
        .arg(format!("--workers={workers}"))
        .arg("--resync-period=0")
        .arg(format!("--health-addr=127.0.0.1:{port}"))
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()?;
    let pid = child.id().context("no pid")?;
    loop {
        if let Ok((200, _)) = http_get(port, "/readyz").await {
            break;
        }
        ensure!(
            spawned.elapsed() < Duration::from_secs(60),
            "the controller did not get ready"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let ready = Instant::now();
    let startup = ready - spawned;
    let converged = tokio::time::timeout(Duration::from_secs(900), convergence)
        .await
        .context("no convergence within 15 minutes")???;
    let cpu = cpu_time(&pid.to_string());
    let converge = converged.saturating_duration_since(ready);
    let (_, metrics) = http_get(port, "/metrics").await?;
    let peak_rss_kib = peak_rss_kib(pid);
    std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()?;
    let _ = tokio::time::timeout(Duration::from_secs(30), child.wait()).await;
    Ok(ControllerRun {
        startup,
        converge,
        cpu,
        writes: writes_by_resource(&metrics),
        peak_rss_kib,
    })
}

/// The same writes as the controller, by a plain client at the same concurrency:
/// how long they take and the CPU time this process spent meanwhile.
async fn run_bare(
    client: &Client,
    n: usize,
    concurrency: usize,
) -> Result<(Duration, Option<Duration>)> {
    let ns = e2e::ns(&format!("bench-bare-{n}")).await?;
    let apps = create_apps(client, ns.name(), n).await?;
    // The same watch as on the controller's namespace: the same load on the
    // API server, and the same moment of convergence.
    let convergence = watch_convergence(client, ns.name(), n).await?;
    let clientset = Clientset::new(client.clone());
    let cpu_before = cpu_time("self");
    let started = Instant::now();
    futures::stream::iter(apps)
        .map(|app| {
            let (client, clientset, ns) = (client.clone(), clientset.clone(), ns.name().to_owned());
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
                Ok::<_, anyhow::Error>(())
            }
        })
        .buffer_unordered(concurrency)
        .try_collect::<Vec<_>>()
        .await?;
    let converged = tokio::time::timeout(Duration::from_secs(900), convergence)
        .await
        .context("the bare client's writes did not show on the watch")???;
    let elapsed = converged.saturating_duration_since(started);
    let cpu = cpu_time("self")
        .zip(cpu_before)
        .map(|(after, before)| after - before);
    Ok((elapsed, cpu))
}

fn main() -> Result<()> {
    let sizes: Vec<usize> = std::env::var("CONTROLLER_BENCH_N")
        .unwrap_or_else(|_| "100,1000".into())
        .split(',')
        .map(|s| s.trim().parse())
        .collect::<Result<_, _>>()
        .context("CONTROLLER_BENCH_N: comma-separated numbers")?;
    let runs: usize = std::env::var("CONTROLLER_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(1)
        .max(1);
    let workers: usize = std::env::var("CONTROLLER_BENCH_WORKERS")
        .ok()
        .and_then(|w| w.parse().ok())
        .unwrap_or(8);
    let cp = e2e::shared()?;
    let kubeconfig = cp
        .kubeconfig()
        .or_else(|| std::env::var_os("KUBECONFIG").map(Into::into))
        .context("no kubeconfig")?;
    let binary = build_release_binary()?;
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let client = cp.client().await?;
        install_crds(&client).await?;
        println!(
            "{:>6} {:>10} {:>10} {:>9} {:>11} {:>11} {:>10} {:>9} {:>7} {:>10}",
            "N",
            "startup",
            "converge",
            "CPU",
            "writes/App",
            "events/App",
            "bare",
            "bare CPU",
            "ratio",
            "peak RSS"
        );
        let secs = |d: Duration| format!("{:.2} s", d.as_secs_f64());
        let cpu = |d: Option<Duration>| d.map_or("-".into(), secs);
        for n in sizes {
            let mut ratios = Vec::new();
            for _ in 0..runs {
                let run = run_controller(&client, &binary, &kubeconfig, n, workers).await?;
                let (bare, bare_cpu) = run_bare(&client, n, workers).await?;
                let objects: u64 = ["apps", "deployments", "services"]
                    .iter()
                    .map(|r| run.writes.get(*r).copied().unwrap_or(0))
                    .sum();
                let events = run.writes.get("events").copied().unwrap_or(0);
                let ratio = run.converge.as_secs_f64() / bare.as_secs_f64();
                ratios.push(ratio);
                println!(
                    "{:>6} {:>10} {:>10} {:>9} {:>11.2} {:>11.2} {:>10} {:>9} {:>7.2} {:>10}",
                    n,
                    format!("{:.0} ms", run.startup.as_secs_f64() * 1000.0),
                    secs(run.converge),
                    cpu(run.cpu),
                    objects as f64 / n as f64,
                    events as f64 / n as f64,
                    secs(bare),
                    cpu(bare_cpu),
                    ratio,
                    run.peak_rss_kib
                        .map_or("-".into(), |k| format!("{:.1} MiB", k as f64 / 1024.0)),
                );
            }
            if runs > 1 {
                ratios.sort_by(f64::total_cmp);
                println!("{n:>6} median ratio of {runs} runs: {:.2}", ratios[runs / 2]);
            }
        }
        println!(
            "(converge: from the controller's caches synced to the watch event that completed the last \
             App; CPU: the controller process's, from its start to then; writes: API writes it made to \
             Apps, Deployments and Services by then, events: Event writes by then (they are queued and \
             written one at a time, off the reconcile path); bare: a plain client making the same 2N \
             creates + N status updates, {workers} at a time, until the same watch shows them all, and \
             the CPU this process took meanwhile, its watch included)"
        );
        Ok(())
    })
}
