//! The fake clientset generated for the rich fixture: cluster-scoped kinds, kinds
//! without status, restricted verb sets, the `scale` subresource behind custom
//! `+genclient:method=` verbs, selectable fields, and two versions of one kind.

use fixture_generated::apis::batch::v1::{CronTab, CronTabSpec, CronTabStatus};
use fixture_generated::apis::batch::v1beta1;
use fixture_generated::apis::infra::v1alpha1::{
    Cluster, ClusterSpec, Database, DatabaseSpec, Marker, Policy, PolicySpec, Rule,
};
use fixture_generated::clientset::{ErrorKind, fake};
use fixture_generated::prelude::*;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use kube::api::{ListParams, PostParams};
use kube_codegen_runtime::ResourceApi;

fn meta(name: &str, namespace: Option<&str>) -> ObjectMeta {
    ObjectMeta {
        name: Some(name.to_owned()),
        namespace: namespace.map(str::to_owned),
        ..ObjectMeta::default()
    }
}

fn crontab(name: &str, schedule: &str, replicas: i32) -> CronTab {
    CronTab {
        metadata: meta(name, None),
        spec: CronTabSpec {
            schedule: schedule.to_owned(),
            replicas,
            ..CronTabSpec::default()
        },
        status: None,
    }
}

#[tokio::test]
async fn cluster_scoped_kinds_have_no_namespace() {
    let fake = fake::Clientset::default();
    let clusters = fake.infrastructure_v1alpha1().clusters();
    let cluster = Cluster {
        metadata: meta("prod", Some("ignored")),
        spec: ClusterSpec {
            region: "eu-west".into(),
            node_count: 3,
            ..ClusterSpec::default()
        },
        status: None,
    };
    let created = clusters
        .create(&PostParams::default(), &cluster)
        .await
        .unwrap();
    assert_eq!(created.metadata.namespace, None);
    assert_eq!(
        clusters
            .list(&ListParams::default())
            .await
            .unwrap()
            .items
            .len(),
        1
    );
    let action = &fake.actions()[0];
    assert_eq!(
        (action.resource.as_str(), action.namespace.as_str()),
        ("clusters", "")
    );
}

#[tokio::test]
async fn kinds_without_status_subresource_bump_generation_on_any_change() {
    let fake = fake::Clientset::default();
    let databases = fake.infrastructure_v1alpha1().databases("data");
    let db = Database {
        metadata: meta("pg", None),
        spec: DatabaseSpec {
            storage_gib: 10,
            ..DatabaseSpec::default()
        },
    };
    let mut created = databases.create(&PostParams::default(), &db).await.unwrap();
    created.spec.storage_gib = 20;
    let updated = databases
        .update(&PostParams::default(), &created)
        .await
        .unwrap();
    assert_eq!(updated.metadata.generation, Some(2));
    assert_eq!(updated.spec.storage_gib, 20);
}

#[tokio::test]
async fn scale_subresource_through_custom_verbs() {
    let fake = fake::Clientset::default();
    let crontabs = fake.batch_v1().cron_tabs("jobs");
    crontabs
        .create(&PostParams::default(), &crontab("nightly", "0 3 * * *", 2))
        .await
        .unwrap();
    let mut with_status = crontabs.get("nightly").await.unwrap();
    with_status.status = Some(CronTabStatus {
        replicas: 1,
        selector: Some("app=nightly".into()),
        ..CronTabStatus::default()
    });
    crontabs
        .update_status(&PostParams::default(), &with_status)
        .await
        .unwrap();

    let scale = crontabs.get_scale("nightly").await.unwrap();
    assert_eq!(scale.spec.as_ref().and_then(|s| s.replicas), Some(2));
    let status = scale.status.clone().unwrap();
    assert_eq!(status.replicas, 1);
    assert_eq!(status.selector.as_deref(), Some("app=nightly"));

    let mut wanted = scale.clone();
    wanted.spec.as_mut().unwrap().replicas = Some(5);
    let scaled = crontabs
        .update_scale("nightly", &PostParams::default(), &wanted)
        .await
        .unwrap();
    assert_eq!(scaled.spec.unwrap().replicas, Some(5));
    let object = crontabs.get("nightly").await.unwrap();
    assert_eq!(object.spec.replicas, 5);
    assert_eq!(object.metadata.generation, Some(2));

    // The old Scale carries the old resourceVersion: a conflict, as on the server.
    let stale = crontabs
        .update_scale("nightly", &PostParams::default(), &wanted)
        .await
        .unwrap_err();
    assert_eq!(stale.kind(), ErrorKind::Conflict);
    assert!(
        fake.actions()
            .iter()
            .any(|a| a.matches("update", "crontabs/scale"))
    );
}

#[tokio::test]
async fn selectable_fields_work_in_field_selectors() {
    let fake = fake::Clientset::default();
    let crontabs = fake.batch_v1().cron_tabs("jobs");
    for (name, schedule) in [("a", "0 3 * * *"), ("b", "*/5 * * * *")] {
        crontabs
            .create(&PostParams::default(), &crontab(name, schedule, 1))
            .await
            .unwrap();
    }
    let every_five = crontabs
        .list(&ListParams::default().fields("spec.schedule=*/5 * * * *"))
        .await
        .unwrap();
    assert_eq!(every_five.items.len(), 1);
    assert_eq!(every_five.items[0].metadata.name.as_deref(), Some("b"));
    let err = crontabs
        .list(&ListParams::default().fields("spec.replicas=1"))
        .await
        .unwrap_err();
    assert!(err.is_bad_request(), "{err}");
}

#[tokio::test]
async fn versions_are_stored_separately() {
    let beta = v1beta1::CronTab {
        metadata: meta("old", Some("jobs")),
        spec: v1beta1::CronTabSpec {
            cron_spec: "* * * * *".into(),
            image: "busybox".into(),
            replicas: None,
        },
    };
    let fake = fake::Clientset::default().with_object(beta);
    let v1_list = fake
        .batch_v1()
        .cron_tabs("jobs")
        .list(&ListParams::default())
        .await;
    assert!(
        v1_list.unwrap().items.is_empty(),
        "no conversion between versions"
    );
    let found = fake
        .batch_v1beta1()
        .cron_tabs("jobs")
        .get("old")
        .await
        .unwrap();
    assert_eq!(found.spec.image, "busybox");
}

#[tokio::test]
async fn read_only_clients_read_seeded_objects() {
    let policy = Policy {
        metadata: meta("default-deny", Some("infra")),
        spec: PolicySpec {
            rules: vec![Rule {
                action: "delete".into(),
                allow: false,
            }],
        },
    };
    let fake = fake::Clientset::new([policy.into()]);
    let got = fake
        .infrastructure_v1alpha1()
        .policies("infra")
        .get("default-deny")
        .await
        .unwrap();
    assert_eq!(got.spec.rules.len(), 1);
    assert!(
        got.metadata.uid.is_some(),
        "seeded objects get system metadata"
    );

    // Verbs the markers leave out are still reachable on the client's API.
    let markers = fake.infrastructure_v1alpha1().markers("infra");
    let marker = Marker {
        metadata: meta("m", None),
        note: Some("hello".into()),
    };
    let created = markers
        .api()
        .create(&PostParams::default(), &marker)
        .await
        .unwrap();
    assert_eq!(created.note.as_deref(), Some("hello"));
}

/// Enums with data (issue #16) through the fake: what one manager applies is
/// read back unchanged, and another variant applied by the same manager
/// replaces it.
#[tokio::test]
async fn union_variants_apply_and_read_back() {
    use fixture_generated::apis::infra::v1alpha1::{
        Backend, Filter, FixedResponse, Retry, Route, RouteSpec,
    };
    use fixture_generated::clientset::ApplyParams;

    let fake = fake::Clientset::default();
    let routes = fake.infrastructure_v1alpha1().routes("web");
    let mut route = Route::new(
        "r",
        RouteSpec {
            backend: Backend::Service {
                name: "web".into(),
                port: 80,
            },
            filters: vec![Filter::Log],
            retry: Retry::Immediate { attempts: 1 },
            ..RouteSpec::default()
        },
    );
    let params = ApplyParams::new("tests");
    routes.apply("r", &route, &params).await.unwrap();
    assert_eq!(routes.get("r").await.unwrap().spec, route.spec);
    route.spec.backend = Backend::Fixed(FixedResponse {
        status: 503,
        body: None,
    });
    route.spec.retry = Retry::Never;
    routes.apply("r", &route, &params).await.unwrap();
    assert_eq!(routes.get("r").await.unwrap().spec, route.spec);
}

/// Apply configurations of the rich fixture serialize exactly as the types'
/// JSON: `rename_all`, a field renamed to `type`, a flattened struct, string
/// enums, internally tagged unions, maps, k8s-openapi types, and cluster-scoped
/// kinds without a namespace.
mod apply_configurations {
    use fixture_generated::apis::batch::v1::ConcurrencyPolicy;
    use fixture_generated::apis::fleet::v1::ImageSource;
    use fixture_generated::applyconfigurations::batch::v1::{
        CronTabApply, CronTabSpecApply, NotifyTargetApply, RetryPolicyApply,
    };
    use fixture_generated::applyconfigurations::fleet::v1::{NodePoolApply, NodePoolSpecApply};
    use fixture_generated::applyconfigurations::infra::v1alpha1::ClusterApply;
    use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
    use serde_json::json;

    #[test]
    fn serde_names_flatten_and_enums_serialize_as_the_types_do() {
        let crontab = CronTabApply::new("nightly", "jobs").with_spec(
            CronTabSpecApply::default()
                .with_schedule("0 3 * * *")
                .with_min_replicas(1)
                .with_concurrency_policy(ConcurrencyPolicy::Forbid)
                .with_scratch(Quantity("1Gi".into()))
                .with_env([("LEVEL", "debug".to_owned())])
                .with_notify([NotifyTargetApply::default()
                    .with_name("ops")
                    .with_kind("slack")])
                .with_retry(RetryPolicyApply::default().with_attempts(5u32)),
        );
        let json = serde_json::to_value(&crontab).unwrap();
        assert_eq!(
            json,
            json!({
                "apiVersion": "batch.fixture.example.com/v1",
                "kind": "CronTab",
                "metadata": {"name": "nightly", "namespace": "jobs"},
                "spec": {
                    "schedule": "0 3 * * *",
                    "minReplicas": 1,
                    "concurrencyPolicy": "Forbid",
                    "scratch": "1Gi",
                    "env": {"LEVEL": "debug"},
                    "notify": [{"name": "ops", "type": "slack"}],
                    "attempts": 5,
                },
            })
        );
        assert_eq!(
            serde_json::from_value::<CronTabApply>(json).unwrap(),
            crontab
        );
        // An unset flattened struct writes nothing and reads back unset.
        let bare = CronTabApply::new("nightly", "jobs")
            .with_spec(CronTabSpecApply::default().with_schedule("0 3 * * *"));
        let json = serde_json::to_value(&bare).unwrap();
        assert_eq!(json["spec"], json!({"schedule": "0 3 * * *"}));
        assert_eq!(serde_json::from_value::<CronTabApply>(json).unwrap(), bare);

        let pool = NodePoolApply::new("pool").with_spec(NodePoolSpecApply::default().with_image(
            ImageSource::Catalog {
                name: "ubuntu".into(),
            },
        ));
        assert_eq!(
            serde_json::to_value(&pool).unwrap()["spec"],
            json!({"image": {"type": "catalog", "name": "ubuntu"}})
        );

        let cluster = serde_json::to_value(ClusterApply::new("east")).unwrap();
        assert_eq!(cluster["metadata"], json!({"name": "east"}));
    }
}
