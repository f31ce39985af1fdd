//! What server-side apply, defaulting and validation cost per object, for the
//! fake clientset that will run them on every write: the engines
//! (`kube-codegen-merge`, `kube-codegen-schema`) on a realistic CronTab of
//! the fixture API (pod template, env map, lists, conditions; its CRD has
//! ~7000 lines of schema) against what a write costs the fake without them
//! (the typed object to JSON and back).
//!
//! Then the same writes through the fake clientset (`create`, `update`,
//! `apply` of a CronTab), with the fixture's CRDs registered (the engines on
//! every write) next to the fake without them, which a user's unit test pays.
//!
//! Prints per-object times and their ratio to that baseline, then criterion's
//! timings. Run: `cargo bench -p e2e --bench ssa`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;
use fixture_generated::apis::batch::v1::CronTab;
use fixture_generated::clientset::prelude::*;
use fixture_generated::clientset::{ApplyParams, fake};
use futures::executor::block_on;
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::Time;
use kube::api::PostParams;
use kube_codegen_merge::{FieldManager, Subresource};
use kube_codegen_schema::CustomResourceSchemas;
use serde_json::Value;

#[path = "common/crontab.rs"]
mod crontab;

use crontab::crontab;

struct Setup {
    fm: FieldManager,
    schemas: CustomResourceSchemas,
    typed: CronTab,
    json: Value,
    now: Time,
}

fn setup() -> Setup {
    let crd: CustomResourceDefinition =
        serde_saphyr::from_str(fixture_generated::crds::CRONTABS_BATCH_FIXTURE_EXAMPLE_COM)
            .expect("the CronTab CRD parses");
    let typed = crontab("registry.example.com/job:v2");
    let json = serde_json::to_value(&typed).expect("a CronTab serializes");
    Setup {
        fm: FieldManager::for_crd(&crd),
        schemas: CustomResourceSchemas::for_crd(&crd),
        typed,
        json,
        now: Time(k8s_openapi::jiff::Timestamp::now()),
    }
}

/// The write path without the engines: the fake turns the typed object into
/// JSON to store it and back into the type to answer.
fn baseline(s: &Setup) -> CronTab {
    let v = serde_json::to_value(&s.typed).expect("serializes");
    serde_json::from_value(v).expect("deserializes")
}

/// A create: decode (prune, nulls, metadata, defaults), managed fields,
/// validation.
fn create(s: &Setup) -> Value {
    let v = s.schemas.for_object(&s.json).expect("v1");
    let mut obj = s.json.clone();
    v.decode(&mut obj).expect("decodes");
    s.fm.update(Subresource::Main, &Value::Null, &mut obj, "bench", &s.now);
    assert!(v.validate_create(&obj).is_empty());
    obj
}

/// An update of the created object: managed fields and validation with the
/// old object (transition rules, ratcheting).
fn update(s: &Setup, live: &Value) -> Value {
    let v = s.schemas.for_object(live).expect("v1");
    let mut obj = live.clone();
    obj["spec"]["replicas"] = 4.into();
    v.decode(&mut obj).expect("decodes");
    s.fm.update(Subresource::Main, live, &mut obj, "bench", &s.now);
    assert!(v.validate_update(&obj, live).is_empty());
    obj
}

/// A server-side apply of the whole object onto the created one by another
/// manager, forced, then defaults and validation.
fn apply(s: &Setup, live: &Value) -> Value {
    let v = s.schemas.for_object(live).expect("v1");
    let mut obj =
        s.fm.apply(Subresource::Main, live, &s.json, "applier", true, &s.now)
            .expect("applies");
    v.default(&mut obj);
    assert!(v.validate_update(&obj, live).is_empty());
    obj
}

fn per_op(mut f: impl FnMut()) -> Duration {
    for _ in 0..20 {
        f();
    }
    let n = 300;
    let start = Instant::now();
    for _ in 0..n {
        f();
    }
    start.elapsed() / n
}

fn report(s: &Setup) {
    let live = create(s);
    let base = per_op(|| drop(black_box(baseline(s))));
    let v = s.schemas.for_object(&s.json).expect("v1");
    let mut decoded = s.json.clone();
    v.decode(&mut decoded).expect("decodes");
    let rows = [
        (
            "create: decode + managed fields + validate",
            per_op(|| drop(black_box(create(s)))),
        ),
        (
            "  of which decode (prune, nulls, metadata, defaults)",
            per_op(|| {
                let mut obj = s.json.clone();
                black_box(v.decode(&mut obj).expect("decodes"));
            }),
        ),
        (
            "  of which validate (OpenAPI, list types, CEL)",
            per_op(|| drop(black_box(v.validate_create(&decoded)))),
        ),
        (
            "  of which managed fields of a create",
            per_op(|| {
                let mut obj = decoded.clone();
                s.fm.update(Subresource::Main, &Value::Null, &mut obj, "bench", &s.now);
                black_box(obj);
            }),
        ),
        (
            "update: decode + managed fields + validate with old",
            per_op(|| drop(black_box(update(s, &live)))),
        ),
        (
            "apply: merge + conflicts + defaults + validate with old",
            per_op(|| drop(black_box(apply(s, &live)))),
        ),
        (
            "  of which the apply merge and managed fields",
            per_op(|| {
                drop(black_box(s.fm.apply(
                    Subresource::Main,
                    &live,
                    &s.json,
                    "applier",
                    true,
                    &s.now,
                )))
            }),
        ),
    ];
    println!(
        "per CronTab write (3 containers, 16 env entries, conditions; release build recommended):"
    );
    println!(
        "  {:<58} {:>9.1} µs   1.0x",
        "without the engines (typed -> JSON -> typed)",
        base.as_secs_f64() * 1e6
    );
    for (name, d) in rows {
        println!(
            "  {name:<58} {:>9.1} µs  {:>4.1}x",
            d.as_secs_f64() * 1e6,
            d.as_secs_f64() / base.as_secs_f64()
        );
    }
}

/// The fake clientset's writes of a CronTab, with or without its CRD.
struct FakeWrites {
    fake: fake::Clientset,
    typed: CronTab,
    created: u64,
    live: CronTab,
}

impl FakeWrites {
    fn new(with_crds: bool) -> FakeWrites {
        let mut fake = fake::Clientset::default();
        if with_crds {
            fake = fake.with_crds(fixture_generated::crds::all());
        }
        let typed = crontab("registry.example.com/job:v2");
        let live = block_on(
            fake.batch_v1()
                .cron_tabs("default")
                .create(&PostParams::default(), &typed),
        )
        .expect("creates");
        FakeWrites {
            fake,
            typed,
            created: 0,
            live,
        }
    }

    fn create(&mut self) {
        self.created += 1;
        let mut object = self.typed.clone();
        object.metadata.name = Some(format!("c{}", self.created));
        let api = self.fake.batch_v1().cron_tabs("default");
        black_box(block_on(api.create(&PostParams::default(), &object)).expect("creates"));
    }

    fn update(&mut self) {
        let mut object = self.live.clone();
        object.spec.replicas = if object.spec.replicas == 3 { 4 } else { 3 };
        let api = self.fake.batch_v1().cron_tabs("default");
        self.live = block_on(api.update(&PostParams::default(), &object)).expect("updates");
    }

    fn apply(&mut self, image: &str) {
        let config = crontab(image);
        let params = ApplyParams::new("applier").force();
        let api = self.fake.batch_v1().cron_tabs("default");
        black_box(block_on(api.apply("bench", &config, &params)).expect("applies"));
    }
}

fn report_fake() {
    // What a test that builds its own fake pays once: the first fake of the
    // process parses and compiles the CronTab CRD on its first write; later
    // fakes reuse the compiled engines.
    let start = Instant::now();
    black_box(FakeWrites::new(true));
    let first_in_process = start.elapsed();
    let mut plain = FakeWrites::new(false);
    let mut engines = FakeWrites::new(true);
    let images = ["registry.example.com/job:v2", "registry.example.com/job:v3"];
    let mut i = 0;
    let mut next_image = move || {
        i += 1;
        images[i % 2]
    };
    let rows = [
        (
            "create",
            per_op(|| plain.create()),
            per_op(|| engines.create()),
        ),
        (
            "update",
            per_op(|| plain.update()),
            per_op(|| engines.update()),
        ),
        (
            "apply (forced, image changes)",
            per_op(|| plain.apply(next_image())),
            per_op(|| engines.apply(next_image())),
        ),
    ];
    let first = |with_crds: bool| {
        let n = 10;
        let start = Instant::now();
        for _ in 0..n {
            black_box(FakeWrites::new(with_crds));
        }
        start.elapsed() / n
    };
    let setup = (first(false), first(true));
    println!("per CronTab write through the fake clientset:");
    println!(
        "  {:<36} {:>14} {:>16} {:>7}",
        "", "without CRD", "with its CRD", "ratio"
    );
    let setup_rows = [
        (
            "first fake of the process + create",
            setup.0,
            first_in_process,
        ),
        ("new fake + first create", setup.0, setup.1),
    ];
    for (name, without, with) in setup_rows.into_iter().chain(rows) {
        println!(
            "  {name:<36} {:>11.1} µs {:>13.1} µs {:>6.1}x",
            without.as_secs_f64() * 1e6,
            with.as_secs_f64() * 1e6,
            with.as_secs_f64() / without.as_secs_f64()
        );
    }
}

fn bench(c: &mut Criterion) {
    let s = setup();
    let live = create(&s);
    let mut group = c.benchmark_group("ssa");
    group.bench_function("baseline", |b| b.iter(|| black_box(baseline(&s))));
    group.bench_function("create", |b| b.iter(|| black_box(create(&s))));
    group.bench_function("update", |b| b.iter(|| black_box(update(&s, &live))));
    group.bench_function("apply", |b| b.iter(|| black_box(apply(&s, &live))));
    group.finish();
}

// criterion's macro writes an undocumented `pub fn`; in a private module it is
// not one of the crate's public items (`missing_docs`).
mod group {
    criterion::criterion_group!(benches, super::bench);
}

fn main() {
    report(&setup());
    report_fake();
    group::benches();
    Criterion::default().configure_from_args().final_summary();
}
