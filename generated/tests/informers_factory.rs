//! The shared informer factory without an API server: one informer per type
//! whatever the accessor, dynamic informers by group/version/resource, and the
//! start / sync / shutdown life cycle against a server that cannot be reached.

use std::sync::Arc;
use std::time::Duration;

use generated::apis::myapp::v1::App;
use generated::informers::SharedInformerFactory;
use k8s_openapi::api::apps::v1::Deployment;
use kube::api::GroupVersionResource;
use kube::core::{ObjectMeta, Selector};
use kube::{Client, Config};

/// A client whose every request fails at once: nothing listens on port 1.
fn unreachable_client() -> Client {
    let config = Config::new("http://127.0.0.1:1".parse().expect("valid URL"));
    Client::try_from(config).expect("client")
}

fn factory() -> SharedInformerFactory {
    SharedInformerFactory::from_client(unreachable_client(), Duration::ZERO)
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
    let typed = factory.myapp().v1().apps();
    let generic = factory.informer_for::<App>();
    let again = factory.clone().myapp().v1().apps();
    typed.informer().indexer().insert(app("shop", "web"));
    assert!(generic.lister().namespace("shop").get("web").is_some());
    assert!(again.lister().apps("shop").get("web").is_some());
    // Another type has its own cache.
    let deployments = factory.informer_for::<Deployment>();
    assert!(deployments.lister().list(&Selector::default()).is_empty());
}

#[tokio::test]
async fn for_resource_gives_a_dynamic_informer_for_generated_resources_only() {
    let factory = factory();
    let apps = GroupVersionResource::gvr("myapp.k8s.io", "v1", "apps");
    let dynamic = factory.for_resource(&apps).expect("a generated resource");
    let same = factory.for_resource(&apps).expect("again");
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
    assert!(
        factory
            .for_resource(&GroupVersionResource::gvr("myapp.k8s.io", "v2", "apps"))
            .is_none()
    );
    assert!(
        factory
            .for_resource(&GroupVersionResource::gvr("apps", "v1", "deployments"))
            .is_none(),
        "built-in resources go through informer_for or discover_informer"
    );
}

#[tokio::test]
async fn sync_results_name_each_started_informer_and_shutdown_releases_them() {
    let factory = factory().with_namespace("shop");
    assert_eq!(factory.namespace(), Some("shop"));
    let apps = factory.myapp().v1().apps();
    factory.start();
    // Asked for after start: not started until `start` is called again.
    let deployments = factory.informer_for::<Deployment>();
    assert!(apps.informer().is_started());
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
