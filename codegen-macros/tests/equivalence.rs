//! The macro and the CLI read the same input (`equivalence/shop.rs`) and must
//! agree: the same CRDs, the same `Resource` facts, the same wire format and
//! deep-copy behaviour. (That the generated impls are token for token the
//! CLI's is checked by the unit tests of `expand`.)

#[path = "equivalence/shop.rs"]
mod shop;

use std::collections::BTreeMap;
use std::path::PathBuf;

use k8s_openapi::Resource;
use kube_codegen::emit::crd::build_crds;
use kube_codegen::model::Api;
use kube_codegen::parse::{ParseOptions, parse_sources};
use shop::v1::{Order, OrderSpec, OrderStatus, Priority, Warehouse};

const SOURCE: &str = include_str!("equivalence/shop.rs");

/// The module body as the CLI's input files: the `//!` lines as the version's
/// `mod.rs`, everything else as `types.rs`.
fn cli_input() -> Vec<(PathBuf, String)> {
    let start = SOURCE.find("pub mod v1 {").expect("the module") + "pub mod v1 {".len();
    let end = SOURCE.rfind('}').expect("its end");
    let body = &SOURCE[start..end];
    let (mut module, mut types) = (String::new(), String::new());
    for line in body.lines() {
        if line.trim_start().starts_with("//!") {
            module.push_str(line.trim_start());
            module.push('\n');
        } else {
            types.push_str(line);
            types.push('\n');
        }
    }
    module.push_str("\nmod types;\n");
    vec![
        ("shop/v1/mod.rs".into(), module),
        ("shop/v1/types.rs".into(), types),
    ]
}

fn cli_api() -> Api {
    parse_sources(&cli_input(), &ParseOptions::default())
        .unwrap_or_else(|d| panic!("{d}"))
        .api
}

#[test]
fn the_crds_are_the_ones_the_cli_generates() {
    let crds = build_crds(&cli_api()).unwrap();
    let by_kind: BTreeMap<&str, _> = crds.iter().map(|c| (c.kind.as_str(), c)).collect();
    assert_eq!(by_kind.len(), 2);
    fn json(crd: &impl serde::Serialize) -> serde_json::Value {
        serde_json::to_value(crd).unwrap()
    }
    assert_eq!(json(&Order::crd()), json(&by_kind["Order"].definition));
    assert_eq!(
        json(&Warehouse::crd()),
        json(&by_kind["Warehouse"].definition)
    );
    assert_eq!(Order::CRD_YAML, by_kind["Order"].to_yaml());
    assert_eq!(Warehouse::CRD_YAML, by_kind["Warehouse"].to_yaml());
}

#[test]
fn the_resource_facts_are_the_models() {
    let api = cli_api();
    let kinds: BTreeMap<&str, _> = api
        .kinds()
        .map(|(g, v, t, k)| (t.name.as_str(), (g, v, k)))
        .collect();
    let (group, version, order) = kinds["Order"];
    assert_eq!(<Order as Resource>::GROUP, group.name);
    assert_eq!(<Order as Resource>::VERSION, version.name);
    assert_eq!(<Order as Resource>::URL_PATH_SEGMENT, order.plural);
    assert_eq!(<Order as Resource>::KIND, "Order");
    assert_eq!(Order::SHORT_NAMES, order.short_names);
    assert_eq!(Order::CATEGORIES, order.categories);
    assert!(order.namespaced && Order::NAMESPACED);
    let (_, _, warehouse) = kinds["Warehouse"];
    assert!(!warehouse.namespaced && !Warehouse::NAMESPACED);
    assert_eq!(<Warehouse as Resource>::URL_PATH_SEGMENT, warehouse.plural);
    assert_eq!(
        <Warehouse as k8s_openapi::ListableResource>::LIST_KIND,
        "WarehouseList"
    );
    fn cluster_scoped<K: Resource<Scope = k8s_openapi::ClusterResourceScope>>() {}
    cluster_scoped::<Warehouse>();
}

fn order() -> Order {
    let mut order = Order::new(
        "o1",
        OrderSpec {
            items: [("teapot".to_owned(), 2)].into(),
            ship_to: "Main Street 1".to_owned(),
            priority: Priority::Express,
            notes: vec!["fragile".to_owned()],
        },
    );
    order.status = Some(OrderStatus {
        phase: Some("Pending".to_owned()),
        conditions: Vec::new(),
    });
    order
}

#[test]
fn objects_carry_their_type_meta_on_the_wire() {
    let json = serde_json::to_string(&order()).unwrap();
    assert!(
        json.starts_with(r#"{"apiVersion":"shop.example.com/v1","kind":"Order","metadata":"#),
        "{json}"
    );
    assert!(
        json.contains(r#""shipTo":"Main Street 1","priority":"express""#),
        "{json}"
    );
    let back: Order = serde_json::from_str(&json).unwrap();
    assert_eq!(back, order());
}

#[test]
fn clone_is_a_deep_copy_and_clone_from_matches_it() {
    let source = order();
    let mut target = Order::new("other", OrderSpec::default());
    target.clone_from(&source);
    assert_eq!(target, source);
    assert_eq!(source.clone(), source);
}

#[test]
fn marker_lines_are_not_documentation() {
    // The CRD descriptions come from the same docs the types keep.
    let crd = Order::crd();
    let schema = serde_json::to_string(&crd.spec.versions[0].schema).unwrap();
    assert!(schema.contains("An order for some items"), "{schema}");
    assert!(
        !schema.contains("+genclient") && !schema.contains("+kubebuilder"),
        "{schema}"
    );
}
