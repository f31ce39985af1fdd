//! The store behind informers and listers: the namespace index, relist diffs,
//! label selectors, and the typed listers over it.

use std::collections::BTreeMap;
use std::sync::Arc;

use generated::apis::myapp::v1::App;
use generated::listers::myapp::v1::AppLister;
use generated::listers::{Change, Indexer, Lister, parse_selector};
use k8s_openapi::api::core::v1::Namespace;
use kube::core::{Expression, ObjectMeta, Selector};

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
    let everything = Selector::default();
    assert_eq!(
        keys(&store.list_namespace("shop", &everything)),
        ["shop/db@1", "shop/web@1"]
    );
    assert_eq!(
        keys(&store.list_namespace("blog", &parse_selector("tier=web").unwrap())),
        ["blog/web@1"]
    );
    assert!(store.list_namespace("nowhere", &everything).is_empty());
    assert_eq!(
        keys(&store.list(&parse_selector("tier=web").unwrap())),
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
    let cached = store.get("shop", "web").unwrap();
    assert!(store.apply(app("shop", "web", "8", &[])).is_none());
    assert!(
        Arc::ptr_eq(&cached, &store.get("shop", "web").unwrap()),
        "the cached object is kept"
    );
}

#[test]
fn replace_reports_exactly_what_changed_since_the_last_list() {
    let store = filled();
    let unchanged = store.get("shop", "db").unwrap();
    let changes = store.replace([
        app("shop", "db", "1", &[]),  // same version: no change
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
        Arc::ptr_eq(&unchanged, &store.get("shop", "db").unwrap()),
        "unchanged objects keep their cached Arc"
    );
    // The new contents index correctly.
    assert_eq!(
        keys(&store.list_namespace("docs", &Selector::default())),
        ["docs/web@1"]
    );
}

#[test]
fn selector_syntax_matches_kubectl() {
    let parsed =
        parse_selector("app=web, tier != db,env in (prod, qa),!canary,team,x notin (a,b)").unwrap();
    let expected: Selector = [
        Expression::Equal("app".into(), "web".into()),
        Expression::NotEqual("tier".into(), "db".into()),
        Expression::In("env".into(), ["prod".into(), "qa".into()].into()),
        Expression::DoesNotExist("canary".into()),
        Expression::Exists("team".into()),
        Expression::NotIn("x".into(), ["a".into(), "b".into()].into()),
    ]
    .into_iter()
    .collect();
    assert_eq!(parsed, expected);
    assert_eq!(parse_selector("").unwrap(), Selector::default());
    assert_eq!(
        parse_selector("app==web,example.com/role=").unwrap(),
        [
            Expression::Equal("app".into(), "web".into()),
            Expression::Equal("example.com/role".into(), String::new()),
        ]
        .into_iter()
        .collect::<Selector>()
    );
}

#[test]
fn selector_errors_say_what_is_wrong() {
    let error = |s: &str| parse_selector(s).unwrap_err().to_string();
    assert_eq!(
        error("env in ()"),
        r#"invalid label selector "env in ()": the value set of `in`/`notin` must not be empty"#
    );
    assert_eq!(
        error("replicas>3"),
        r#"invalid label selector "replicas>3": the numeric comparisons `>` and `<` (on key "replicas") are not supported"#
    );
    assert_eq!(
        error("app=web,"),
        r#"invalid label selector "app=web,": trailing `,`"#
    );
    assert!(error("env in (a,b").ends_with("missing `)`"));
    assert!(error("-bad=x").contains("invalid label key \"-bad\""));
    assert!(error("Example.COM/x=y").contains("invalid prefix"));
    assert!(error("a=b c").contains("expected `,` but found \"c\""));
}

#[test]
fn typed_lister_reads_by_namespace() {
    let store = filled();
    let lister = AppLister::new(Lister::new(store.clone()));
    assert_eq!(
        lister
            .apps("shop")
            .get("web")
            .unwrap()
            .metadata
            .namespace
            .as_deref(),
        Some("shop")
    );
    assert!(lister.apps("shop").get("cache").is_none());
    let prod = parse_selector("env=prod").unwrap();
    assert_eq!(
        keys(&lister.apps("shop").list(&prod)),
        ["shop/db@1", "shop/web@1"]
    );
    assert!(lister.apps("blog").list(&prod).is_empty());
    assert_eq!(lister.list(&Selector::default()).len(), 5);
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
    assert_eq!(lister.list(&Selector::default()).len(), 1);
}
