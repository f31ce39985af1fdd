//! The generated surface over the runtime: the group-version accessors on the
//! real and the fake clientset, the verbs the markers allow, the informer
//! accessors on the runtime's factory, the lister aliases, and what `App`
//! tells the runtime about itself.

use std::time::Duration;

use generated::apis::myapp::v1::{App, AppSpec, AppStatus, DeploymentSpec, ServiceSpec};
use generated::clientset::{Clientset, TypedClient, fake};
use generated::informers::SharedInformerFactory;
use generated::listers::LabelSelector;
use generated::listers::myapp::v1::AppLister;
use generated::prelude::*;
use kube::api::{ListParams, PostParams};
use kube_codegen_runtime::Kind;

fn app(name: &str) -> App {
    App::new(
        name,
        AppSpec {
            deployment: DeploymentSpec {
                name: name.to_owned(),
                image: "nginx".to_owned(),
                replicas: Some(1),
            },
            service: ServiceSpec {
                name: name.to_owned(),
            },
        },
    )
}

/// Written against any clientset of the runtime, as a controller would be.
async fn mark_available<C: kube_codegen_runtime::Interface>(
    clientset: &C,
    namespace: &str,
) -> generated::clientset::Result<usize> {
    let apps = clientset.myapp_v1().apps(namespace);
    let list = apps.list(&ListParams::default()).await?;
    for mut app in list.items.clone() {
        app.status = Some(AppStatus {
            available_replicas: Some(1),
            observed_generation: app.metadata.generation,
            conditions: Vec::new(),
        });
        apps.update_status(&PostParams::default(), &app).await?;
    }
    Ok(list.items.len())
}

#[tokio::test]
async fn the_accessors_hand_out_the_runtimes_typed_clients() {
    let mut seed = app("web");
    seed.metadata.namespace = Some("prod".into());
    let fake = fake::Clientset::new([seed.into()]);
    assert_eq!(mark_available(&fake, "prod").await.unwrap(), 1);
    let apps: TypedClient<App, fake::Clientset> = fake.myapp_v1().apps("prod");
    let web = apps.get("web").await.unwrap();
    assert_eq!(web.status.unwrap().available_replicas, Some(1));
    assert_eq!(apps.namespace(), "prod");
    let described: Vec<String> = fake
        .actions()
        .iter()
        .map(|a| format!("{} {}/{:?}", a.verb, a.resource, a.subresource))
        .collect();
    assert_eq!(
        described,
        [
            "list apps/None",
            "update apps/Some(\"status\")",
            "get apps/None"
        ]
    );
}

#[test]
fn the_kind_tells_the_runtime_how_the_server_serves_it() {
    let info = App::INFO;
    assert_eq!(
        info.gvr(),
        kube::api::GroupVersionResource::gvr("myapp.k8s.io", "v1", "apps")
    );
    assert!(info.namespaced && info.status_subresource);
    assert_eq!(info.scale, None);
    assert!(!info.strategic_merge_patch, "a custom resource");
    assert_eq!(generated::apis::known_kinds().collect::<Vec<_>>(), [&info]);
    assert_eq!(generated::apis::myapp::v1::KINDS, [info]);
}

#[tokio::test]
async fn the_informer_accessors_share_the_runtimes_informers() {
    let config = kube::Config::new("http://127.0.0.1:1".parse().unwrap());
    let clientset = Clientset::from_config(config).unwrap();
    let factory = SharedInformerFactory::new(clientset, Duration::ZERO);
    let typed = factory.myapp_v1().apps();
    let generic = factory.informer_for::<App>();
    let mut cached = app("web");
    cached.metadata.namespace = Some("shop".into());
    typed.indexer().insert(std::sync::Arc::new(cached));
    let lister: AppLister = generic.lister();
    assert!(lister.namespace("shop").get("web").is_some());
    assert_eq!(lister.list(&LabelSelector::everything()).len(), 1);
    factory.shutdown().await;
}
