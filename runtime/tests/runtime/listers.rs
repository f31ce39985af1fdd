//! The index behind listers: namespaces, relist diffs, label selectors, and the
//! listers over it.

use std::collections::BTreeMap;
use std::sync::Arc;

use k8s_openapi::api::core::v1::Namespace;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use kube_codegen_runtime::listers::{Change, Indexer, Lister};
use kube_codegen_runtime::selector::LabelSelector;

use crate::common::App;

fn parse_selector(selector: &str) -> LabelSelector {
    LabelSelector::parse(selector).expect("a valid selector")
}

fn app(namespace: &str, name: &str, version: &str, labels: &[(&str, &str)]) -> Arc<App> {
    Arc::new(App {
        metadata: ObjectMeta {
            name: Some(name.to_owned()),
            namespace: Some(namespace.to_owned()),
            resource_version: Some(version.to_owned()),
            labels: Some(
                labels
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect::<BTreeMap<_, _>>(),
            ),
            ..ObjectMeta::default()
        },
        ..App::default()
    })
}

/// `namespace/name@version` of each object, sorted.
fn keys(objects: &[Arc<App>]) -> Vec<String> {
    let mut keys: Vec<String> = objects
        .iter()
        .map(|o| {
            format!(
                "{}/{}@{}",
                o.metadata.namespace.as_deref().unwrap_or_default(),
                o.metadata.name.as_deref().unwrap_or_default(),
                o.metadata.resource_version.as_deref().unwrap_or_default()
            )
        })
        .collect();
    keys.sort();
    keys
}

fn describe(changes: &[Change<App>]) -> Vec<String> {
    let name = |o: &App| o.metadata.name.clone().unwrap_or_default();
    let version = |o: &App| o.metadata.resource_version.clone().unwrap_or_default();
    let mut out: Vec<String> = changes
        .iter()
        .map(|c| match c {
            Change::Added(o) => format!("added {}@{}", name(o), version(o)),
            Change::Updated { old, new } => {
                format!("updated {} {}->{}", name(new), version(old), version(new))
            }
            Change::Deleted(o) => format!("deleted {}@{}", name(o), version(o)),
        })
        .collect();
    out.sort();
    out
}

/// Three namespaces with a few labelled apps.
fn filled() -> Indexer<App> {
    let store = Indexer::new();
    store.insert(app("shop", "web", "1", &[("tier", "web"), ("env", "prod")]));
    store.insert(app("shop", "db", "1", &[("tier", "db"), ("env", "prod")]));
    store.insert(app("blog", "web", "1", &[("tier", "web"), ("env", "qa")]));
    store.insert(app("blog", "cache", "1", &[]));
    store.insert(app("wiki", "web", "1", &[("tier", "web")]));
    store
}

#[test]
fn get_finds_objects_by_namespace_and_name() {
    let store = filled();
    assert_eq!(store.len(), 5);
    assert_eq!(
        store
            .get("blog", "web")
            .unwrap()
            .metadata
            .labels
            .as_ref()
            .unwrap()["env"],
        "qa"
    );
    assert!(
        store.get("shop", "cache").is_none(),
        "cache lives in blog only"
    );
    assert!(store.get("nowhere", "web").is_none());
    assert!(
        store.get("", "web").is_none(),
        "no cluster-scoped object of that name"
    );
}

#[test]
fn listing_a_namespace_returns_only_its_objects() {
    let store = filled();
    let everything = LabelSelector::everything();
    assert_eq!(
        keys(&store.list_namespace("shop", &everything)),
        ["shop/db@1", "shop/web@1"]
    );
    assert_eq!(
        keys(&store.list_namespace("blog", &parse_selector("tier=web"))),
        ["blog/web@1"]
    );
    assert!(store.list_namespace("nowhere", &everything).is_empty());
    assert_eq!(
        keys(&store.list(&parse_selector("tier=web"))),
        ["blog/web@1", "shop/web@1", "wiki/web@1"]
    );
}

#[test]
fn removing_the_last_object_of_a_namespace_drops_the_namespace() {
    let store = filled();
    assert_eq!(store.namespaces(), ["blog", "shop", "wiki"]);
    let removed = store.remove("wiki", "web").expect("was there");
    assert_eq!(removed.metadata.name.as_deref(), Some("web"));
    assert_eq!(store.namespaces(), ["blog", "shop"]);
    assert!(store.remove("wiki", "web").is_none(), "already gone");
    assert_eq!(store.len(), 4);
}

#[test]
fn insert_replaces_the_object_with_the_same_key() {
    let store = filled();
    let old = store
        .insert(app("shop", "web", "2", &[]))
        .expect("replaced");
    assert_eq!(old.metadata.resource_version.as_deref(), Some("1"));
    assert_eq!(store.len(), 5);
    assert_eq!(
        store
            .get("shop", "web")
            .unwrap()
            .metadata
            .resource_version
            .as_deref(),
        Some("2")
    );
}

#[test]
fn apply_reports_adds_and_updates_and_ignores_a_version_already_cached() {
    let store = filled();
    assert_eq!(
        describe(&[store.apply(app("shop", "api", "7", &[])).unwrap()]),
        ["added api@7"]
    );
    assert_eq!(
        describe(&[store.apply(app("shop", "web", "8", &[])).unwrap()]),
        ["updated web 1->8"]
    );
    let resent = app("shop", "web", "8", &[]);
    assert!(
        store.apply(Arc::clone(&resent)).is_none(),
        "no change to report"
    );
    assert!(
        Arc::ptr_eq(&resent, &store.get("shop", "web").unwrap()),
        "the index holds the newest Arc, the one the reflector store holds"
    );
}

#[test]
fn replace_reports_exactly_what_changed_since_the_last_list() {
    let store = filled();
    let relisted = app("shop", "db", "1", &[]);
    let changes = store.replace([
        Arc::clone(&relisted),        // same version: no change
        app("shop", "web", "2", &[]), // updated
        app("blog", "web", "1", &[]), // same
        app("docs", "web", "1", &[]), // new
                                      // blog/cache and wiki/web are gone
    ]);
    assert_eq!(
        describe(&changes),
        [
            "added web@1",
            "deleted cache@1",
            "deleted web@1",
            "updated web 1->2"
        ]
    );
    assert_eq!(store.len(), 4);
    assert_eq!(store.namespaces(), ["blog", "docs", "shop"]);
    assert!(
        Arc::ptr_eq(&relisted, &store.get("shop", "db").unwrap()),
        "unchanged objects take the listed Arc, the one the reflector store holds"
    );
    // The new contents index correctly.
    assert_eq!(
        keys(&store.list_namespace("docs", &LabelSelector::everything())),
        ["docs/web@1"]
    );
}

#[test]
fn listers_use_the_servers_selector_grammar() {
    let store = filled();
    let lister = Lister::new(store.clone());
    let count = |s: &str| lister.list(&parse_selector(s)).len();
    assert_eq!(count(""), 5);
    assert_eq!(count("env=prod,tier in (web,db)"), 2);
    assert_eq!(count("env notin (prod)"), 3);
    assert_eq!(count("!env"), 2);
    store.insert(app("blog", "big", "1", &[("replicas", "12")]));
    assert_eq!(
        count("replicas>10"),
        1,
        "numeric comparisons, as on the server"
    );
    assert_eq!(count("replicas<10"), 0);
    assert!(LabelSelector::parse("env in (a,b").is_err());
}

#[test]
fn lister_reads_by_namespace() {
    let store = filled();
    let lister = Lister::new(store.clone());
    assert_eq!(
        lister
            .namespace("shop")
            .get("web")
            .unwrap()
            .metadata
            .namespace
            .as_deref(),
        Some("shop")
    );
    assert!(lister.namespace("shop").get("cache").is_none());
    let prod = parse_selector("env=prod");
    assert_eq!(
        keys(&lister.namespace("shop").list(&prod)),
        ["shop/db@1", "shop/web@1"]
    );
    assert!(lister.namespace("blog").list(&prod).is_empty());
    assert_eq!(lister.list(&LabelSelector::everything()).len(), 5);
    // Listers read the live store.
    store.insert(app("blog", "api", "1", &[("env", "prod")]));
    assert_eq!(
        keys(&lister.list(&prod)),
        ["blog/api@1", "shop/db@1", "shop/web@1"]
    );
}

#[test]
fn cluster_scoped_objects_are_got_by_name() {
    let store = Indexer::<Namespace>::new();
    store.insert(Arc::new(Namespace {
        metadata: ObjectMeta {
            name: Some("kube-system".into()),
            ..ObjectMeta::default()
        },
        ..Namespace::default()
    }));
    let lister = Lister::new(store);
    assert!(lister.get("kube-system").is_some());
    assert!(lister.get("default").is_none());
    assert_eq!(lister.list(&LabelSelector::everything()).len(), 1);
}

/// The `tier` label of an app, as the keys of a secondary index.
fn tier(app: &App) -> Vec<String> {
    app.metadata
        .labels
        .iter()
        .flatten()
        .filter(|(label, _)| *label == "tier")
        .map(|(_, value)| value.clone())
        .collect()
}

/// The names of `namespace`'s apps filed under `key` in the `tier` index, sorted.
fn by_tier(store: &Indexer<App>, namespace: &str, key: &str) -> Vec<String> {
    keys(&store.by_index("tier", namespace, key))
}

#[test]
fn a_secondary_index_finds_objects_stored_before_and_after_it_was_added() {
    let store = filled();
    assert!(!store.has_index("tier"));
    assert!(
        store.by_index("tier", "shop", "web").is_empty(),
        "no index, nothing found"
    );
    assert!(store.add_index("tier", tier));
    assert!(store.has_index("tier"));
    assert!(
        !store.add_index("tier", |_: &App| vec!["other".to_owned()]),
        "an index is added once; the first one stays"
    );
    // Objects stored before the index was added are filed, per namespace.
    assert_eq!(by_tier(&store, "shop", "web"), ["shop/web@1"]);
    assert_eq!(by_tier(&store, "blog", "web"), ["blog/web@1"]);
    assert!(by_tier(&store, "blog", "db").is_empty());
    assert!(by_tier(&store, "nowhere", "web").is_empty());
    // And those stored after.
    store.insert(app("shop", "web2", "1", &[("tier", "web")]));
    assert_eq!(
        by_tier(&store, "shop", "web"),
        ["shop/web2@1", "shop/web@1"]
    );
    // An object filed under several keys is found by each.
    store.add_index("labels", |app: &App| {
        app.metadata
            .labels
            .iter()
            .flatten()
            .map(|(k, _)| k.clone())
            .collect()
    });
    assert_eq!(
        keys(&store.by_index("labels", "shop", "env")),
        ["shop/db@1", "shop/web@1"]
    );
    assert_eq!(
        keys(&store.by_index("labels", "shop", "tier")),
        ["shop/db@1", "shop/web2@1", "shop/web@1"]
    );
}

#[test]
fn updates_and_deletes_keep_a_secondary_index_right() {
    let store = filled();
    store.add_index("tier", tier);
    // insert: web moves from tier web to tier db.
    store.insert(app("shop", "web", "2", &[("tier", "db")]));
    assert!(by_tier(&store, "shop", "web").is_empty());
    assert_eq!(by_tier(&store, "shop", "db"), ["shop/db@1", "shop/web@2"]);
    // apply: an update moves it back; an add files the new object.
    store.apply(app("shop", "web", "3", &[("tier", "web")]));
    store.apply(app("shop", "api", "1", &[("tier", "web")]));
    assert_eq!(by_tier(&store, "shop", "web"), ["shop/api@1", "shop/web@3"]);
    assert_eq!(by_tier(&store, "shop", "db"), ["shop/db@1"]);
    // An update that drops the key unfiles the object.
    store.apply(app("shop", "api", "2", &[]));
    assert_eq!(by_tier(&store, "shop", "web"), ["shop/web@3"]);
    // remove.
    store.remove("shop", "web");
    assert!(by_tier(&store, "shop", "web").is_empty());
    assert_eq!(by_tier(&store, "shop", "db"), ["shop/db@1"]);
    // replace (a relist) refiles everything from the new contents.
    store.replace([
        app("shop", "db", "5", &[("tier", "web")]),
        app("docs", "web", "1", &[("tier", "web")]),
    ]);
    assert!(by_tier(&store, "shop", "db").is_empty());
    assert_eq!(by_tier(&store, "shop", "web"), ["shop/db@5"]);
    assert_eq!(by_tier(&store, "docs", "web"), ["docs/web@1"]);
    assert!(
        by_tier(&store, "wiki", "web").is_empty(),
        "wiki/web is gone"
    );
    assert!(store.has_index("tier"), "a relist keeps the indexes");
}

#[test]
fn namespace_listers_read_a_secondary_index() {
    let store = filled();
    store.add_index("tier", tier);
    let lister = Lister::new(store);
    assert_eq!(
        keys(&lister.namespace("shop").by_index("tier", "web")),
        ["shop/web@1"]
    );
    assert!(
        lister
            .namespace("shop")
            .by_index("missing", "web")
            .is_empty()
    );
}
