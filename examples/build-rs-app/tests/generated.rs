//! The code `build.rs` generated is an ordinary API crate: types with deep-copy
//! `Clone` and `Resource` impls, CRDs as data, a fake clientset, listers and
//! informers.

use std::sync::Arc;

use build_rs_app::apis::shop::v1::{Order, OrderPhase, OrderSpec, OrderStatus};
use build_rs_app::clientset::fake;
use build_rs_app::listers::shop::v1::OrderLister;
use build_rs_app::listers::{Indexer, LabelSelector, Lister};
use build_rs_app::prelude::*;
use kube::Resource;
use kube::api::PostParams;

fn order(name: &str, quantity: i32) -> Order {
    let mut order = Order::new(
        name,
        OrderSpec {
            item: "teapot".to_owned(),
            quantity,
        },
    );
    order.metadata.namespace = Some("shop".to_owned());
    order
}

#[test]
fn types_are_kinds_with_deep_copy_and_type_meta() {
    assert_eq!(Order::api_version(&()), "shop.example.com/v1");
    assert_eq!(Order::plural(&()), "orders");
    assert_eq!(Order::SHORT_NAMES, ["ord"]);
    const { assert!(Order::NAMESPACED) };

    let mut original = order("o1", 2);
    original.status = Some(OrderStatus {
        phase: Some(OrderPhase::Shipped),
    });
    let json = serde_json::to_value(&original).unwrap();
    assert_eq!(json["apiVersion"], "shop.example.com/v1");
    assert_eq!(json["kind"], "Order");
    assert_eq!(json["status"]["phase"], "Shipped");
    let back: Order = serde_json::from_value(json).unwrap();
    assert_eq!(back, original);

    let mut copy = order("other", 9);
    copy.clone_from(&original);
    assert_eq!(copy, original.clone());
}

#[test]
fn the_crd_is_data_with_the_validation_of_the_markers() {
    let crds = build_rs_app::crds::custom_resource_definitions().unwrap();
    assert_eq!(crds.len(), 1);
    let crd = &crds[0];
    assert_eq!(
        crd.metadata.name.as_deref(),
        Some("orders.shop.example.com")
    );
    assert_eq!(
        crd.spec.names.short_names.as_deref(),
        Some(&["ord".to_owned()][..])
    );
    let schema = crd.spec.versions[0]
        .schema
        .as_ref()
        .and_then(|s| s.open_api_v3_schema.as_ref())
        .unwrap();
    let spec = &schema.properties.as_ref().unwrap()["spec"];
    let quantity = &spec.properties.as_ref().unwrap()["quantity"];
    assert_eq!(quantity.minimum, Some(1.0));
    let (name, yaml) = build_rs_app::crds::all()[0];
    assert_eq!(name, "orders.shop.example.com");
    assert!(yaml.contains("minLength: 1"), "{yaml}");
}

#[tokio::test]
async fn the_fake_clientset_behaves_like_the_api_server() {
    let clientset = fake::Clientset::default();
    let orders = clientset.shop_v1().orders("shop");
    let created = orders
        .create(&PostParams::default(), &order("o1", 1))
        .await
        .unwrap();
    assert!(created.metadata.resource_version.is_some());
    let again = orders.create(&PostParams::default(), &order("o1", 1)).await;
    assert!(again.unwrap_err().is_already_exists());
    assert_eq!(orders.get("o1").await.unwrap().spec.quantity, 1);
    assert!(orders.get("missing").await.unwrap_err().is_not_found());
}

#[test]
fn listers_read_from_the_informer_cache() {
    let cache = Indexer::new();
    let mut big = order("big", 100);
    big.metadata.labels = Some([("size".to_owned(), "big".to_owned())].into());
    cache.insert(Arc::new(big));
    cache.insert(Arc::new(order("small", 1)));
    let lister: OrderLister = Lister::new(cache);
    assert_eq!(
        lister.namespace("shop").get("small").unwrap().spec.quantity,
        1
    );
    let selected = lister.list(&LabelSelector::parse("size=big").unwrap());
    assert_eq!(selected.len(), 1);
    assert_eq!(selected[0].metadata.name.as_deref(), Some("big"));
}

#[tokio::test]
async fn the_informer_factory_shares_one_informer_and_cache_per_type() {
    // Building a client needs no server, and nothing is started here.
    let config = kube::Config::new("http://127.0.0.1:1".parse().unwrap());
    let clientset = build_rs_app::clientset::Clientset::from_config(config).unwrap();
    let factory =
        build_rs_app::informers::SharedInformerFactory::new(clientset, std::time::Duration::ZERO);
    let informer = factory.shop_v1().orders();
    informer.indexer().insert(Arc::new(order("o1", 3)));
    let lister = factory.shop_v1().orders().lister();
    assert_eq!(lister.namespace("shop").get("o1").unwrap().spec.quantity, 3);
}
