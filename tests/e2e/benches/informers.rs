//! Lister reads and cache memory of the generated informers, against a plain
//! `kube::runtime::reflector::Store` holding the same 10,000 objects and answering
//! the same questions. No API server: both caches are filled from the same
//! watcher events.
//!
//! Run with `cargo bench -p e2e --bench informers`. It first prints the memory
//! each cache holds per object (counted by a global allocator), then criterion's
//! timings for: get by namespace and name, list one namespace by label selector,
//! and list all namespaces by label selector; and the cost of decoding object by
//! object (what lets informers survive an object that does not decode) against
//! kube's plain typed decoding of the same list body.

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::BTreeMap;
use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::{AtomicIsize, Ordering};
use std::time::Duration;

use criterion::Criterion;
use generated::apis::myapp::v1::{App, AppSpec, DeploymentSpec, ServiceSpec};
use generated::informers::SharedInformer;
use generated::informers::myapp::v1::AppInformer;
use generated::listers::LabelSelector;
use generated::listers::myapp::v1::AppLister;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::Time;
use kube::api::ObjectList;
use kube::core::{Expression, ListMeta, ObjectMeta, Selector, SelectorExt};
use kube::runtime::reflector::{self, ObjectRef, Store};
use kube::runtime::watcher::Event;
use kube_codegen_runtime::informers::Decoded;

/// Counts the bytes currently allocated, to measure what each cache retains.
struct Counting;

static LIVE_BYTES: AtomicIsize = AtomicIsize::new(0);

// SAFETY: every method forwards to the system allocator with the caller's
// arguments unchanged; the counter is only bookkeeping.
#[allow(unsafe_code)] // `GlobalAlloc` is an unsafe trait.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE_BYTES.fetch_add(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: forwarded as is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE_BYTES.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: forwarded as is.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE_BYTES.fetch_add(
            new_size as isize - layout.size() as isize,
            Ordering::Relaxed,
        );
        // SAFETY: forwarded as is.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn live_bytes() -> isize {
    LIVE_BYTES.load(Ordering::Relaxed)
}

const OBJECTS: usize = 10_000;
const NAMESPACES: usize = 100;
const TIERS: [&str; 4] = ["web", "db", "cache", "queue"];

/// Object `i`: namespace `ns-{i % 100}`, a realistic amount of metadata, and a
/// `tier` label shared by a quarter of the objects.
fn app(i: usize) -> App {
    let name = format!("app-{i:05}");
    App {
        metadata: ObjectMeta {
            name: Some(name.clone()),
            namespace: Some(format!("ns-{:03}", i % NAMESPACES)),
            uid: Some(format!("6f1c2a3b-0000-4000-8000-{i:012}")),
            resource_version: Some((100_000 + i).to_string()),
            generation: Some(1),
            creation_timestamp: Some(Time("2025-01-01T00:00:00Z".parse().expect("timestamp"))),
            labels: Some(BTreeMap::from([
                ("app.kubernetes.io/name".to_owned(), name.clone()),
                ("tier".to_owned(), TIERS[i % TIERS.len()].to_owned()),
                ("team".to_owned(), format!("team-{}", i % 7)),
            ])),
            ..ObjectMeta::default()
        },
        spec: AppSpec {
            deployment: DeploymentSpec {
                name: name.clone(),
                image: "registry.example.com/shop/web:1.27.3".to_owned(),
                replicas: Some(3),
            },
            service: ServiceSpec { name },
        },
        status: None,
    }
}

/// A complete initial list, as kube's watcher delivers it.
fn list_events() -> Vec<Event<App>> {
    let mut events = Vec::with_capacity(OBJECTS + 2);
    events.push(Event::Init);
    events.extend((0..OBJECTS).map(|i| Event::InitApply(app(i))));
    events.push(Event::InitDone);
    events
}

/// The generated informer, synced from the list, and the bytes it retains.
fn generated_cache(runtime: &tokio::runtime::Runtime) -> (AppInformer, isize) {
    let before = live_bytes();
    let informer = runtime.block_on(async {
        let events = futures::stream::iter(list_events().into_iter().map(Ok));
        let informer: AppInformer = SharedInformer::from_stream(events, Duration::ZERO);
        informer.start();
        assert!(informer.wait_for_sync().await);
        informer
    });
    // The informer's task ends with the stream; let it drop what it held.
    runtime.block_on(tokio::task::yield_now());
    (informer, live_bytes() - before)
}

/// kube's reflector store filled from the same list, and the bytes it retains.
fn kube_store() -> (Store<App>, reflector::store::Writer<App>, isize) {
    let before = live_bytes();
    let (store, mut writer) = reflector::store::<App>();
    for event in list_events() {
        writer.apply_watcher_event(&event);
    }
    (store, writer, live_bytes() - before)
}

/// The objects alone, each behind an `Arc` as both caches keep them (not
/// counting the `Vec` that holds them here).
fn payload_bytes() -> isize {
    let before = live_bytes();
    let objects: Vec<Arc<App>> = (0..OBJECTS).map(|i| Arc::new(app(i))).collect();
    let vec_bytes = objects.capacity() * std::mem::size_of::<Arc<App>>();
    let bytes = live_bytes() - before - vec_bytes as isize;
    drop(objects);
    bytes
}

fn report_memory(generated: isize, kube: isize) {
    let payload = payload_bytes();
    let per = |bytes: isize| bytes as f64 / OBJECTS as f64;
    println!("memory for {OBJECTS} cached App objects in {NAMESPACES} namespaces:");
    println!(
        "  objects alone (Arc<App>):           {:>8.0} B/object",
        per(payload)
    );
    println!(
        "  generated informer (Store + index): {:>8.0} B/object  ({:+.0} B/object beyond the objects)",
        per(generated),
        per(generated - payload)
    );
    println!(
        "  kube::runtime::reflector::Store:    {:>8.0} B/object  ({:+.0} B/object beyond the objects)",
        per(kube),
        per(kube - payload)
    );
    println!(
        "  ratio generated / Store:            {:>8.2}",
        generated as f64 / kube as f64
    );
}

/// Lookup keys in a fixed pseudo-random order, so runs are comparable.
fn keys() -> Vec<(String, String)> {
    let mut i = 0usize;
    (0..1024)
        .map(|_| {
            i = (i * 7919 + 13) % OBJECTS;
            (format!("ns-{:03}", i % NAMESPACES), format!("app-{i:05}"))
        })
        .collect()
}

fn benches(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let (informer, generated_bytes) = generated_cache(&runtime);
    let (store, _writer, kube_bytes) = kube_store();
    report_memory(generated_bytes, kube_bytes);

    let lister: AppLister = informer.lister();
    let keys = keys();
    let web = LabelSelector::parse("tier=web").expect("selector");
    let kube_web: Selector = Expression::Equal("tier".into(), "web".into()).into();
    assert_eq!(lister.list(&LabelSelector::everything()).len(), OBJECTS);
    assert_eq!(store.state().len(), OBJECTS);

    let mut group = c.benchmark_group("get by namespace and name");
    let mut n = 0;
    group.bench_function("generated lister: namespace(ns).get(name)", |b| {
        b.iter(|| {
            let (ns, name) = &keys[n % keys.len()];
            n += 1;
            black_box(lister.namespace(ns).get(name))
        })
    });
    group.bench_function("kube Store: get(ObjectRef)", |b| {
        b.iter(|| {
            let (ns, name) = &keys[n % keys.len()];
            n += 1;
            black_box(store.get(&ObjectRef::new(name).within(ns)))
        })
    });
    group.finish();

    let mut group = c.benchmark_group("list one namespace by label (tier=web)");
    group.bench_function("generated lister: namespace(ns).list(selector)", |b| {
        b.iter(|| {
            let (ns, _) = &keys[n % keys.len()];
            n += 1;
            black_box(lister.namespace(ns).list(&web))
        })
    });
    group.bench_function("kube Store: state_filter(namespace && selector)", |b| {
        b.iter(|| {
            let (ns, _) = &keys[n % keys.len()];
            n += 1;
            black_box(store.state_filter(|app| {
                app.metadata.namespace.as_deref() == Some(ns.as_str())
                    && kube_web.matches(app.metadata.labels.as_ref().unwrap_or(&BTreeMap::new()))
            }))
        })
    });
    group.finish();

    let mut group = c.benchmark_group("list all namespaces by label (tier=web)");
    group.bench_function("generated lister: list(selector)", |b| {
        b.iter(|| black_box(lister.list(&web)))
    });
    group.bench_function("kube Store: state_filter_selector(selector)", |b| {
        b.iter(|| black_box(store.state_filter_selector(&kube_web)))
    });
    group.finish();
}

/// A list response body of 1,000 Apps, as the API server sends it.
fn list_body() -> String {
    let list = ObjectList {
        types: Default::default(),
        metadata: ListMeta::default(),
        items: (0..1_000).map(app).collect::<Vec<_>>(),
    };
    serde_json::to_string(&list).expect("serializable")
}

/// What an informer pays to decode a list object by object (through
/// `serde_json::Value`), next to kube's typed decoding that fails the whole
/// list on one bad object.
fn decoding(c: &mut Criterion) {
    let body = list_body();
    let mut group = c.benchmark_group("decode a list body of 1,000 Apps");
    group.bench_function("kube: ObjectList<App>", |b| {
        b.iter(|| black_box(serde_json::from_str::<ObjectList<App>>(&body).expect("decodes")))
    });
    group.bench_function(
        "informer: ObjectList<Decoded<App>> (object by object)",
        |b| {
            b.iter(|| {
                let list =
                    serde_json::from_str::<ObjectList<Decoded<App>>>(&body).expect("decodes");
                assert!(matches!(list.items[0], Decoded::Object(_)));
                black_box(list)
            })
        },
    );
    group.finish();
}

// criterion's macro writes an undocumented `pub fn`; in a private module it is
// not one of the crate's public items (`missing_docs`).
mod group {
    use super::{Criterion, Duration};

    criterion::criterion_group! {
        name = informers;
        config = Criterion::default()
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(3))
            .sample_size(50);
        targets = super::benches, super::decoding
    }
}

fn main() {
    group::informers();
    Criterion::default().configure_from_args().final_summary();
}
