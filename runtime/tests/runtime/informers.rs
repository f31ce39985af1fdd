//! The shared informer's event delivery, driven by a scripted watcher stream (no
//! API server): the initial list, watch events, the diff after a re-list, late
//! handlers, subscriptions, resync, handler removal and shutdown.

use std::sync::Arc;
use std::time::Duration;

use futures::StreamExt;
use futures::channel::mpsc::{UnboundedSender, unbounded};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use kube::runtime::reflector::ObjectRef;
use kube::runtime::watcher::{self, Event};
use kube_codegen_runtime::informers::{
    EventHandler, EventHandlerFuncs, Notification, SharedInformer,
};
use kube_codegen_runtime::selector::LabelSelector;
use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};
use tokio::time::timeout;

use crate::common::App;

pub(crate) const WAIT: Duration = Duration::from_secs(10);

type Feed = UnboundedSender<Result<Event<App>, watcher::Error>>;

pub(crate) fn app(namespace: &str, name: &str, version: &str) -> App {
    App {
        metadata: ObjectMeta {
            name: Some(name.to_owned()),
            namespace: Some(namespace.to_owned()),
            resource_version: Some(version.to_owned()),
            ..ObjectMeta::default()
        },
        ..App::default()
    }
}

/// An informer fed by the returned sender instead of a watch.
fn scripted(resync: Duration) -> (SharedInformer<App>, Feed) {
    let (feed, events) = unbounded();
    (SharedInformer::from_stream(events, resync), feed)
}

fn send(feed: &Feed, events: impl IntoIterator<Item = Event<App>>) {
    for event in events {
        feed.unbounded_send(Ok(event)).expect("informer is running");
    }
}

/// A full list: `Init`, one `InitApply` per object, `InitDone`.
fn list(objects: &[App]) -> Vec<Event<App>> {
    let mut events = vec![Event::Init];
    events.extend(objects.iter().cloned().map(Event::InitApply));
    events.push(Event::InitDone);
    events
}

/// `ns/name@version`.
fn key(o: &App) -> String {
    format!(
        "{}/{}@{}",
        o.metadata.namespace.as_deref().unwrap_or_default(),
        o.metadata.name.as_deref().unwrap_or_default(),
        o.metadata.resource_version.as_deref().unwrap_or_default()
    )
}

fn describe(n: &Notification<App>) -> String {
    match n {
        Notification::Add {
            object,
            is_in_initial_list,
        } => format!(
            "add {}{}",
            key(object),
            if *is_in_initial_list {
                " (initial)"
            } else {
                ""
            }
        ),
        Notification::Update { old, new } if Arc::ptr_eq(old, new) => {
            format!("resync {}", key(new))
        }
        Notification::Update { old, new } => format!("update {} -> {}", key(old), key(new)),
        Notification::Delete { object } => format!("delete {}", key(object)),
    }
}

/// An event handler that reports each call, described, on a channel.
pub(crate) struct Recorder(tokio::sync::mpsc::UnboundedSender<String>);

impl EventHandler<App> for Recorder {
    fn on_add(&self, object: &Arc<App>, is_in_initial_list: bool) {
        let _ = self.0.send(describe(&Notification::Add {
            object: Arc::clone(object),
            is_in_initial_list,
        }));
    }

    fn on_update(&self, old: &Arc<App>, new: &Arc<App>) {
        let _ = self.0.send(describe(&Notification::Update {
            old: Arc::clone(old),
            new: Arc::clone(new),
        }));
    }

    fn on_delete(&self, object: &Arc<App>) {
        let _ = self.0.send(describe(&Notification::Delete {
            object: Arc::clone(object),
        }));
    }
}

pub(crate) fn recorder() -> (Recorder, UnboundedReceiver<String>) {
    let (tx, rx) = unbounded_channel();
    (Recorder(tx), rx)
}

/// The next `n` calls, sorted (the order within one list or relist is unspecified).
pub(crate) async fn next_sorted(rx: &mut UnboundedReceiver<String>, n: usize) -> Vec<String> {
    let mut seen = Vec::new();
    for _ in 0..n {
        let call = timeout(WAIT, rx.recv())
            .await
            .unwrap_or_else(|_| {
                let shown = &seen[..seen.len().min(10)];
                panic!(
                    "waited for {n} calls, got only {}: {shown:?} ...",
                    seen.len()
                )
            })
            .expect("handler alive");
        seen.push(call);
    }
    seen.sort();
    seen
}

/// Feeds a marker object and checks that it is the very next call: proves that
/// nothing else (no duplicate, no spurious event) was delivered before it.
async fn expect_nothing_more(feed: &Feed, rx: &mut UnboundedReceiver<String>, marker: &str) {
    send(feed, [Event::Apply(app("zz", marker, "1"))]);
    assert_eq!(next_sorted(rx, 1).await, [format!("add zz/{marker}@1")]);
}

#[tokio::test]
async fn initial_list_arrives_as_adds_then_the_informer_is_synced() {
    let (informer, feed) = scripted(Duration::ZERO);
    let (handler, mut calls) = recorder();
    let registration = informer.add_event_handler(handler);
    assert!(!informer.has_synced());
    informer.start();
    send(
        &feed,
        list(&[app("shop", "web", "1"), app("blog", "web", "1")]),
    );
    assert!(timeout(WAIT, informer.wait_for_sync()).await.unwrap());
    assert_eq!(
        next_sorted(&mut calls, 2).await,
        ["add blog/web@1 (initial)", "add shop/web@1 (initial)"]
    );
    timeout(WAIT, async {
        while !registration.has_synced() {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await
    .expect("the handler saw the whole initial list");
    expect_nothing_more(&feed, &mut calls, "marker").await;
    informer.shutdown().await;
}

#[tokio::test]
async fn watch_events_update_the_cache_and_reach_handlers_once() {
    let (informer, feed) = scripted(Duration::ZERO);
    let (handler, mut calls) = recorder();
    informer.add_event_handler(handler);
    informer.start();
    send(
        &feed,
        list(&[app("shop", "web", "1"), app("shop", "db", "1")]),
    );
    next_sorted(&mut calls, 2).await;

    send(
        &feed,
        [
            Event::Apply(app("shop", "web", "2")),
            // A resumed watch may repeat a version already seen.
            Event::Apply(app("shop", "web", "2")),
            Event::Delete(app("shop", "db", "3")),
            // A delete for something not cached was already reported.
            Event::Delete(app("shop", "db", "3")),
            Event::Apply(app("blog", "api", "4")),
        ],
    );
    assert_eq!(
        next_sorted(&mut calls, 1).await,
        ["update shop/web@1 -> shop/web@2"]
    );
    assert_eq!(
        next_sorted(&mut calls, 1).await,
        ["delete shop/db@3"],
        "the final state from the watch"
    );
    assert_eq!(next_sorted(&mut calls, 1).await, ["add blog/api@4"]);
    expect_nothing_more(&feed, &mut calls, "marker").await;

    let lister = informer.lister();
    assert_eq!(
        lister
            .namespace("shop")
            .get("web")
            .unwrap()
            .metadata
            .resource_version
            .as_deref(),
        Some("2")
    );
    assert!(lister.namespace("shop").get("db").is_none());
    assert_eq!(
        lister.list(&LabelSelector::everything()).len(),
        3,
        "web, api and the marker"
    );
    informer.shutdown().await;
}

#[tokio::test]
async fn a_relist_reports_exactly_what_changed_while_the_watch_was_down() {
    let (informer, feed) = scripted(Duration::ZERO);
    let (handler, mut calls) = recorder();
    informer.add_event_handler(handler);
    informer.start();
    send(
        &feed,
        list(&[
            app("a", "same", "1"),
            app("a", "changed", "1"),
            app("a", "gone", "1"),
        ]),
    );
    next_sorted(&mut calls, 3).await;
    let same = informer.lister().namespace("a").get("same").unwrap();

    // The watch expired (410 Gone); kube's watcher lists again.
    send(
        &feed,
        list(&[
            app("a", "same", "1"),
            app("a", "changed", "5"),
            app("b", "new", "6"),
        ]),
    );
    assert_eq!(
        next_sorted(&mut calls, 3).await,
        [
            "add b/new@6",
            "delete a/gone@1",
            "update a/changed@1 -> a/changed@5",
        ],
        "no add for unchanged objects, no `initial` flag after the first list"
    );
    expect_nothing_more(&feed, &mut calls, "marker").await;
    let relisted = informer.lister().namespace("a").get("same").unwrap();
    assert_eq!(same, relisted, "the same version");
    let in_store = informer
        .store()
        .get(&ObjectRef::new("same").within("a"))
        .unwrap();
    assert!(
        Arc::ptr_eq(&relisted, &in_store),
        "after a relist the listers read the reflector store's objects"
    );
    informer.shutdown().await;
}

#[tokio::test]
async fn a_handler_added_late_first_gets_the_cache_then_every_change() {
    let (informer, feed) = scripted(Duration::ZERO);
    let (early, mut early_calls) = recorder();
    informer.add_event_handler(early);
    informer.start();
    send(
        &feed,
        list(&[app("shop", "web", "1"), app("shop", "db", "1")]),
    );
    next_sorted(&mut early_calls, 2).await;

    let (late, mut late_calls) = recorder();
    let registration = informer.add_event_handler(late);
    assert_eq!(
        next_sorted(&mut late_calls, 2).await,
        ["add shop/db@1 (initial)", "add shop/web@1 (initial)"]
    );
    send(&feed, [Event::Apply(app("shop", "web", "2"))]);
    assert_eq!(
        next_sorted(&mut late_calls, 1).await,
        ["update shop/web@1 -> shop/web@2"]
    );
    assert_eq!(
        next_sorted(&mut early_calls, 1).await,
        ["update shop/web@1 -> shop/web@2"]
    );
    assert!(registration.has_synced());
    expect_nothing_more(&feed, &mut late_calls, "marker").await;
    informer.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn handlers_added_while_events_flow_miss_and_duplicate_nothing() {
    let (informer, feed) = scripted(Duration::ZERO);
    informer.start();
    send(&feed, list(&[]));
    assert!(timeout(WAIT, informer.wait_for_sync()).await.unwrap());
    let writer = {
        let feed = feed.clone();
        std::thread::spawn(move || {
            for i in 0..500 {
                send(&feed, [Event::Apply(app("ns", &format!("o{i}"), "1"))]);
            }
        })
    };
    // Register handlers while the informer is applying the writer's events: each
    // must end up with exactly one add per object, from its replay of the cache or
    // from the watch, never both and never neither.
    let mut receivers = Vec::new();
    for _ in 0..20 {
        let (handler, calls) = recorder();
        informer.add_event_handler(handler);
        receivers.push(calls);
        tokio::time::sleep(Duration::from_micros(200)).await;
    }
    writer.join().unwrap();
    let mut expected: Vec<String> = (0..500).map(|i| format!("ns/o{i}@1")).collect();
    expected.sort();
    for calls in &mut receivers {
        let mut keys: Vec<String> = next_sorted(calls, 500)
            .await
            .iter()
            .map(|c| {
                c.trim_start_matches("add ")
                    .trim_end_matches(" (initial)")
                    .to_owned()
            })
            .collect();
        keys.sort();
        assert_eq!(keys, expected);
    }
    send(&feed, [Event::Apply(app("zz", "marker", "1"))]);
    for calls in &mut receivers {
        assert_eq!(
            next_sorted(calls, 1).await,
            ["add zz/marker@1"],
            "nothing in between"
        );
    }
    informer.shutdown().await;
}

#[tokio::test]
async fn subscriptions_replay_the_cache_follow_changes_and_end_at_shutdown() {
    let (informer, feed) = scripted(Duration::ZERO);
    informer.start();
    send(&feed, list(&[app("shop", "web", "1")]));
    assert!(timeout(WAIT, informer.wait_for_sync()).await.unwrap());
    let mut stream = informer.subscribe();
    let first = timeout(WAIT, stream.next()).await.unwrap().unwrap();
    assert_eq!(describe(&first), "add shop/web@1 (initial)");
    send(&feed, [Event::Delete(app("shop", "web", "2"))]);
    let second = timeout(WAIT, stream.next()).await.unwrap().unwrap();
    assert_eq!(describe(&second), "delete shop/web@2");
    informer.shutdown().await;
    assert!(timeout(WAIT, stream.next()).await.unwrap().is_none());
}

#[tokio::test]
async fn resync_redelivers_every_cached_object_as_an_update_to_itself() {
    let (informer, feed) = scripted(Duration::from_millis(50));
    let (handler, mut calls) = recorder();
    informer.add_event_handler(handler);
    informer.start();
    send(
        &feed,
        list(&[app("shop", "web", "1"), app("blog", "web", "1")]),
    );
    next_sorted(&mut calls, 2).await;
    assert_eq!(
        next_sorted(&mut calls, 2).await,
        ["resync blog/web@1", "resync shop/web@1"]
    );
    informer.shutdown().await;
}

#[tokio::test]
async fn a_removed_handler_is_called_no_more() {
    let (informer, feed) = scripted(Duration::ZERO);
    let (kept, mut kept_calls) = recorder();
    let (removed, mut removed_calls) = recorder();
    informer.add_event_handler(kept);
    let registration = informer.add_event_handler(removed);
    informer.start();
    send(&feed, list(&[app("shop", "web", "1")]));
    next_sorted(&mut kept_calls, 1).await;
    next_sorted(&mut removed_calls, 1).await;
    registration.remove();
    send(&feed, [Event::Apply(app("shop", "web", "2"))]);
    next_sorted(&mut kept_calls, 1).await;
    informer.shutdown().await;
    assert!(
        removed_calls.recv().await.is_none(),
        "the removed handler got nothing after its removal, and its queue closed"
    );
}

#[tokio::test]
async fn shutdown_before_the_first_list_releases_waiters_with_false() {
    let (informer, feed) = scripted(Duration::ZERO);
    informer.start();
    send(
        &feed,
        [Event::Init, Event::InitApply(app("shop", "web", "1"))],
    );
    let waiter = {
        let informer = informer.clone();
        tokio::spawn(async move { informer.wait_for_sync().await })
    };
    informer.shutdown().await;
    assert!(!timeout(WAIT, waiter).await.unwrap().unwrap());
    assert!(
        informer
            .lister()
            .list(&LabelSelector::everything())
            .is_empty(),
        "a partial list never reaches the cache"
    );
}

#[tokio::test]
async fn the_reflector_store_holds_the_objects_the_listers_read() {
    let (informer, feed) = scripted(Duration::ZERO);
    let (tx, mut names) = unbounded_channel();
    informer.add_event_handler(EventHandlerFuncs::<App>::new().on_add(move |app, _| {
        let _ = tx.send(app.metadata.name.clone().unwrap_or_default());
    }));
    let store = informer.store();
    informer.start();
    send(&feed, list(&[app("shop", "web", "1")]));
    assert_eq!(timeout(WAIT, names.recv()).await.unwrap().unwrap(), "web");
    store.wait_until_ready().await.unwrap();
    let web = ObjectRef::<App>::new("web").within("shop");
    let from_store = store.get(&web).expect("in kube's store");
    let from_lister = informer.lister().namespace("shop").get("web").unwrap();
    assert!(
        Arc::ptr_eq(&from_store, &from_lister),
        "one copy of each object, shared by the store and the listers"
    );
    assert!(informer.lister().namespace("blog").get("web").is_none());

    send(&feed, [Event::Apply(app("shop", "web", "2"))]);
    send(&feed, [Event::Apply(app("shop", "api", "3"))]);
    assert_eq!(timeout(WAIT, names.recv()).await.unwrap().unwrap(), "api");
    assert_eq!(
        store
            .get(&web)
            .unwrap()
            .metadata
            .resource_version
            .as_deref(),
        Some("2")
    );
    send(&feed, [Event::Delete(app("shop", "web", "4"))]);
    send(&feed, [Event::Apply(app("shop", "last", "5"))]);
    assert_eq!(timeout(WAIT, names.recv()).await.unwrap().unwrap(), "last");
    assert!(store.get(&web).is_none());
    assert_eq!(store.len(), 2);
    informer.shutdown().await;
}

#[tokio::test]
async fn informers_run_on_the_fake_clientset() {
    use kube_codegen_runtime::params::{DeleteParams, PostParams};
    use kube_codegen_runtime::{Interface, fake};

    let fake = fake::Clientset::new([app("shop", "web", "").into()]);
    let informer = SharedInformer::from_stream(fake.watcher::<App>(""), Duration::ZERO);
    let (handler, mut calls) = recorder();
    informer.add_event_handler(handler);
    informer.start();
    assert!(timeout(WAIT, informer.wait_for_sync()).await.unwrap());
    let seeded = next_sorted(&mut calls, 1).await;
    assert_eq!(seeded.len(), 1);
    assert!(seeded[0].starts_with("add shop/web@"), "{seeded:?}");

    let apps = fake.resource::<App>("shop");
    apps.create(&PostParams::default(), &app("shop", "api", ""))
        .await
        .unwrap();
    assert!(next_sorted(&mut calls, 1).await[0].starts_with("add shop/api@"));
    apps.delete("web", &DeleteParams::default()).await.unwrap();
    assert!(next_sorted(&mut calls, 1).await[0].starts_with("delete shop/web@"));

    // The watch ends, a change happens, the history is compacted: the next
    // watch answers 410 Gone and the watcher lists again; the change made
    // meanwhile arrives once, nothing else is repeated.
    fake.tracker().close_watches();
    apps.create(&PostParams::default(), &app("shop", "late", ""))
        .await
        .unwrap();
    fake.tracker().compact();
    assert!(next_sorted(&mut calls, 1).await[0].starts_with("add shop/late@"));
    assert_eq!(
        informer.lister().list(&LabelSelector::everything()).len(),
        2
    );
    let verbs: Vec<String> = fake.actions().iter().map(|a| a.verb.clone()).collect();
    assert!(
        verbs.starts_with(&["list".to_owned(), "watch".to_owned()]),
        "{verbs:?}"
    );
    assert!(
        verbs.iter().filter(|v| *v == "list").count() >= 2,
        "relisted: {verbs:?}"
    );
    informer.shutdown().await;
}

/// `app` with one managed-fields entry, as the API server returns objects.
fn managed(mut app: App) -> App {
    use k8s_openapi::apimachinery::pkg::apis::meta::v1::ManagedFieldsEntry;
    app.metadata.managed_fields = Some(vec![ManagedFieldsEntry {
        manager: Some("kubectl".to_owned()),
        operation: Some("Apply".to_owned()),
        ..ManagedFieldsEntry::default()
    }]);
    app
}

#[tokio::test]
async fn an_informer_told_to_strips_managed_fields_from_everything_it_caches() {
    let (informer, feed) = scripted(Duration::ZERO);
    informer.strip_managed_fields();
    let (tx, mut seen) = unbounded_channel();
    informer.add_event_handler(
        EventHandlerFuncs::<App>::new()
            .on_add({
                let tx = tx.clone();
                move |app, _| {
                    let _ = tx.send(app.metadata.managed_fields.is_some());
                }
            })
            .on_update(move |_, app| {
                let _ = tx.send(app.metadata.managed_fields.is_some());
            }),
    );
    let store = informer.store();
    informer.start();
    send(&feed, list(&[managed(app("shop", "web", "1"))]));
    send(&feed, [Event::Apply(managed(app("shop", "web", "2")))]);
    send(&feed, [Event::Apply(managed(app("shop", "api", "3")))]);
    for _ in 0..3 {
        assert_eq!(
            timeout(WAIT, seen.recv()).await.unwrap(),
            Some(false),
            "handlers get objects without managed fields"
        );
    }
    for name in ["web", "api"] {
        let cached = informer.lister().namespace("shop").get(name).unwrap();
        assert!(cached.metadata.managed_fields.is_none(), "{name}");
        assert!(
            Arc::ptr_eq(
                &cached,
                &store
                    .get(&ObjectRef::<App>::new(name).within("shop"))
                    .unwrap()
            ),
            "kube's store holds the same stripped copy"
        );
    }
    informer.shutdown().await;
}

#[tokio::test]
async fn informers_keep_managed_fields_unless_told() {
    let (informer, feed) = scripted(Duration::ZERO);
    informer.start();
    send(&feed, list(&[managed(app("shop", "web", "1"))]));
    assert!(timeout(WAIT, informer.wait_for_sync()).await.unwrap());
    let cached = informer.lister().namespace("shop").get("web").unwrap();
    assert_eq!(
        cached.metadata.managed_fields.as_ref().map(Vec::len),
        Some(1)
    );
    informer.shutdown().await;
}
