//! End-to-end tests of the App controller (`controller/`) on a real control
//! plane: etcd, kube-apiserver and kube-controller-manager (whose garbage
//! collector, Deployment and ReplicaSet controllers run; no kubelet, no
//! scheduler: pods stay Pending unless a test marks them ready).
//!
//! Each test gets its own namespace and runs its own controller in-process,
//! scoped to that namespace (`Config::namespace`), so tests run in parallel
//! without seeing each other's Apps. One test runs the built binary.

#[path = "support/apps.rs"]
mod apps;

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, ensure};
use controller::{Config, LeaderElection};
use futures::{StreamExt, TryStreamExt};
use generated::apis::myapp::v1::App;
use generated::clientset::{Clientset, Interface};
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::authentication::v1::TokenRequest;
use k8s_openapi::api::authorization::v1::SubjectAccessReview;
use k8s_openapi::api::coordination::v1::Lease;
use k8s_openapi::api::core::v1::{Pod, Secret, Service, ServiceAccount};
use k8s_openapi::api::events::v1::Event;
use kube::api::{
    Api, DeleteParams, DynamicObject, GroupVersionKind, ListParams, ObjectMeta, Patch, PatchParams,
    PostParams,
};
use kube::discovery::{self, Scope};
use kube::{Client, Resource};
use serde_json::{Value, json};

use apps::{
    Running, TIMEOUT, build_binary, create_app, deployments, eventually, get_app, http_get,
    install_crds, new_app, ready, services, start_as,
};

// ---------------------------------------------------------------------------
// Helpers

/// A client, the CRDs, and a fresh namespace.
async fn setup(prefix: &str) -> Result<(Client, e2e::TestNamespace)> {
    // The controllers' logs, when asked for (RUST_LOG=controller=debug ...).
    if std::env::var_os("RUST_LOG").is_some() {
        kube_codegen_manager::logging::init(kube_codegen_manager::logging::LogFormat::Text);
    }
    let client = e2e::client().await?;
    install_crds(&client).await?;
    let ns = e2e::ns(prefix).await?;
    Ok((client, ns))
}

/// Settings for a test controller: this namespace only, quick retries.
fn config(ns: &str) -> Config {
    Config {
        namespace: Some(ns.to_owned()),
        workers: 4,
        resync: Duration::from_secs(30),
        backoff_base: Duration::from_millis(50),
        backoff_max: Duration::from_secs(2),
        leader_election: None,
        metrics_addr: None,
        health_addr: None,
        identity: format!("e2e-{ns}-{}", rand_suffix()),
        shutdown_timeout: Duration::from_secs(10),
        webhook: Default::default(),
    }
}

fn rand_suffix() -> String {
    use std::hash::{BuildHasher, RandomState};
    format!(
        "{:x}",
        RandomState::new().hash_one(Instant::now()) & 0xffff_ffff
    )
}

/// The admin configuration of the shared control plane (or `KUBECONFIG`).
async fn admin_config() -> Result<kube::Config> {
    let cp = tokio::task::spawn_blocking(e2e::shared).await??;
    Ok(match cp.kubeconfig() {
        Some(path) => {
            let kubeconfig = kube::config::Kubeconfig::read_from(&path)?;
            kube::Config::from_custom_kubeconfig(kubeconfig, &Default::default()).await?
        }
        None => kube::Config::from_kubeconfig(&Default::default()).await?,
    })
}

/// Starts a controller as the cluster admin.
async fn start(config: Config) -> Result<Running> {
    start_as(admin_config().await?, config).await
}

/// The App most tests start from: `example`, with Deployment and Service `web`,
/// one replica of nginx.
async fn create_example_app(client: &Client, ns: &str) -> Result<App> {
    create_app(
        client,
        ns,
        &new_app("example", "web", "nginx:1.27", 1, "web"),
    )
    .await
}

async fn patch_app(client: &Client, ns: &str, name: &str, patch: Value) -> Result<App> {
    Ok(Clientset::new(client.clone())
        .myapp_v1()
        .apps(ns)
        .patch(name, &PatchParams::default(), &Patch::Merge(&patch))
        .await?)
}

/// Waits until the App's Ready condition has `reason` (for the current generation).
async fn wait_reason(client: &Client, ns: &str, name: &str, reason: &str) -> Result<App> {
    eventually(
        &format!("App {name} Ready reason {reason}"),
        TIMEOUT,
        || async {
            let app = get_app(client, ns, name).await?;
            let current =
                app.status.as_ref().and_then(|s| s.observed_generation) == app.metadata.generation;
            Ok((current && ready(&app).is_some_and(|(_, r, _)| r == reason)).then_some(app))
        },
    )
    .await
}

/// Waits until the Deployment exists and `check` accepts it.
async fn wait_deployment(
    client: &Client,
    ns: &str,
    name: &str,
    what: &str,
    check: impl Fn(&Deployment) -> bool,
) -> Result<Deployment> {
    let api = deployments(client, ns);
    eventually(&format!("Deployment {name}: {what}"), TIMEOUT, || async {
        Ok(api.get_opt(name).await?.filter(|d| check(d)))
    })
    .await
}

async fn wait_service(client: &Client, ns: &str, name: &str) -> Result<Service> {
    let api = services(client, ns);
    eventually(&format!("Service {name}"), TIMEOUT, || async {
        Ok(api.get_opt(name).await?)
    })
    .await
}

async fn wait_gone<K>(api: &Api<K>, name: &str) -> Result<()>
where
    K: Resource + Clone + serde::de::DeserializeOwned + std::fmt::Debug,
{
    eventually(&format!("{name} to be deleted"), TIMEOUT, || async {
        Ok(api.get_opt(name).await?.is_none().then_some(()))
    })
    .await
}

fn replicas(d: &Deployment) -> Option<i32> {
    d.spec.as_ref()?.replicas
}

fn image(d: &Deployment) -> Option<String> {
    d.spec
        .as_ref()?
        .template
        .spec
        .as_ref()?
        .containers
        .first()?
        .image
        .clone()
}

/// The single controller owner reference of an object.
fn controller_ref(
    meta: &ObjectMeta,
) -> Option<&k8s_openapi::apimachinery::pkg::apis::meta::v1::OwnerReference> {
    meta.owner_references
        .as_ref()?
        .iter()
        .find(|r| r.controller == Some(true))
}

/// Events about the App `name` (events.k8s.io/v1) as `"<type> <reason>: <note>"`.
async fn events_for(client: &Client, ns: &str, name: &str) -> Result<Vec<String>> {
    let events: Api<Event> = Api::namespaced(client.clone(), ns);
    let mut lines: Vec<String> = events
        .list(&ListParams::default())
        .await?
        .items
        .into_iter()
        .filter(|e| {
            e.regarding.as_ref().is_some_and(|r| {
                r.kind.as_deref() == Some("App") && r.name.as_deref() == Some(name)
            })
        })
        .map(|e| {
            format!(
                "{} {}: {}",
                e.type_.unwrap_or_default(),
                e.reason.unwrap_or_default(),
                e.note.unwrap_or_default()
            )
        })
        .collect();
    lines.sort();
    Ok(lines)
}

// ---------------------------------------------------------------------------
// Behaviour

#[tokio::test]
async fn an_app_gets_a_deployment_and_a_service_it_controls() -> Result<()> {
    let (client, ns) = setup("ctrl-create").await?;
    let ns = ns.name().to_owned();
    let controller = start(config(&ns)).await?;
    let app = create_app(
        &client,
        &ns,
        &new_app("example", "web", "nginx:1.27", 2, "web-svc"),
    )
    .await?;
    let uid = app.metadata.uid.clone().context("uid")?;

    let d = wait_deployment(&client, &ns, "web", "exists", |_| true).await?;
    let s = wait_service(&client, &ns, "web-svc").await?;
    for (what, meta) in [("Deployment", &d.metadata), ("Service", &s.metadata)] {
        let owner =
            controller_ref(meta).with_context(|| format!("{what} has no controller reference"))?;
        assert_eq!(
            (
                owner.api_version.as_str(),
                owner.kind.as_str(),
                owner.name.as_str()
            ),
            ("myapp.k8s.io/v1", "App", "example"),
            "{what}"
        );
        assert_eq!(owner.uid, uid, "{what}");
        assert_eq!(owner.block_owner_deletion, Some(true), "{what}");
        assert_eq!(
            meta.owner_references.as_ref().map(Vec::len),
            Some(1),
            "{what}"
        );
    }
    assert_eq!(replicas(&d), Some(2));
    assert_eq!(image(&d).as_deref(), Some("nginx:1.27"));
    let spec = d.spec.clone().unwrap();
    let selector = spec.selector.match_labels.clone().unwrap_or_default();
    assert_eq!(
        selector,
        BTreeMap::from([("myapp.k8s.io/app".into(), "example".into())])
    );
    let container = &spec.template.spec.as_ref().unwrap().containers[0];
    assert_eq!(container.name, "web");
    let svc = s.spec.clone().unwrap();
    assert_eq!(svc.selector, Some(selector));
    let port = &svc.ports.unwrap()[0];
    assert_eq!((port.port, port.protocol.as_deref()), (80, Some("TCP")));

    // Status: observed generation, availability (no kubelet: 0 of 2), events.
    let app = wait_reason(&client, &ns, "example", "Progressing").await?;
    let status = app.status.clone().unwrap();
    assert_eq!(status.available_replicas, Some(0));
    assert_eq!(
        ready(&app).unwrap(),
        (
            "False".into(),
            "Progressing".into(),
            "Deployment \"web\" has 0 of 2 replicas available".into()
        )
    );
    let events = eventually("Created events", TIMEOUT, || async {
        let events = events_for(&client, &ns, "example").await?;
        Ok((events.len() >= 3).then_some(events))
    })
    .await?;
    assert!(
        events.contains(&"Normal Created: Created Deployment \"web\"".to_owned()),
        "{events:?}"
    );
    assert!(
        events.contains(&"Normal Created: Created Service \"web-svc\"".to_owned()),
        "{events:?}"
    );
    assert!(
        events.contains(&"Normal Synced: App synced successfully".to_owned()),
        "{events:?}"
    );
    controller.stop().await
}

#[tokio::test]
async fn spec_changes_reach_the_deployment() -> Result<()> {
    let (client, ns) = setup("ctrl-edit").await?;
    let ns = ns.name().to_owned();
    let controller = start(config(&ns)).await?;
    create_example_app(&client, &ns).await?;
    wait_deployment(&client, &ns, "web", "1 replica", |d| replicas(d) == Some(1)).await?;

    patch_app(
        &client,
        &ns,
        "example",
        json!({"spec": {"deployment": {"replicas": 3, "image": "nginx:1.28"}}}),
    )
    .await?;

    wait_deployment(&client, &ns, "web", "3 replicas of nginx:1.28", |d| {
        replicas(d) == Some(3) && image(d).as_deref() == Some("nginx:1.28")
    })
    .await?;
    let app = wait_reason(&client, &ns, "example", "Progressing").await?;
    assert_eq!(app.status.unwrap().observed_generation, Some(2));
    controller.stop().await
}

#[tokio::test]
async fn hand_edits_are_corrected_and_other_managers_fields_kept() -> Result<()> {
    let (client, ns) = setup("ctrl-drift").await?;
    let ns = ns.name().to_owned();
    let controller = start(config(&ns)).await?;
    create_app(
        &client,
        &ns,
        &new_app("example", "web", "nginx:1.27", 2, "web"),
    )
    .await?;
    wait_deployment(&client, &ns, "web", "exists", |_| true).await?;
    wait_reason(&client, &ns, "example", "Progressing").await?;

    // Someone scales by hand, swaps the image, and adds a label of their own.
    let by_hand = PatchParams {
        field_manager: Some("kubectl-edit".into()),
        ..PatchParams::default()
    };
    deployments(&client, &ns)
        .patch(
            "web",
            &by_hand,
            &Patch::Strategic(json!({
                "metadata": {"labels": {"team": "payments"}},
                "spec": {"replicas": 7, "template": {"spec": {"containers": [{"name": "web", "image": "evil:latest"}]}}}
            })),
        )
        .await?;

    let d = wait_deployment(&client, &ns, "web", "corrected", |d| {
        replicas(d) == Some(2) && image(d).as_deref() == Some("nginx:1.27")
    })
    .await?;
    let labels = d.metadata.labels.unwrap_or_default();
    assert_eq!(
        labels.get("team").map(String::as_str),
        Some("payments"),
        "a field another manager owns stays"
    );
    let events = eventually("an Updated event", TIMEOUT, || async {
        let events = events_for(&client, &ns, "example").await?;
        Ok(events
            .iter()
            .any(|e| e.starts_with("Normal Updated"))
            .then_some(events))
    })
    .await?;
    let updated = events
        .iter()
        .find(|e| e.starts_with("Normal Updated"))
        .unwrap();
    assert!(updated.contains("spec.replicas"), "{updated}");
    assert!(updated.contains("containers[name=web].image"), "{updated}");
    controller.stop().await
}

#[tokio::test]
async fn a_foreign_deployment_is_never_touched() -> Result<()> {
    let (client, ns) = setup("ctrl-foreign").await?;
    let ns = ns.name().to_owned();
    // A Deployment "web" that belongs to nobody (someone else's).
    let foreign: Deployment = serde_json::from_value(json!({
        "metadata": {"name": "web", "labels": {"owner": "someone-else"}},
        "spec": {
            "replicas": 1,
            "selector": {"matchLabels": {"app": "theirs"}},
            "template": {"metadata": {"labels": {"app": "theirs"}},
                         "spec": {"containers": [{"name": "theirs", "image": "busybox"}]}}
        }
    }))?;
    let foreign = deployments(&client, &ns)
        .create(&PostParams::default(), &foreign)
        .await?;
    let controller = start(config(&ns)).await?;
    create_app(
        &client,
        &ns,
        &new_app("example", "web", "nginx:1.27", 2, "web"),
    )
    .await?;

    let app = wait_reason(&client, &ns, "example", "ErrResourceExists").await?;
    let (status, _, message) = ready(&app).unwrap();
    assert_eq!(status, "False");
    assert_eq!(
        message,
        "Deployment \"web\" already exists and is not managed by App \"example\" (it has no controller)"
    );
    eventually("a Warning ErrResourceExists event", TIMEOUT, || async {
        let events = events_for(&client, &ns, "example").await?;
        Ok(events
            .iter()
            .any(|e| e.starts_with("Warning ErrResourceExists: Deployment \"web\" already exists"))
            .then_some(()))
    })
    .await?;
    // The Service (free name) is created; the Deployment is untouched while
    // the controller keeps retrying with backoff.
    wait_service(&client, &ns, "web").await?;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let now = deployments(&client, &ns).get("web").await?;
    assert_eq!(
        now.metadata.generation, foreign.metadata.generation,
        "spec untouched"
    );
    assert_eq!(
        now.metadata.labels, foreign.metadata.labels,
        "labels untouched"
    );
    assert_eq!(now.metadata.owner_references, None, "not adopted");
    let managers: BTreeSet<String> = now
        .metadata
        .managed_fields
        .unwrap_or_default()
        .into_iter()
        .filter_map(|m| m.manager)
        .collect();
    assert!(
        !managers.contains("app-controller"),
        "app-controller wrote to it: {managers:?}"
    );
    assert!(
        controller.metrics.reconciles("error") > 0,
        "retried with backoff"
    );

    // Once the foreign object is gone, the App gets its own Deployment.
    deployments(&client, &ns)
        .delete("web", &DeleteParams::foreground())
        .await?;
    let d = wait_deployment(&client, &ns, "web", "controlled by the App", |d| {
        controller_ref(&d.metadata).is_some_and(|r| r.name == "example")
    })
    .await?;
    assert_eq!(image(&d).as_deref(), Some("nginx:1.27"));
    wait_reason(&client, &ns, "example", "Progressing").await?;
    controller.stop().await
}

#[tokio::test]
async fn a_rename_replaces_the_children() -> Result<()> {
    let (client, ns) = setup("ctrl-rename").await?;
    let ns = ns.name().to_owned();
    let controller = start(config(&ns)).await?;
    create_example_app(&client, &ns).await?;
    wait_deployment(&client, &ns, "web", "exists", |_| true).await?;
    wait_service(&client, &ns, "web").await?;

    patch_app(
        &client,
        &ns,
        "example",
        json!({"spec": {"deployment": {"name": "web-v2"}, "service": {"name": "front"}}}),
    )
    .await?;

    wait_deployment(&client, &ns, "web-v2", "exists", |_| true).await?;
    wait_service(&client, &ns, "front").await?;
    wait_gone(&deployments(&client, &ns), "web").await?;
    wait_gone(&services(&client, &ns), "web").await?;
    let all = deployments(&client, &ns)
        .list(&ListParams::default())
        .await?;
    let names: Vec<_> = all
        .items
        .iter()
        .filter_map(|d| d.metadata.name.clone())
        .collect();
    assert_eq!(names, ["web-v2"]);
    controller.stop().await
}

#[tokio::test]
async fn deleting_the_app_garbage_collects_its_children() -> Result<()> {
    let (client, ns) = setup("ctrl-gc").await?;
    let ns = ns.name().to_owned();
    let controller = start(config(&ns)).await?;
    create_example_app(&client, &ns).await?;
    wait_deployment(&client, &ns, "web", "exists", |_| true).await?;
    wait_service(&client, &ns, "web").await?;

    Clientset::new(client.clone())
        .myapp_v1()
        .apps(&ns)
        .delete("example", &DeleteParams::background())
        .await?;

    // kube-controller-manager's garbage collector follows the owner references.
    wait_gone(&deployments(&client, &ns), "web").await?;
    wait_gone(&services(&client, &ns), "web").await?;
    controller.stop().await
}

#[tokio::test]
async fn app_status_follows_the_deployment() -> Result<()> {
    let (client, ns) = setup("ctrl-status").await?;
    let ns = ns.name().to_owned();
    let controller = start(config(&ns)).await?;
    create_app(
        &client,
        &ns,
        &new_app("example", "web", "nginx:1.27", 2, "web"),
    )
    .await?;
    wait_reason(&client, &ns, "example", "Progressing").await?;

    // No kubelet runs: stand in for it and report the pods running and ready.
    // The ReplicaSet and Deployment controllers turn that into the
    // Deployment's availableReplicas, which the App's status must follow.
    let pods: Api<Pod> = Api::namespaced(client.clone(), &ns);
    let names = eventually("2 pods", TIMEOUT, || async {
        let list = pods
            .list(&ListParams::default().labels("myapp.k8s.io/app=example"))
            .await?;
        let names: Vec<String> = list
            .items
            .iter()
            .filter_map(|p| p.metadata.name.clone())
            .collect();
        Ok((names.len() == 2).then_some(names))
    })
    .await?;
    let now = k8s_openapi::jiff::Timestamp::now().to_string();
    for name in &names {
        let ready = json!({"status": {
            "phase": "Running",
            "conditions": [
                {"type": "PodScheduled", "status": "True", "lastTransitionTime": now},
                {"type": "Initialized", "status": "True", "lastTransitionTime": now},
                {"type": "ContainersReady", "status": "True", "lastTransitionTime": now},
                {"type": "Ready", "status": "True", "lastTransitionTime": now}
            ]
        }});
        pods.patch_status(name, &PatchParams::default(), &Patch::Merge(&ready))
            .await
            .with_context(|| format!("marking pod {name} ready"))?;
    }

    let d = wait_deployment(&client, &ns, "web", "2 available", |d| {
        d.status.as_ref().and_then(|s| s.available_replicas) == Some(2)
    })
    .await?;
    let app = wait_reason(&client, &ns, "example", "Available").await?;
    assert_eq!(app.status.as_ref().unwrap().available_replicas, Some(2));
    assert_eq!(
        ready(&app).unwrap(),
        (
            "True".into(),
            "Available".into(),
            "Deployment \"web\" has 2 of 2 replicas available".into()
        )
    );
    assert_eq!(d.metadata.name.as_deref(), Some("web"));
    controller.stop().await
}

#[tokio::test]
async fn an_invalid_spec_gets_a_condition_not_a_crash_loop() -> Result<()> {
    let (client, ns) = setup("ctrl-invalid").await?;
    let ns = ns.name().to_owned();
    let controller = start(config(&ns)).await?;
    // Passes the CRD schema (dots are fine in a Deployment name), but the
    // container is named after the Deployment and cannot contain dots.
    create_app(
        &client,
        &ns,
        &new_app("example", "web.v2", "nginx:1.27", 1, "web"),
    )
    .await?;

    let app = wait_reason(&client, &ns, "example", "InvalidSpec").await?;
    let (_, _, message) = ready(&app).unwrap();
    assert!(
        message.starts_with("invalid spec: spec.deployment.name: Invalid value: \"web.v2\""),
        "{message}"
    );
    eventually("a Warning InvalidSpec event", TIMEOUT, || async {
        let events = events_for(&client, &ns, "example").await?;
        Ok(events
            .iter()
            .any(|e| e.starts_with("Warning InvalidSpec"))
            .then_some(()))
    })
    .await?;
    assert!(deployments(&client, &ns).get_opt("web.v2").await?.is_none());
    assert!(controller.health.is_alive());
    assert_eq!(
        controller.metrics.reconciles("error"),
        0,
        "not retried as an error"
    );

    // Fixing the spec is all it takes.
    patch_app(
        &client,
        &ns,
        "example",
        json!({"spec": {"deployment": {"name": "web"}}}),
    )
    .await?;
    wait_deployment(&client, &ns, "web", "exists", |_| true).await?;
    wait_reason(&client, &ns, "example", "Progressing").await?;
    controller.stop().await
}

#[tokio::test]
async fn an_app_that_does_not_decode_gets_a_warning_and_the_others_converge() -> Result<()> {
    let (client, ns) = setup("ctrl-undecodable").await?;
    let ns = ns.name().to_owned();
    // The API server does not enforce `format: int32` for custom resources, so
    // an App asking for more replicas than an i32 holds is stored (written by
    // a client other than ours); the controller's App type cannot read it.
    let raw: Api<DynamicObject> = Api::namespaced_with(
        client.clone(),
        &ns,
        &kube::api::ApiResource::erase::<App>(&()),
    );
    let mut broken = serde_json::to_value(new_app("broken", "big", "nginx:1.27", 1, "big"))?;
    broken["apiVersion"] = json!("myapp.k8s.io/v1");
    broken["kind"] = json!("App");
    broken["spec"]["deployment"]["replicas"] = json!(3_000_000_000_u64);
    raw.create(&PostParams::default(), &serde_json::from_value(broken)?)
        .await
        .context("the API server stores the out-of-range App")?;

    let controller = start(config(&ns)).await?;
    create_example_app(&client, &ns).await?;
    wait_deployment(&client, &ns, "web", "exists", |_| true).await?;

    let warning = eventually("a Warning Undecodable event", TIMEOUT, || async {
        let events = events_for(&client, &ns, "broken").await?;
        Ok(events
            .into_iter()
            .find(|e| e.starts_with("Warning Undecodable")))
    })
    .await?;
    assert!(
        warning.contains("at spec.deployment.replicas")
            && warning.contains("3000000000")
            && warning.contains("not reconciled"),
        "{warning}"
    );
    assert!(controller.metrics.decode_failures() >= 1);
    assert!(
        controller
            .metrics
            .render()
            .contains("app_controller_decode_failures_total"),
    );
    assert!(deployments(&client, &ns).get_opt("big").await?.is_none());

    // Fixed through any client, it is reconciled like any other App.
    patch_app(
        &client,
        &ns,
        "broken",
        json!({"spec": {"deployment": {"replicas": 2}}}),
    )
    .await?;
    wait_deployment(&client, &ns, "big", "2 replicas", |d| {
        replicas(d) == Some(2)
    })
    .await?;
    controller.stop().await
}

// ---------------------------------------------------------------------------
// Operations

#[tokio::test]
async fn a_restarted_controller_converges_without_duplicates() -> Result<()> {
    let (client, ns) = setup("ctrl-restart").await?;
    let ns = ns.name().to_owned();
    const N: usize = 20;
    let mut cfg = config(&ns);
    cfg.workers = 1;
    let first = start(cfg).await?;
    futures::stream::iter(0..N)
        .map(|i| {
            let (client, ns) = (client.clone(), ns.clone());
            async move {
                let name = format!("app-{i:02}");
                create_app(&client, &ns, &new_app(&name, &name, "nginx:1.27", 1, &name)).await
            }
        })
        .buffer_unordered(8)
        .try_collect::<Vec<_>>()
        .await?;

    // Crash it mid-way: some children exist, others not yet.
    let api = deployments(&client, &ns);
    eventually("the first controller to be mid-way", TIMEOUT, || async {
        let n = api.list(&ListParams::default()).await?.items.len();
        Ok((n >= 3).then_some(()))
    })
    .await?;
    first.kill();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = api.list(&ListParams::default()).await?.items.len();

    let second = start(config(&ns)).await?;
    eventually("every App to have both children", TIMEOUT, || async {
        let d = api.list(&ListParams::default()).await?.items.len();
        let s = services(&client, &ns)
            .list(&ListParams::default())
            .await?
            .items
            .len();
        Ok((d == N && s == N).then_some(()))
    })
    .await?;
    // Exactly one Deployment per App, each controlled by its App; the second
    // controller only created what was missing.
    let apps = Clientset::new(client.clone())
        .myapp_v1()
        .apps(&ns)
        .list(&ListParams::default())
        .await?;
    let uids: BTreeMap<String, String> = apps
        .items
        .iter()
        .map(|a| {
            (
                a.metadata.name.clone().unwrap(),
                a.metadata.uid.clone().unwrap(),
            )
        })
        .collect();
    for d in api.list(&ListParams::default()).await?.items {
        let name = d.metadata.name.clone().unwrap();
        let refs = d.metadata.owner_references.clone().unwrap_or_default();
        assert_eq!(refs.len(), 1, "{name}");
        assert_eq!(Some(&refs[0].uid), uids.get(&name), "{name}");
    }
    assert_eq!(
        second.metrics.writes("create", "deployments") as usize,
        N - before,
        "the restarted controller re-created nothing that existed"
    );
    second.stop().await
}

#[tokio::test]
async fn two_replicas_elect_one_leader_and_fail_over() -> Result<()> {
    let (client, ns) = setup("ctrl-leader").await?;
    let ns = ns.name().to_owned();
    let election = LeaderElection {
        lease_name: "app-controller".into(),
        lease_namespace: ns.clone(),
        lease_duration: Duration::from_secs(4),
        renew_deadline: Duration::from_secs(2),
        retry_period: Duration::from_millis(500),
    };
    let replica = |name: &str| {
        let mut cfg = config(&ns);
        cfg.identity = format!("{name}-{}", rand_suffix());
        cfg.leader_election = Some(election.clone());
        start(cfg)
    };
    let leases: Api<Lease> = Api::namespaced(client.clone(), &ns);
    let holder = || async {
        Ok::<_, anyhow::Error>(
            leases
                .get_opt("app-controller")
                .await?
                .and_then(|l| l.spec)
                .and_then(|s| s.holder_identity),
        )
    };

    let mut replicas = vec![replica("a").await?, replica("b").await?];
    let leader = eventually("one leader", TIMEOUT, || async {
        let leaders: Vec<usize> = (0..replicas.len())
            .filter(|i| replicas[*i].metrics.is_leader())
            .collect();
        Ok((leaders.len() == 1).then(|| leaders[0]))
    })
    .await?;
    // Give a would-be second leader time to show up: there is none.
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(replicas.iter().filter(|r| r.metrics.is_leader()).count(), 1);
    assert_eq!(holder().await?, Some(replicas[leader].identity.clone()));
    // Both are ready: the leader with synced caches, the standby waiting.
    assert!(replicas.iter().all(|r| r.health.is_ready()));

    create_app(&client, &ns, &new_app("one", "one", "nginx:1.27", 1, "one")).await?;
    wait_deployment(&client, &ns, "one", "exists", |_| true).await?;
    let standby = 1 - leader;
    assert_eq!(
        replicas[standby].object_writes(),
        0,
        "the standby writes nothing"
    );
    // But it watches: its cache holds the App (what its webhooks read, and
    // what it reconciles from at once if it takes over).
    eventually("the App in the standby's cache", TIMEOUT, || async {
        Ok(replicas[standby].apps.namespace(&ns).get("one").map(|_| ()))
    })
    .await?;

    // Graceful stop releases the lease: the standby takes over.
    let stopped = replicas.remove(leader);
    let t0 = Instant::now();
    stopped.stop().await?;
    let next = replicas.remove(0);
    eventually("the standby to lead", TIMEOUT, || async {
        Ok(next.metrics.is_leader().then_some(()))
    })
    .await?;
    let graceful = t0.elapsed();
    create_app(&client, &ns, &new_app("two", "two", "nginx:1.27", 1, "two")).await?;
    wait_deployment(&client, &ns, "two", "exists", |_| true).await?;
    assert_eq!(holder().await?, Some(next.identity.clone()));

    // A crashed leader (no release) is replaced once its lease expires.
    let third = replica("c").await?;
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert!(!third.metrics.is_leader());
    let t1 = Instant::now();
    next.kill();
    eventually("the third replica to lead", TIMEOUT, || async {
        Ok(third.metrics.is_leader().then_some(()))
    })
    .await?;
    let crashed = t1.elapsed();
    create_app(
        &client,
        &ns,
        &new_app("three", "three", "nginx:1.27", 1, "three"),
    )
    .await?;
    wait_deployment(&client, &ns, "three", "exists", |_| true).await?;
    eprintln!(
        "leader takeover: {graceful:?} after a graceful stop, {crashed:?} after a crash (lease 4 s)"
    );
    third.stop().await
}

#[tokio::test]
async fn many_apps_converge_and_stay_quiet() -> Result<()> {
    const N: usize = 300;
    let (client, ns) = setup("ctrl-load").await?;
    let ns = ns.name().to_owned();
    let mut cfg = config(&ns);
    cfg.workers = 8;
    cfg.resync = Duration::from_secs(5);
    let controller = start(cfg).await?;
    eventually("caches synced", TIMEOUT, || async {
        Ok(controller.health.is_ready().then_some(()))
    })
    .await?;

    let started = Instant::now();
    futures::stream::iter(0..N)
        .map(|i| {
            let (client, ns) = (client.clone(), ns.clone());
            async move {
                let name = format!("app-{i:03}");
                create_app(&client, &ns, &new_app(&name, &name, "nginx:1.27", 1, &name)).await
            }
        })
        .buffer_unordered(32)
        .try_collect::<Vec<_>>()
        .await?;
    let created = started.elapsed();

    let apps_api = Clientset::new(client.clone()).myapp_v1().apps(&ns);
    let converged = eventually("300 Apps converged", Duration::from_secs(300), || async {
        let apps = apps_api.list(&ListParams::default()).await?.items;
        let deps: BTreeMap<String, Deployment> = deployments(&client, &ns)
            .list(&ListParams::default())
            .await?
            .items
            .into_iter()
            .map(|d| (d.metadata.name.clone().unwrap_or_default(), d))
            .collect();
        let svcs: BTreeSet<String> = services(&client, &ns)
            .list(&ListParams::default())
            .await?
            .items
            .into_iter()
            .filter_map(|s| s.metadata.name)
            .collect();
        let done = apps.len() == N
            && apps.iter().all(|app| {
                let Some(d) = deps.get(&app.spec.deployment.name) else {
                    return false;
                };
                let available = d
                    .status
                    .as_ref()
                    .and_then(|s| s.available_replicas)
                    .unwrap_or(0);
                let status = app.status.clone().unwrap_or_default();
                let reflects = status.available_replicas == Some(available)
                    && ready(app).is_some_and(|(s, _, _)| (s == "True") == (available >= 1));
                svcs.contains(&app.spec.service.name)
                    && status.observed_generation == app.metadata.generation
                    && reflects
            });
        Ok(done.then_some(()))
    })
    .await;
    let elapsed = started.elapsed();
    converged?;

    let m = &controller.metrics;
    let per_app = |n: u64| n as f64 / N as f64;
    let object_writes = controller.object_writes();
    eprintln!(
        "{N} Apps: created in {created:?}, converged {elapsed:?} after the first create; \
         API writes per App: {:.2} objects (create deployments {:.2}, create services {:.2}, \
         apply {:.2}, delete {:.2}, status {:.2}) + {:.2} events; reconciles {} ok / {} failed",
        per_app(object_writes),
        per_app(m.writes("create", "deployments")),
        per_app(m.writes("create", "services")),
        per_app(m.writes("apply", "deployments") + m.writes("apply", "services")),
        per_app(m.writes("delete", "deployments") + m.writes("delete", "services")),
        per_app(m.writes("apply_status", "apps")),
        per_app(m.writes_to("events")),
        m.reconciles("success"),
        m.reconciles("error"),
    );
    assert_eq!(
        m.writes("create", "deployments") as usize,
        N,
        "one create per Deployment"
    );
    assert_eq!(
        m.writes("create", "services") as usize,
        N,
        "one create per Service"
    );

    // Steady state: two resyncs of 300 unchanged Apps write nothing. Events
    // are published in the background, one at a time: on a busy machine some
    // are still queued at convergence, so wait for them to drain first.
    let mut writes_before = controller.object_writes() + m.writes_to("events");
    for _ in 0..30 {
        tokio::time::sleep(Duration::from_secs(2)).await;
        let now = controller.object_writes() + m.writes_to("events");
        if now == writes_before {
            break;
        }
        writes_before = now;
    }
    let reconciles_before = m.reconciles("success");
    tokio::time::sleep(Duration::from_secs(11)).await;
    let resynced = m.reconciles("success") - reconciles_before;
    assert!(
        resynced >= N as u64,
        "resyncs reconciled every App again ({resynced})"
    );
    assert_eq!(
        controller.object_writes() + m.writes_to("events"),
        writes_before,
        "resyncs of unchanged Apps made API writes"
    );
    controller.stop().await
}

// ---------------------------------------------------------------------------
// Manifests, RBAC and the binary

/// Server-side applies every document of the YAML files (or dirs) under
/// `manifests/` named by `paths`, optionally as a dry run.
async fn apply_manifests(client: &Client, paths: &[&str], dry_run: bool) -> Result<()> {
    let root = e2e::repo_root().join("manifests");
    for path in paths {
        let path = root.join(path);
        let mut files: Vec<_> = if path.is_dir() {
            std::fs::read_dir(&path)?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
                .collect()
        } else {
            vec![path.clone()]
        };
        files.sort();
        for file in files {
            let text = std::fs::read_to_string(&file)?;
            let docs: Vec<Value> = serde_saphyr::from_multiple(&text)
                .with_context(|| format!("parsing {}", file.display()))?;
            for doc in docs.into_iter().filter(Value::is_object) {
                let (group, version) = doc["apiVersion"]
                    .as_str()
                    .unwrap_or_default()
                    .rsplit_once('/')
                    .map_or(
                        ("", doc["apiVersion"].as_str().unwrap_or_default()),
                        |(g, v)| (g, v),
                    );
                let gvk =
                    GroupVersionKind::gvk(group, version, doc["kind"].as_str().unwrap_or_default());
                let (resource, caps) = discovery::pinned_kind(client, &gvk).await?;
                let name = doc["metadata"]["name"].as_str().unwrap_or_default();
                let api: Api<DynamicObject> = match caps.scope {
                    Scope::Cluster => Api::all_with(client.clone(), &resource),
                    Scope::Namespaced => Api::namespaced_with(
                        client.clone(),
                        doc["metadata"]["namespace"].as_str().unwrap_or("default"),
                        &resource,
                    ),
                };
                let mut params = PatchParams::apply("e2e").force();
                params.dry_run = dry_run;
                api.patch(name, &params, &Patch::Apply(&doc))
                    .await
                    .with_context(|| {
                        format!("applying {} {name} from {}", gvk.kind, file.display())
                    })?;
            }
        }
    }
    Ok(())
}

#[tokio::test]
async fn the_controller_runs_with_only_the_rbac_of_its_manifests() -> Result<()> {
    let (admin, ns) = setup("ctrl-rbac").await?;
    let ns = ns.name().to_owned();
    // The roles are generated from the controller's `+kubebuilder:rbac`
    // markers (hack/update-codegen.sh); least privilege: no wildcard anywhere.
    let roles = std::fs::read_to_string(e2e::repo_root().join("manifests/rbac/role.yaml"))?;
    assert!(
        roles.contains("Code generated by kube-codegen"),
        "role.yaml is not generated"
    );
    assert!(!roles.contains('*'), "role.yaml uses a wildcard");
    apply_manifests(
        &admin,
        &[
            "controller/00-namespace.yaml",
            "controller/01-service-account.yaml",
            "rbac",
        ],
        false,
    )
    .await?;
    // The controller's Deployment is valid for the API server (dry run: no
    // kubelet would run it here anyway).
    apply_manifests(&admin, &["controller/02-deployment.yaml"], true).await?;

    // A client authenticated as the controller's ServiceAccount.
    let sa: Api<ServiceAccount> = Api::namespaced(admin.clone(), "app-system");
    let request: TokenRequest =
        serde_json::from_value(json!({"spec": {"audiences": [], "expirationSeconds": 3600}}))?;
    let token = sa
        .create_token_request("app-controller", &PostParams::default(), &request)
        .await?
        .status
        .context("token request without status")?
        .token;
    let mut sa_config = admin_config().await?;
    sa_config.auth_info = serde_json::from_value(json!({"token": token}))?;
    let as_controller = Client::try_from(sa_config.clone())?;

    // It may not do what it does not need.
    let secrets: Api<Secret> = Api::namespaced(as_controller.clone(), &ns);
    let denied = secrets.list(&ListParams::default()).await.unwrap_err();
    assert!(denied.to_string().contains("forbidden"), "{denied}");
    let denied = Clientset::new(as_controller.clone())
        .myapp_v1()
        .apps(&ns)
        .create(&PostParams::default(), &new_app("x", "x", "nginx", 1, "x"))
        .await
        .unwrap_err();
    assert!(denied.is_forbidden(), "{denied}");

    // And everything it needs: informers, children, status, events, the Lease.
    let mut cfg = config(&ns);
    cfg.leader_election = Some(LeaderElection {
        lease_duration: Duration::from_secs(4),
        renew_deadline: Duration::from_secs(2),
        retry_period: Duration::from_millis(500),
        ..LeaderElection::new("app-controller", "app-system")
    });
    let controller = start_as(sa_config, cfg).await?;
    create_example_app(&admin, &ns).await?;
    let d = wait_deployment(&admin, &ns, "web", "exists", |_| true).await?;
    assert!(controller_ref(&d.metadata).is_some());
    wait_service(&admin, &ns, "web").await?;
    wait_reason(&admin, &ns, "example", "Progressing").await?;
    eventually("events recorded by the controller", TIMEOUT, || async {
        Ok((!events_for(&admin, &ns, "example").await?.is_empty()).then_some(()))
    })
    .await?;
    // Drift correction (patch) and rename (delete) are allowed too.
    patch_app(
        &admin,
        &ns,
        "example",
        json!({"spec": {"deployment": {"name": "web2"}}}),
    )
    .await?;
    wait_deployment(&admin, &ns, "web2", "exists", |_| true).await?;
    wait_gone(&deployments(&admin, &ns), "web").await?;
    assert_eq!(
        controller.metrics.reconciles("error"),
        0,
        "no call was forbidden"
    );
    controller.stop().await
}

/// One rule of the generated roles, where it applies (`None`: everywhere).
struct Grant {
    namespace: Option<String>,
    groups: Vec<String>,
    resources: Vec<String>,
    names: Vec<String>,
    verbs: Vec<String>,
}

impl Grant {
    /// Whether RBAC's rule matching lets this rule allow the request.
    fn allows(&self, ns: &str, group: &str, resource: &str, name: &str, verb: &str) -> bool {
        let has = |list: &[String], x: &str| list.iter().any(|v| v == x || v == "*");
        self.namespace.as_deref().is_none_or(|n| n == ns)
            && has(&self.groups, group)
            && has(&self.resources, resource)
            && has(&self.verbs, verb)
            && (self.names.is_empty() || self.names.iter().any(|n| n == name))
    }
}

/// The rules of the generated `manifests/rbac/role.yaml`.
fn generated_grants() -> Result<Vec<Grant>> {
    let text = std::fs::read_to_string(e2e::repo_root().join("manifests/rbac/role.yaml"))?;
    let docs: Vec<Value> = serde_saphyr::from_multiple(&text)?;
    let list = |v: &Value| -> Vec<String> {
        v.as_array()
            .into_iter()
            .flatten()
            .filter_map(|s| s.as_str().map(str::to_owned))
            .collect()
    };
    let mut grants = Vec::new();
    for doc in docs.iter().filter(|d| d.is_object()) {
        let namespace = doc["metadata"]["namespace"].as_str().map(str::to_owned);
        for rule in doc["rules"].as_array().into_iter().flatten() {
            grants.push(Grant {
                namespace: namespace.clone(),
                groups: list(&rule["apiGroups"]),
                resources: list(&rule["resources"]),
                names: list(&rule["resourceNames"]),
                verbs: list(&rule["verbs"]),
            });
        }
    }
    ensure!(!grants.is_empty(), "role.yaml grants nothing");
    Ok(grants)
}

/// The API server's SubjectAccessReview agrees with the generated roles, for
/// the controller's ServiceAccount: every verb of every rule on every resource
/// it names is allowed (in the Role's namespace for a Role), and everything
/// else in a sample of verbs × resources × names × namespaces is denied.
#[tokio::test]
async fn the_service_account_is_allowed_exactly_what_the_markers_grant() -> Result<()> {
    let (admin, ns) = setup("ctrl-sar").await?;
    let ns = ns.name().to_owned();
    apply_manifests(
        &admin,
        &[
            "controller/00-namespace.yaml",
            "controller/01-service-account.yaml",
            "rbac",
        ],
        false,
    )
    .await?;
    let grants = generated_grants()?;
    let user = "system:serviceaccount:app-system:app-controller";

    // Every (group, resource) the roles name, plus some they do not.
    let mut resources: BTreeSet<(String, String)> = [
        ("", "secrets"),
        ("", "configmaps"),
        ("", "pods"),
        ("apps", "statefulsets"),
        ("myapp.k8s.io", "apps/scale"),
        ("rbac.authorization.k8s.io", "roles"),
    ]
    .into_iter()
    .map(|(g, r)| (g.to_owned(), r.to_owned()))
    .collect();
    let mut names = BTreeSet::from(["".to_owned(), "some-other-name".to_owned()]);
    for grant in &grants {
        for group in &grant.groups {
            for resource in &grant.resources {
                resources.insert((group.clone(), resource.clone()));
            }
        }
        names.extend(grant.names.iter().cloned());
    }
    let verbs = [
        "get",
        "list",
        "watch",
        "create",
        "update",
        "patch",
        "delete",
        "deletecollection",
    ];
    let namespaces = [ns.as_str(), "app-system"];
    let reviews: Api<SubjectAccessReview> = Api::all(admin.clone());
    let (mut allowed, mut denied) = (0, 0);
    for (group, resource) in &resources {
        let (resource_name, subresource) = resource.split_once('/').unwrap_or((resource, ""));
        for verb in verbs {
            for namespace in namespaces {
                for name in &names {
                    let expected = grants
                        .iter()
                        .any(|g| g.allows(namespace, group, resource, name, verb));
                    let review: SubjectAccessReview = serde_json::from_value(json!({
                        "spec": {
                            "user": user,
                            "groups": ["system:serviceaccounts", "system:serviceaccounts:app-system", "system:authenticated"],
                            "resourceAttributes": {
                                "namespace": namespace,
                                "group": group,
                                "resource": resource_name,
                                "subresource": subresource,
                                "name": name,
                                "verb": verb,
                            }
                        }
                    }))?;
                    let status = reviews
                        .create(&PostParams::default(), &review)
                        .await?
                        .status
                        .context("SubjectAccessReview without status")?;
                    ensure!(
                        status.allowed == expected,
                        "{verb} {group}/{resource} {name:?} in {namespace}: the API server says allowed={}, the markers say {expected}",
                        status.allowed
                    );
                    if expected {
                        allowed += 1;
                    } else {
                        denied += 1;
                    }
                }
            }
        }
    }
    // Every rule was exercised, and far more was denied than allowed.
    ensure!(
        allowed >= grants.iter().map(|g| g.verbs.len()).sum::<usize>(),
        "{allowed} allowed"
    );
    ensure!(denied > allowed, "{denied} denied, {allowed} allowed");
    Ok(())
}

#[tokio::test]
async fn the_binary_serves_probes_and_stops_gracefully_on_sigterm() -> Result<()> {
    let (client, ns) = setup("ctrl-binary").await?;
    let ns = ns.name().to_owned();
    let binary = tokio::task::spawn_blocking(build_binary).await??;
    let port = std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port();
    let kubeconfig = e2e::shared()?
        .kubeconfig()
        .or_else(|| std::env::var_os("KUBECONFIG").map(Into::into))
        .context("no kubeconfig")?;
    let log = tempfile::NamedTempFile::new()?;
    let mut child = tokio::process::Command::new(&binary)
        .arg(format!("--kubeconfig={}", kubeconfig.display()))
        .arg(format!("--namespace={ns}"))
        .arg(format!("--health-addr=127.0.0.1:{port}"))
        .arg("--log-format=json")
        .stdout(std::process::Stdio::null())
        .stderr(log.reopen()?)
        .kill_on_drop(true)
        .spawn()?;

    eventually("/readyz 200", TIMEOUT, || async {
        Ok(match http_get(port, "/readyz").await {
            Ok((200, _)) => Some(()),
            _ => None,
        })
    })
    .await?;
    assert_eq!(http_get(port, "/healthz").await?.0, 200);
    create_example_app(&client, &ns).await?;
    wait_deployment(&client, &ns, "web", "exists", |_| true).await?;
    wait_reason(&client, &ns, "example", "Progressing").await?;
    let (code, metrics) = http_get(port, "/metrics").await?;
    assert_eq!(code, 200);
    for needle in [
        "controller_runtime_reconcile_total{controller=\"app\",result=\"success\"}",
        "controller_runtime_reconcile_time_seconds_bucket",
        "workqueue_depth{controller=\"app\",name=\"app\",priority=\"\"}",
        "app_controller_api_writes_total{verb=\"create\",resource=\"deployments\"} 1",
    ] {
        assert!(metrics.contains(needle), "missing {needle} in\n{metrics}");
    }

    let pid = child.id().context("no pid")?;
    let status = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()?;
    ensure!(status.success(), "kill -TERM failed");
    let exit = tokio::time::timeout(Duration::from_secs(30), child.wait())
        .await
        .context("the binary did not exit within 30 s of SIGTERM")??;
    assert!(exit.success(), "exit status {exit}");

    // Structured logs: one JSON object per line, ending with the orderly stop.
    let text = std::fs::read_to_string(log.path())?;
    let lines: Vec<Value> = text
        .lines()
        .map(serde_json::from_str)
        .collect::<Result<_, _>>()
        .with_context(|| format!("non-JSON log line in:\n{text}"))?;
    let messages: Vec<&str> = lines.iter().filter_map(|l| l["message"].as_str()).collect();
    for expected in [
        "caches synced; reconciling",
        "shutdown requested",
        "stopped",
    ] {
        assert!(
            messages.contains(&expected),
            "no {expected:?} in {messages:?}"
        );
    }
    Ok(())
}
