//! Informers over objects that do not decode as their Rust type: the list still
//! syncs, the object is reported (log line, `undecodable()`, counter, handler),
//! and its later states are handled (fixed: cached; deleted: forgotten; broken
//! on update: the last state that decoded stays cached).

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::channel::mpsc::{UnboundedSender, unbounded};
use kube::api::ObjectList;
use kube::core::WatchEvent;
use kube::runtime::reflector::ObjectRef;
use kube::runtime::watcher::{self, Event};
use kube_codegen_runtime::informers::{Decoded, SharedInformer};
use kube_codegen_runtime::selector::LabelSelector;
use serde_json::{Value, json};
use tokio::sync::mpsc::unbounded_channel;
use tokio::time::timeout;

use crate::common::{App, Tenant};
use crate::informers::{WAIT, next_sorted, recorder};

type Feed = UnboundedSender<Result<Event<Decoded<App>>, watcher::Error>>;

/// An App as the API server sends it; `replicas` of any JSON type.
fn app_json(namespace: &str, name: &str, version: &str, replicas: Value) -> Value {
    json!({
        "apiVersion": "myapp.k8s.io/v1",
        "kind": "App",
        "metadata": {"namespace": namespace, "name": name, "resourceVersion": version, "uid": format!("uid-{name}")},
        "spec": {
            "deployment": {"name": name, "image": "nginx", "replicas": replicas},
            "service": {"name": name},
        },
    })
}

/// One that decodes.
fn good(namespace: &str, name: &str, version: &str) -> Decoded<App> {
    Decoded::from_value(&app_json(namespace, name, version, json!(3)))
}

/// One whose `spec.deployment.replicas` is a string, as an older schema had it.
fn bad(namespace: &str, name: &str, version: &str) -> Decoded<App> {
    Decoded::from_value(&app_json(namespace, name, version, json!("three")))
}

fn scripted() -> (SharedInformer<App>, Feed) {
    let (feed, events) = unbounded();
    (
        SharedInformer::from_decoded_stream(events, Duration::ZERO),
        feed,
    )
}

fn send(feed: &Feed, events: impl IntoIterator<Item = Event<Decoded<App>>>) {
    for event in events {
        feed.unbounded_send(Ok(event)).expect("informer is running");
    }
}

fn list(objects: Vec<Decoded<App>>) -> Vec<Event<Decoded<App>>> {
    let mut events = vec![Event::Init];
    events.extend(objects.into_iter().map(Event::InitApply));
    events.push(Event::InitDone);
    events
}

/// Feeds a decodable marker and checks it is the next call: nothing else came
/// before it.
async fn expect_nothing_more(
    feed: &Feed,
    calls: &mut tokio::sync::mpsc::UnboundedReceiver<String>,
    marker: &str,
) {
    send(feed, [Event::Apply(good("zz", marker, "1"))]);
    assert_eq!(next_sorted(calls, 1).await, [format!("add zz/{marker}@1")]);
}

fn cached_version(informer: &SharedInformer<App>, namespace: &str, name: &str) -> Option<String> {
    informer
        .lister()
        .namespace(namespace)
        .get(name)
        .map(|app| app.metadata.resource_version.clone().unwrap_or_default())
}

fn undecodable(informer: &SharedInformer<App>) -> Vec<String> {
    informer
        .undecodable()
        .iter()
        .map(|e| format!("{}@{}", e.key(), e.resource_version().unwrap_or_default()))
        .collect()
}

/// A log that `tracing` writes into, as text.
#[derive(Clone, Default)]
struct Log(Arc<Mutex<Vec<u8>>>);

impl Write for Log {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Log {
    /// Captures the log of this thread (the informer's task runs on it in a
    /// current-thread test runtime) until the guard drops.
    fn capture() -> (Log, tracing::subscriber::DefaultGuard) {
        let log = Log::default();
        let writer = log.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .without_time()
            .with_target(false)
            .finish();
        (log, tracing::subscriber::set_default(subscriber))
    }

    fn lines(&self) -> Vec<String> {
        String::from_utf8_lossy(&self.0.lock().unwrap())
            .lines()
            .map(str::to_owned)
            .collect()
    }
}

#[tokio::test]
async fn an_undecodable_object_is_reported_and_the_others_sync() {
    let (log, _guard) = Log::capture();
    let (informer, feed) = scripted();
    let (handler, mut calls) = recorder();
    informer.add_event_handler(handler);
    let (reports, mut reported) = unbounded_channel();
    informer.set_decode_error_handler(move |error| {
        let _ = reports.send(error.clone());
    });
    informer.start();
    send(
        &feed,
        list(vec![
            good("shop", "web", "1"),
            bad("shop", "broken", "2"),
            good("blog", "api", "1"),
        ]),
    );
    assert!(
        timeout(WAIT, informer.wait_for_sync()).await.unwrap(),
        "one undecodable object does not hold up the sync"
    );
    assert_eq!(
        next_sorted(&mut calls, 2).await,
        ["add blog/api@1 (initial)", "add shop/web@1 (initial)"]
    );
    expect_nothing_more(&feed, &mut calls, "marker").await;
    assert_eq!(
        informer.lister().list(&LabelSelector::everything()).len(),
        3
    );
    assert_eq!(cached_version(&informer, "shop", "broken"), None);
    assert_eq!(informer.store().len(), 3, "kube's store: the same objects");

    let error = timeout(WAIT, reported.recv()).await.unwrap().unwrap();
    let text = "cannot decode App shop/broken (resourceVersion 2) as runtime::common::App: \
                at spec.deployment.replicas: invalid type: string \"three\", expected i32";
    assert_eq!(error.to_string(), text);
    assert_eq!(
        (error.api_version(), error.kind(), error.path()),
        ("myapp.k8s.io/v1", "App", "spec.deployment.replicas")
    );
    let reference = error.object_ref();
    assert_eq!(
        (
            reference.namespace.as_deref(),
            reference.name.as_deref(),
            reference.uid.as_deref()
        ),
        (Some("shop"), Some("broken"), Some("uid-broken")),
        "enough to publish a Kubernetes Event about it"
    );
    assert_eq!(informer.undecodable(), [error]);
    assert_eq!(informer.decode_failures(), 1);
    assert_eq!(
        log.lines(),
        [format!(
            " WARN {text}; the informer leaves it out of its cache until it decodes; fix the \
             object or convert it to the schema of this version kind=\"App\" namespace=\"shop\" \
             name=\"broken\" resource_version=\"2\" path=\"spec.deployment.replicas\""
        )]
    );
    informer.shutdown().await;
}

#[tokio::test]
async fn a_fixed_object_is_added_and_a_deleted_one_forgotten() {
    let (informer, feed) = scripted();
    let (handler, mut calls) = recorder();
    informer.add_event_handler(handler);
    informer.start();
    send(
        &feed,
        list(vec![bad("shop", "fixed", "1"), bad("shop", "deleted", "1")]),
    );
    assert!(timeout(WAIT, informer.wait_for_sync()).await.unwrap());
    assert_eq!(undecodable(&informer), ["shop/deleted@1", "shop/fixed@1"]);

    send(&feed, [Event::Apply(good("shop", "fixed", "2"))]);
    assert_eq!(next_sorted(&mut calls, 1).await, ["add shop/fixed@2"]);
    assert_eq!(
        cached_version(&informer, "shop", "fixed").as_deref(),
        Some("2")
    );

    // Its final state does not decode either: nothing was cached, nothing to say.
    send(&feed, [Event::Delete(bad("shop", "deleted", "3"))]);
    expect_nothing_more(&feed, &mut calls, "marker").await;
    assert_eq!(undecodable(&informer), Vec::<String>::new());
    assert_eq!(informer.decode_failures(), 2, "the two states listed");
    informer.shutdown().await;
}

#[tokio::test]
async fn an_update_that_does_not_decode_keeps_the_last_state_that_did() {
    let (informer, feed) = scripted();
    let (handler, mut calls) = recorder();
    informer.add_event_handler(handler);
    informer.start();
    send(&feed, list(vec![good("shop", "web", "1")]));
    next_sorted(&mut calls, 1).await;

    send(&feed, [Event::Apply(bad("shop", "web", "2"))]);
    expect_nothing_more(&feed, &mut calls, "m1").await;
    assert_eq!(
        cached_version(&informer, "shop", "web").as_deref(),
        Some("1")
    );
    assert_eq!(undecodable(&informer), ["shop/web@2"]);

    // A re-list finds it still broken: no delete, the stale state stays, also
    // in kube's store (which a controller's applier reads).
    send(
        &feed,
        list(vec![bad("shop", "web", "2"), good("zz", "m1", "1")]),
    );
    expect_nothing_more(&feed, &mut calls, "m2").await;
    assert_eq!(
        cached_version(&informer, "shop", "web").as_deref(),
        Some("1")
    );
    let stored = informer.store().get(&ObjectRef::new("web").within("shop"));
    assert_eq!(
        stored
            .and_then(|app| app.metadata.resource_version.clone())
            .as_deref(),
        Some("1")
    );
    assert_eq!(informer.decode_failures(), 2);

    // Deleted while broken: handlers get the last cached state.
    send(&feed, [Event::Delete(bad("shop", "web", "3"))]);
    assert_eq!(next_sorted(&mut calls, 1).await, ["delete shop/web@1"]);
    assert_eq!(cached_version(&informer, "shop", "web"), None);
    assert!(
        informer
            .store()
            .get(&ObjectRef::new("web").within("shop"))
            .is_none()
    );
    assert_eq!(undecodable(&informer), Vec::<String>::new());
    informer.shutdown().await;
}

#[tokio::test]
async fn a_relist_forgets_broken_objects_that_are_gone_or_fixed() {
    let (informer, feed) = scripted();
    let (handler, mut calls) = recorder();
    informer.add_event_handler(handler);
    informer.start();
    send(
        &feed,
        list(vec![
            bad("a", "gone", "1"),
            bad("a", "fixed", "1"),
            bad("a", "still", "1"),
        ]),
    );
    assert!(timeout(WAIT, informer.wait_for_sync()).await.unwrap());
    send(
        &feed,
        list(vec![good("a", "fixed", "2"), bad("a", "still", "1")]),
    );
    assert_eq!(next_sorted(&mut calls, 1).await, ["add a/fixed@2"]);
    assert_eq!(undecodable(&informer), ["a/still@1"]);
    assert_eq!(informer.decode_failures(), 4);
    informer.shutdown().await;
}

#[test]
fn kube_decodes_lists_and_watch_events_object_by_object() {
    let list = json!({
        "apiVersion": "myapp.k8s.io/v1",
        "kind": "AppList",
        "metadata": {"resourceVersion": "9"},
        "items": [
            app_json("shop", "web", "1", json!(3)),
            app_json("shop", "broken", "2", json!({"min": 1})),
        ],
    });
    // What kube's client does with the body of a list.
    let list: ObjectList<Decoded<App>> = serde_json::from_str(&list.to_string()).unwrap();
    let [Decoded::Object(web), Decoded::Undecodable(broken)] = &list.items[..] else {
        panic!("one object, one report: {:?}", list.items);
    };
    assert_eq!(web.spec.deployment.replicas, Some(3));
    assert_eq!(broken.path(), "spec.deployment.replicas");
    assert_eq!(broken.message(), "invalid type: map, expected i32");

    let line = json!({"type": "MODIFIED", "object": app_json("shop", "web", "3", json!(true))});
    let event: WatchEvent<Decoded<App>> = serde_json::from_str(&line.to_string()).unwrap();
    let WatchEvent::Modified(Decoded::Undecodable(error)) = event else {
        panic!("a report: {event:?}");
    };
    assert_eq!(error.resource_version(), Some("3"));

    // A cluster-scoped kind, missing a required field: named without namespace.
    let tenant =
        json!({"metadata": {"name": "acme", "resourceVersion": "4"}, "spec": {"tier": "gold"}});
    let Decoded::<Tenant>::Undecodable(error) = Decoded::from_value(&tenant) else {
        panic!("seats is required");
    };
    assert_eq!(
        (error.key(), error.path(), error.message()),
        ("acme".to_owned(), "spec", "missing field `seats`")
    );
}
