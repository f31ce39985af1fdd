//! The manager on the fake clientset: controllers registered with the
//! builder, informers reading the fake, reconciles writing to it, metrics
//! scraped from /metrics.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use k8s_openapi::api::apps::v1::{Deployment, ReplicaSet};
use k8s_openapi::api::core::v1::ConfigMap;
use kube::api::{Patch, PatchParams, PostParams};
use kube_codegen_manager::{
    Action, Config, Context, Manager, ObjectKey, Reconciler, from_fn, owner,
};
use kube_codegen_runtime::{Interface, fake};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn config_map(name: &str) -> ConfigMap {
    let mut c = ConfigMap::default();
    c.metadata.name = Some(name.into());
    c.metadata.namespace = Some("default".into());
    c
}

fn config() -> Config {
    Config {
        workers: 2,
        resync: Duration::ZERO,
        backoff_base: Duration::from_millis(20),
        backoff_max: Duration::from_millis(200),
        shutdown_timeout: Duration::from_secs(5),
        ..Config::default()
    }
}

/// Every reconcile, by object name, in order, with when it started and ended.
#[derive(Clone, Default)]
struct Log(Arc<Mutex<Vec<Entry>>>);

/// One reconcile: the object's name, its start, its end once it ended.
type Entry = (String, Instant, Option<Instant>);

impl Log {
    fn start(&self, name: &str) -> usize {
        let mut log = self.0.lock().unwrap();
        log.push((name.to_owned(), Instant::now(), None));
        log.len() - 1
    }
    fn end(&self, i: usize) {
        self.0.lock().unwrap()[i].2 = Some(Instant::now());
    }
    fn count(&self, name: &str) -> usize {
        self.0
            .lock()
            .unwrap()
            .iter()
            .filter(|(n, ..)| n == name)
            .count()
    }
    fn all(&self) -> Vec<Entry> {
        self.0.lock().unwrap().clone()
    }
}

/// Runs `manager` until `done` holds (10 s at most), then stops it; returns
/// what `run` returned.
async fn run_until<C: Interface>(
    manager: Manager<C>,
    done: impl Fn() -> bool,
) -> Result<(), kube_codegen_manager::Error> {
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(manager.run(async move {
        let _ = stopped.await;
    }));
    let deadline = Instant::now() + Duration::from_secs(10);
    while !done() {
        assert!(Instant::now() < deadline, "timed out");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let _ = stop.send(());
    running.await.unwrap()
}

#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct Failure(String);

/// Reconciles ConfigMaps into a ReplicaSet each (a stand-in child kind), and
/// logs every reconcile.
struct Owning(Log);

impl<C: Interface> Reconciler<ConfigMap, C> for Owning {
    type Error = kube_codegen_runtime::Error;

    async fn reconcile(
        &self,
        object: Arc<ConfigMap>,
        ctx: Context<C>,
    ) -> Result<Action, Self::Error> {
        let i = self.0.start(object.metadata.name.as_deref().unwrap());
        let mut child = ReplicaSet::default();
        child.metadata.name = object.metadata.name.clone();
        child.metadata.namespace = Some("default".into());
        owner::set_controller_reference(&*object, &mut child).unwrap();
        let name = child.metadata.name.clone().unwrap();
        if ctx
            .lister::<ReplicaSet>()
            .namespace("default")
            .get(&name)
            .is_none()
        {
            let created = kube_codegen_manager::apply::create(
                ctx.client(),
                "default",
                &child,
                ctx.field_manager(),
            )
            .await;
            if let Err(error) = created
                && !error.is_already_exists()
            {
                return Err(error);
            }
        }
        self.0.end(i);
        Ok(Action::await_change())
    }
}

#[tokio::test]
async fn owned_children_and_watched_objects_request_their_primary() {
    let fake = fake::Clientset::new([config_map("web").into(), config_map("db").into()]);
    let log = Log::default();
    let mut manager = Manager::fake(&fake, "test-operator", config());
    // A Deployment named after a ConfigMap (whoever controls it) concerns it.
    manager
        .controller::<ConfigMap>()
        .owns::<ReplicaSet>()
        .watches(|d: &Deployment| vec![ObjectKey::new("default", d.metadata.name.clone().unwrap())])
        .complete(Owning(log.clone()));
    let children = fake.resource::<ReplicaSet>("default");
    let deployments = fake.resource::<Deployment>("default");
    let (l, c) = (log.clone(), children.clone());
    run_until(manager, move || {
        // Phase 1: both reconciled once, children created.
        if l.count("web") == 0 || l.count("db") == 0 {
            return false;
        }
        true
    })
    .await
    .unwrap();
    assert_eq!(c.list(&Default::default()).await.unwrap().items.len(), 2);

    // Again, with changes made while it runs.
    let log = Log::default();
    let mut manager = Manager::fake(&fake, "test-operator", config());
    manager
        .controller::<ConfigMap>()
        .owns::<ReplicaSet>()
        .watches(|d: &Deployment| vec![ObjectKey::new("default", d.metadata.name.clone().unwrap())])
        .complete(Owning(log.clone()));
    let (l, fake2) = (log.clone(), fake.clone());
    let changed = Arc::new(Mutex::new(0));
    let step = Arc::clone(&changed);
    run_until(manager, move || {
        let mut step = step.lock().unwrap();
        match *step {
            // The initial list reconciles both once.
            0 if l.count("web") == 1 && l.count("db") == 1 => {
                // Label the owned child of `web`: its owner is requested.
                let patch = serde_json::json!({"metadata": {"labels": {"touched": "yes"}}});
                let children = fake2.resource::<ReplicaSet>("default");
                tokio::spawn(async move {
                    children
                        .patch("web", &PatchParams::default(), &Patch::Merge(&patch))
                        .await
                        .unwrap();
                });
                *step = 1;
                false
            }
            1 if l.count("web") == 2 => {
                assert_eq!(l.count("db"), 1, "only the owner of the changed child");
                // A Deployment named `db`, controlled by nobody: the mapper.
                let mut d = Deployment::default();
                d.metadata.name = Some("db".into());
                let deployments = fake2.resource::<Deployment>("default");
                tokio::spawn(async move {
                    deployments
                        .create(&PostParams::default(), &d)
                        .await
                        .unwrap()
                });
                *step = 2;
                false
            }
            2 => l.count("db") == 2 && l.count("web") == 2,
            _ => false,
        }
    })
    .await
    .unwrap();
    assert!(deployments.get("db").await.is_ok());
}

#[tokio::test]
async fn requeue_after_runs_again_and_backoff_doubles_after_errors() {
    let fake = fake::Clientset::new([config_map("again").into(), config_map("flaky").into()]);
    let log = Log::default();
    let mut manager = Manager::fake(&fake, "test-operator", config());
    let metrics = manager.metrics();
    let l = log.clone();
    manager.controller::<ConfigMap>().complete(from_fn(
        move |object: Arc<ConfigMap>, _ctx: Context<fake::Clientset>| {
            let l = l.clone();
            async move {
                let name = object.metadata.name.clone().unwrap();
                let i = l.start(&name);
                l.end(i);
                match name.as_str() {
                    "again" => Ok(Action::requeue(Duration::from_millis(30))),
                    // Fails three times, then succeeds.
                    _ if l.count(&name) <= 3 => Err(Failure("not yet".into())),
                    _ => Ok(Action::await_change()),
                }
            }
        },
    ));
    let l = log.clone();
    run_until(manager, move || {
        l.count("again") >= 3 && l.count("flaky") >= 4
    })
    .await
    .unwrap();
    let starts = |name: &str| -> Vec<Instant> {
        log.all()
            .into_iter()
            .filter(|(n, ..)| n == name)
            .map(|(_, s, _)| s)
            .collect()
    };
    let flaky = starts("flaky");
    // 20 ms, 40 ms, 80 ms after the three failures.
    for (i, least) in [20u64, 40, 80].into_iter().enumerate() {
        let gap = flaky[i + 1] - flaky[i];
        assert!(
            gap >= Duration::from_millis(least),
            "retry {i} after {gap:?}"
        );
    }
    let again = starts("again");
    assert!(again[1] - again[0] >= Duration::from_millis(30));
    assert_eq!(
        metrics.reconciles("configmap", kube_codegen_manager::ReconcileResult::Error),
        3
    );
    // Retries are what the work queue adds with a delay: the three backoffs
    // and every requeue after (controller-runtime's priority queue counts both).
    let requeues = metrics.reconciles(
        "configmap",
        kube_codegen_manager::ReconcileResult::RequeueAfter,
    );
    assert!(requeues >= 2, "{requeues}");
    let text = metrics.render();
    let retries = format!(
        "workqueue_retries_total{{controller=\"configmap\",name=\"configmap\"}} {}",
        3 + requeues
    );
    assert!(text.contains(&retries), "no {retries:?} in {text}");
    assert!(
        text.contains(
            "controller_runtime_reconcile_total{controller=\"configmap\",result=\"requeue_after\"}"
        ),
        "{text}"
    );
}

#[tokio::test]
async fn a_conflict_is_retried_until_the_write_goes_through() {
    let fake = fake::Clientset::new([config_map("settings").into()]);
    let conflicts = Arc::new(Mutex::new(0));
    let seen = Arc::clone(&conflicts);
    // The first two updates lose a race with another writer.
    fake.prepend_reactor("update", "configmaps", move |_| {
        let mut seen = seen.lock().unwrap();
        *seen += 1;
        (*seen <= 2).then(|| {
            Err(kube_codegen_runtime::Error::api(
                kube_codegen_runtime::ErrorKind::Conflict,
                "the object has been modified",
            ))
        })
    });
    let mut manager = Manager::fake(&fake, "test-operator", config());
    manager.controller::<ConfigMap>().complete(from_fn(
        |object: Arc<ConfigMap>, ctx: Context<fake::Clientset>| async move {
            if object.data.is_some() {
                return Ok(Action::await_change());
            }
            let mut updated = (*object).clone();
            updated.data = Some([("done".to_owned(), "yes".to_owned())].into());
            ctx.client()
                .resource::<ConfigMap>("default")
                .update(&PostParams::default(), &updated)
                .await?;
            Ok::<_, kube_codegen_runtime::Error>(Action::await_change())
        },
    ));
    let configmaps = fake.resource::<ConfigMap>("default");
    let c = Arc::clone(&conflicts);
    let check = fake.clone();
    run_until(manager, move || {
        *c.lock().unwrap() >= 3
            && check
                .tracker()
                .get(
                    &fake::ResourceKey::of(&<ConfigMap as kube_codegen_runtime::Kind>::INFO),
                    "default",
                    "settings",
                )
                .is_some_and(|v| v["data"]["done"] == "yes")
    })
    .await
    .unwrap();
    assert_eq!(
        *conflicts.lock().unwrap(),
        3,
        "two conflicts, then the write"
    );
    assert!(configmaps.get("settings").await.unwrap().data.is_some());
}

#[tokio::test]
async fn a_panicking_reconcile_is_counted_and_retried() {
    let fake = fake::Clientset::new([config_map("boom").into()]);
    let attempts = Arc::new(Mutex::new(0));
    let mut manager = Manager::fake(&fake, "test-operator", config());
    let metrics = manager.metrics();
    let a = Arc::clone(&attempts);
    manager
        .controller::<ConfigMap>()
        .named("bomb")
        .complete(from_fn(
            move |_object: Arc<ConfigMap>, _ctx: Context<fake::Clientset>| {
                let a = Arc::clone(&a);
                async move {
                    let n = {
                        let mut n = a.lock().unwrap();
                        *n += 1;
                        *n
                    };
                    assert!(n > 2, "reconcile {n} panics");
                    Ok::<_, Infallible>(Action::await_change())
                }
            },
        ));
    let a = Arc::clone(&attempts);
    run_until(manager, move || *a.lock().unwrap() >= 3)
        .await
        .unwrap();
    assert_eq!(metrics.panics("bomb"), 2);
    let text = metrics.render();
    assert!(
        text.contains("controller_runtime_reconcile_panics_total{controller=\"bomb\"} 2"),
        "{text}"
    );
    assert!(
        text.contains("controller_runtime_reconcile_errors_total{controller=\"bomb\"} 2"),
        "{text}"
    );
    assert!(
        text.contains(
            "controller_runtime_reconcile_total{controller=\"bomb\",result=\"success\"} 1"
        ),
        "{text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_reconcile_per_object_at_a_time_and_shutdown_finishes_those_in_flight() {
    let names = ["a", "b", "c", "d"];
    let fake = fake::Clientset::new(names.map(|n| config_map(n).into()));
    let running: Arc<Mutex<HashMap<String, usize>>> = Arc::default();
    let most = Arc::new(Mutex::new((0usize, 0usize)));
    let log = Log::default();
    let mut manager = Manager::fake(
        &fake,
        "test-operator",
        Config {
            workers: 4,
            ..config()
        },
    );
    let (r, m, l) = (Arc::clone(&running), Arc::clone(&most), log.clone());
    manager.controller::<ConfigMap>().complete(from_fn(
        move |object: Arc<ConfigMap>, _ctx: Context<fake::Clientset>| {
            let (running, most, log) = (Arc::clone(&r), Arc::clone(&m), l.clone());
            async move {
                let name = object.metadata.name.clone().unwrap();
                let i = log.start(&name);
                {
                    let mut running = running.lock().unwrap();
                    *running.entry(name.clone()).or_default() += 1;
                    let mut most = most.lock().unwrap();
                    most.0 = most.0.max(running[&name]);
                    most.1 = most.1.max(running.values().sum());
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
                *running.lock().unwrap().get_mut(&name).unwrap() -= 1;
                log.end(i);
                Ok::<_, Infallible>(Action::await_change())
            }
        },
    ));
    // Keep changing the objects: requests pile up while reconciles run.
    let churn = {
        let fake = fake.clone();
        tokio::spawn(async move {
            for round in 0..10 {
                for name in names {
                    let patch = serde_json::json!({"data": {"round": round.to_string()}});
                    let _ = fake
                        .resource::<ConfigMap>("default")
                        .patch(name, &PatchParams::default(), &Patch::Merge(&patch))
                        .await;
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
    };
    let l = log.clone();
    // Stop while reconciles are in flight.
    run_until(manager, move || {
        churn.is_finished() && l.all().iter().any(|(.., end)| end.is_none())
    })
    .await
    .unwrap();
    let (per_object, overall) = *most.lock().unwrap();
    assert_eq!(per_object, 1, "an object reconciled by two tasks at once");
    assert!(overall > 1, "different objects are reconciled concurrently");
    // Every reconcile that started finished before run returned.
    assert!(
        log.all().iter().all(|(.., end)| end.is_some()),
        "a reconcile was cut off"
    );
}

async fn get(addr: std::net::SocketAddr, path: &str) -> String {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    response
}

#[tokio::test]
async fn metrics_by_name_on_the_endpoint() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let addr: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let fake = fake::Clientset::new([config_map("web").into()]);
    let log = Log::default();
    let mut manager = Manager::fake(
        &fake,
        "test-operator",
        Config {
            health_addr: Some(addr),
            ..config()
        },
    );
    manager
        .controller::<ConfigMap>()
        .owns::<ReplicaSet>()
        .workers(3)
        .complete(Owning(log.clone()));
    let health = manager.health();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(manager.run(async move {
        let _ = stopped.await;
    }));
    let deadline = Instant::now() + Duration::from_secs(10);
    while !(health.is_ready() && log.count("web") >= 1) {
        assert!(Instant::now() < deadline, "not ready");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(get(addr, "/readyz").await.starts_with("HTTP/1.1 200"));
    let text = get(addr, "/metrics").await;
    for needle in [
        "controller_runtime_reconcile_total{controller=\"configmap\",result=\"success\"}",
        "controller_runtime_reconcile_time_seconds_bucket{le=\"0.005\",controller=\"configmap\"}",
        "controller_runtime_max_concurrent_reconciles{controller=\"configmap\"} 3",
        "controller_runtime_active_workers{controller=\"configmap\"}",
        "workqueue_depth{controller=\"configmap\",name=\"configmap\",priority=\"\"}",
        "workqueue_adds_total{controller=\"configmap\",name=\"configmap\"}",
        "workqueue_queue_duration_seconds_bucket",
        "workqueue_work_duration_seconds_bucket",
        "leader_election_master_status{name=\"test-operator\"} 1",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
    stop.send(()).unwrap();
    running.await.unwrap().unwrap();
    assert!(!health.is_alive());
}

#[tokio::test]
async fn a_request_for_an_object_that_is_gone_leaves_the_queue() {
    // A child whose owner does not exist (deleted before its children's
    // last events): each change of it requests a ConfigMap that is gone.
    let fake = fake::Clientset::new([config_map("alive").into()]);
    let mut orphan = ReplicaSet::default();
    orphan.metadata.name = Some("orphan".into());
    orphan.metadata.namespace = Some("default".into());
    let mut gone = config_map("gone");
    gone.metadata.uid = Some("uid-of-gone".into());
    owner::set_controller_reference(&gone, &mut orphan).unwrap();
    fake.add_object(orphan).unwrap();
    let log = Log::default();
    let metrics = kube_codegen_manager::Metrics::new();
    let mut manager = Manager::fake(&fake, "test-operator", config()).with_metrics(metrics.clone());
    manager
        .controller::<ConfigMap>()
        .owns::<ReplicaSet>()
        .complete(Owning(log.clone()));
    let (l, m) = (log.clone(), metrics.clone());
    run_until(manager, move || {
        l.count("alive") > 0
            && m.render().contains(
                "workqueue_depth{controller=\"configmap\",name=\"configmap\",priority=\"\"} 0",
            )
    })
    .await
    .unwrap();
    assert_eq!(log.count("gone"), 0);
}
