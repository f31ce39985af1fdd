//! `appctl`: the two kubectl verbs the demo needs, so running it needs no
//! kubectl.
//!
//! ```text
//! appctl apply -f manifests/crd -f manifests/example/app.yaml
//!     server-side applies every YAML document (field manager "appctl");
//!     waits until applied CRDs are Established
//! appctl get [-n NAMESPACE] [--wait] [--watch]
//!     the Apps with their status, Deployments and Services
//! ```
//!
//! The cluster comes from `$KUBECONFIG` (or `~/.kube/config`, or in-cluster).

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use controller::ownership::controller_of;
use generated::clientset::prelude::*;
use generated::clientset::{Clientset, Interface};
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::Service;
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::api::{Api, DynamicObject, GroupVersionKind, ListParams, Patch, PatchParams};
use kube::discovery::{self, Scope};
use serde_json::Value;

#[derive(Debug, Parser)]
#[command(name = "appctl", about = "A tiny kubectl for the App demo")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Server-side apply YAML files (or every *.yaml in directories).
    Apply {
        /// Files or directories; repeatable.
        #[arg(short = 'f', long = "filename", required = true)]
        files: Vec<PathBuf>,
    },
    /// Show Apps with their status, Deployments and Services.
    Get {
        /// Namespace (default: all namespaces).
        #[arg(short = 'n', long)]
        namespace: Option<String>,
        /// First wait (up to 60 s) until every App has its Deployment and Service.
        #[arg(long)]
        wait: bool,
        /// Keep printing whenever something changes, until interrupted.
        #[arg(long)]
        watch: bool,
    },
}

#[tokio::main]
async fn main() -> Result<()> {
    let cli = Cli::parse();
    let client = kube::Client::try_default()
        .await
        .context("no cluster: set KUBECONFIG")?;
    match cli.command {
        Command::Apply { files } => apply(&client, &files).await,
        Command::Get {
            namespace,
            wait,
            watch,
        } => get(&client, namespace.as_deref(), wait, watch).await,
    }
}

/// The YAML files named by `paths` (directories: their `*.yaml`/`*.yml`, sorted).
fn yaml_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
                .with_context(|| format!("reading {}", path.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "yaml" || e == "yml"))
                .collect();
            entries.sort();
            files.extend(entries);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

fn documents(path: &Path) -> Result<Vec<Value>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let docs: Vec<Value> = serde_saphyr::from_multiple(&text)
        .with_context(|| format!("parsing {}", path.display()))?;
    Ok(docs.into_iter().filter(|d| d.is_object()).collect())
}

async fn apply(client: &kube::Client, paths: &[PathBuf]) -> Result<()> {
    for file in yaml_files(paths)? {
        for doc in documents(&file)? {
            apply_one(client, &doc)
                .await
                .with_context(|| format!("applying {}", file.display()))?;
        }
    }
    Ok(())
}

async fn apply_one(client: &kube::Client, doc: &Value) -> Result<()> {
    let api_version = doc["apiVersion"].as_str().unwrap_or_default();
    let kind = doc["kind"].as_str().unwrap_or_default();
    let name = doc["metadata"]["name"].as_str().unwrap_or_default();
    if api_version.is_empty() || kind.is_empty() || name.is_empty() {
        bail!("a document lacks apiVersion, kind or metadata.name");
    }
    let (group, version) = api_version.rsplit_once('/').unwrap_or(("", api_version));
    let gvk = GroupVersionKind::gvk(group, version, kind);
    // A kind whose CRD was applied a moment ago may take a second to be served.
    let mut attempts = 0;
    let (resource, capabilities) = loop {
        match discovery::pinned_kind(client, &gvk).await {
            Ok(found) => break found,
            Err(_) if attempts < 60 => {
                attempts += 1;
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Err(error) => {
                return Err(error)
                    .context(format!("the server does not serve {api_version} {kind}"));
            }
        }
    };
    let api: Api<DynamicObject> = match capabilities.scope {
        Scope::Cluster => Api::all_with(client.clone(), &resource),
        Scope::Namespaced => {
            let namespace = doc["metadata"]["namespace"].as_str().unwrap_or("default");
            Api::namespaced_with(client.clone(), namespace, &resource)
        }
    };
    let params = PatchParams::apply("appctl").force();
    api.patch(name, &params, &Patch::Apply(doc)).await?;
    println!("{}/{name} applied", resource.plural);
    if kind == "CustomResourceDefinition" {
        wait_established(client, name).await?;
    }
    Ok(())
}

async fn wait_established(client: &kube::Client, name: &str) -> Result<()> {
    let crds: Api<CustomResourceDefinition> = Api::all(client.clone());
    for _ in 0..120 {
        let crd = crds.get(name).await?;
        let established = crd
            .status
            .and_then(|s| s.conditions)
            .unwrap_or_default()
            .iter()
            .any(|c| c.type_ == "Established" && c.status == "True");
        if established {
            println!("customresourcedefinitions/{name} established");
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    bail!("CRD {name} was not Established within 30 s")
}

fn owner_text(meta: &kube::core::ObjectMeta) -> String {
    match controller_of(meta) {
        Some(r) => format!("controlled by {} {} (uid {})", r.kind, r.name, r.uid),
        None => "no controller".to_owned(),
    }
}

/// The report `get` prints, and whether every App has both children.
async fn report(client: &kube::Client, namespace: Option<&str>) -> Result<(String, bool)> {
    let ns = namespace.unwrap_or("");
    let apps = Clientset::new(client.clone())
        .myapp_v1()
        .apps(ns)
        .list(&ListParams::default())
        .await?;
    let deployments: Api<Deployment> = match namespace {
        Some(n) => Api::namespaced(client.clone(), n),
        None => Api::all(client.clone()),
    };
    let services: Api<Service> = match namespace {
        Some(n) => Api::namespaced(client.clone(), n),
        None => Api::all(client.clone()),
    };
    let mut out = String::new();
    let mut complete = !apps.items.is_empty();
    for app in &apps.items {
        let app_ns = app.metadata.namespace.as_deref().unwrap_or_default();
        let app_name = app.metadata.name.as_deref().unwrap_or_default();
        let status = app.status.clone().unwrap_or_default();
        let ready = status
            .conditions
            .iter()
            .find(|c| c.type_ == "Ready")
            .map(|c| format!("Ready={} {}: {}", c.status, c.reason, c.message))
            .unwrap_or_else(|| "Ready=<none>".to_owned());
        out.push_str(&format!(
            "App {app_ns}/{app_name}: deployment={} image={} replicas={} available={} observedGeneration={}\n  {ready}\n",
            app.spec.deployment.name,
            app.spec.deployment.image,
            app.spec.deployment.replicas.map_or("-".into(), |r| r.to_string()),
            status.available_replicas.map_or("-".into(), |r| r.to_string()),
            status.observed_generation.map_or("-".into(), |g| g.to_string()),
        ));
        let deployments = Api::<Deployment>::namespaced(deployments.clone().into_client(), app_ns);
        match deployments.get_opt(&app.spec.deployment.name).await? {
            Some(d) => {
                let spec = d.spec.clone().unwrap_or_default();
                let image = spec
                    .template
                    .spec
                    .and_then(|s| s.containers.first().and_then(|c| c.image.clone()))
                    .unwrap_or_default();
                let available = d
                    .status
                    .as_ref()
                    .and_then(|s| s.available_replicas)
                    .unwrap_or(0);
                out.push_str(&format!(
                    "  Deployment {}: replicas={} available={available} image={image}, {}\n",
                    app.spec.deployment.name,
                    spec.replicas.unwrap_or(1),
                    owner_text(&d.metadata),
                ));
            }
            None => {
                complete = false;
                out.push_str(&format!(
                    "  Deployment {}: (not found)\n",
                    app.spec.deployment.name
                ));
            }
        }
        let services = Api::<Service>::namespaced(services.clone().into_client(), app_ns);
        match services.get_opt(&app.spec.service.name).await? {
            Some(s) => {
                let spec = s.spec.clone().unwrap_or_default();
                let ports: Vec<String> = spec
                    .ports
                    .unwrap_or_default()
                    .iter()
                    .map(|p| {
                        let target = match &p.target_port {
                            Some(
                                k8s_openapi::apimachinery::pkg::util::intstr::IntOrString::Int(i),
                            ) => i.to_string(),
                            Some(
                                k8s_openapi::apimachinery::pkg::util::intstr::IntOrString::String(
                                    s,
                                ),
                            ) => s.clone(),
                            None => p.port.to_string(),
                        };
                        format!(
                            "{}->{target}/{}",
                            p.port,
                            p.protocol.as_deref().unwrap_or("TCP")
                        )
                    })
                    .collect();
                let selector: Vec<String> = spec
                    .selector
                    .unwrap_or_default()
                    .iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect();
                out.push_str(&format!(
                    "  Service {}: clusterIP={} ports={} selector={}, {}\n",
                    app.spec.service.name,
                    spec.cluster_ip.unwrap_or_default(),
                    ports.join(","),
                    selector.join(","),
                    owner_text(&s.metadata),
                ));
            }
            None => {
                complete = false;
                out.push_str(&format!(
                    "  Service {}: (not found)\n",
                    app.spec.service.name
                ));
            }
        }
    }
    if apps.items.is_empty() {
        out.push_str("No Apps.\n");
    }
    Ok((out, complete))
}

async fn get(
    client: &kube::Client,
    namespace: Option<&str>,
    wait: bool,
    watch: bool,
) -> Result<()> {
    if wait {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        loop {
            let (_, complete) = report(client, namespace).await?;
            if complete {
                break;
            }
            if tokio::time::Instant::now() >= deadline {
                bail!("not every App has its Deployment and Service after 60 s");
            }
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
    let mut last = String::new();
    loop {
        let (text, _) = report(client, namespace).await?;
        if text != last {
            if watch {
                println!("--- {}", k8s_openapi::jiff::Timestamp::now());
            }
            print!("{text}");
            last = text;
        }
        if !watch {
            return Ok(());
        }
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_secs(1)) => {}
            _ = tokio::signal::ctrl_c() => return Ok(()),
        }
    }
}
