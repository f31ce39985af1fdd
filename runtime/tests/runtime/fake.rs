//! The fake clientset as a user's unit tests would use it: code written against
//! `C: Interface` runs on it, it answers like the API server (versions,
//! generation, status subresource, conflicts, finalizers, selectors, watches), and
//! tests can assert on recorded actions and inject errors with reactors.

use futures::StreamExt;
use kube_codegen_runtime::params::{
    ApplyParams, DeleteParams, DeleteResponse, ListParams, Patch, PatchParams, PostParams,
    Preconditions, WatchEvent, WatchParams,
};
use kube_codegen_runtime::{Error, ErrorKind, Interface, Result, fake};
use serde_json::json;

use crate::common::{App, AppSpec, AppStatus, DeploymentSpec, ServiceSpec};

fn app(name: &str, image: &str) -> App {
    App::new(
        name,
        AppSpec {
            deployment: DeploymentSpec {
                name: name.to_owned(),
                image: image.to_owned(),
                replicas: Some(1),
            },
            service: ServiceSpec {
                name: name.to_owned(),
            },
        },
    )
}

fn labelled(name: &str, tier: &str) -> App {
    let mut app = app(name, "nginx");
    app.metadata.labels = Some([("tier".to_owned(), tier.to_owned())].into());
    app
}

/// A controller step written against the traits, as a user would: scale every App
/// in `namespace` to `replicas` and record it in the status.
async fn scale_all<C: Interface>(clientset: &C, namespace: &str, replicas: i32) -> Result<usize> {
    let apps = clientset.resource::<App>(namespace);
    let list = apps.list(&ListParams::default()).await?;
    for mut app in list.items.clone() {
        app.spec.deployment.replicas = Some(replicas);
        let mut updated = apps.update(&PostParams::default(), &app).await?;
        updated.status = Some(AppStatus {
            available_replicas: Some(replicas),
            observed_generation: updated.metadata.generation,
            conditions: Vec::new(),
        });
        apps.update_status(&PostParams::default(), &updated).await?;
    }
    Ok(list.items.len())
}

#[tokio::test]
async fn code_written_against_the_traits_runs_on_the_fake() {
    let mut seed = app("web", "nginx");
    seed.metadata.namespace = Some("prod".into());
    let fake = fake::Clientset::new([seed.into()]);

    assert_eq!(scale_all(&fake, "prod", 3).await.unwrap(), 1);

    let web = fake.resource::<App>("prod").get("web").await.unwrap();
    assert_eq!(web.spec.deployment.replicas, Some(3));
    assert_eq!(
        web.metadata.generation,
        Some(2),
        "the spec change bumped generation"
    );
    let status = web.status.expect("status written");
    assert_eq!(status.available_replicas, Some(3));
    assert_eq!(status.observed_generation, Some(2));

    let verbs: Vec<(String, Option<String>)> = fake
        .actions()
        .into_iter()
        .map(|a| (a.verb, a.subresource))
        .collect();
    assert_eq!(
        verbs,
        [
            ("list".to_owned(), None),
            ("update".to_owned(), None),
            ("update".to_owned(), Some("status".to_owned())),
            ("get".to_owned(), None),
        ]
    );
}

#[tokio::test]
async fn create_fills_in_what_the_server_fills_in() {
    let fake = fake::Clientset::default();
    let apps = fake.resource::<App>("default");
    let mut with_status = app("a", "nginx");
    with_status.status = Some(AppStatus::default());
    let created = apps
        .create(&PostParams::default(), &with_status)
        .await
        .unwrap();
    assert_eq!(created.metadata.namespace.as_deref(), Some("default"));
    assert_eq!(created.metadata.generation, Some(1));
    assert!(created.metadata.uid.is_some());
    assert!(created.metadata.creation_timestamp.is_some());
    assert!(created.metadata.resource_version.is_some());
    assert_eq!(
        created.status, None,
        "status is dropped on create (status subresource)"
    );

    let err = apps
        .create(&PostParams::default(), &app("a", "nginx"))
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::AlreadyExists);
    assert_eq!(err.code(), Some(409));
    assert_eq!(err.to_string(), r#"apps.myapp.k8s.io "a" already exists"#);

    let mut generated = app("", "nginx");
    generated.metadata.name = None;
    generated.metadata.generate_name = Some("web-".into());
    let created = apps
        .create(&PostParams::default(), &generated)
        .await
        .unwrap();
    let name = created.metadata.name.unwrap();
    assert!(name.starts_with("web-") && name.len() == 9, "{name}");

    let err = apps
        .create(&PostParams::default(), &app("Not_A_Name", "x"))
        .await
        .unwrap_err();
    assert!(err.is_invalid(), "{err}");
    let err = apps.get("missing").await.unwrap_err();
    assert!(err.is_not_found());
    assert_eq!(err.to_string(), r#"apps.myapp.k8s.io "missing" not found"#);
}

#[tokio::test]
async fn updates_follow_optimistic_concurrency_and_the_status_subresource() {
    let fake = fake::Clientset::default();
    let apps = fake.resource::<App>("default");
    let pp = PostParams::default();
    let v1 = apps.create(&pp, &app("a", "nginx:1")).await.unwrap();

    let mut change = v1.clone();
    change.spec.deployment.image = "nginx:2".into();
    let v2 = apps.update(&pp, &change).await.unwrap();
    assert_eq!(v2.metadata.generation, Some(2));

    let stale = apps.update(&pp, &change).await.unwrap_err();
    assert!(stale.is_conflict(), "{stale}");

    let mut unversioned = v2.clone();
    unversioned.metadata.resource_version = None;
    assert!(
        apps.update(&pp, &unversioned)
            .await
            .unwrap_err()
            .is_invalid()
    );

    // Status through the main resource is ignored; the no-op keeps the version.
    let mut status = v2.clone();
    status.status = Some(AppStatus {
        available_replicas: Some(1),
        ..AppStatus::default()
    });
    let same = apps.update(&pp, &status).await.unwrap();
    assert_eq!(same.status, None);
    assert_eq!(same.metadata.resource_version, v2.metadata.resource_version);

    // Through the status subresource only the status changes.
    status.spec.deployment.image = "ignored".into();
    let with_status = apps.update_status(&pp, &status).await.unwrap();
    assert_eq!(with_status.status.unwrap().available_replicas, Some(1));
    assert_eq!(with_status.spec.deployment.image, "nginx:2");
    assert_eq!(with_status.metadata.generation, Some(2));
}

#[tokio::test]
async fn patches_and_apply() {
    let fake = fake::Clientset::default();
    let apps = fake.resource::<App>("default");
    apps.create(&PostParams::default(), &app("a", "nginx:1"))
        .await
        .unwrap();
    let pp = PatchParams::default();

    let merged = apps
        .patch(
            "a",
            &pp,
            &Patch::Merge(json!({"spec": {"deployment": {"image": "nginx:2"}}})),
        )
        .await
        .unwrap();
    assert_eq!(merged.spec.deployment.image, "nginx:2");

    let err = apps
        .patch("a", &pp, &Patch::Strategic(json!({})))
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::UnsupportedMediaType);

    let status = apps
        .patch_status(
            "a",
            &pp,
            &Patch::Merge(json!({"status": {"availableReplicas": 2}})),
        )
        .await
        .unwrap();
    assert_eq!(status.status.unwrap().available_replicas, Some(2));

    let stale = apps
        .patch(
            "a",
            &pp,
            &Patch::Merge(json!({"metadata": {"resourceVersion": "1"}, "spec": {}})),
        )
        .await
        .unwrap_err();
    assert!(stale.is_conflict(), "{stale}");

    let config = json!({
        "apiVersion": "myapp.k8s.io/v1",
        "kind": "App",
        "metadata": {"name": "b"},
        "spec": {"deployment": {"name": "b", "image": "nginx"}, "service": {"name": "b"}},
    });
    let applied = apps
        .apply("b", &config, &ApplyParams::new("test"))
        .await
        .unwrap();
    assert_eq!(applied.metadata.generation, Some(1));
    let reapplied = apps
        .apply("b", &config, &ApplyParams::new("test"))
        .await
        .unwrap();
    assert_eq!(
        reapplied.metadata.resource_version,
        applied.metadata.resource_version
    );
}

#[tokio::test]
async fn deletion_honours_preconditions_and_finalizers() {
    let fake = fake::Clientset::default();
    let apps = fake.resource::<App>("default");
    let mut held = app("held", "nginx");
    held.metadata.finalizers = Some(vec!["example.com/cleanup".into()]);
    let created = apps.create(&PostParams::default(), &held).await.unwrap();

    let wrong_uid = DeleteParams {
        preconditions: Some(Preconditions {
            uid: Some("not-the-uid".into()),
            resource_version: None,
        }),
        ..DeleteParams::default()
    };
    assert!(
        apps.delete("held", &wrong_uid)
            .await
            .unwrap_err()
            .is_conflict()
    );

    let DeleteResponse::Object(marked) =
        apps.delete("held", &DeleteParams::default()).await.unwrap()
    else {
        panic!("custom resources answer a delete with the object");
    };
    assert!(marked.metadata.deletion_timestamp.is_some());
    assert_eq!(marked.metadata.generation, Some(2));
    assert_eq!(marked.metadata.uid, created.metadata.uid);

    let mut release = apps.get("held").await.unwrap();
    release.metadata.finalizers = None;
    apps.update(&PostParams::default(), &release).await.unwrap();
    assert!(apps.get("held").await.unwrap_err().is_not_found());
    assert!(
        apps.delete("held", &DeleteParams::default())
            .await
            .unwrap_err()
            .is_not_found()
    );
}

#[tokio::test]
async fn lists_filter_by_selectors_and_namespaces() {
    let fake = fake::Clientset::default();
    let pp = PostParams::default();
    fake.resource::<App>("a")
        .create(&pp, &labelled("one", "web"))
        .await
        .unwrap();
    fake.resource::<App>("a")
        .create(&pp, &labelled("two", "db"))
        .await
        .unwrap();
    fake.resource::<App>("b")
        .create(&pp, &labelled("three", "web"))
        .await
        .unwrap();

    let names = |list: kube::api::ObjectList<App>| -> Vec<String> {
        list.items
            .into_iter()
            .filter_map(|a| a.metadata.name)
            .collect()
    };
    let all = fake.resource::<App>("");
    let in_a = fake.resource::<App>("a");
    assert_eq!(
        names(all.list(&ListParams::default()).await.unwrap()),
        ["one", "two", "three"]
    );
    assert_eq!(
        names(in_a.list(&ListParams::default()).await.unwrap()),
        ["one", "two"]
    );
    assert_eq!(
        names(
            all.list(&ListParams::default().labels("tier=web"))
                .await
                .unwrap()
        ),
        ["one", "three"]
    );
    assert_eq!(
        names(
            all.list(&ListParams::default().labels("tier notin (web),tier"))
                .await
                .unwrap()
        ),
        ["two"]
    );
    assert_eq!(
        names(
            all.list(&ListParams::default().fields("metadata.namespace=b"))
                .await
                .unwrap()
        ),
        ["three"]
    );
    let err = all
        .list(&ListParams::default().fields("spec.image=x"))
        .await
        .unwrap_err();
    assert!(err.is_bad_request(), "{err}");

    let page = all.list(&ListParams::default().limit(2)).await.unwrap();
    assert_eq!(names(page.clone()), ["one", "two"]);
    let token = page.metadata.continue_.expect("a continue token");
    let rest = all
        .list(&ListParams::default().limit(2).continue_token(&token))
        .await
        .unwrap();
    assert_eq!(names(rest), ["three"]);

    let deleted = in_a
        .delete_collection(
            &DeleteParams::default(),
            &ListParams::default().labels("tier=db"),
        )
        .await
        .unwrap();
    assert_eq!(
        deleted.into_object().map(names),
        Some(vec!["two".to_owned()])
    );
    assert_eq!(
        names(all.list(&ListParams::default()).await.unwrap()),
        ["one", "three"]
    );
}

#[tokio::test]
async fn watches_start_now_or_replay_and_follow_selectors() {
    let fake = fake::Clientset::default();
    let apps = fake.resource::<App>("default");
    let pp = PostParams::default();
    apps.create(&pp, &labelled("a", "web")).await.unwrap();
    let b = apps.create(&pp, &labelled("b", "db")).await.unwrap();
    let since = b.metadata.resource_version.clone().unwrap();

    let mut web = apps
        .watch(&WatchParams::default().labels("tier=web"), "0")
        .await
        .unwrap();
    let first = web.next().await.unwrap().unwrap();
    assert!(matches!(&first, WatchEvent::Added(a) if a.metadata.name.as_deref() == Some("a")));

    // b starts matching: ADDED; a stops matching: DELETED.
    let mut b = apps.get("b").await.unwrap();
    b.metadata.labels = Some([("tier".to_owned(), "web".to_owned())].into());
    apps.update(&pp, &b).await.unwrap();
    let mut a = apps.get("a").await.unwrap();
    a.metadata.labels = None;
    apps.update(&pp, &a).await.unwrap();
    let kinds: Vec<String> = web
        .by_ref()
        .take(2)
        .map(|e| match e.unwrap() {
            WatchEvent::Added(o) => format!("ADDED {}", o.metadata.name.unwrap()),
            WatchEvent::Modified(o) => format!("MODIFIED {}", o.metadata.name.unwrap()),
            WatchEvent::Deleted(o) => format!("DELETED {}", o.metadata.name.unwrap()),
            other => format!("{other:?}"),
        })
        .collect()
        .await;
    assert_eq!(kinds, ["ADDED b", "DELETED a"]);

    // Replay from a version: the two updates, in order.
    let replay: Vec<_> = apps
        .watch(&WatchParams::default(), &since)
        .await
        .unwrap()
        .take(2)
        .collect()
        .await;
    assert!(
        replay
            .iter()
            .all(|e| matches!(e, Ok(WatchEvent::Modified(_))))
    );

    // After a compaction the old version is gone: 410 as an ERROR event.
    fake.tracker().compact();
    let mut expired = apps.watch(&WatchParams::default(), &since).await.unwrap();
    match expired.next().await {
        Some(Ok(WatchEvent::Error(status))) => assert_eq!(status.code, 410),
        other => panic!("expected a 410 event, got {other:?}"),
    }
}

#[tokio::test]
async fn reactors_inject_errors_and_actions_are_recorded() {
    let fake = fake::Clientset::new([app("a", "nginx").into()]);
    fake.prepend_reactor("update", "apps/status", |_| {
        Some(Err(Error::api(
            ErrorKind::Forbidden,
            "status writes are not allowed",
        )))
    });
    fake.prepend_reactor("get", "apps", |action| {
        (action.name.as_deref() == Some("canned"))
            .then(|| Ok(serde_json::to_value(app("canned", "from-reactor")).unwrap()))
    });
    let apps = fake.resource::<App>("default");

    let canned = apps.get("canned").await.unwrap();
    assert_eq!(canned.spec.deployment.image, "from-reactor");
    let real = apps.get("a").await.unwrap();
    let err = apps
        .update_status(&PostParams::default(), &real)
        .await
        .unwrap_err();
    assert!(err.is_forbidden());
    assert_eq!(err.to_string(), "status writes are not allowed");

    let actions = fake.actions();
    assert_eq!(actions.len(), 3);
    assert!(actions[2].matches("update", "apps/status"));
    let sent: App = actions[2].object_as().unwrap();
    assert_eq!(sent.metadata.name.as_deref(), Some("a"));
    fake.clear_actions();
    assert!(fake.actions().is_empty());
}

#[tokio::test]
async fn streaming_lists_end_the_initial_state_with_a_bookmark_and_watches_time_out() {
    let fake = fake::Clientset::new([app("a", "nginx").into(), app("b", "nginx").into()]);
    let apps = fake.resource::<App>("default");
    let wp = WatchParams::streaming_lists().timeout(1);
    let events: Vec<_> = apps.watch(&wp, "").await.unwrap().collect().await;
    let kinds: Vec<String> = events
        .into_iter()
        .map(|e| match e.unwrap() {
            WatchEvent::Added(o) => format!("ADDED {}", o.metadata.name.unwrap()),
            WatchEvent::Bookmark(b) => format!(
                "BOOKMARK initial-events-end={}",
                b.metadata.annotations["k8s.io/initial-events-end"]
            ),
            other => format!("{other:?}"),
        })
        .collect();
    // The stream ended by itself after the 1 s timeout.
    assert_eq!(
        kinds,
        ["ADDED a", "ADDED b", "BOOKMARK initial-events-end=true"]
    );
    assert_eq!(fake.tracker().watch_count(), 0);
}
