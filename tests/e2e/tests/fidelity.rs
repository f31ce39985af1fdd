//! Differential fidelity of the fake clientset: one scenario, written once against
//! the clientset traits, runs against the generated fake and against the real API
//! server, and every outcome is compared: the fields of returned objects that
//! matter (generation, labels, finalizers, spec, status, deletion state, whether
//! the `resourceVersion` moved), the error kind, code and message, list results, and
//! the event sequences of watches.
//!
//! Where the fake cannot match the server, the step is listed in
//! [`known_differences`] with the reason, and the test checks that the difference
//! is still exactly the documented one (so a fixed fake makes the test say so).
//! Those steps run last, so that their different outcomes do not spill over into
//! the other steps (the watch sequences, for one).

#[path = "fidelity/apply.rs"]
mod apply;

use std::time::Duration;

use anyhow::{Context, Result};
use e2e::{crds, envtest};
use futures::StreamExt;
use generated::apis::myapp::v1::{App, AppSpec, AppStatus, DeploymentSpec, ServiceSpec};
use generated::clientset::{
    ApplyParams, Clientset, DeleteResponse, Error, Interface, WatchStream, fake,
};
use kube::api::{
    DeleteParams, ListParams, ObjectList, Patch, PatchParams, PostParams, Preconditions,
    WatchEvent, WatchParams,
};
use serde_json::{Value, json};

/// Bound for watch events to arrive.
const WAIT: Duration = Duration::from_secs(30);

/// Steps where the fake differs from the server on purpose or by limitation:
/// (step, what the fake answers instead, why).
fn known_differences() -> Vec<(&'static str, Value, &'static str)> {
    Vec::new()
}

fn is_uid(candidate: &[u8]) -> bool {
    candidate.len() == 36
        && candidate.iter().enumerate().all(|(i, b)| match i {
            8 | 13 | 18 | 23 => *b == b'-',
            _ => b.is_ascii_hexdigit(),
        })
}

/// Server and fake uids and versions differ; messages are compared with uids as
/// `<uid>` and numbers as `N`.
fn normalize_message(message: &str) -> String {
    let bytes = message.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < bytes.len() {
        if i + 36 <= bytes.len() && is_uid(&bytes[i..i + 36]) {
            out.push_str("<uid>");
            i += 36;
        } else if bytes[i].is_ascii_digit() {
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            out.push('N');
        } else {
            let c = message[i..].chars().next().unwrap_or_default();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The outcomes of one run, by step.
#[derive(Default)]
struct Transcript {
    steps: Vec<(String, Value)>,
}

impl Transcript {
    fn record(&mut self, step: &str, outcome: Value) {
        self.steps.push((step.to_owned(), outcome));
    }
}

/// `gen-xk2p9` → `gen-*`: generated suffixes differ between runs.
fn normalize_name(name: &str) -> String {
    match name.strip_prefix("gen-") {
        Some(suffix) if suffix.len() == 5 => "gen-*".to_owned(),
        _ => name.to_owned(),
    }
}

/// The fields of an App that the scenario compares.
fn object(app: &App) -> Value {
    json!({
        "name": app.metadata.name.as_deref().map(normalize_name),
        "generation": app.metadata.generation,
        "labels": app.metadata.labels,
        "finalizers": app.metadata.finalizers,
        "deleting": app.metadata.deletion_timestamp.is_some(),
        "has_uid": app.metadata.uid.is_some(),
        "has_creation_timestamp": app.metadata.creation_timestamp.is_some(),
        "spec": serde_json::to_value(&app.spec).unwrap_or_default(),
        "status": serde_json::to_value(&app.status).unwrap_or_default(),
    })
}

fn error(e: &Error) -> Value {
    json!({
        "error": e.kind().to_string(),
        "code": e.code(),
        "message": normalize_message(e.message()),
    })
}

fn outcome(result: &std::result::Result<App, Error>) -> Value {
    match result {
        Ok(app) => object(app),
        Err(e) => error(e),
    }
}

fn names(list: &ObjectList<App>) -> Value {
    list.items
        .iter()
        .map(|a| Value::String(normalize_name(a.metadata.name.as_deref().unwrap_or(""))))
        .collect()
}

fn list_outcome(result: &std::result::Result<ObjectList<App>, Error>) -> Value {
    match result {
        Ok(list) => json!({
            "items": names(list),
            "continue": list.metadata.continue_.as_deref().is_some_and(|c| !c.is_empty()),
        }),
        Err(e) => error(e),
    }
}

fn delete_outcome(result: &std::result::Result<DeleteResponse<App>, Error>) -> Value {
    match result {
        Ok(DeleteResponse::Object(app)) => json!({ "object": object(app) }),
        Ok(DeleteResponse::Status(status)) => json!({
            "status": status.is_success(),
            "name": status.details.as_ref().map(|d| d.name.clone()),
            "kind": status.details.as_ref().map(|d| d.kind.clone()),
        }),
        Err(e) => error(e),
    }
}

fn version(app: &App) -> String {
    app.metadata.resource_version.clone().unwrap_or_default()
}

fn app(name: &str, tier: Option<&str>) -> App {
    let mut app = App::new(
        name,
        AppSpec {
            deployment: DeploymentSpec {
                name: "web".to_owned(),
                image: "nginx:1".to_owned(),
                replicas: Some(1),
            },
            service: ServiceSpec {
                name: "web".to_owned(),
            },
        },
    );
    app.metadata.labels = tier.map(|t| [("tier".to_owned(), t.to_owned())].into());
    app
}

/// Reads events (bookmarks skipped) until the `ADDED` of `end`, as `TYPE name`.
async fn events_until(stream: &mut WatchStream<App>, end: &str) -> Result<Value> {
    let mut seen = Vec::new();
    loop {
        let event = tokio::time::timeout(WAIT, stream.next())
            .await
            .with_context(|| format!("no watch event in time after {seen:?}"))?
            .context("watch ended")??;
        let (kind, app) = match event {
            WatchEvent::Added(app) => ("ADDED", app),
            WatchEvent::Modified(app) => ("MODIFIED", app),
            WatchEvent::Deleted(app) => ("DELETED", app),
            WatchEvent::Bookmark(_) => continue,
            WatchEvent::Error(status) => anyhow::bail!("watch error {status:?}"),
        };
        let name = normalize_name(app.metadata.name.as_deref().unwrap_or(""));
        seen.push(Value::String(format!(
            "{kind} {name} gen={}",
            app.metadata.generation.unwrap_or(0)
        )));
        if kind == "ADDED" && name == end {
            return Ok(Value::Array(seen));
        }
    }
}

/// The scenario: 50 steps of creates, conflicting updates, status writes, patches,
/// applies, deletes with finalizers and preconditions, selector lists and watches.
async fn scenario<C: Interface>(clientset: &C, namespace: &str) -> Result<Transcript> {
    let apps = clientset.myapp_v1().apps(namespace);
    let pp = PostParams::default();
    let patch = PatchParams::default();
    let mut t = Transcript::default();

    t.record("get missing", outcome(&apps.get("a").await));
    let created_a = apps.create(&pp, &app("a", Some("web"))).await;
    t.record("create a", outcome(&created_a));
    let created_a = created_a?;
    t.record(
        "create a again",
        outcome(&apps.create(&pp, &app("a", Some("web"))).await),
    );
    t.record(
        "create b",
        outcome(&apps.create(&pp, &app("b", Some("db"))).await),
    );
    let mut generated = app("", None);
    generated.metadata.name = None;
    generated.metadata.generate_name = Some("gen-".into());
    t.record(
        "create generateName",
        outcome(&apps.create(&pp, &generated).await),
    );
    t.record(
        "create invalid name",
        outcome(&apps.create(&pp, &app("Bad_Name", None)).await),
    );
    let mut nameless = app("", None);
    nameless.metadata.name = None;
    t.record(
        "create without name",
        outcome(&apps.create(&pp, &nameless).await),
    );
    let list = |labels: &str, fields: &str| {
        let mut lp = ListParams::default();
        if !labels.is_empty() {
            lp = lp.labels(labels);
        }
        if !fields.is_empty() {
            lp = lp.fields(fields);
        }
        lp
    };
    t.record("list all", list_outcome(&apps.list(&list("", "")).await));
    t.record(
        "list tier=web",
        list_outcome(&apps.list(&list("tier=web", "")).await),
    );
    t.record(
        "list tier!=web",
        list_outcome(&apps.list(&list("tier!=web", "")).await),
    );
    t.record(
        "list tier in (web,db)",
        list_outcome(&apps.list(&list("tier in (web,db)", "")).await),
    );
    t.record(
        "list !tier",
        list_outcome(&apps.list(&list("!tier", "")).await),
    );
    t.record(
        "list metadata.name=b",
        list_outcome(&apps.list(&list("", "metadata.name=b")).await),
    );
    t.record(
        "list unsupported field",
        list_outcome(&apps.list(&list("", "spec.image=x")).await),
    );
    let page = apps.list(&ListParams::default().limit(2)).await;
    t.record("list limit 2", list_outcome(&page));
    let token = page?.metadata.continue_.context("a continue token")?;
    t.record(
        "list continue",
        list_outcome(
            &apps
                .list(&ListParams::default().limit(2).continue_token(&token))
                .await,
        ),
    );

    // Watches: one on tier=web from "0" (initial state first), one replaying
    // everything after the creation of `a`.
    let mut web = apps
        .watch(&WatchParams::default().labels("tier=web"), "0")
        .await?;
    let mut replay = apps
        .watch(&WatchParams::default(), &version(&created_a))
        .await?;

    let mut a1 = created_a.clone();
    a1.spec.deployment.image = "nginx:2".into();
    let updated = apps.update(&pp, &a1).await;
    t.record("update a", outcome(&updated));
    let updated = updated?;
    t.record("update a stale", outcome(&apps.update(&pp, &a1).await));
    let mut unversioned = updated.clone();
    unversioned.metadata.resource_version = None;
    t.record(
        "update a without resourceVersion",
        outcome(&apps.update(&pp, &unversioned).await),
    );
    let mut status_only = updated.clone();
    status_only.status = Some(AppStatus {
        available_replicas: Some(1),
        observed_generation: Some(2),
        conditions: Vec::new(),
    });
    let ignored = apps.update(&pp, &status_only).await;
    t.record("update a status through main resource", outcome(&ignored));
    t.record(
        "no-op update keeps resourceVersion",
        json!(ignored.as_ref().map(version).ok() == Some(version(&updated))),
    );
    let mut wrong_uid = updated.clone();
    wrong_uid.metadata.uid = Some("00000000-0000-0000-0000-000000000000".into());
    t.record(
        "update a with another uid",
        outcome(&apps.update(&pp, &wrong_uid).await),
    );
    let with_status = apps.update_status(&pp, &status_only).await;
    t.record("update_status a", outcome(&with_status));
    t.record(
        "update_status a stale",
        outcome(&apps.update_status(&pp, &status_only).await),
    );

    t.record(
        "patch merge a",
        outcome(
            &apps
                .patch(
                    "a",
                    &patch,
                    &Patch::Merge(json!({"spec": {"deployment": {"replicas": 2}}})),
                )
                .await,
        ),
    );
    t.record(
        "patch merge a stale",
        outcome(
            &apps
                .patch(
                    "a",
                    &patch,
                    &Patch::Merge(
                        json!({"metadata": {"resourceVersion": version(&updated)}, "spec": {}}),
                    ),
                )
                .await,
        ),
    );
    t.record(
        "patch strategic a",
        outcome(&apps.patch("a", &patch, &Patch::Strategic(json!({}))).await),
    );
    let replace_image: Patch<()> = Patch::Json(serde_json::from_value(json!([
        {"op": "replace", "path": "/spec/deployment/image", "value": "nginx:3"}
    ]))?);
    t.record(
        "patch json a",
        outcome(&apps.patch("a", &patch, &replace_image).await),
    );
    t.record(
        "patch_status a",
        outcome(
            &apps
                .patch_status(
                    "a",
                    &patch,
                    &Patch::Merge(json!({"status": {"availableReplicas": 2}})),
                )
                .await,
        ),
    );
    t.record(
        "patch missing",
        outcome(
            &apps
                .patch("missing", &patch, &Patch::Merge(json!({"spec": {}})))
                .await,
        ),
    );

    // Selector transitions for the tier=web watch: b joins, a leaves.
    t.record(
        "relabel b web",
        outcome(
            &apps
                .patch(
                    "b",
                    &patch,
                    &Patch::Merge(json!({"metadata": {"labels": {"tier": "web"}}})),
                )
                .await,
        ),
    );
    t.record(
        "relabel a db",
        outcome(
            &apps
                .patch(
                    "a",
                    &patch,
                    &Patch::Merge(json!({"metadata": {"labels": {"tier": "db"}}})),
                )
                .await,
        ),
    );

    // Server-side apply.
    let config = |image: &str| {
        json!({
            "apiVersion": "myapp.k8s.io/v1",
            "kind": "App",
            "metadata": {"name": "c", "labels": {"tier": "api"}},
            "spec": {
                "deployment": {"name": "c", "image": image, "replicas": 1},
                "service": {"name": "c"},
            },
        })
    };
    let applied = apps
        .apply("c", &config("nginx:1"), &ApplyParams::new("fidelity"))
        .await;
    t.record("apply c", outcome(&applied));
    let reapplied = apps
        .apply("c", &config("nginx:1"), &ApplyParams::new("fidelity"))
        .await;
    t.record(
        "apply c unchanged keeps resourceVersion",
        json!(reapplied.as_ref().map(version).ok() == applied.as_ref().map(version).ok()),
    );
    t.record(
        "apply c new image",
        outcome(
            &apps
                .apply("c", &config("nginx:2"), &ApplyParams::new("fidelity"))
                .await,
        ),
    );
    t.record(
        "apply_status c",
        outcome(
            &apps
                .apply_status(
                    "c",
                    &json!({"apiVersion": "myapp.k8s.io/v1", "kind": "App", "metadata": {"name": "c"}, "status": {"availableReplicas": 5}}),
                    &ApplyParams::new("fidelity-status"),
                )
                .await,
        ),
    );
    t.record(
        "apply without field manager",
        outcome(
            &apps
                .patch("c", &patch, &Patch::Apply(config("nginx:2")))
                .await,
        ),
    );

    // Deletion with preconditions and finalizers.
    let b = apps.get("b").await?;
    let mut held = b.clone();
    held.metadata.finalizers = Some(vec!["example.com/hold".into()]);
    let held = apps.update(&pp, &held).await;
    t.record("add finalizer to b", outcome(&held));
    let held = held?;
    let wrong_uid = DeleteParams {
        preconditions: Some(Preconditions {
            uid: Some("00000000-0000-0000-0000-000000000000".into()),
            resource_version: None,
        }),
        ..DeleteParams::default()
    };
    t.record(
        "delete b wrong uid",
        delete_outcome(&apps.delete("b", &wrong_uid).await),
    );
    let stale_version = DeleteParams {
        preconditions: Some(Preconditions {
            uid: None,
            resource_version: Some(version(&b)),
        }),
        ..DeleteParams::default()
    };
    t.record(
        "delete b stale version",
        delete_outcome(&apps.delete("b", &stale_version).await),
    );
    t.record(
        "delete b with finalizer",
        delete_outcome(&apps.delete("b", &DeleteParams::default()).await),
    );
    let deleting = apps.get("b").await;
    t.record("get b while deleting", outcome(&deleting));
    t.record(
        "delete b again",
        delete_outcome(&apps.delete("b", &DeleteParams::default()).await),
    );
    let mut release = deleting?;
    release.metadata.finalizers = None;
    t.record(
        "remove finalizer from b",
        outcome(&apps.update(&pp, &release).await),
    );
    t.record("get b after finalizer", outcome(&apps.get("b").await));
    let _ = held;

    t.record(
        "delete a",
        delete_outcome(&apps.delete("a", &DeleteParams::default()).await),
    );
    t.record(
        "delete a again",
        delete_outcome(&apps.delete("a", &DeleteParams::default()).await),
    );
    let mut ghost = app("ghost", None);
    ghost.metadata.resource_version = Some("1".into());
    t.record("update missing", outcome(&apps.update(&pp, &ghost).await));
    t.record(
        "update_status missing",
        outcome(&apps.update_status(&pp, &ghost).await),
    );
    let collected = apps
        .delete_collection(
            &DeleteParams::default(),
            &ListParams::default().labels("!tier"),
        )
        .await;
    t.record(
        "delete_collection !tier",
        match &collected {
            Ok(DeleteResponse::Object(list)) => json!({ "deleted": names(list) }),
            Ok(DeleteResponse::Status(s)) => json!({ "status": s.is_success() }),
            Err(e) => error(e),
        },
    );
    t.record(
        "list after deletes",
        list_outcome(&apps.list(&ListParams::default()).await),
    );

    // The end marker both watches see, then their event sequences.
    apps.create(&pp, &app("zz-end", Some("web"))).await?;
    t.record(
        "watch tier=web from 0",
        events_until(&mut web, "zz-end").await?,
    );
    t.record(
        "watch replay from create a",
        events_until(&mut replay, "zz-end").await?,
    );

    // Validation and defaulting from the CRD (the fake runs its schema).
    let mut negative = app("negative", None);
    negative.spec.deployment.replicas = Some(-1);
    let created_negative = apps.create(&pp, &negative).await;
    t.record(
        "create with replicas -1",
        match &created_negative {
            Ok(_) => json!("created"),
            Err(e) => error(e),
        },
    );
    let mut undefaulted = app("undefaulted", None);
    undefaulted.spec.deployment.replicas = None;
    let created = apps.create(&pp, &undefaulted).await?;
    t.record(
        "create without replicas: defaulted value",
        json!(created.spec.deployment.replicas),
    );
    Ok(t)
}

#[tokio::test]
async fn fake_and_server_agree_on_the_scenario() -> Result<()> {
    let client = envtest::client().await?;
    crds::install(&client, generated::crds::custom_resource_definitions()?).await?;
    let ns = envtest::ns("fidelity").await?;

    let fake = fake::Clientset::default().with_crds(generated::crds::all());
    let fake_run = scenario(&fake, ns.name()).await?;
    let server_run = scenario(&Clientset::new(client), ns.name()).await?;

    assert_eq!(fake_run.steps.len(), server_run.steps.len());
    assert!(fake_run.steps.len() >= 50, "{} steps", fake_run.steps.len());
    let known = known_differences();
    let mut mismatches = Vec::new();
    for ((step, fake), (_, server)) in fake_run.steps.iter().zip(&server_run.steps) {
        match known.iter().find(|(s, _, _)| s == step) {
            Some((_, fake_answer, why)) => {
                assert_eq!(fake, fake_answer, "{step}: the fake changed ({why})");
                assert_ne!(
                    fake, server,
                    "{step}: the fake now matches the server; remove it from known_differences()"
                );
            }
            None if fake != server => {
                mismatches.push(format!("{step}:\n  fake:   {fake}\n  server: {server}"));
            }
            None => {}
        }
    }
    assert!(
        mismatches.is_empty(),
        "the fake differs from the server:\n{}",
        mismatches.join("\n")
    );
    Ok(())
}

/// The fixture's shapes through the same comparison: a cluster-scoped kind with
/// status, the `scale` subresource behind custom verbs, a selectable field, and a
/// kind without status subresource.
mod fixture {
    use anyhow::Result;
    use fixture_generated::apis::batch::v1::{CronTab, CronTabSpec, CronTabStatus, RetryPolicy};
    use fixture_generated::apis::infra::v1alpha1::{
        Cluster, ClusterPhase, ClusterSpec, ClusterStatus, Database, DatabaseSpec,
    };
    use fixture_generated::clientset::prelude::*;
    use fixture_generated::clientset::{Clientset, DeleteResponse, Error, Interface, fake};
    use k8s_openapi::api::core::v1::{Container, PodSpec, PodTemplateSpec};
    use kube::api::{DeleteParams, ListParams, ObjectMeta, Patch, PatchParams, PostParams};
    use serde_json::{Value, json};

    use super::{Transcript, crds, envtest, normalize_message};

    fn error(e: &Error) -> Value {
        json!({
            "error": e.kind().to_string(),
            "code": e.code(),
            "message": normalize_message(e.message()),
        })
    }

    /// Drops system-managed and run-specific metadata (of an object or of each
    /// object in a list), which is not compared.
    fn strip(value: &mut Value) {
        if let Some(items) = value.as_array_mut() {
            items.iter_mut().for_each(strip);
        } else if let Some(meta) = value.get_mut("metadata").and_then(Value::as_object_mut) {
            for field in [
                "uid",
                "resourceVersion",
                "creationTimestamp",
                "managedFields",
            ] {
                meta.remove(field);
            }
        }
    }

    fn view<T: serde::Serialize>(result: &std::result::Result<T, Error>) -> Value {
        match result {
            Ok(value) => {
                let mut value = serde_json::to_value(value).unwrap_or_default();
                strip(&mut value);
                value
            }
            Err(e) => error(e),
        }
    }

    fn deleted<T>(result: &std::result::Result<DeleteResponse<T>, Error>) -> Value {
        match result {
            Ok(DeleteResponse::Object(_)) => json!("object"),
            Ok(DeleteResponse::Status(s)) => json!({ "status": s.is_success() }),
            Err(e) => error(e),
        }
    }

    fn meta(name: &str) -> ObjectMeta {
        ObjectMeta {
            name: Some(name.to_owned()),
            ..ObjectMeta::default()
        }
    }

    fn crontab(name: &str, schedule: &str) -> CronTab {
        CronTab {
            metadata: meta(name),
            spec: CronTabSpec {
                schedule: schedule.to_owned(),
                replicas: 2,
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

    async fn scenario<C: Interface>(clientset: &C, namespace: &str) -> Result<Transcript> {
        let mut t = Transcript::default();
        let pp = PostParams::default();

        // Cluster-scoped, with a status subresource.
        let clusters = clientset.infrastructure_v1alpha1().clusters();
        let name = format!("{namespace}-cluster");
        let cluster = Cluster {
            metadata: meta(&name),
            spec: ClusterSpec {
                region: "eu-west".into(),
                node_count: 3,
                version: "1.34".into(),
                ..ClusterSpec::default()
            },
            status: None,
        };
        let created = clusters.create(&pp, &cluster).await;
        t.record("create cluster", view(&created));
        let created = created?;
        t.record("get cluster", view(&clusters.get(&name).await));
        let mut grown = created.clone();
        grown.spec.node_count = 5;
        let grown = clusters.update(&pp, &grown).await;
        t.record("update cluster", view(&grown));
        let mut running = grown?;
        running.status = Some(ClusterStatus {
            phase: Some(ClusterPhase::Running),
            ready_nodes: 5,
            conditions: Vec::new(),
        });
        t.record(
            "update_status cluster",
            view(&clusters.update_status(&pp, &running).await),
        );
        t.record(
            "update cluster stale",
            view(&clusters.update(&pp, &created).await),
        );
        let by_name = ListParams::default().fields(&format!("metadata.name={name}"));
        t.record(
            "list clusters by name",
            view(&clusters.list(&by_name).await.map(|l| l.items)),
        );
        t.record(
            "delete cluster",
            deleted(&clusters.delete(&name, &DeleteParams::default()).await),
        );
        t.record("get deleted cluster", view(&clusters.get(&name).await));

        // Scale subresource through custom verbs, selectable field.
        let crontabs = clientset.batch_v1().cron_tabs(namespace);
        t.record(
            "create crontab",
            view(&crontabs.create(&pp, &crontab("nightly", "0 3 * * *")).await),
        );
        t.record(
            "create second crontab",
            view(&crontabs.create(&pp, &crontab("often", "*/5 * * * *")).await),
        );
        let mut with_status = crontabs.get("nightly").await?;
        with_status.status = Some(CronTabStatus {
            replicas: 1,
            selector: Some("app=nightly".into()),
            ..CronTabStatus::default()
        });
        t.record(
            "update_status crontab",
            view(&crontabs.update_status(&pp, &with_status).await),
        );
        let scale = crontabs.get_scale("nightly").await;
        t.record("get_scale", view(&scale));
        let mut wanted = scale?;
        if let Some(spec) = wanted.spec.as_mut() {
            spec.replicas = Some(4);
        }
        t.record(
            "update_scale",
            view(&crontabs.update_scale("nightly", &pp, &wanted).await),
        );
        t.record(
            "update_scale stale",
            view(&crontabs.update_scale("nightly", &pp, &wanted).await),
        );
        t.record("get scaled crontab", view(&crontabs.get("nightly").await));
        t.record(
            "get_scale missing",
            view(&crontabs.get_scale("missing").await),
        );
        t.record(
            "list by selectable field",
            view(
                &crontabs
                    .list(&ListParams::default().fields("spec.schedule=*/5 * * * *"))
                    .await
                    .map(|l| {
                        l.items
                            .into_iter()
                            .map(|c| c.metadata.name)
                            .collect::<Vec<_>>()
                    }),
            ),
        );
        t.record(
            "list by unselectable field",
            view(
                &crontabs
                    .list(&ListParams::default().fields("spec.replicas=2"))
                    .await
                    .map(|l| l.items),
            ),
        );
        t.record(
            "patch crontab strategic",
            view(
                &crontabs
                    .patch(
                        "nightly",
                        &PatchParams::default(),
                        &Patch::Strategic(json!({})),
                    )
                    .await,
            ),
        );
        t.record(
            "delete_collection crontabs",
            deleted(
                &crontabs
                    .delete_collection(&DeleteParams::default(), &ListParams::default())
                    .await
                    .map(|r| match r {
                        DeleteResponse::Object(list) => DeleteResponse::Object(list.items.len()),
                        DeleteResponse::Status(s) => DeleteResponse::Status(s),
                    }),
            ),
        );

        // No status subresource: status-free kind, every change bumps generation.
        let databases = clientset.infrastructure_v1alpha1().databases(namespace);
        let db = Database {
            metadata: meta("pg"),
            spec: DatabaseSpec {
                storage_gib: 10,
                ..DatabaseSpec::default()
            },
        };
        let created = databases.create(&pp, &db).await;
        t.record("create database", view(&created));
        let mut bigger = created?;
        bigger.spec.storage_gib = 20;
        t.record(
            "update database",
            view(&databases.update(&pp, &bigger).await),
        );
        t.record(
            "patch database",
            view(
                &databases
                    .patch(
                        "pg",
                        &PatchParams::default(),
                        &Patch::Merge(json!({"spec": {"storageGib": 30}})),
                    )
                    .await,
            ),
        );
        t.record(
            "delete database",
            deleted(&databases.delete("pg", &DeleteParams::default()).await),
        );
        Ok(t)
    }

    #[tokio::test]
    async fn fixture_fake_and_server_agree() -> Result<()> {
        let client = envtest::client().await?;
        crds::install(
            &client,
            fixture_generated::crds::custom_resource_definitions()?,
        )
        .await?;
        let ns = envtest::ns("fidelity-fixture").await?;

        let fake = fake::Clientset::default().with_crds(fixture_generated::crds::all());
        let fake_run = scenario(&fake, ns.name()).await?;
        let server_run = scenario(&Clientset::new(client), ns.name()).await?;

        assert_eq!(fake_run.steps.len(), server_run.steps.len());
        let mismatches: Vec<String> = fake_run
            .steps
            .iter()
            .zip(&server_run.steps)
            .filter(|((_, fake), (_, server))| fake != server)
            .map(|((step, fake), (_, server))| {
                format!("{step}:\n  fake:   {fake}\n  server: {server}")
            })
            .collect();
        assert!(
            mismatches.is_empty(),
            "the fake differs from the server:\n{}",
            mismatches.join("\n")
        );
        Ok(())
    }
}

/// One label and field selector grammar: every selector of the table means the
/// same to the API server (a list with `labelSelector` / `fieldSelector`), to
/// the fake clientset, and (label selectors) to the listers: the same objects,
/// or the same rejection with the same message.
mod selectors {
    use anyhow::Result;
    use generated::apis::myapp::v1::App;
    use generated::clientset::{Clientset, Error, Interface, fake};
    use generated::listers::LabelSelector;
    use kube::api::{ListParams, PostParams};
    use serde_json::{Value, json};

    use super::{crds, envtest};

    /// Labels of the Apps the selectors pick from.
    const OBJECTS: &[(&str, &[(&str, &str)])] = &[
        ("a", &[("tier", "web"), ("n", "1")]),
        ("b", &[("tier", "db"), ("n", "3")]),
        ("c", &[]),
        (
            "d",
            &[("tier", ""), ("n", "10"), ("example.com/role", "admin")],
        ),
        ("e", &[("in", "notin"), ("x", ""), ("n", "0")]),
    ];

    const LABEL_SELECTORS: &[&str] = &[
        "",
        "tier",
        "!tier",
        "tier=web",
        "tier==web",
        "tier!=web",
        "tier=",
        "tier in (web,db)",
        "tier notin (web)",
        "tier in ()",
        "tier notin ()",
        "tier in (,web)",
        "tier in (web,)",
        "x in (a,,b)",
        "x in (,,)",
        "in in (notin)",
        "n>2",
        "n<3",
        "n>-3",
        "n>",
        "n>two",
        "n>99999999999999999999",
        "!tier,n>0",
        "  tier  =  web  ",
        "tier=web,",
        "tier=web,,n>1",
        "tier web",
        "tier in web",
        "tier in (web",
        "tier=(web)",
        "tier!",
        "=web",
        "-tier",
        "tier=-web",
        "tier=a b",
        "example.com/role=admin",
        "Example.com/role=admin",
        "a/b/c",
        "tier=web!",
        "tier=ünïcode",
    ];

    fn field_selectors(namespace: &str) -> Vec<String> {
        [
            "",
            "metadata.name=a",
            "metadata.name==a",
            "metadata.name!=a",
            "metadata.name=a,metadata.name!=b",
            "metadata.name=a,metadata.name=b",
            "metadata.name",
            "metadata.name=a=b",
            r"metadata.name=a\,b",
            r"metadata.name=a\c",
            "metadata.name=a\\",
            " metadata.name=a",
            "metadata.name= a",
            "spec.deployment.name=a",
            "metadata.namespace=NS",
            ",metadata.name=a,",
        ]
        .iter()
        .map(|s| s.replace("NS", namespace))
        .collect()
    }

    fn outcome(result: std::result::Result<Vec<String>, Error>) -> Value {
        match result {
            Ok(mut names) => {
                names.sort();
                json!(names)
            }
            Err(e) => json!({"code": e.code(), "message": e.message()}),
        }
    }

    async fn list<C: Interface>(clientset: &C, namespace: &str, lp: &ListParams) -> Value {
        outcome(
            clientset
                .myapp_v1()
                .apps(namespace)
                .list(lp)
                .await
                .map(|list| {
                    list.items
                        .into_iter()
                        .filter_map(|a| a.metadata.name)
                        .collect()
                }),
        )
    }

    fn app(name: &str, labels: &[(&str, &str)]) -> App {
        let mut app: App = serde_json::from_value(json!({
            "metadata": {"name": name},
            "spec": {"deployment": {"name": name, "image": "nginx"}, "service": {"name": name}},
        }))
        .unwrap();
        app.metadata.labels = Some(
            labels
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
        );
        app
    }

    #[tokio::test]
    async fn selectors_mean_the_same_to_the_server_the_fake_and_the_listers() -> Result<()> {
        let client = envtest::client().await?;
        crds::install(&client, generated::crds::custom_resource_definitions()?).await?;
        let ns = envtest::ns("selectors").await?;
        let server = Clientset::new(client);
        let fake = fake::Clientset::default();
        for (name, labels) in OBJECTS {
            server
                .myapp_v1()
                .apps(ns.name())
                .create(&PostParams::default(), &app(name, labels))
                .await?;
            fake.myapp_v1()
                .apps(ns.name())
                .create(&PostParams::default(), &app(name, labels))
                .await?;
        }
        let everything = server
            .myapp_v1()
            .apps(ns.name())
            .list(&ListParams::default())
            .await?
            .items;

        let mut mismatches = Vec::new();
        let mut rejected = 0;
        for selector in LABEL_SELECTORS {
            let lp = ListParams::default().labels(selector);
            let on_server = list(&server, ns.name(), &lp).await;
            let on_fake = list(&fake, ns.name(), &lp).await;
            // The lister's answer: parse, then match the cached objects.
            let in_lister = match LabelSelector::parse(selector) {
                Ok(parsed) => outcome(Ok(everything
                    .iter()
                    .filter(|a| parsed.matches(&a.metadata.labels.as_ref()))
                    .filter_map(|a| a.metadata.name.clone())
                    .collect())),
                Err(e) => json!({"code": 400, "message": e.message()}),
            };
            rejected += usize::from(on_server.get("message").is_some());
            for (who, answer) in [("fake", &on_fake), ("lister", &in_lister)] {
                if *answer != on_server {
                    mismatches.push(format!(
                        "labels {selector:?}:\n  {who}: {answer}\n  server: {on_server}"
                    ));
                }
            }
        }
        for selector in field_selectors(ns.name()) {
            let lp = ListParams::default().fields(&selector);
            let on_server = list(&server, ns.name(), &lp).await;
            let on_fake = list(&fake, ns.name(), &lp).await;
            rejected += usize::from(on_server.get("message").is_some());
            if on_fake != on_server {
                mismatches.push(format!(
                    "fields {selector:?}:\n  fake: {on_fake}\n  server: {on_server}"
                ));
            }
        }
        assert!(
            mismatches.is_empty(),
            "selectors mean something else to the server:\n{}",
            mismatches.join("\n")
        );
        assert!(rejected >= 15, "the table exercises rejections: {rejected}");
        Ok(())
    }
}

/// Several APIs through one clientset: the App API, the fixture's CronTab and
/// the built-in ConfigMap and Deployment, written by one function generic over
/// the runtime's `Interface`, on the server and on one fake that holds all of
/// them and records one action log.
mod composition {
    use anyhow::Result;
    use fixture_generated::apis::batch::v1::{CronTab, CronTabSpec, RetryPolicy};
    use generated::apis::myapp::v1::{App, AppSpec, DeploymentSpec, ServiceSpec};
    use k8s_openapi::api::apps::v1::Deployment;
    use k8s_openapi::api::core::v1::{ConfigMap, Container, PodSpec, PodTemplateSpec};
    use kube::api::{DeleteParams, ListParams, ObjectMeta, Patch, PatchParams, PostParams};
    use kube_codegen_runtime::params::DeleteResponse;
    use kube_codegen_runtime::{Clientset, Error, Interface, fake};
    use serde_json::{Value, json};

    use super::{Transcript, crds, envtest, normalize_message};

    fn meta(name: &str) -> ObjectMeta {
        ObjectMeta {
            name: Some(name.to_owned()),
            ..ObjectMeta::default()
        }
    }

    fn error(e: &Error) -> Value {
        json!({"error": e.kind().to_string(), "code": e.code(), "message": normalize_message(e.message())})
    }

    /// Name, labels, generation and the given parts of an object.
    fn view<K: kube::Resource + serde::Serialize>(
        result: &std::result::Result<K, Error>,
        parts: &[&str],
    ) -> Value {
        match result {
            Ok(object) => {
                let value = serde_json::to_value(object).unwrap_or_default();
                let mut out = json!({
                    "name": object.meta().name,
                    "labels": object.meta().labels,
                });
                for part in parts {
                    out[*part] = value[*part].clone();
                }
                out
            }
            Err(e) => error(e),
        }
    }

    fn deleted<T>(result: &std::result::Result<DeleteResponse<T>, Error>) -> Value {
        match result {
            Ok(DeleteResponse::Object(_)) => json!("object"),
            Ok(DeleteResponse::Status(s)) => json!({"status": s.is_success()}),
            Err(e) => error(e),
        }
    }

    fn deployment(name: &str) -> Deployment {
        serde_json::from_value(json!({
            "metadata": {"name": name},
            "spec": {
                "replicas": 1,
                "selector": {"matchLabels": {"app": name}},
                "template": {
                    "metadata": {"labels": {"app": name}},
                    "spec": {"containers": [{"name": "web", "image": "nginx:1"}]}
                }
            }
        }))
        .unwrap()
    }

    fn crontab(name: &str) -> CronTab {
        CronTab {
            metadata: meta(name),
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

    async fn scenario<C: Interface>(clientset: &C, namespace: &str) -> Result<Transcript> {
        use fixture_generated::prelude::*;
        use generated::prelude::*;

        let mut t = Transcript::default();
        let pp = PostParams::default();
        let labels = Patch::Merge(json!({"metadata": {"labels": {"team": "shop"}}}));

        let apps = clientset.myapp_v1().apps(namespace);
        let app = App::new(
            "web",
            AppSpec {
                deployment: DeploymentSpec {
                    name: "web".into(),
                    image: "nginx:1".into(),
                    replicas: Some(1),
                },
                service: ServiceSpec { name: "web".into() },
            },
        );
        t.record("create app", view(&apps.create(&pp, &app).await, &["spec"]));
        let crontabs = clientset.batch_v1().cron_tabs(namespace);
        t.record(
            "create crontab",
            view(&crontabs.create(&pp, &crontab("nightly")).await, &[]),
        );
        let deployments = clientset.resource::<Deployment>(namespace);
        t.record(
            "create deployment",
            view(&deployments.create(&pp, &deployment("web")).await, &[]),
        );
        t.record(
            "create deployment again",
            view(&deployments.create(&pp, &deployment("web")).await, &[]),
        );
        let maps = clientset.resource::<ConfigMap>(namespace);
        let mut settings = ConfigMap {
            metadata: meta("settings"),
            data: Some([("mode".to_owned(), "fast".to_owned())].into()),
            ..ConfigMap::default()
        };
        t.record(
            "create configmap",
            view(&maps.create(&pp, &settings).await, &["data"]),
        );

        // The same name in each kind: four objects.
        t.record("get app", view(&apps.get("web").await, &[]));
        t.record("get deployment", view(&deployments.get("web").await, &[]));
        t.record("get configmap web", view(&maps.get("web").await, &[]));

        for (step, result) in [
            (
                "label app",
                apps.patch("web", &PatchParams::default(), &labels)
                    .await
                    .map(|a| a.metadata),
            ),
            (
                "label crontab",
                crontabs
                    .patch("nightly", &PatchParams::default(), &labels)
                    .await
                    .map(|c| c.metadata),
            ),
            (
                "label deployment",
                deployments
                    .patch("web", &PatchParams::default(), &labels)
                    .await
                    .map(|d| d.metadata),
            ),
        ] {
            t.record(
                step,
                match result {
                    Ok(meta) => json!({"labels": meta.labels, "generation": meta.generation}),
                    Err(e) => error(&e),
                },
            );
        }
        let strategic = Patch::Strategic(json!({"metadata": {"labels": {"tier": "web"}}}));
        t.record(
            "strategic merge patch of the deployment",
            view(
                &deployments
                    .patch("web", &PatchParams::default(), &strategic)
                    .await,
                &[],
            ),
        );
        t.record(
            "strategic merge patch of the app",
            view(
                &apps.patch("web", &PatchParams::default(), &strategic).await,
                &[],
            ),
        );
        settings = maps.get("settings").await?;
        settings.data = Some([("mode".to_owned(), "safe".to_owned())].into());
        t.record(
            "update configmap",
            view(&maps.update(&pp, &settings).await, &["data"]),
        );
        t.record(
            "update configmap with a stale version",
            view(&maps.update(&pp, &settings).await, &["data"]),
        );

        let team = ListParams::default().labels("team=shop");
        let names = |items: Vec<String>| json!(items);
        t.record(
            "list labelled apps",
            names(
                apps.list(&team)
                    .await?
                    .items
                    .into_iter()
                    .filter_map(|a| a.metadata.name)
                    .collect(),
            ),
        );
        t.record(
            "list labelled deployments",
            names(
                deployments
                    .list(&team)
                    .await?
                    .items
                    .into_iter()
                    .filter_map(|d| d.metadata.name)
                    .collect(),
            ),
        );
        t.record(
            "delete crontab",
            deleted(&crontabs.delete("nightly", &DeleteParams::default()).await),
        );
        t.record(
            "delete missing deployment",
            deleted(
                &deployments
                    .delete("missing", &DeleteParams::default())
                    .await,
            ),
        );
        Ok(t)
    }

    #[tokio::test]
    async fn one_fake_serves_two_generated_apis_and_built_in_kinds_like_the_server() -> Result<()> {
        let client = envtest::client().await?;
        crds::install(&client, generated::crds::custom_resource_definitions()?).await?;
        crds::install(
            &client,
            fixture_generated::crds::custom_resource_definitions()?,
        )
        .await?;
        let ns = envtest::ns("fidelity-compose").await?;

        let fake = fake::Clientset::default();
        let fake_run = scenario(&fake, ns.name()).await?;
        let server_run = scenario(&Clientset::new(client), ns.name()).await?;

        let mismatches: Vec<String> = fake_run
            .steps
            .iter()
            .zip(&server_run.steps)
            .filter(|((_, fake), (_, server))| fake != server)
            .map(|((step, fake), (_, server))| {
                format!("{step}:\n  fake:   {fake}\n  server: {server}")
            })
            .collect();
        assert!(
            mismatches.is_empty(),
            "the fake differs from the server:\n{}",
            mismatches.join("\n")
        );

        // One action log, in call order, across the kinds of both crates and
        // the built-in ones.
        let log: Vec<String> = fake
            .actions()
            .iter()
            .take(5)
            .map(|a| format!("{} {}/{}", a.verb, a.group, a.resource))
            .collect();
        assert_eq!(
            log,
            [
                "create myapp.k8s.io/apps",
                "create batch.fixture.example.com/crontabs",
                "create apps/deployments",
                "create apps/deployments",
                "create /configmaps",
            ]
        );
        Ok(())
    }
}
