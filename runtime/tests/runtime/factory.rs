//! The shared informer factory without an API server: one informer per type
//! whatever the accessor, dynamic informers by group/version/resource, and the
//! start / sync / shutdown life cycle against a server that cannot be reached.

use std::sync::Arc;
use std::time::Duration;

use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use kube::{Client, Config};
use kube_codegen_runtime::Kind;
use kube_codegen_runtime::informers::SharedInformerFactory;
use kube_codegen_runtime::selector::LabelSelector;

use crate::common::{App, Tenant};

/// A client whose every request fails at once: nothing listens on port 1.
fn unreachable_client() -> Client {
    let config = Config::new("http://127.0.0.1:1".parse().expect("valid URL"));
    Client::try_from(config).expect("client")
}

fn factory() -> SharedInformerFactory {
    SharedInformerFactory::new(unreachable_client(), Duration::ZERO)
}

fn app(namespace: &str, name: &str) -> Arc<App> {
    Arc::new(App {
        metadata: ObjectMeta {
            name: Some(name.to_owned()),
            namespace: Some(namespace.to_owned()),
            resource_version: Some("1".to_owned()),
            ..ObjectMeta::default()
        },
        ..App::default()
    })
}

#[tokio::test]
async fn every_accessor_of_a_type_shares_one_informer_and_cache() {
    let factory = factory();
    let first = factory.informer_for::<App>();
    let again = factory.clone().informer_for::<App>();
    first.indexer().insert(app("shop", "web"));
    assert!(again.lister().namespace("shop").get("web").is_some());
    // Another type has its own cache.
    let deployments = factory.informer_for::<Deployment>();
    assert!(
        deployments
            .lister()
            .list(&LabelSelector::everything())
            .is_empty()
    );
}

#[tokio::test]
async fn dynamic_informers_are_shared_per_resource() {
    let factory = factory();
    let dynamic = factory.dynamic_informer_for(&App::INFO);
    let same = factory.dynamic_informer_for(&App::INFO);
    let object: kube::api::DynamicObject = serde_json::from_value(serde_json::json!({
        "apiVersion": "myapp.k8s.io/v1",
        "kind": "App",
        "metadata": {"name": "web", "namespace": "shop"}
    }))
    .unwrap();
    dynamic.indexer().insert(Arc::new(object));
    assert!(
        same.lister().namespace("shop").get("web").is_some(),
        "cached per GVR"
    );
    let tenants = factory.dynamic_informer_for(&Tenant::INFO);
    assert!(
        tenants
            .lister()
            .list(&LabelSelector::everything())
            .is_empty()
    );
    let typed = factory.informer_for::<App>();
    assert!(
        typed.lister().namespace("shop").get("web").is_none(),
        "the typed informer of the same resource is another informer"
    );
}

#[tokio::test]
async fn sync_results_name_each_started_informer_and_shutdown_releases_them() {
    let factory = factory().with_namespace("shop");
    assert_eq!(factory.namespace(), Some("shop"));
    let apps = factory.informer_for::<App>();
    factory.start();
    // Asked for after start: not started until `start` is called again.
    let deployments = factory.informer_for::<Deployment>();
    assert!(apps.is_started());
    assert!(!deployments.is_started());

    let waiter = {
        let factory = factory.clone();
        tokio::spawn(async move { factory.wait_for_cache_sync().await })
    };
    // The server is unreachable, so nothing syncs; shutting down ends the wait.
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert!(!apps.has_synced());
    factory.shutdown().await;
    let results = waiter.await.unwrap();
    assert_eq!(
        results.into_iter().collect::<Vec<_>>(),
        [("myapp.k8s.io/v1/apps".to_owned(), false)]
    );
    // After shutdown nothing starts again.
    factory.start();
    assert!(!deployments.is_started());
}

#[tokio::test]
async fn watch_errors_reach_the_factory_error_handler() {
    let (tx, mut errors) = tokio::sync::mpsc::unbounded_channel();
    let factory = factory().with_watch_error_handler(move |error| {
        let _ = tx.send(error.to_string());
    });
    factory.informer_for::<Deployment>();
    factory.start();
    let first = tokio::time::timeout(Duration::from_secs(10), errors.recv())
        .await
        .expect("an error is reported")
        .unwrap();
    assert!(!first.is_empty());
    factory.shutdown().await;
}

/// Waits (up to 5 s) until `check` holds.
async fn until(what: &str, check: impl Fn() -> bool) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while !check() {
        assert!(tokio::time::Instant::now() < deadline, "timed out: {what}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test]
async fn a_factory_over_the_fake_lists_and_follows_its_writes_in_its_namespace() {
    use kube::api::{DeleteParams, PostParams};
    use kube_codegen_runtime::Interface as _;
    use kube_codegen_runtime::fake;

    let seeded = |ns: &str, name: &str| {
        let mut app = Arc::unwrap_or_clone(app(ns, name));
        app.metadata.resource_version = None;
        app
    };
    let fake = fake::Clientset::new([seeded("shop", "web").into(), seeded("other", "db").into()]);
    let factory = SharedInformerFactory::from_fake(&fake, Duration::ZERO).with_namespace("shop");
    assert!(factory.client().is_none());
    let apps = factory.informer_for::<App>();
    let dynamic = factory.dynamic_informer_for(&App::INFO);
    factory.start();
    let synced = factory.wait_for_cache_sync().await;
    assert_eq!(synced.len(), 2, "{synced:?}");
    assert!(synced.values().all(|ok| *ok));
    let everything = LabelSelector::everything();
    let names = |informer: &kube_codegen_runtime::informers::SharedInformer<App>| {
        let mut names: Vec<String> = informer
            .lister()
            .list(&everything)
            .iter()
            .map(|a| a.metadata.name.clone().unwrap_or_default())
            .collect();
        names.sort();
        names
    };
    // The seed of another namespace is not this factory's.
    assert_eq!(names(&apps), ["web"]);
    assert_eq!(dynamic.lister().list(&everything).len(), 1);

    let client = fake.resource::<App>("shop");
    client
        .create(&PostParams::default(), &seeded("shop", "api"))
        .await
        .unwrap();
    fake.resource::<App>("other")
        .create(&PostParams::default(), &seeded("other", "cache"))
        .await
        .unwrap();
    until("the create", || names(&apps) == ["api", "web"]).await;
    client
        .delete("web", &DeleteParams::default())
        .await
        .unwrap();
    until("the delete", || names(&apps) == ["api"]).await;
    until("the dynamic informer", || {
        dynamic.lister().list(&everything).len() == 1
    })
    .await;
    // Informers over the tracker record no actions: only the writes above.
    let verbs: Vec<String> = fake.actions().iter().map(|a| a.verb.clone()).collect();
    assert_eq!(verbs, ["create", "create", "delete"]);
    // An API server restart ends the watches; the informer watches again.
    fake.tracker().close_watches();
    client
        .create(&PostParams::default(), &seeded("shop", "late"))
        .await
        .unwrap();
    until("a write after the watch ended", || {
        names(&apps) == ["api", "late"]
    })
    .await;
    let discovered = factory
        .discover_informer(&kube::api::GroupVersionResource::gvr(
            "apps",
            "v1",
            "deployments",
        ))
        .await;
    assert!(
        discovered
            .unwrap_err()
            .to_string()
            .contains("fake clientset, which has no API discovery")
    );
    factory.shutdown().await;
}

#[tokio::test]
async fn a_factory_told_to_caches_objects_without_managed_fields() {
    use k8s_openapi::apimachinery::pkg::apis::meta::v1::ManagedFieldsEntry;
    use kube_codegen_runtime::fake;

    let mut seeded = Arc::unwrap_or_clone(app("shop", "web"));
    seeded.metadata.resource_version = None;
    seeded.metadata.managed_fields = Some(vec![ManagedFieldsEntry {
        manager: Some("kubectl".to_owned()),
        operation: Some("Apply".to_owned()),
        ..ManagedFieldsEntry::default()
    }]);
    let fake = fake::Clientset::new([seeded.into()]);
    let cached = |factory: SharedInformerFactory| async move {
        let apps = factory.informer_for::<App>();
        let dynamic = factory.dynamic_informer_for(&App::INFO);
        factory.start();
        assert!(factory.wait_for_cache_sync().await.values().all(|ok| *ok));
        let typed = apps.lister().namespace("shop").get("web").unwrap();
        let untyped = dynamic.lister().namespace("shop").get("web").unwrap();
        factory.shutdown().await;
        (
            typed.metadata.managed_fields.is_some(),
            untyped.metadata.managed_fields.is_some(),
        )
    };
    let kept = SharedInformerFactory::from_fake(&fake, Duration::ZERO);
    assert_eq!(cached(kept).await, (true, true), "kept by default");
    let stripped =
        SharedInformerFactory::from_fake(&fake, Duration::ZERO).with_managed_fields_stripped();
    assert_eq!(cached(stripped).await, (false, false));
}
