//! One fake clientset for kinds of any origin: custom resources (as generated
//! crates write them) and built-in kinds share one tracker, one
//! `resourceVersion` counter and one action log; each kind keeps its own
//! semantics (scope, subresources, patch types, selectable fields).

use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::autoscaling::v1::Scale;
use k8s_openapi::api::core::v1::ConfigMap;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use kube_codegen_runtime::params::{ListParams, Patch, PatchParams, PostParams};
use kube_codegen_runtime::{ErrorKind, Interface, ResourceApi, fake};
use serde_json::json;

use crate::common::{App, AppSpec, Tenant, TenantStatus, tenant};

fn named<K: Default + kube::Resource>(name: &str) -> K {
    let mut object = K::default();
    object.meta_mut().name = Some(name.to_owned());
    object
}

fn version(meta: &ObjectMeta) -> u64 {
    meta.resource_version.as_deref().unwrap().parse().unwrap()
}

#[tokio::test]
async fn kinds_of_every_origin_share_one_tracker_and_one_action_log() {
    let fake = fake::Clientset::new([
        App::new("web", AppSpec::default()).into(),
        named::<Deployment>("web").into(),
        tenant("acme", "gold", 3).into(),
    ]);
    let app = fake.resource::<App>("default").get("web").await.unwrap();
    let deployment = fake
        .resource::<Deployment>("default")
        .get("web")
        .await
        .unwrap();
    let acme = fake.resource::<Tenant>("").get("acme").await.unwrap();
    assert_eq!(
        [&app.metadata, &deployment.metadata, &acme.metadata].map(version),
        [1, 2, 3],
        "one resourceVersion counter across kinds, like etcd's revision"
    );
    assert_eq!(acme.metadata.namespace, None, "cluster-scoped");

    let created = fake
        .resource::<ConfigMap>("default")
        .create(&PostParams::default(), &named("settings"))
        .await
        .unwrap();
    assert_eq!(version(&created.metadata), 4);

    let log: Vec<(String, String, String)> = fake
        .actions()
        .into_iter()
        .map(|a| (a.verb, a.group, a.resource))
        .collect();
    assert_eq!(
        log,
        [
            ("get".into(), "myapp.k8s.io".into(), "apps".into()),
            ("get".into(), "apps".into(), "deployments".into()),
            ("get".into(), "example.com".into(), "tenants".into()),
            ("create".into(), "".into(), "configmaps".into()),
        ]
    );
    // Same name, different kinds: separate objects.
    assert!(
        fake.resource::<ConfigMap>("default")
            .get("web")
            .await
            .unwrap_err()
            .is_not_found()
    );
}

#[tokio::test]
async fn strategic_merge_patches_are_for_built_in_kinds_only() {
    let fake = fake::Clientset::new([
        App::new("web", AppSpec::default()).into(),
        named::<Deployment>("web").into(),
    ]);
    let patch = Patch::Strategic(json!({"metadata": {"labels": {"tier": "web"}}}));
    let patched = fake
        .resource::<Deployment>("default")
        .patch("web", &PatchParams::default(), &patch)
        .await
        .unwrap();
    assert_eq!(
        patched.metadata.labels.unwrap()["tier"],
        "web",
        "built-in kinds take strategic merge patches"
    );
    let err = fake
        .resource::<App>("default")
        .patch("web", &PatchParams::default(), &patch)
        .await
        .unwrap_err();
    assert_eq!(
        err.kind(),
        ErrorKind::UnsupportedMediaType,
        "custom resources answer 415, as on the server"
    );
}

#[tokio::test]
async fn built_in_kinds_have_their_status_subresources() {
    let fake = fake::Clientset::default();
    let deployments = fake.resource::<Deployment>("default");
    let mut web: Deployment = named("web");
    web.status = Some(Default::default());
    let created = deployments
        .create(&PostParams::default(), &web)
        .await
        .unwrap();
    assert_eq!(created.status, None, "status is dropped on create");
    let maps = fake.resource::<ConfigMap>("default");
    let mut map: ConfigMap = named("settings");
    map.data = Some([("a".to_owned(), "1".to_owned())].into());
    let mut stored = maps.create(&PostParams::default(), &map).await.unwrap();
    stored.data = Some([("a".to_owned(), "2".to_owned())].into());
    let updated = maps.update(&PostParams::default(), &stored).await.unwrap();
    assert_eq!(updated.data.unwrap()["a"], "2");
}

#[tokio::test]
async fn cluster_scoped_kinds_scale_and_select_by_their_fields() {
    let fake = fake::Clientset::new([
        tenant("acme", "gold", 3).into(),
        tenant("initech", "silver", 1).into(),
    ]);
    let tenants = fake.resource::<Tenant>("");
    let gold = tenants
        .list(&ListParams::default().fields("spec.tier=gold"))
        .await
        .unwrap();
    assert_eq!(gold.items.len(), 1);
    let err = tenants
        .list(&ListParams::default().fields("spec.seats=3"))
        .await
        .unwrap_err();
    assert_eq!(err.to_string(), "field label not supported: spec.seats");

    // The scale subresource, through the API's custom verbs (what a generated
    // `+genclient:method=GetScale,...` calls).
    let api = fake.api::<Tenant>("");
    let mut acme = tenants.get("acme").await.unwrap();
    acme.status = Some(TenantStatus {
        seats: 2,
        selector: Some("tenant=acme".into()),
    });
    api.update_status(&PostParams::default(), &acme)
        .await
        .unwrap();
    let scale: Scale = api.custom_get("acme", Some("scale")).await.unwrap();
    assert_eq!(scale.spec.as_ref().unwrap().replicas, Some(3));
    assert_eq!(scale.status.as_ref().unwrap().replicas, 2);
    assert_eq!(
        scale.status.as_ref().unwrap().selector.as_deref(),
        Some("tenant=acme")
    );
    let mut wanted = scale.clone();
    wanted.spec.as_mut().unwrap().replicas = Some(10);
    let scaled: Scale = api
        .custom_update("acme", Some("scale"), &PostParams::default(), &wanted)
        .await
        .unwrap();
    assert_eq!(scaled.spec.unwrap().replicas, Some(10));
    assert_eq!(tenants.get("acme").await.unwrap().spec.seats, 10);
    assert!(
        fake.actions()
            .iter()
            .any(|a| a.matches("update", "tenants/scale"))
    );
}

#[tokio::test]
async fn label_selectors_follow_the_servers_grammar() {
    let mut small = tenant("small", "silver", 1);
    small.metadata.labels = Some([("seats".to_owned(), "1".to_owned())].into());
    let mut large = tenant("large", "gold", 50);
    large.metadata.labels = Some([("seats".to_owned(), "50".to_owned())].into());
    let fake = fake::Clientset::new([small.into(), large.into()]);
    let tenants = fake.resource::<Tenant>("");
    let names = |list: kube_codegen_runtime::params::ObjectList<Tenant>| {
        list.items
            .into_iter()
            .map(|t| t.metadata.name.unwrap())
            .collect::<Vec<_>>()
    };
    let over_ten = tenants
        .list(&ListParams::default().labels("seats>10"))
        .await
        .unwrap();
    assert_eq!(names(over_ten), ["large"]);
    let err = tenants
        .list(&ListParams::default().labels("seats>ten"))
        .await
        .unwrap_err();
    assert!(err.is_bad_request());
    assert_eq!(
        err.to_string(),
        "unable to parse requirement: values[0]: Invalid value: \"ten\": for 'Gt', 'Lt' operators, the value must be an integer"
    );
}
