//! The generated typed clientset against a real API server: every verb of the App
//! client and of the fixture's kinds (cluster-scoped, without status, restricted
//! verb sets, custom `+genclient:method=` verbs on the `scale` subresource), and
//! the error kinds callers tell apart; typed apply configurations
//! (`apply_configurations`).

#[path = "clientset/apply_configurations.rs"]
mod apply_configurations;

use std::time::Duration;

use anyhow::{Context, Result, bail};
use e2e::{crds, envtest};
use futures::StreamExt;
use generated::apis::myapp::v1::{App, AppSpec, AppStatus, DeploymentSpec, ServiceSpec};
use generated::clientset::prelude::*;
use generated::clientset::{ApplyParams, Clientset, DeleteResponse, Error, ErrorKind};
use kube::api::{
    DeleteParams, ListParams, Patch, PatchParams, PostParams, Preconditions, WatchEvent,
    WatchParams,
};
use kube::config::{AuthInfo, KubeConfigOptions, Kubeconfig};
use kube::{Client, Config};
use serde_json::json;

/// Bound for anything the server has to deliver (watch events).
const WAIT: Duration = Duration::from_secs(30);

async fn setup() -> Result<Client> {
    let client = envtest::client().await?;
    let all = generated::crds::custom_resource_definitions()?
        .into_iter()
        .chain(fixture_generated::crds::custom_resource_definitions()?);
    crds::install(&client, all).await?;
    Ok(client)
}

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

fn kind_of<T: std::fmt::Debug>(result: std::result::Result<T, Error>) -> ErrorKind {
    match result {
        Ok(value) => panic!("expected an error, got {value:?}"),
        Err(e) => e.kind(),
    }
}

/// The next watch event that is not a bookmark (from either generated crate).
async fn next_event<K, E, S>(stream: &mut S) -> Result<WatchEvent<K>>
where
    S: futures::Stream<Item = std::result::Result<WatchEvent<K>, E>> + Unpin,
    E: std::error::Error + Send + Sync + 'static,
{
    loop {
        let event = tokio::time::timeout(WAIT, stream.next())
            .await
            .context("no watch event in time")?
            .context("watch ended")??;
        if !matches!(event, WatchEvent::Bookmark(_)) {
            return Ok(event);
        }
    }
}

#[tokio::test]
async fn app_client_every_verb() -> Result<()> {
    let client = setup().await?;
    let ns = envtest::ns("clientset-verbs").await?;
    let clientset = Clientset::new(client);
    let apps = clientset.myapp_v1().apps(ns.name());
    let pp = PostParams::default();

    // create / get / list
    let mut a = app("a", "nginx:1");
    a.metadata.labels = Some([("tier".to_owned(), "web".to_owned())].into());
    let created = apps.create(&pp, &a).await?;
    assert_eq!(created.metadata.generation, Some(1));
    assert_eq!(apps.get("a").await?.spec.deployment.image, "nginx:1");
    apps.create(&pp, &app("b", "nginx:1")).await?;
    let web = apps.list(&ListParams::default().labels("tier=web")).await?;
    assert_eq!(web.items.len(), 1);
    let since = web
        .metadata
        .resource_version
        .clone()
        .context("list version")?;

    // watch from the list's version
    let mut events = apps.watch(&WatchParams::default(), &since).await?;

    // update bumps generation; update_status writes only status
    let mut changed = created.clone();
    changed.spec.deployment.image = "nginx:2".into();
    let updated = apps.update(&pp, &changed).await?;
    assert_eq!(updated.metadata.generation, Some(2));
    let mut status = updated.clone();
    status.status = Some(AppStatus {
        available_replicas: Some(1),
        observed_generation: Some(2),
        conditions: Vec::new(),
    });
    let with_status = apps.update_status(&pp, &status).await?;
    assert_eq!(
        with_status
            .status
            .as_ref()
            .and_then(|s| s.available_replicas),
        Some(1)
    );
    assert_eq!(with_status.metadata.generation, Some(2));

    match next_event(&mut events).await? {
        WatchEvent::Modified(o) => assert_eq!(o.spec.deployment.image, "nginx:2"),
        other => bail!("expected MODIFIED, got {other:?}"),
    }
    match next_event(&mut events).await? {
        WatchEvent::Modified(o) => assert!(o.status.is_some()),
        other => bail!("expected MODIFIED, got {other:?}"),
    }

    // patch / patch_status
    let patched = apps
        .patch(
            "a",
            &PatchParams::default(),
            &Patch::Merge(json!({"spec": {"deployment": {"replicas": 3}}})),
        )
        .await?;
    assert_eq!(patched.spec.deployment.replicas, Some(3));
    let json_patched = apps
        .patch(
            "a",
            &PatchParams::default(),
            &Patch::<()>::Json(serde_json::from_value(json!([
                {"op": "replace", "path": "/spec/deployment/image", "value": "nginx:3"}
            ]))?),
        )
        .await?;
    assert_eq!(json_patched.spec.deployment.image, "nginx:3");
    let status_patched = apps
        .patch_status(
            "a",
            &PatchParams::default(),
            &Patch::Merge(json!({"status": {"availableReplicas": 3}})),
        )
        .await?;
    assert_eq!(
        status_patched.status.and_then(|s| s.available_replicas),
        Some(3)
    );

    // apply / apply_status (server-side apply)
    let config = json!({
        "apiVersion": "myapp.k8s.io/v1",
        "kind": "App",
        "metadata": {"name": "c"},
        "spec": {"deployment": {"name": "c", "image": "nginx"}, "service": {"name": "c"}},
    });
    let applied = apps.apply("c", &config, &ApplyParams::new("e2e")).await?;
    assert_eq!(applied.spec.deployment.image, "nginx");
    let status_config = json!({
        "apiVersion": "myapp.k8s.io/v1",
        "kind": "App",
        "metadata": {"name": "c"},
        "status": {"availableReplicas": 7},
    });
    let applied = apps
        .apply_status("c", &status_config, &ApplyParams::new("e2e-status"))
        .await?;
    assert_eq!(applied.status.and_then(|s| s.available_replicas), Some(7));

    // delete / delete_collection
    // Deleted at once: custom resources answer with a `Success` status.
    match apps.delete("b", &DeleteParams::default()).await? {
        DeleteResponse::Status(s) => {
            assert!(s.is_success(), "{s:?}");
            assert_eq!(s.details.map(|d| d.name).as_deref(), Some("b"));
        }
        DeleteResponse::Object(o) => bail!("expected a status, got {o:?}"),
    }
    let deleted = apps
        .delete_collection(&DeleteParams::default(), &ListParams::default())
        .await?;
    let names: Vec<String> = deleted
        .into_object()
        .context("a list of deleted objects")?
        .items
        .into_iter()
        .filter_map(|o| o.metadata.name)
        .collect();
    assert_eq!(names, ["a", "c"]);
    assert!(apps.list(&ListParams::default()).await?.items.is_empty());
    Ok(())
}

/// A client that authenticates as nobody (401) or impersonates a user without
/// permissions (403).
async fn client_as(impersonate: Option<&str>) -> Result<Client> {
    let opts = KubeConfigOptions::default();
    let cp = tokio::task::spawn_blocking(envtest::shared).await??;
    let mut config = match cp.kubeconfig() {
        Some(path) => Config::from_custom_kubeconfig(Kubeconfig::read_from(&path)?, &opts).await?,
        None => Config::from_kubeconfig(&opts).await?,
    };
    match impersonate {
        Some(user) => config.auth_info.impersonate = Some(user.to_owned()),
        None => {
            config.auth_info = AuthInfo {
                token: Some("not-a-valid-token".to_owned().into()),
                ..AuthInfo::default()
            }
        }
    }
    Ok(Client::try_from(config)?)
}

#[tokio::test]
async fn error_kinds() -> Result<()> {
    let client = setup().await?;
    let ns = envtest::ns("clientset-errors").await?;
    let clientset = Clientset::new(client);
    let apps = clientset.myapp_v1().apps(ns.name());
    let pp = PostParams::default();

    let missing = apps.get("missing").await.unwrap_err();
    assert!(missing.is_not_found());
    assert_eq!(missing.code(), Some(404));
    assert_eq!(
        missing.message(),
        r#"apps.myapp.k8s.io "missing" not found"#
    );

    let first = apps.create(&pp, &app("a", "nginx")).await?;
    assert_eq!(
        kind_of(apps.create(&pp, &app("a", "nginx")).await),
        ErrorKind::AlreadyExists
    );

    let mut stale = first.clone();
    stale.spec.deployment.image = "nginx:2".into();
    apps.update(&pp, &stale).await?;
    assert_eq!(kind_of(apps.update(&pp, &stale).await), ErrorKind::Conflict);

    assert_eq!(
        kind_of(apps.create(&pp, &app("Not_A_Name", "x")).await),
        ErrorKind::Invalid
    );
    // OpenAPI validation of the CRD: replicas has Minimum=0.
    let mut negative = app("negative", "nginx");
    negative.spec.deployment.replicas = Some(-1);
    let invalid = apps.create(&pp, &negative).await.unwrap_err();
    assert!(invalid.is_invalid(), "{invalid}");
    assert!(
        invalid.message().contains("spec.deployment.replicas"),
        "{invalid}"
    );

    let bad_selector = apps
        .list(&ListParams::default().fields("spec.image=x"))
        .await;
    assert_eq!(kind_of(bad_selector), ErrorKind::BadRequest);

    let strategic = apps
        .patch("a", &PatchParams::default(), &Patch::Strategic(json!({})))
        .await;
    assert_eq!(kind_of(strategic), ErrorKind::UnsupportedMediaType);

    let precondition = DeleteParams {
        preconditions: Some(Preconditions {
            uid: Some("00000000-0000-0000-0000-000000000000".into()),
            resource_version: None,
        }),
        ..DeleteParams::default()
    };
    assert_eq!(
        kind_of(apps.delete("a", &precondition).await),
        ErrorKind::Conflict
    );

    // A watch from a long-compacted version: 410 Gone as an ERROR event.
    let mut expired = apps.watch(&WatchParams::default(), "1").await?;
    match next_event(&mut expired).await? {
        WatchEvent::Error(status) => {
            assert_eq!(status.code, 410);
            assert_eq!(Error::from_status(*status).kind(), ErrorKind::Gone);
        }
        other => bail!("expected a 410 ERROR event, got {other:?}"),
    }

    let forbidden = Clientset::new(client_as(Some("nobody")).await?);
    let denied = forbidden
        .myapp_v1()
        .apps(ns.name())
        .get("a")
        .await
        .unwrap_err();
    assert!(denied.is_forbidden(), "{denied}");
    let anonymous = Clientset::new(client_as(None).await?);
    let unauthorized = anonymous
        .myapp_v1()
        .apps(ns.name())
        .get("a")
        .await
        .unwrap_err();
    assert!(unauthorized.is_unauthorized(), "{unauthorized}");
    Ok(())
}

#[tokio::test]
async fn fixture_kinds_every_allowed_verb() -> Result<()> {
    use fixture_generated::apis::batch::v1::{CronTab, CronTabSpec, RetryPolicy};
    use fixture_generated::apis::infra::v1alpha1::{
        Cluster, ClusterSpec, Database, DatabaseSpec, Policy, PolicySpec, Quota, QuotaSpec, Rule,
    };
    use fixture_generated::clientset::Clientset as FixtureClientset;
    use fixture_generated::clientset::prelude::*;
    use k8s_openapi::api::core::v1::{Container, PodSpec, PodTemplateSpec};
    use kube::api::ObjectMeta;

    let client = setup().await?;
    let ns = envtest::ns("clientset-fixture").await?;
    let clientset = FixtureClientset::new(client.clone());
    let infra = clientset.infrastructure_v1alpha1();
    let pp = PostParams::default();
    let meta = |name: &str| ObjectMeta {
        name: Some(name.to_owned()),
        ..ObjectMeta::default()
    };

    // Cluster-scoped, with status.
    let clusters = infra.clusters();
    let name = format!("{}-cluster", ns.name());
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
    let created = clusters.create(&pp, &cluster).await?;
    assert_eq!(created.metadata.namespace, None);
    let mut grown = created.clone();
    grown.spec.node_count = 5;
    assert_eq!(
        clusters.update(&pp, &grown).await?.metadata.generation,
        Some(2)
    );
    let listed = clusters
        .list(&ListParams::default().fields(&format!("metadata.name={name}")))
        .await?;
    assert_eq!(listed.items.len(), 1);
    clusters.delete(&name, &DeleteParams::default()).await?;
    assert!(clusters.get(&name).await.unwrap_err().is_not_found());

    // No status subresource: every change bumps generation.
    let databases = infra.databases(ns.name());
    let db = databases
        .create(
            &pp,
            &Database {
                metadata: meta("pg"),
                spec: DatabaseSpec {
                    storage_gib: 10,
                    ..DatabaseSpec::default()
                },
            },
        )
        .await?;
    let mut bigger = db.clone();
    bigger.spec.storage_gib = 20;
    assert_eq!(
        databases.update(&pp, &bigger).await?.metadata.generation,
        Some(2)
    );
    let patched = databases
        .patch(
            "pg",
            &PatchParams::default(),
            &Patch::Merge(json!({"spec": {"storageGib": 30}})),
        )
        .await?;
    assert_eq!(patched.spec.storage_gib, 30);
    databases.delete("pg", &DeleteParams::default()).await?;

    // Read-only Policy, created through kube's Api and read through the typed client.
    let policy = Policy {
        metadata: meta("deny"),
        spec: PolicySpec {
            rules: vec![Rule {
                action: "delete".into(),
                allow: false,
            }],
        },
    };
    kube::Api::<Policy>::namespaced(client.clone(), ns.name())
        .create(&pp, &policy)
        .await?;
    let policies = infra.policies(ns.name());
    assert_eq!(policies.get("deny").await?.spec.rules.len(), 1);
    assert_eq!(policies.list(&ListParams::default()).await?.items.len(), 1);
    let mut watch = policies.watch(&WatchParams::default(), "0").await?;
    assert!(matches!(
        next_event(&mut watch).await?,
        WatchEvent::Added(_)
    ));

    // onlyVerbs=create,get,list,delete.
    let quotas = infra.quotas(ns.name());
    quotas
        .create(
            &pp,
            &Quota {
                metadata: meta("q"),
                spec: QuotaSpec { max_databases: 2 },
            },
        )
        .await?;
    assert_eq!(quotas.get("q").await?.spec.max_databases, 2);
    assert_eq!(quotas.list(&ListParams::default()).await?.items.len(), 1);
    quotas.delete("q", &DeleteParams::default()).await?;

    // Custom verbs on the scale subresource.
    let crontabs = clientset.batch_v1().cron_tabs(ns.name());
    let template = PodTemplateSpec {
        spec: Some(PodSpec {
            containers: vec![Container {
                name: "c".into(),
                image: Some("busybox".into()),
                ..Container::default()
            }],
            ..PodSpec::default()
        }),
        ..PodTemplateSpec::default()
    };
    crontabs
        .create(
            &pp,
            &CronTab {
                metadata: meta("nightly"),
                spec: CronTabSpec {
                    schedule: "0 3 * * *".into(),
                    replicas: 2,
                    min_replicas: 1,
                    template,
                    retry: RetryPolicy {
                        attempts: 1,
                        ..RetryPolicy::default()
                    },
                    ..CronTabSpec::default()
                },
                status: None,
            },
        )
        .await?;
    let scale = crontabs.get_scale("nightly").await?;
    assert_eq!(scale.spec.as_ref().and_then(|s| s.replicas), Some(2));
    let mut wanted = scale.clone();
    wanted.spec.as_mut().context("scale spec")?.replicas = Some(4);
    let scaled = crontabs.update_scale("nightly", &pp, &wanted).await?;
    assert_eq!(scaled.spec.and_then(|s| s.replicas), Some(4));
    assert_eq!(crontabs.get("nightly").await?.spec.replicas, 4);
    let stale = crontabs
        .update_scale("nightly", &pp, &wanted)
        .await
        .unwrap_err();
    assert!(stale.is_conflict(), "{stale}");
    let selected = crontabs
        .list(&ListParams::default().fields("spec.schedule=0 3 * * *"))
        .await?;
    assert_eq!(selected.items.len(), 1);

    // The deprecated version of the same resource has its own client. Objects
    // move between the versions through the conversion webhook, which this
    // binary does not run (the fixture CRD names a service that does not
    // exist here; `tests/informers/conversion.rs` runs one), so only calls
    // that answer without converting an object are made through it.
    let beta = clientset.batch_v1beta1().cron_tabs(ns.name());
    assert!(beta.get("missing").await.unwrap_err().is_not_found());
    let deleted = crontabs.delete("nightly", &DeleteParams::default()).await?;
    assert!(
        deleted.object().is_none(),
        "custom resources answer with a status"
    );
    assert!(crontabs.get("nightly").await.unwrap_err().is_not_found());
    Ok(())
}
