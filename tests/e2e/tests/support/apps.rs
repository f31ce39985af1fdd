//! The App controller on the real control plane, for the test binaries that
//! run it (`controller`, `faults`): the CRDs, Apps, waiting for them to
//! converge, and replicas of the controller running in this process.
#![allow(dead_code)]

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use controller::{Config, Controller, Metrics};
use generated::apis::myapp::v1::{App, AppSpec, DeploymentSpec, ServiceSpec};
use generated::clientset::{Clientset, Interface};
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::Service;
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::Client;
use kube::api::{Api, ListParams, ObjectMeta, Patch, PatchParams, PostParams};
use kube_codegen_manager::Health;
use kube_codegen_runtime::listers::Lister;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// Bound for anything the controller (or kube-controller-manager) has to do.
pub const TIMEOUT: Duration = Duration::from_secs(60);

/// Poll `f` every 100 ms until it returns `Some`, or fail after `timeout`.
pub async fn eventually<T, F, Fut>(what: &str, timeout: Duration, mut f: F) -> Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<Option<T>>>,
{
    let deadline = tokio::time::Instant::now() + timeout;
    loop {
        if let Some(v) = f().await? {
            return Ok(v);
        }
        if tokio::time::Instant::now() >= deadline {
            bail!("timed out after {timeout:?} waiting for {what}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Install the generated CRDs (server-side apply: idempotent across tests)
/// and wait until they are served.
pub async fn install_crds(client: &Client) -> Result<()> {
    let crds: Api<CustomResourceDefinition> = Api::all(client.clone());
    for crd in generated::crds::custom_resource_definitions()? {
        let name = crd.metadata.name.clone().context("CRD without name")?;
        crds.patch(
            &name,
            &PatchParams::apply("e2e").force(),
            &Patch::Apply(&crd),
        )
        .await
        .map_err(|e| anyhow!("applying CRD {name}: {e:?}"))?;
        eventually(&format!("CRD {name} Established"), TIMEOUT, || async {
            let crd = crds.get(&name).await?;
            let established = crd
                .status
                .and_then(|s| s.conditions)
                .unwrap_or_default()
                .iter()
                .any(|c| c.type_ == "Established" && c.status == "True");
            Ok(established.then_some(()))
        })
        .await?;
    }
    // Established does not mean discovery serves it yet to every client:
    // wait until a list succeeds.
    eventually("Apps served", TIMEOUT, || async {
        Ok(Api::<App>::all(client.clone())
            .list(&ListParams::default().limit(1))
            .await
            .ok()
            .map(|_| ()))
    })
    .await
}

/// An App `name` whose Deployment and Service are named after it.
pub fn app(name: &str) -> App {
    new_app(name, name, "nginx:1.27", 1, name)
}

/// An App with its Deployment's and Service's names, image and replicas.
pub fn new_app(name: &str, deployment: &str, image: &str, replicas: i32, service: &str) -> App {
    App {
        metadata: ObjectMeta {
            name: Some(name.to_owned()),
            ..ObjectMeta::default()
        },
        spec: AppSpec {
            deployment: DeploymentSpec {
                name: deployment.to_owned(),
                image: image.to_owned(),
                replicas: Some(replicas),
            },
            service: ServiceSpec {
                name: service.to_owned(),
            },
        },
        status: None,
    }
}

/// Creates `app` in `ns`.
pub async fn create_app(client: &Client, ns: &str, app: &App) -> Result<App> {
    Ok(Clientset::new(client.clone())
        .myapp_v1()
        .apps(ns)
        .create(&PostParams::default(), app)
        .await?)
}

/// Reads the App `name`.
pub async fn get_app(client: &Client, ns: &str, name: &str) -> Result<App> {
    Ok(Clientset::new(client.clone())
        .myapp_v1()
        .apps(ns)
        .get(name)
        .await?)
}

/// The Deployments of `ns`.
pub fn deployments(client: &Client, ns: &str) -> Api<Deployment> {
    Api::namespaced(client.clone(), ns)
}

/// The Services of `ns`.
pub fn services(client: &Client, ns: &str) -> Api<Service> {
    Api::namespaced(client.clone(), ns)
}

/// `(status, reason, message)` of the App's Ready condition, if any.
pub fn ready(app: &App) -> Option<(String, String, String)> {
    app.status
        .as_ref()?
        .conditions
        .iter()
        .find(|c| c.type_ == "Ready")
        .map(|c| (c.status.clone(), c.reason.clone(), c.message.clone()))
}

/// Whether the controller has brought the App in line: its status is of
/// its current generation and says its children are there (`Progressing`:
/// no pods ever run here) or available.
pub fn converged(app: &App) -> bool {
    let current =
        app.status.as_ref().and_then(|s| s.observed_generation) == app.metadata.generation;
    current
        && ready(app).is_some_and(|(_, reason, _)| reason == "Progressing" || reason == "Available")
}

/// Whether every App named in `names` has converged, its Deployment and
/// Service exist.
pub async fn all_converged(client: &Client, ns: &str, names: &[String]) -> Result<bool> {
    let apps = Clientset::new(client.clone()).myapp_v1().apps(ns);
    let (deployments, services) = (deployments(client, ns), services(client, ns));
    for name in names {
        let Ok(app) = apps.get(name).await else {
            return Ok(false);
        };
        if !converged(&app)
            || deployments.get_opt(name).await?.is_none()
            || services.get_opt(name).await?.is_none()
        {
            return Ok(false);
        }
    }
    Ok(true)
}

/// A controller running in this process, on a runtime of its own: killing
/// it drops every task it has (workers, informers, lease renewal, in-flight
/// requests) at once, like a crashed process.
pub struct Running {
    runtime: Option<tokio::runtime::Runtime>,
    task: Option<JoinHandle<Result<()>>>,
    stop: Option<oneshot::Sender<()>>,
    /// Its metrics.
    pub metrics: Metrics,
    /// Its probes.
    pub health: Arc<Health>,
    /// The replica's caches of Apps, Deployments and Services.
    pub apps: Lister<App>,
    /// Its Deployment cache.
    pub deployments: Lister<Deployment>,
    /// Its Service cache.
    pub services: Lister<Service>,
    /// Its identity (Lease holder, user agent).
    pub identity: String,
}

/// Starts a controller authenticated by `kube_config`.
pub async fn start_as(kube_config: kube::Config, config: Config) -> Result<Running> {
    let identity = config.identity.clone();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let (handles, handed) = oneshot::channel();
    let (stop, stopped) = oneshot::channel::<()>();
    // The client is made on the controller's runtime: its connection tasks
    // live and die with it.
    let task = runtime.spawn(async move {
        let controller = Controller::new(Client::try_from(kube_config)?, config);
        let _ = handles.send((
            controller.metrics(),
            controller.health(),
            (controller.apps(), controller.lister(), controller.lister()),
        ));
        controller
            .run(async move {
                let _ = stopped.await;
            })
            .await?;
        anyhow::Ok(())
    });
    let (metrics, health, (apps, deployments, services)) =
        handed.await.context("the controller did not start")?;
    Ok(Running {
        runtime: Some(runtime),
        task: Some(task),
        stop: Some(stop),
        metrics,
        health,
        apps,
        deployments,
        services,
        identity,
    })
}

impl Drop for Running {
    fn drop(&mut self) {
        // A runtime may not be dropped inside another one; this may.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl Running {
    /// Graceful stop (what SIGTERM does); returns the controller's result.
    pub async fn stop(mut self) -> Result<()> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let task = self.task.take().context("already ended")?;
        tokio::time::timeout(Duration::from_secs(30), task)
            .await
            .context("controller did not stop within 30 s")??
    }

    /// Kill it: no graceful stop, no lease release (a crash).
    pub fn kill(mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }

    /// Whether its run ended (as a process exits), and how.
    pub fn ended(&mut self) -> Option<Result<()>> {
        if !self.task.as_ref()?.is_finished() {
            return None;
        }
        let task = self.task.take()?;
        futures::FutureExt::now_or_never(task).map(|r| r.unwrap_or_else(|e| Err(e.into())))
    }

    /// Whether it is still running.
    pub fn is_running(&self) -> bool {
        self.task.as_ref().is_some_and(|t| !t.is_finished())
    }

    /// Object writes (Apps, Deployments, Services) so far.
    pub fn object_writes(&self) -> u64 {
        ["apps", "deployments", "services"]
            .iter()
            .map(|r| self.metrics.writes_to(r))
            .sum()
    }
}

/// Builds the `app-controller` binary (cached by cargo) and returns its path.
pub fn build_binary() -> Result<std::path::PathBuf> {
    e2e::app_controller()
}

/// `GET path` on loopback `port`: the status code and the whole response.
pub async fn http_get(port: u16, path: &str) -> Result<(u16, String)> {
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

/// Sends `signal` (`TERM`, `STOP`, `CONT`, ...) to process `pid`.
pub fn signal(pid: u32, signal: &str) -> Result<()> {
    let status = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()?;
    anyhow::ensure!(status.success(), "kill -{signal} {pid} failed");
    Ok(())
}
