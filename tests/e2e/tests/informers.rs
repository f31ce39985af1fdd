//! The generated informers and listers against a real API server: handlers see
//! creates, updates and deletes; listers agree with the server after churn; many
//! consumers of one type share one watch; a forced watch expiry (410 Gone) is
//! survived and the cache converges with exactly the changes made meanwhile;
//! built-in and dynamic kinds come from the same machinery; an object the type
//! cannot decode is reported and the rest syncs.
//!
//! Every informer here talks through a client with a [`Probe`] layer that records
//! the list and watch requests it sends (and can hold watches back or make the
//! next one ask for an expired `resourceVersion`).

// Conversion across versions (a webhook on loopback) lives in this binary:
// it does not install the fixture CRDs the other binaries install with the
// checked-in webhook service, so it can point them at its own webhook.
#[path = "informers/conversion.rs"]
mod conversion;

// An informer over stored objects its type cannot decode; owns the Policy CRD
// (installs an older schema of it).
#[path = "informers/undecodable.rs"]
mod undecodable;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context as _, Result, bail};
use e2e::probe::Probe;
use e2e::{crds, envtest};
use generated::apis::myapp::v1::{App, AppSpec, DeploymentSpec, ServiceSpec};
use generated::informers::{EventHandler, SharedInformerFactory};
use generated::listers::LabelSelector;
use generated::prelude::*;
use k8s_openapi::api::core::v1::ConfigMap;
use kube::api::{DeleteParams, GroupVersionResource, ListParams, Patch, PatchParams, PostParams};
use kube::client::ClientBuilder;
use kube::config::{KubeConfigOptions, Kubeconfig};
use kube::core::ObjectMeta;
use kube::{Api, Client, Config};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tokio::time::timeout;

/// Held while a test installs the fixture's CRDs, and by the conversion tests
/// for as long as they run: those point the converted kinds' webhooks at
/// their own server, which a concurrent install of the fixture's CRDs (with
/// the in-cluster service they ship) would undo mid-test.
static FIXTURE_CRDS: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Upper bound for anything the server and informers do in these tests.
const WAIT: Duration = Duration::from_secs(30);

/// A client of the shared control plane whose requests go through `probe`.
async fn probed_client(probe: &Probe) -> Result<Client> {
    let cp = tokio::task::spawn_blocking(envtest::shared).await??;
    let opts = KubeConfigOptions::default();
    let config = match cp.kubeconfig() {
        Some(path) => Config::from_custom_kubeconfig(Kubeconfig::read_from(&path)?, &opts).await?,
        None => Config::from_kubeconfig(&opts).await?,
    };
    Ok(ClientBuilder::try_from(config)?.with_layer(probe).build())
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// A plain client (for the writes the informers should observe), with the CRDs
/// installed.
async fn setup() -> Result<Client> {
    let client = envtest::client().await?;
    crds::install(&client, generated::crds::custom_resource_definitions()?).await?;
    Ok(client)
}

fn app(name: &str, image: &str, labels: &[(&str, &str)]) -> App {
    App {
        metadata: ObjectMeta {
            name: Some(name.to_owned()),
            labels: Some(
                labels
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
            ),
            ..ObjectMeta::default()
        },
        spec: AppSpec {
            deployment: DeploymentSpec {
                name: name.to_owned(),
                image: image.to_owned(),
                replicas: Some(1),
            },
            service: ServiceSpec {
                name: name.to_owned(),
            },
        },
        status: None,
    }
}

fn apps_path(namespace: &str) -> String {
    format!("/apis/myapp.k8s.io/v1/namespaces/{namespace}/apps")
}

/// Reports each handler call as `add NAME IMAGE`, `update NAME OLD -> NEW`,
/// `delete NAME`.
struct Recorder(UnboundedSender<String>);

fn image(app: &App) -> &str {
    &app.spec.deployment.image
}

fn name(app: &App) -> &str {
    app.metadata.name.as_deref().unwrap_or_default()
}

impl EventHandler<App> for Recorder {
    fn on_add(&self, object: &Arc<App>, _initial: bool) {
        let _ = self
            .0
            .send(format!("add {} {}", name(object), image(object)));
    }

    fn on_update(&self, old: &Arc<App>, new: &Arc<App>) {
        let _ = self.0.send(format!(
            "update {} {} -> {}",
            name(new),
            image(old),
            image(new)
        ));
    }

    fn on_delete(&self, object: &Arc<App>) {
        let _ = self.0.send(format!("delete {}", name(object)));
    }
}

fn recorder() -> (Recorder, UnboundedReceiver<String>) {
    let (tx, rx) = unbounded_channel();
    (Recorder(tx), rx)
}

/// The next `n` handler calls, sorted.
async fn next_calls(rx: &mut UnboundedReceiver<String>, n: usize) -> Vec<String> {
    let mut seen = Vec::new();
    while seen.len() < n {
        match timeout(WAIT, rx.recv()).await {
            Ok(Some(call)) => seen.push(call),
            _ => panic!("expected {n} handler calls, got {seen:?}"),
        }
    }
    seen.sort();
    seen
}

/// Creates a marker app and checks it is the next call: nothing else was
/// delivered before it.
async fn expect_nothing_more(
    api: &Api<App>,
    rx: &mut UnboundedReceiver<String>,
    marker: &str,
) -> Result<()> {
    api.create(&PostParams::default(), &app(marker, "marker", &[]))
        .await?;
    assert_eq!(next_calls(rx, 1).await, [format!("add {marker} marker")]);
    Ok(())
}

/// name → resourceVersion of what the server lists with `selector`.
async fn server_state(api: &Api<App>, selector: &str) -> Result<BTreeMap<String, String>> {
    let list = api.list(&ListParams::default().labels(selector)).await?;
    Ok(list
        .items
        .iter()
        .map(|a| {
            (
                name(a).to_owned(),
                a.metadata.resource_version.clone().unwrap_or_default(),
            )
        })
        .collect())
}

fn cached_state(apps: &[Arc<App>]) -> BTreeMap<String, String> {
    apps.iter()
        .map(|a| {
            (
                name(a).to_owned(),
                a.metadata.resource_version.clone().unwrap_or_default(),
            )
        })
        .collect()
}

async fn merge_labels(api: &Api<App>, name: &str, labels: serde_json::Value) -> Result<App> {
    let patch = serde_json::json!({ "metadata": { "labels": labels } });
    Ok(api
        .patch(name, &PatchParams::default(), &Patch::Merge(&patch))
        .await?)
}

async fn set_image(api: &Api<App>, name: &str, image: &str) -> Result<App> {
    let patch = serde_json::json!({ "spec": { "deployment": { "image": image } } });
    Ok(api
        .patch(name, &PatchParams::default(), &Patch::Merge(&patch))
        .await?)
}

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

#[tokio::test]
async fn handlers_see_creates_updates_and_deletes() -> Result<()> {
    let client = setup().await?;
    let ns = envtest::ns("inf-events").await?;
    let api: Api<App> = Api::namespaced(client.clone(), ns.name());
    api.create(&PostParams::default(), &app("before", "nginx:1", &[]))
        .await?;

    let probe = Probe::default();
    let factory = SharedInformerFactory::new(probed_client(&probe).await?, Duration::ZERO)
        .with_namespace(ns.name());
    let informer = factory.myapp_v1().apps();
    let (handler, mut calls) = recorder();
    informer.add_event_handler(handler);
    factory.start();
    let synced = timeout(WAIT, factory.wait_for_cache_sync()).await?;
    assert_eq!(
        synced.into_iter().collect::<Vec<_>>(),
        [("myapp.k8s.io/v1/apps".to_owned(), true)]
    );
    assert_eq!(next_calls(&mut calls, 1).await, ["add before nginx:1"]);

    api.create(&PostParams::default(), &app("web", "nginx:1", &[]))
        .await?;
    assert_eq!(next_calls(&mut calls, 1).await, ["add web nginx:1"]);
    set_image(&api, "web", "nginx:2").await?;
    assert_eq!(
        next_calls(&mut calls, 1).await,
        ["update web nginx:1 -> nginx:2"]
    );
    api.delete("web", &DeleteParams::default()).await?;
    assert_eq!(next_calls(&mut calls, 1).await, ["delete web"]);
    expect_nothing_more(&api, &mut calls, "marker").await?;

    let lister = informer.lister();
    assert!(lister.namespace(ns.name()).get("web").is_none());
    assert_eq!(
        image(&lister.namespace(ns.name()).get("before").unwrap()),
        "nginx:1"
    );
    factory.shutdown().await;
    Ok(())
}

#[tokio::test]
async fn listers_agree_with_the_server_after_churn() -> Result<()> {
    let client = setup().await?;
    let ns = envtest::ns("inf-churn").await?;
    let api: Api<App> = Api::namespaced(client.clone(), ns.name());
    let probe = Probe::default();
    let factory = SharedInformerFactory::new(probed_client(&probe).await?, Duration::ZERO)
        .with_namespace(ns.name());
    let informer = factory.myapp_v1().apps();
    factory.start();
    timeout(WAIT, factory.wait_for_cache_sync()).await?;

    // 40 creates with two label values, then updates, relabels and deletes.
    for i in 0..40 {
        let tier = if i % 2 == 0 { "web" } else { "db" };
        api.create(
            &PostParams::default(),
            &app(
                &format!("app-{i}"),
                "nginx:1",
                &[("tier", tier), ("batch", "churn")],
            ),
        )
        .await?;
    }
    for i in (0..40).step_by(3) {
        set_image(&api, &format!("app-{i}"), "nginx:2").await?;
    }
    for i in (1..40).step_by(4) {
        merge_labels(
            &api,
            &format!("app-{i}"),
            serde_json::json!({ "tier": "web" }),
        )
        .await?;
    }
    for i in (0..40).step_by(5) {
        api.delete(&format!("app-{i}"), &DeleteParams::default())
            .await?;
    }

    let lister = informer.lister();
    for selector in [
        "",
        "tier=web",
        "tier=db",
        "tier in (web,db),batch=churn",
        "tier!=web",
    ] {
        let parsed = LabelSelector::parse(selector)?;
        let expected = server_state(&api, selector).await?;
        let converged = timeout(WAIT, async {
            loop {
                if cached_state(&lister.namespace(ns.name()).list(&parsed)) == expected {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        })
        .await;
        assert!(
            converged.is_ok(),
            "lister disagrees with the server for {selector:?}: cache {:?} server {expected:?}",
            cached_state(&lister.namespace(ns.name()).list(&parsed))
        );
        // The cluster-wide list of this namespace-limited informer is the same.
        assert_eq!(cached_state(&lister.list(&parsed)), expected);
    }
    for (name, version) in server_state(&api, "").await? {
        let cached = lister.namespace(ns.name()).get(&name).context("cached")?;
        assert_eq!(
            cached.metadata.resource_version.as_deref(),
            Some(version.as_str())
        );
    }
    factory.shutdown().await;
    Ok(())
}

#[tokio::test]
async fn consumers_of_one_type_share_one_watch() -> Result<()> {
    let client = setup().await?;
    let ns = envtest::ns("inf-shared").await?;
    let api: Api<App> = Api::namespaced(client.clone(), ns.name());
    let probe = Probe::default();
    let factory = SharedInformerFactory::new(probed_client(&probe).await?, Duration::ZERO)
        .with_namespace(ns.name());

    // Three "controllers" ask for the App informer their own way.
    let (first, mut first_calls) = recorder();
    let (second, mut second_calls) = recorder();
    factory.myapp_v1().apps().add_event_handler(first);
    factory.clone().myapp_v1().apps().add_event_handler(second);
    let generic = factory.informer_for::<App>();
    let mut stream = generic.subscribe();
    factory.start();
    timeout(WAIT, factory.wait_for_cache_sync()).await?;

    api.create(&PostParams::default(), &app("web", "nginx:1", &[]))
        .await?;
    assert_eq!(next_calls(&mut first_calls, 1).await, ["add web nginx:1"]);
    assert_eq!(next_calls(&mut second_calls, 1).await, ["add web nginx:1"]);
    let streamed = timeout(WAIT, futures::StreamExt::next(&mut stream))
        .await?
        .context("stream")?;
    assert_eq!(name(streamed.object()), "web");

    let path = apps_path(ns.name());
    assert_eq!(probe.watches_of(&path), 1, "calls: {:?}", probe.calls());
    assert_eq!(probe.lists_of(&path), 1, "calls: {:?}", probe.calls());

    // The probe counts what it should: a second factory is a second watch.
    let other = SharedInformerFactory::new(probed_client(&probe).await?, Duration::ZERO)
        .with_namespace(ns.name());
    other.myapp_v1().apps();
    other.start();
    timeout(WAIT, other.wait_for_cache_sync()).await?;
    let watches = timeout(WAIT, async {
        while probe.watches_of(&path) < 2 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        probe.watches_of(&path)
    })
    .await?;
    assert_eq!(watches, 2);
    other.shutdown().await;
    factory.shutdown().await;
    Ok(())
}

#[tokio::test]
async fn a_forced_watch_expiry_is_survived_and_the_cache_converges() -> Result<()> {
    let client = setup().await?;
    let ns = envtest::ns("inf-expiry").await?;
    let api: Api<App> = Api::namespaced(client.clone(), ns.name());
    for name in ["same", "changed", "gone"] {
        api.create(&PostParams::default(), &app(name, "nginx:1", &[]))
            .await?;
    }

    let probe = Probe::default();
    // Short server-side watch timeouts, so the running watch ends soon and the
    // informer opens the watch the probe expires.
    let factory = SharedInformerFactory::new(probed_client(&probe).await?, Duration::ZERO)
        .with_namespace(ns.name())
        .with_tweak_list_options(|config| config.timeout(2));
    let informer = factory.myapp_v1().apps();
    let (handler, mut calls) = recorder();
    informer.add_event_handler(handler);
    factory.start();
    timeout(WAIT, factory.wait_for_cache_sync()).await?;
    assert_eq!(
        next_calls(&mut calls, 3).await,
        [
            "add changed nginx:1",
            "add gone nginx:1",
            "add same nginx:1"
        ]
    );
    let path = apps_path(ns.name());
    let lists_before = probe.lists_of(&path);

    // Hold the next watch back and make it ask for an expired resourceVersion;
    // wait until the informer is blocked on it (its previous watch timed out).
    probe.hold_watches(true);
    probe.expire_next_watch();
    let watches = probe.watches_of(&path);
    timeout(WAIT, async {
        while probe.watches_of(&path) == watches {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .context("the informer's watch never restarted")?;

    // Changes while the informer is not watching.
    set_image(&api, "changed", "nginx:2").await?;
    api.delete("gone", &DeleteParams::default()).await?;
    api.create(&PostParams::default(), &app("new", "nginx:1", &[]))
        .await?;
    probe.hold_watches(false);

    // 410 Gone → kube's watcher lists again → the informer reports the diff.
    assert_eq!(
        next_calls(&mut calls, 3).await,
        [
            "add new nginx:1",
            "delete gone",
            "update changed nginx:1 -> nginx:2"
        ]
    );
    expect_nothing_more(&api, &mut calls, "marker").await?;
    assert!(
        probe.lists_of(&path) > lists_before,
        "the changes came from a re-list, not the watch: {:?}",
        probe.calls()
    );
    assert_eq!(
        cached_state(&informer.lister().list(&LabelSelector::everything())),
        server_state(&api, "").await?
    );
    factory.shutdown().await;
    Ok(())
}

#[tokio::test]
async fn built_in_and_dynamic_kinds_use_the_same_machinery() -> Result<()> {
    let client = setup().await?;
    let ns = envtest::ns("inf-builtin").await?;
    let configmaps: Api<ConfigMap> = Api::namespaced(client.clone(), ns.name());
    let apps: Api<App> = Api::namespaced(client.clone(), ns.name());
    let probe = Probe::default();
    let factory = SharedInformerFactory::new(probed_client(&probe).await?, Duration::ZERO)
        .with_namespace(ns.name());

    let typed = factory.informer_for::<ConfigMap>();
    let discovered = factory
        .discover_informer(&GroupVersionResource::gvr("", "v1", "configmaps"))
        .await?;
    let app_kind = generated::apis::known_kinds()
        .find(|k| k.gvr() == GroupVersionResource::gvr("myapp.k8s.io", "v1", "apps"))
        .context("a generated resource")?;
    let dynamic_apps = factory.dynamic_informer_for(app_kind);
    factory.start();
    let synced = timeout(WAIT, factory.wait_for_cache_sync()).await?;
    assert_eq!(synced.len(), 3, "{synced:?}");
    assert!(synced.values().all(|ok| *ok), "{synced:?}");

    let cm: ConfigMap = serde_json::from_value(serde_json::json!({
        "metadata": { "name": "settings" },
        "data": { "mode": "fast" }
    }))?;
    configmaps.create(&PostParams::default(), &cm).await?;
    apps.create(&PostParams::default(), &app("web", "nginx:1", &[]))
        .await?;
    timeout(WAIT, async {
        loop {
            let typed_seen = typed.lister().namespace(ns.name()).get("settings");
            let dynamic_seen = discovered.lister().namespace(ns.name()).get("settings");
            let app_seen = dynamic_apps.lister().namespace(ns.name()).get("web");
            if let (Some(typed_cm), Some(dynamic_cm), Some(app)) =
                (typed_seen, dynamic_seen, app_seen)
            {
                assert_eq!(typed_cm.data.as_ref().unwrap()["mode"], "fast");
                assert_eq!(dynamic_cm.data["data"]["mode"], "fast");
                assert_eq!(app.data["spec"]["deployment"]["image"], "nginx:1");
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .context("informers did not see the new objects")?;
    factory.shutdown().await;
    if probe.calls().is_empty() {
        bail!("the probe saw no request");
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Several generated crates, one factory
// ---------------------------------------------------------------------------

/// The fixture's CronTab, with what its CRD requires.
fn crontab(name: &str) -> fixture_generated::apis::batch::v1::CronTab {
    use fixture_generated::apis::batch::v1::{CronTab, CronTabSpec, RetryPolicy};
    use k8s_openapi::api::core::v1::{Container, PodSpec, PodTemplateSpec};
    CronTab {
        metadata: ObjectMeta {
            name: Some(name.to_owned()),
            ..ObjectMeta::default()
        },
        spec: CronTabSpec {
            schedule: "0 3 * * *".to_owned(),
            replicas: 1,
            min_replicas: 1,
            template: PodTemplateSpec {
                spec: Some(PodSpec {
                    containers: vec![Container {
                        name: "c".into(),
                        image: Some("busybox".into()),
                        ..Container::default()
                    }],
                    ..PodSpec::default()
                }),
                ..PodTemplateSpec::default()
            },
            retry: RetryPolicy {
                attempts: 3,
                backoff_seconds: None,
            },
            ..CronTabSpec::default()
        },
        status: None,
    }
}

/// Two generated crates (this repository's App API and the test fixture) and a
/// built-in kind from one factory, as a program using both APIs would: however
/// many consumers, through whichever crate's accessor, one list and one watch
/// per type; and kube-runtime's applier reconciling from the App informer's
/// reflector `Store`, with no watch of its own.
#[tokio::test]
async fn one_factory_serves_two_generated_crates_and_built_in_kinds() -> Result<()> {
    use fixture_generated::apis::batch::v1::CronTab;
    use fixture_generated::prelude::*;
    use futures::StreamExt;
    use k8s_openapi::api::apps::v1::Deployment;
    use kube::runtime::controller::{self, Action, ReconcileRequest};
    use kube::runtime::reflector::ObjectRef;
    use kube_codegen_runtime::{Clientset, Interface as _};

    let client = setup().await?;
    {
        // Only the CRD this test uses: `undecodable` installs its own Policy CRD.
        let _installing = FIXTURE_CRDS.lock().await;
        let crontab_crd = fixture_generated::crds::custom_resource_definitions()?
            .into_iter()
            .filter(|crd| crd.spec.names.kind == "CronTab");
        crds::install(&client, crontab_crd).await?;
    }
    let ns = envtest::ns("inf-compose").await?;
    let probe = Probe::default();
    let factory = SharedInformerFactory::new(probed_client(&probe).await?, Duration::ZERO)
        .with_namespace(ns.name());

    // Each type asked for twice, through each crate's accessors and generically.
    let apps = factory.myapp_v1().apps();
    let apps_again = factory.informer_for::<App>();
    let crontabs = factory.batch_v1().cron_tabs();
    let crontabs_again = factory.clone().batch_v1().cron_tabs();
    let deployments = factory.informer_for::<Deployment>();
    let deployments_again = factory.informer_for::<Deployment>();

    // kube-runtime's applier on the App informer's Store, triggered by the
    // informer's changes (what `Controller` would compute from a watch).
    let reconciled = Arc::new(Mutex::new(Vec::<String>::new()));
    let requests = apps.subscribe().filter_map(|change| {
        let object = change.object();
        let request = ObjectRef::<App>::from_obj(&**object);
        futures::future::ready(Some(Ok::<_, std::convert::Infallible>(
            ReconcileRequest::from(request),
        )))
    });
    let applier = controller::applier(
        |app: Arc<App>, seen: Arc<Mutex<Vec<String>>>| {
            seen.lock().unwrap().push(name(&app).to_owned());
            futures::future::ready(Ok::<_, std::io::Error>(Action::await_change()))
        },
        |_, _, _| Action::await_change(),
        Arc::clone(&reconciled),
        apps.store(),
        requests,
        controller::Config::default(),
    );
    let applier = tokio::spawn(applier.for_each(|_| async {}));

    factory.start();
    let synced = timeout(WAIT, factory.wait_for_cache_sync()).await?;
    assert_eq!(synced.len(), 3, "{synced:?}");
    assert!(synced.values().all(|ok| *ok), "{synced:?}");

    // One clientset writes all three kinds (runtime typed clients for both
    // generated crates and for the built-in kind).
    let clientset = Clientset::new(client.clone());
    let pp = PostParams::default();
    clientset
        .myapp_v1()
        .apps(ns.name())
        .create(&pp, &app("web", "nginx:1", &[]))
        .await?;
    clientset
        .batch_v1()
        .cron_tabs(ns.name())
        .create(&pp, &crontab("nightly"))
        .await?;
    let mut deployment: Deployment = serde_json::from_value(serde_json::json!({
        "metadata": {"name": "web"},
        "spec": {
            "selector": {"matchLabels": {"app": "web"}},
            "template": {
                "metadata": {"labels": {"app": "web"}},
                "spec": {"containers": [{"name": "web", "image": "nginx:1"}]}
            }
        }
    }))?;
    deployment.metadata.namespace = Some(ns.name().to_owned());
    clientset
        .resource::<Deployment>(ns.name())
        .create(&pp, &deployment)
        .await?;

    timeout(WAIT, async {
        loop {
            let seen = apps_again
                .lister()
                .namespace(ns.name())
                .get("web")
                .is_some()
                && crontabs_again
                    .lister()
                    .namespace(ns.name())
                    .get("nightly")
                    .is_some()
                && deployments_again
                    .lister()
                    .namespace(ns.name())
                    .get("web")
                    .is_some()
                && reconciled.lock().unwrap().contains(&"web".to_owned());
            if seen {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await
    .context("every informer sees its object and the applier reconciles the App")?;

    let crontab_path = format!(
        "/apis/batch.fixture.example.com/v1/namespaces/{}/crontabs",
        ns.name()
    );
    let deployment_path = format!("/apis/apps/v1/namespaces/{}/deployments", ns.name());
    for path in [apps_path(ns.name()), crontab_path, deployment_path] {
        assert_eq!(
            probe.lists_of(&path),
            1,
            "lists of {path}: {:?}",
            probe.calls()
        );
        assert_eq!(
            probe.watches_of(&path),
            1,
            "watches of {path}: {:?}",
            probe.calls()
        );
    }
    assert_eq!(
        probe.calls().len(),
        6,
        "nothing else was listed or watched (the applier has no watch): {:?}",
        probe.calls()
    );
    // The Store the applier read is the informer's own cache.
    let store = apps.store();
    let cached = store.get(&ObjectRef::new("web").within(ns.name()));
    let listed = apps.lister().namespace(ns.name()).get("web");
    assert!(cached.zip(listed).is_some_and(|(a, b)| Arc::ptr_eq(&a, &b)));
    let _: Option<Arc<CronTab>> = crontabs.lister().namespace(ns.name()).get("nightly");
    assert!(deployments.has_synced() && crontabs.has_synced());

    factory.shutdown().await;
    applier.abort();
    Ok(())
}
