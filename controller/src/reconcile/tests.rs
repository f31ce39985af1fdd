//! Unit tests of one reconcile on the fake clientset, in sample-controller's
//! style: seed the caches and the fake with objects, run one sync, assert the
//! exact writes it recorded and the events it published.
//!
//! The fake is the runtime's: it serves the App (from the generated crate) and
//! the built-in Deployment and Service alike, so App and child writes land in
//! one ordered action list.

use std::sync::Arc;

use generated::clientset::fake::{self, Action, PatchType};
use generated::clientset::{Error, ErrorKind};
use generated::listers::{Indexer, Lister};
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::Service;
use kube::api::PostParams;
use kube_codegen_runtime::{Interface as _, Kind, ResourceApi};
use serde_json::{Value, json};

use super::{ChildKind as Child, Listers, ReconcileError, Reconciler};
use crate::api::{App, AppStatus};
use crate::desired;
use crate::metrics::Metrics;
use crate::testing::RecordedEvents;
use crate::testing::app;
use crate::validate::validate;
use kube_codegen_manager::ObjectKey;

/// The fake API server, the informer caches and the event log of one test.
struct Fixture {
    fake: fake::Clientset,
    apps: Indexer<App>,
    deployments: Indexer<Deployment>,
    services: Indexer<Service>,
    events: RecordedEvents,
    metrics: Metrics,
    /// One reconciler for the whole test, as a worker keeps one.
    reconciler: Reconciler<fake::Clientset, RecordedEvents>,
}

impl Fixture {
    fn new() -> Self {
        // With the App CRD, the fake applies, defaults and validates Apps as
        // the API server does (managed fields, conflicts, CEL rules).
        let fake = fake::Clientset::default().with_crds(generated::crds::all());
        let (apps, deployments, services) = (Indexer::new(), Indexer::new(), Indexer::new());
        let events = RecordedEvents::default();
        let metrics = Metrics::default();
        let listers = Listers {
            apps: Lister::new(apps.clone()),
            deployments: Lister::new(deployments.clone()),
            services: Lister::new(services.clone()),
        };
        let reconciler = Reconciler::new(listers, fake.clone(), events.clone(), metrics.clone());
        Fixture {
            fake,
            apps,
            deployments,
            services,
            events,
            metrics,
            reconciler,
        }
    }

    /// Stores `app` in the fake server and (as the server returned it) in the cache.
    fn seed_app(&self, app: App) -> App {
        self.fake.add_object(app.clone()).expect("seed app");
        let stored = self.stored_app(&app);
        self.apps.insert(Arc::new(stored.clone()));
        stored
    }

    /// The App as the fake server holds it now (no action recorded).
    fn stored_app(&self, app: &App) -> App {
        let value = self
            .fake
            .tracker()
            .get(
                &fake::ResourceKey::of(&App::INFO),
                app.metadata.namespace.as_deref().unwrap(),
                app.metadata.name.as_deref().unwrap(),
            )
            .expect("stored app");
        serde_json::from_value(value).expect("app decodes")
    }

    /// Stores a child, status included, in the fake server and in the cache;
    /// returns it as stored.
    async fn seed_child<K: Child>(&self, cache: &Indexer<K>, object: K) -> K {
        let namespace = object.meta().namespace.clone().unwrap_or_default();
        let resource = self.fake.api::<K>(&namespace);
        let mut stored = resource
            .create(&PostParams::default(), &object)
            .await
            .expect("seed child");
        // Create drops the status (status subresource); write it separately.
        let status = serde_json::to_value(&object).unwrap()["status"].clone();
        if !status.is_null() {
            let mut value = serde_json::to_value(&stored).unwrap();
            value["status"] = status;
            let with_status: K = serde_json::from_value(value).unwrap();
            stored = resource
                .update_status(&PostParams::default(), &with_status)
                .await
                .expect("seed child status");
        }
        cache.insert(Arc::new(stored.clone()));
        self.fake.clear_actions();
        stored
    }

    async fn sync(&self, name: &str) -> Result<(), ReconcileError> {
        self.reconciler
            .reconcile(&ObjectKey::new("default", name))
            .await
    }

    /// The recorded calls, one line each: `verb resource[/sub] namespace/name`.
    fn actions(&self) -> Vec<String> {
        self.fake.actions().iter().map(describe).collect()
    }

    fn action(&self, index: usize) -> Action {
        self.fake.actions()[index].clone()
    }
}

fn describe(a: &Action) -> String {
    let resource = match &a.subresource {
        Some(sub) => format!("{}/{sub}", a.resource),
        None => a.resource.clone(),
    };
    let verb = match a.patch_type {
        Some(PatchType::Apply) => "apply".to_owned(),
        Some(_) => format!("{}-patch", a.verb),
        None => a.verb.clone(),
    };
    format!(
        "{verb} {resource} {}/{}",
        a.namespace,
        a.name.as_deref().unwrap_or("-")
    )
}

/// `example`: Deployment `web` (nginx:1.27, 2 replicas), Service `web`.
fn example() -> App {
    app("example", "web", "nginx:1.27", Some(2), "web")
}

/// The children of `app` as the controller would create them.
fn owned_children(app: &App) -> (Deployment, Service) {
    let valid = validate(app).unwrap();
    (desired::deployment(&valid), desired::service(&valid))
}

/// Gives the Deployment the status the Deployment controller would write.
fn with_status(mut d: Deployment, available: i32) -> Deployment {
    let replicas = d.spec.as_ref().and_then(|s| s.replicas).unwrap_or(1);
    d.status = Some(
        serde_json::from_value(json!({
            "observedGeneration": d.metadata.generation.unwrap_or(1),
            "replicas": replicas,
            "updatedReplicas": replicas,
            "availableReplicas": available,
        }))
        .unwrap(),
    );
    d
}

/// The configuration an apply sent.
fn applied(action: &Action) -> &serde_json::Value {
    let body = action.patch.as_ref().or(action.object.as_ref());
    body.expect("an apply configuration in the action")
}

/// The status a status apply sent.
fn status_of(action: &Action) -> AppStatus {
    let sent = applied(action);
    serde_json::from_value(sent["status"].clone()).expect("a status")
}

fn ready(status: &AppStatus) -> (String, String, String) {
    let c = status
        .conditions
        .iter()
        .find(|c| c.type_ == "Ready")
        .expect("a Ready condition");
    (c.status.clone(), c.reason.clone(), c.message.clone())
}

#[tokio::test]
async fn creates_the_missing_deployment_and_service_then_writes_status() {
    let f = Fixture::new();
    let app = f.seed_app(example());

    f.sync("example").await.unwrap();

    assert_eq!(
        f.actions(),
        [
            "create deployments default/-",
            "create services default/-",
            "apply apps/status default/example",
        ]
    );
    let (desired_deployment, desired_service) = owned_children(&app);
    assert_eq!(
        f.action(0).object,
        Some(serde_json::to_value(&desired_deployment).unwrap())
    );
    assert_eq!(
        f.action(1).object,
        Some(serde_json::to_value(&desired_service).unwrap())
    );
    let status = status_of(&f.action(2));
    assert_eq!(status.available_replicas, Some(0));
    assert_eq!(status.observed_generation, Some(1));
    assert_eq!(
        ready(&status),
        (
            "False".into(),
            "Progressing".into(),
            "Deployment \"web\" has 0 of 2 replicas available".into()
        )
    );
    assert_eq!(
        f.events.lines(),
        [
            "Normal Created: Created Deployment \"web\"",
            "Normal Created: Created Service \"web\"",
            "Normal Synced: App synced successfully",
        ]
    );
    // The events about children name them as the related object.
    let related: Vec<_> = f
        .events
        .events()
        .iter()
        .map(|e| e.related.as_ref().and_then(|r| r.kind.clone()))
        .collect();
    assert_eq!(
        related,
        [Some("Deployment".into()), Some("Service".into()), None]
    );
    // Both children carry the controller owner reference to the App.
    let created: Deployment = f.action(0).object_as().unwrap();
    let owner = &created.metadata.owner_references.unwrap()[0];
    assert_eq!(
        (owner.kind.as_str(), owner.name.as_str(), owner.uid.as_str()),
        ("App", "example", app.metadata.uid.as_deref().unwrap())
    );
    assert_eq!(
        (owner.controller, owner.block_owner_deletion),
        (Some(true), Some(true))
    );
    assert_eq!(f.metrics.writes("create", "deployments"), 1);
    assert_eq!(f.metrics.writes("apply_status", "apps"), 1);
}

#[tokio::test]
async fn a_cache_without_our_own_creates_yet_waits_for_them() {
    let f = Fixture::new();
    let app = f.seed_app(example());
    f.sync("example").await.unwrap();
    assert_eq!(f.metrics.writes("create", "deployments"), 1);
    f.fake.clear_actions();

    // The status write (or anything else) requests the App again before the
    // informers delivered the children just created: creating them again
    // would only fail with AlreadyExists; their events will come.
    let stored = f.stored_app(&app);
    f.apps.insert(Arc::new(stored));
    f.sync("example").await.unwrap();
    assert_eq!(f.actions(), Vec::<String>::new());

    // Once the cache shows them, the App is reconciled as usual (in sync).
    let stored = |key: fake::ResourceKey| f.fake.tracker().get(&key, "default", "web").unwrap();
    let deployment = stored(fake::ResourceKey::of(&Deployment::INFO));
    f.deployments
        .insert(Arc::new(serde_json::from_value(deployment).unwrap()));
    let service = stored(fake::ResourceKey::of(&Service::INFO));
    f.services
        .insert(Arc::new(serde_json::from_value(service).unwrap()));
    f.sync("example").await.unwrap();
    assert_eq!(f.metrics.writes("create", "deployments"), 1);
    assert_eq!(f.metrics.writes("create", "services"), 1);
    assert!(
        !f.actions().iter().any(|a| a.starts_with("create")),
        "{:?}",
        f.actions()
    );
}

#[tokio::test]
async fn a_cache_older_than_our_status_write_is_not_written_over() {
    let f = Fixture::new();
    let app = f.seed_app(example());
    let (d, s) = owned_children(&app);
    f.seed_child(&f.deployments, d).await;
    f.seed_child(&f.services, s).await;
    f.sync("example").await.unwrap();
    assert_eq!(f.actions(), ["apply apps/status default/example"]);
    f.fake.clear_actions();

    // Another event queues the App before the informer delivered the
    // written status: the cache still holds the old version. Writing again
    // would only fail with Conflict; the write's own event will come.
    f.sync("example").await.unwrap();

    assert_eq!(f.actions(), Vec::<String>::new());
}

#[tokio::test]
async fn an_app_in_sync_causes_no_writes() {
    let f = Fixture::new();
    let mut app = f.seed_app(example());
    let (d, s) = owned_children(&app);
    let d = f.seed_child(&f.deployments, with_status(d, 2)).await;
    f.seed_child(&f.services, s).await;
    // First sync writes the status; the second, from the updated cache, nothing.
    f.sync("example").await.unwrap();
    assert_eq!(f.actions(), ["apply apps/status default/example"]);
    app = f.stored_app(&app);
    f.apps.insert(Arc::new(app.clone()));
    f.fake.clear_actions();
    let events_before = f.events.events().len();

    f.sync("example").await.unwrap();
    f.sync("example").await.unwrap();

    assert_eq!(f.actions(), Vec::<String>::new());
    assert_eq!(f.events.events().len(), events_before);
    assert_eq!(
        ready(app.status.as_ref().unwrap()),
        (
            "True".into(),
            "Available".into(),
            "Deployment \"web\" has 2 of 2 replicas available".into()
        )
    );
    assert_eq!(d.metadata.name.as_deref(), Some("web"));
}

#[tokio::test]
async fn drift_is_corrected_with_one_server_side_apply() {
    let f = Fixture::new();
    let app = f.seed_app(example());
    let (mut d, s) = owned_children(&app);
    // Someone scaled the Deployment and changed its image by hand.
    let spec = d.spec.as_mut().unwrap();
    spec.replicas = Some(5);
    spec.template.spec.as_mut().unwrap().containers[0].image = Some("evil:latest".into());
    let d = f.seed_child(&f.deployments, d).await;
    f.seed_child(&f.services, s).await;

    f.sync("example").await.unwrap();

    assert_eq!(
        f.actions(),
        [
            "apply deployments default/web",
            "apply apps/status default/example"
        ]
    );
    let apply = f.action(0);
    let config = apply.patch.expect("an apply configuration");
    assert_eq!(config["spec"]["replicas"], 2);
    assert_eq!(
        config["spec"]["template"]["spec"]["containers"][0]["image"],
        "nginx:1.27"
    );
    // The cached resourceVersion guards the write.
    assert_eq!(
        config["metadata"]["resourceVersion"],
        Value::from(d.metadata.resource_version.clone().unwrap())
    );
    assert_eq!(
        f.events.lines(),
        [
            "Normal Updated: Updated Deployment \"web\" to match the App \
             (spec.replicas, spec.template.spec.containers[name=web].image)",
            "Normal Synced: App synced successfully",
        ]
    );
}

#[tokio::test]
async fn fields_other_managers_added_are_not_drift() {
    let f = Fixture::new();
    let mut app = example();
    app.status = None;
    let app = f.seed_app(app);
    let (mut d, mut s) = owned_children(&app);
    // A sidecar injected by a webhook, an annotation, a team label, a
    // server-assigned clusterIP: none of it is ours to correct.
    let pod = d.spec.as_mut().unwrap().template.spec.as_mut().unwrap();
    pod.containers
        .push(serde_json::from_value(json!({"name": "proxy", "image": "envoy"})).unwrap());
    d.metadata.annotations = Some(
        [(
            "deployment.kubernetes.io/revision".to_owned(),
            "1".to_owned(),
        )]
        .into(),
    );
    d.metadata
        .labels
        .as_mut()
        .unwrap()
        .insert("team".into(), "payments".into());
    s.spec.as_mut().unwrap().cluster_ip = Some("10.0.0.7".into());
    f.seed_child(&f.deployments, d).await;
    f.seed_child(&f.services, s).await;

    f.sync("example").await.unwrap();

    assert_eq!(f.actions(), ["apply apps/status default/example"]);
}

#[tokio::test]
async fn a_foreign_deployment_is_left_alone_and_reported() {
    let f = Fixture::new();
    let app = f.seed_app(example());
    let (mut foreign, s) = owned_children(&app);
    foreign.metadata.owner_references = None;
    foreign.metadata.labels = None;
    let foreign = f.seed_child(&f.deployments, foreign).await;
    f.seed_child(&f.services, s).await;

    let error = f.sync("example").await.unwrap_err();

    assert!(
        matches!(
            error,
            ReconcileError::ResourceExists {
                kind: "Deployment",
                ..
            }
        ),
        "{error}"
    );
    // Only the status is written: nothing touches the Deployment.
    assert_eq!(f.actions(), ["apply apps/status default/example"]);
    let stored: Deployment = serde_json::from_value(
        f.fake
            .tracker()
            .get(&fake::ResourceKey::of(&Deployment::INFO), "default", "web")
            .unwrap(),
    )
    .unwrap();
    assert_eq!(
        stored.metadata.resource_version,
        foreign.metadata.resource_version
    );
    let status = status_of(&f.action(0));
    assert_eq!(status.available_replicas, None);
    assert_eq!(
        ready(&status),
        (
            "False".into(),
            "ErrResourceExists".into(),
            "Deployment \"web\" already exists and is not managed by App \"example\" (it has no controller)".into()
        )
    );
    assert_eq!(
        f.events.lines(),
        [
            "Warning ErrResourceExists: Deployment \"web\" already exists and is not managed by App \"example\" (it has no controller)"
        ]
    );
    assert_eq!(error.metric_reason(), "resource_exists");
}

#[tokio::test]
async fn a_service_controlled_by_another_app_is_not_adopted() {
    let f = Fixture::new();
    let app = f.seed_app(example());
    let other = app_other();
    let (d, _) = owned_children(&app);
    let (_, theirs) = owned_children(&other);
    f.seed_child(&f.deployments, d).await;
    let mut theirs = theirs;
    theirs.metadata.name = Some("web".into());
    f.seed_child(&f.services, theirs).await;

    let error = f.sync("example").await.unwrap_err();

    assert!(
        error.to_string().contains("it has App \"other\""),
        "{error}"
    );
    assert_eq!(f.actions(), ["apply apps/status default/example"]);
}

fn app_other() -> App {
    app("other", "other-web", "nginx", Some(1), "other-web")
}

#[tokio::test]
async fn a_rename_creates_the_new_children_and_deletes_the_old_ones() {
    let f = Fixture::new();
    let old = f.seed_app(example());
    let (d, s) = owned_children(&old);
    let old_deployment = f.seed_child(&f.deployments, d).await;
    f.seed_child(&f.services, s).await;
    // The user renames both children.
    let mut renamed = old.clone();
    renamed.spec.deployment.name = "web-v2".into();
    renamed.spec.service.name = "front".into();
    renamed.metadata.generation = Some(2);
    f.apps.insert(Arc::new(renamed));

    f.sync("example").await.unwrap();

    assert_eq!(
        f.actions(),
        [
            "create deployments default/-",
            "create services default/-",
            "delete deployments default/web",
            "delete services default/web",
            "apply apps/status default/example",
        ]
    );
    let key = fake::ResourceKey::of(&Deployment::INFO);
    assert!(f.fake.tracker().get(&key, "default", "web").is_none());
    assert!(f.fake.tracker().get(&key, "default", "web-v2").is_some());
    assert!(
        f.fake
            .tracker()
            .get(&fake::ResourceKey::of(&Service::INFO), "default", "front")
            .is_some()
    );
    assert_ne!(old_deployment.metadata.uid, None);
    assert_eq!(
        f.events.lines(),
        [
            "Normal Created: Created Deployment \"web-v2\"",
            "Normal Created: Created Service \"front\"",
            "Normal Deleted: Deleted Deployment \"web\": the App now names Deployment \"web-v2\"",
            "Normal Deleted: Deleted Service \"web\": the App now names Service \"front\"",
            "Normal Synced: App synced successfully",
        ]
    );
    assert_eq!(status_of(&f.action(4)).observed_generation, Some(2));
}

#[tokio::test]
async fn children_of_other_apps_survive_a_rename() {
    let f = Fixture::new();
    let app = f.seed_app(example());
    let other = f.seed_app(app_other());
    let (d, s) = owned_children(&app);
    let (od, os) = owned_children(&other);
    for obj in [d, od] {
        f.seed_child(&f.deployments, obj).await;
    }
    for obj in [s, os] {
        f.seed_child(&f.services, obj).await;
    }

    f.sync("example").await.unwrap();

    assert_eq!(f.actions(), ["apply apps/status default/example"]);
}

#[tokio::test]
async fn status_follows_the_deployment() {
    let f = Fixture::new();
    let app = f.seed_app(example());
    let (d, s) = owned_children(&app);
    let d = f.seed_child(&f.deployments, with_status(d, 0)).await;
    f.seed_child(&f.services, s).await;
    f.sync("example").await.unwrap();
    let app = f.stored_app(&app);
    f.apps.insert(Arc::new(app.clone()));
    f.fake.clear_actions();

    // The Deployment controller reports both replicas available.
    f.deployments.insert(Arc::new(with_status(d, 2)));
    f.sync("example").await.unwrap();

    assert_eq!(f.actions(), ["apply apps/status default/example"]);
    let status = status_of(&f.action(0));
    assert_eq!(status.available_replicas, Some(2));
    let (ready_status, reason, _) = ready(&status);
    assert_eq!(
        (ready_status.as_str(), reason.as_str()),
        ("True", "Available")
    );
    // The transition time moved with the status flip.
    let before = app.status.unwrap().conditions[0]
        .last_transition_time
        .clone();
    assert!(status.conditions[0].last_transition_time >= before);
}

#[tokio::test]
async fn an_invalid_spec_is_reported_once_and_not_retried() {
    let f = Fixture::new();
    // Passes the CRD's pattern, but a container name cannot contain dots.
    let app = f.seed_app(app("example", "web.v2", "nginx", Some(1), "web"));

    f.sync("example").await.unwrap();

    assert_eq!(f.actions(), ["apply apps/status default/example"]);
    let status = status_of(&f.action(0));
    let (s, reason, message) = ready(&status);
    assert_eq!((s.as_str(), reason.as_str()), ("False", "InvalidSpec"));
    assert!(
        message.starts_with("invalid spec: spec.deployment.name: Invalid value: \"web.v2\""),
        "{message}"
    );
    assert_eq!(f.events.lines().len(), 1);
    assert!(
        f.events.lines()[0].starts_with("Warning InvalidSpec: invalid spec: spec.deployment.name")
    );

    // The next sync (a resync) sees the condition already there: nothing.
    f.apps.insert(Arc::new(f.stored_app(&app)));
    f.fake.clear_actions();
    f.sync("example").await.unwrap();
    assert_eq!(f.actions(), Vec::<String>::new());
    assert_eq!(f.events.lines().len(), 1);
}

#[tokio::test]
async fn a_stale_cache_fails_quietly_and_overwrites_nothing() {
    let f = Fixture::new();
    let app = f.seed_app(example());
    let (d, _) = owned_children(&app);
    // The server has the Deployment, the cache has not seen it yet.
    f.fake
        .resource::<Deployment>("default")
        .create(&PostParams::default(), &d)
        .await
        .unwrap();
    f.fake.clear_actions();

    let error = f.sync("example").await.unwrap_err();

    assert!(error.is_stale_cache(), "{error}");
    assert_eq!(error.metric_reason(), "already_exists");
    assert_eq!(f.actions(), ["create deployments default/-"]);
    assert_eq!(f.events.lines(), Vec::<String>::new());
}

#[tokio::test]
async fn a_refused_write_becomes_a_warning_and_a_condition() {
    let f = Fixture::new();
    f.seed_app(example());
    f.fake.prepend_reactor("create", "deployments", |_| {
        Some(Err(Error::api(
            ErrorKind::Forbidden,
            "deployments.apps is forbidden: quota exceeded",
        )))
    });

    let error = f.sync("example").await.unwrap_err();

    assert_eq!(error.metric_reason(), "forbidden");
    assert_eq!(
        f.actions(),
        [
            "create deployments default/-",
            "apply apps/status default/example"
        ]
    );
    let (s, reason, message) = ready(&status_of(&f.action(1)));
    assert_eq!((s.as_str(), reason.as_str()), ("False", "ReconcileFailed"));
    assert_eq!(
        message,
        "create Deployment \"web\": deployments.apps is forbidden: quota exceeded"
    );
    assert_eq!(
        f.events.lines(),
        [
            "Warning ReconcileFailed: create Deployment \"web\": deployments.apps is forbidden: quota exceeded"
        ]
    );
}

/// Server-side apply as the API server does it (the fake has the App CRD):
/// the controller's status apply owns only what it sends, so a condition
/// another tool applied survives it, merged by the list's `type` key.
#[tokio::test]
async fn conditions_of_other_managers_survive_the_status_apply() {
    use generated::applyconfigurations::myapp::v1::{AppApply, AppStatusApply};
    use generated::prelude::*;
    use kube_codegen_runtime::params::ApplyParams;

    let f = Fixture::new();
    let app = f.seed_app(example());
    let degraded = serde_json::from_value(json!({
        "type": "BackupsFailing", "status": "True", "reason": "NoBucket",
        "message": "backups have failed since Monday",
        "lastTransitionTime": "2026-11-23T08:00:00Z",
    }))
    .unwrap();
    f.fake
        .myapp_v1()
        .apps("default")
        .apply_status_config(
            &AppApply::new("example", "default")
                .with_status(AppStatusApply::default().with_conditions([degraded])),
            &ApplyParams::new("backup-operator"),
        )
        .await
        .unwrap();
    f.apps.insert(Arc::new(f.stored_app(&app)));
    let (d, s) = owned_children(&app);
    f.seed_child(&f.deployments, with_status(d, 2)).await;
    f.seed_child(&f.services, s).await;

    f.sync("example").await.unwrap();

    let stored = f.stored_app(&app);
    let status = stored.status.unwrap();
    let types: Vec<&str> = status.conditions.iter().map(|c| c.type_.as_str()).collect();
    assert_eq!(types, ["BackupsFailing", "Ready"]);
    assert_eq!(status.available_replicas, Some(2));
    let mut managers: Vec<(String, String)> = stored
        .metadata
        .managed_fields
        .unwrap_or_default()
        .into_iter()
        .filter(|m| m.subresource.as_deref() == Some("status"))
        .map(|m| {
            (
                m.manager.unwrap_or_default(),
                m.operation.unwrap_or_default(),
            )
        })
        .collect();
    // The server orders entries by time, to the second: compare them as a set.
    managers.sort();
    assert_eq!(
        managers,
        [
            ("app-controller".to_owned(), "Apply".to_owned()),
            ("backup-operator".to_owned(), "Apply".to_owned())
        ]
    );
}

#[tokio::test]
async fn a_stale_cache_does_not_make_the_status_write_conflict() {
    let f = Fixture::new();
    let app = f.seed_app(example());
    // The cache holds an older version of the App than the server: the status
    // is applied (no resourceVersion precondition), not refused as an update
    // of a stale object would be.
    let mut stale = app.clone();
    stale.metadata.resource_version = Some("0".into());
    f.apps.insert(Arc::new(stale));
    let (d, s) = owned_children(&app);
    f.seed_child(&f.deployments, d).await;
    f.seed_child(&f.services, s).await;

    f.sync("example").await.unwrap();

    assert_eq!(f.actions(), ["apply apps/status default/example"]);
    assert!(
        applied(&f.action(0))["metadata"]
            .get("resourceVersion")
            .is_none()
    );
    assert_eq!(f.events.lines(), Vec::<String>::new());
}

#[tokio::test]
async fn an_app_that_is_gone_or_being_deleted_needs_nothing() {
    let f = Fixture::new();
    f.sync("missing").await.unwrap();
    let mut deleting = example();
    deleting.metadata.deletion_timestamp = Some(crate::status::now());
    deleting.metadata.finalizers = Some(vec!["example.com/hold".into()]);
    f.apps.insert(Arc::new(deleting));
    f.sync("example").await.unwrap();
    assert_eq!(f.actions(), Vec::<String>::new());
}

#[tokio::test]
async fn a_child_being_deleted_is_waited_for() {
    let f = Fixture::new();
    let app = f.seed_app(example());
    let (mut d, s) = owned_children(&app);
    d.metadata.deletion_timestamp = Some(crate::status::now());
    f.deployments.insert(Arc::new(d));
    f.seed_child(&f.services, s).await;

    f.sync("example").await.unwrap();

    assert_eq!(f.actions(), ["apply apps/status default/example"]);
    let (_, reason, message) = ready(&status_of(&f.action(0)));
    assert_eq!(reason, "ChildDeleting");
    assert_eq!(
        message,
        "Deployment \"web\" is being deleted; it is recreated once it is gone"
    );
}

#[tokio::test]
async fn handlers_map_children_to_the_apps_that_care() {
    let f = Fixture::new();
    let app = f.seed_app(example());
    f.seed_app(app_other());
    let lister = Lister::new(f.apps.clone());
    let (mut d, _) = owned_children(&app);
    // Controlled by example: example.
    assert_eq!(
        crate::triggers::apps_for_child(&d, &lister, crate::triggers::deployment_name),
        [ObjectKey::new("default", "example")]
    );
    // A foreign "web": example wants that name.
    d.metadata.owner_references = None;
    assert_eq!(
        crate::triggers::apps_for_child(&d, &lister, crate::triggers::deployment_name),
        [ObjectKey::new("default", "example")]
    );
    // A foreign "other-web" Service: other wants it; nobody wants "nope".
    let (_, mut s) = owned_children(&app_other());
    s.metadata.owner_references = None;
    assert_eq!(
        crate::triggers::apps_for_child(&s, &lister, crate::triggers::service_name),
        [ObjectKey::new("default", "other")]
    );
    s.metadata.name = Some("nope".into());
    assert!(crate::triggers::apps_for_child(&s, &lister, crate::triggers::service_name).is_empty());
    // The user renames other's Service to "nope": the App cache, indexed by
    // the names Apps want, follows the update.
    let mut renamed = (*f.apps.get("default", "other").unwrap()).clone();
    renamed.spec.service.name = "nope".into();
    renamed.metadata.resource_version = Some("renamed".into());
    f.apps.apply(Arc::new(renamed));
    assert_eq!(
        crate::triggers::apps_for_child(&s, &lister, crate::triggers::service_name),
        [ObjectKey::new("default", "other")]
    );
    s.metadata.name = Some("other-web".into());
    assert!(crate::triggers::apps_for_child(&s, &lister, crate::triggers::service_name).is_empty());
}
