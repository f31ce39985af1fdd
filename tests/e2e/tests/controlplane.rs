//! End-to-end tests of the harness itself, with built-in kinds only: a real
//! etcd, kube-apiserver and kube-controller-manager (or an existing cluster).

use std::future::Future;
use std::process::{Command, Stdio};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use e2e::{ControlPlane, StartOptions};
use k8s_openapi::api::apps::v1::{Deployment, ReplicaSet};
use k8s_openapi::api::core::v1::{ConfigMap, Namespace};
use kube::api::{DeleteParams, ListParams, PostParams, PropagationPolicy};
use kube::{Api, Client};
use serde_json::json;

/// Bound for anything a controller has to do.
const CONTROLLER_TIMEOUT: Duration = Duration::from_secs(60);

/// Poll `f` every 250 ms until it returns `Some`, or fail after `timeout`.
async fn eventually<T, F, Fut>(what: &str, timeout: Duration, mut f: F) -> Result<T>
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
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

fn config_map(name: &str, data: serde_json::Value) -> Result<ConfigMap> {
    Ok(serde_json::from_value(
        json!({ "metadata": { "name": name }, "data": data }),
    )?)
}

async fn exists(api: &Api<ConfigMap>, name: &str) -> Result<bool> {
    Ok(api.get_opt(name).await?.is_some())
}

#[tokio::test]
async fn version_matches_pinned_kubernetes() -> Result<()> {
    let client = e2e::client().await?;
    let info = client.apiserver_version().await?;
    if e2e::shared()?.is_local() {
        let pinned = e2e::pinned_kube_version()?;
        assert_eq!(info.git_version, pinned);
        let minor = pinned.split('.').nth(1).unwrap_or_default();
        assert_eq!(info.major, "1");
        assert_eq!(info.minor, minor);
        assert_eq!(info.git_tree_state, "clean");
    } else {
        eprintln!(
            "existing cluster reports {}; version not asserted",
            info.git_version
        );
    }
    Ok(())
}

#[tokio::test]
async fn namespace_and_config_map_round_trip() -> Result<()> {
    let client = e2e::client().await?;
    let ns = e2e::ns("roundtrip").await?;
    let got = Api::<Namespace>::all(client.clone()).get(ns.name()).await?;
    assert_eq!(
        got.metadata.labels.unwrap_or_default()["kube-codegen.io/e2e"],
        "true"
    );

    let cms: Api<ConfigMap> = Api::namespaced(client, ns.name());
    let created = cms
        .create(
            &PostParams::default(),
            &config_map("settings", json!({ "greeting": "hello" }))?,
        )
        .await?;
    assert!(created.metadata.uid.is_some());
    let fetched = cms.get("settings").await?;
    assert_eq!(fetched.data.unwrap_or_default()["greeting"], "hello");
    Ok(())
}

/// Owner and dependent ConfigMaps; the dependent has an ownerReference with
/// blockOwnerDeletion.
async fn owner_and_dependent(cms: &Api<ConfigMap>) -> Result<()> {
    let owner = cms
        .create(&PostParams::default(), &config_map("owner", json!({}))?)
        .await?;
    let uid = owner.metadata.uid.context("owner has no uid")?;
    let dependent: ConfigMap = serde_json::from_value(json!({
        "metadata": {
            "name": "dependent",
            "ownerReferences": [{
                "apiVersion": "v1",
                "kind": "ConfigMap",
                "name": "owner",
                "uid": uid,
                "blockOwnerDeletion": true,
            }],
        },
    }))?;
    cms.create(&PostParams::default(), &dependent).await?;
    Ok(())
}

#[tokio::test]
async fn garbage_collector_deletes_dependents_background() -> Result<()> {
    let client = e2e::client().await?;
    let ns = e2e::ns("gc-background").await?;
    let cms: Api<ConfigMap> = Api::namespaced(client, ns.name());
    owner_and_dependent(&cms).await?;

    cms.delete("owner", &DeleteParams::background()).await?;
    eventually(
        "the garbage collector to delete the dependent ConfigMap",
        CONTROLLER_TIMEOUT,
        || async { Ok((!exists(&cms, "dependent").await?).then_some(())) },
    )
    .await
}

#[tokio::test]
async fn garbage_collector_deletes_dependents_foreground() -> Result<()> {
    let client = e2e::client().await?;
    let ns = e2e::ns("gc-foreground").await?;
    let cms: Api<ConfigMap> = Api::namespaced(client, ns.name());
    owner_and_dependent(&cms).await?;

    // Foreground: the owner stays (with the foregroundDeletion finalizer) until
    // the garbage collector has deleted every blocking dependent.
    let dp = DeleteParams {
        propagation_policy: Some(PropagationPolicy::Foreground),
        ..DeleteParams::default()
    };
    cms.delete("owner", &dp).await?;
    eventually(
        "the garbage collector to delete dependent, then owner",
        CONTROLLER_TIMEOUT,
        || async {
            let owner = exists(&cms, "owner").await?;
            let dependent = exists(&cms, "dependent").await?;
            if !owner && dependent {
                bail!("the owner was deleted before its blocking dependent");
            }
            Ok((!owner && !dependent).then_some(()))
        },
    )
    .await
}

#[tokio::test]
async fn deployment_controller_creates_replica_set() -> Result<()> {
    let client = e2e::client().await?;
    let ns = e2e::ns("deploy").await?;
    let deployments: Api<Deployment> = Api::namespaced(client.clone(), ns.name());
    let deployment: Deployment = serde_json::from_value(json!({
        "metadata": { "name": "web" },
        "spec": {
            "replicas": 2,
            "selector": { "matchLabels": { "app": "web" } },
            "template": {
                "metadata": { "labels": { "app": "web" } },
                "spec": { "containers": [{ "name": "web", "image": "registry.invalid/web:1" }] },
            },
        },
    }))?;
    let created = deployments
        .create(&PostParams::default(), &deployment)
        .await?;
    let uid = created.metadata.uid.context("deployment has no uid")?;

    let replica_sets: Api<ReplicaSet> = Api::namespaced(client, ns.name());
    let rs = eventually(
        "the deployment controller to create a ReplicaSet",
        CONTROLLER_TIMEOUT,
        || async {
            let list = replica_sets.list(&ListParams::default()).await?;
            Ok(list.items.into_iter().find(|rs| {
                rs.metadata
                    .owner_references
                    .iter()
                    .flatten()
                    .any(|o| o.uid == uid && o.controller == Some(true))
            }))
        },
    )
    .await?;
    assert_eq!(rs.spec.as_ref().and_then(|s| s.replicas), Some(2));
    Ok(())
}

async fn list_namespaces(client: Client) -> Result<Vec<String>> {
    Ok(Api::<Namespace>::all(client)
        .list(&ListParams::default())
        .await?
        .items
        .into_iter()
        .filter_map(|n| n.metadata.name)
        .collect())
}

fn local_harness_tests_enabled() -> bool {
    if ControlPlane::existing_cluster_configured() {
        eprintln!("existing cluster configured: skipping a test of the local harness");
        return false;
    }
    true
}

#[tokio::test]
async fn two_instances_are_independent() -> Result<()> {
    if !local_harness_tests_enabled() {
        return Ok(());
    }
    // Start both at the same time, as two test binaries would.
    let a = tokio::task::spawn_blocking(ControlPlane::start_local);
    let b = tokio::task::spawn_blocking(ControlPlane::start_local);
    let (a, b) = (a.await??, b.await??);

    assert_ne!(a.dir(), b.dir());
    let (url_a, url_b) = (a.apiserver_url(), b.apiserver_url());
    assert!(url_a.is_some() && url_b.is_some());
    assert_ne!(url_a, url_b, "the two API servers share a port");
    assert_ne!(
        a.env_value("KUBE_CODEGEN_ETCD"),
        b.env_value("KUBE_CODEGEN_ETCD")
    );

    // Both work, and they are separate clusters: a namespace made in one is
    // not in the other.
    let only_a = a.create_namespace("only-in-a").await?;
    let in_a = list_namespaces(a.client().await?).await?;
    let in_b = list_namespaces(b.client().await?).await?;
    assert!(in_a.iter().any(|n| n == only_a.name()));
    assert!(!in_b.iter().any(|n| n == only_a.name()));
    assert!(in_b.iter().any(|n| n == "kube-system"));
    let mut only_a = only_a;
    only_a.keep(); // the whole cluster goes away below

    let processes = [a.processes()?, b.processes()?].concat();
    let names: Vec<&str> = processes.iter().map(|p| p.name.as_str()).collect();
    for component in [
        "etcd",
        "kube-apiserver",
        "kube-controller-manager",
        "watchdog",
    ] {
        assert_eq!(
            names.iter().filter(|n| **n == component).count(),
            2,
            "{names:?}"
        );
    }
    assert!(processes.iter().all(|p| p.is_running()), "{processes:?}");

    let dirs = [
        a.dir().unwrap().to_path_buf(),
        b.dir().unwrap().to_path_buf(),
    ];
    tokio::task::spawn_blocking(move || -> Result<()> {
        a.stop()?;
        b.stop()
    })
    .await??;

    let running: Vec<_> = processes.iter().filter(|p| p.is_running()).collect();
    assert!(running.is_empty(), "still running after stop: {running:?}");
    for dir in dirs {
        assert!(!dir.exists(), "{} not removed", dir.display());
    }
    Ok(())
}

#[tokio::test]
async fn gc_cleans_up_after_a_killed_run() -> Result<()> {
    if !local_harness_tests_enabled() {
        return Ok(());
    }
    // The owner: a process that exits when its stdin closes, i.e. when we
    // close it below or when this test process dies (even by SIGKILL). So if
    // this test is killed half-way, nothing is leaked for longer than until
    // the watchdog or the next run's gc sees it.
    let mut owner = Command::new("sh")
        .args(["-c", "read _"])
        .stdin(Stdio::piped())
        .spawn()?;
    let opts = StartOptions {
        owner_pid: Some(owner.id()),
        ..StartOptions::default()
    };
    let stale =
        tokio::task::spawn_blocking(move || ControlPlane::start_local_with(&opts)).await??;
    let processes = stale.processes()?;
    assert_eq!(processes.len(), 4, "{processes:?}");
    assert!(processes.iter().all(|p| p.is_running()), "{processes:?}");
    list_namespaces(stale.client().await?).await?;
    let dir = stale.leak().context("local control plane has a dir")?;

    // Simulate `kill -9` of the whole test run, watchdog included: SIGKILL the
    // watchdog, then let the owner exit. What is left is a state dir with a dead
    // owner and running etcd, kube-apiserver and kube-controller-manager.
    let watchdog = processes
        .iter()
        .find(|p| p.name == "watchdog")
        .context("no watchdog recorded")?;
    assert!(watchdog.is_running());
    let status = Command::new("kill")
        .args(["-KILL", &watchdog.pid.to_string()])
        .status()?;
    assert!(status.success());
    drop(owner.stdin.take());
    owner.wait()?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let components: Vec<_> = processes.iter().filter(|p| p.name != "watchdog").collect();
    assert!(
        components.iter().all(|p| p.is_running()),
        "components died without gc: {components:?}"
    );

    // gc (which also runs at every start, so another start in this or another
    // test binary may get there first; either way the result must be this).
    tokio::task::spawn_blocking(|| ControlPlane::gc(None)).await??;
    let running: Vec<_> = processes.iter().filter(|p| p.is_running()).collect();
    assert!(running.is_empty(), "gc left processes running: {running:?}");
    assert!(!dir.exists(), "gc did not remove {}", dir.display());
    Ok(())
}
