//! The generator's phases, timed with criterion: parse, emit and render on the
//! App example, and the whole in-memory pipeline (no file writes) on synthetic
//! APIs of 10 and 100 kinds from bench/synth/synth.py.
//!
//! `cargo bench -p kube-codegen --bench pipeline`. For the comparison with Go's
//! code-generator and for peak memory, use bench/run.sh, which times the binary.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_main};
use kube_codegen::emit::EmitOptions;
use kube_codegen::parse::{ParseOptions, parse_dir};
use kube_codegen::pipeline::{self, Config};
use kube_codegen::write::{self, Boilerplate};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn config(input_dir: PathBuf, output_dir: PathBuf) -> Config {
    Config {
        input_dir,
        output_dir,
        crd_dirs: Vec::new(),
        boilerplate: Boilerplate::default(),
        parse: ParseOptions::default(),
        emit: EmitOptions::default(),
        crate_version: None,
        rbac: None,
        webhook: None,
        add_dependencies: false,
    }
}

fn phases(c: &mut Criterion) {
    let input = repo_root().join("apis/src");
    let opts = ParseOptions::default();
    let emit = EmitOptions::default();
    let parsed = parse_dir(&input, &opts).expect("apis/src parses");
    let files = pipeline::emit_all(&parsed.api, &emit).expect("apis/src emits");
    let boilerplate = Boilerplate::default();

    let mut group = c.benchmark_group("app");
    group.bench_function("parse", |b| {
        b.iter(|| parse_dir(black_box(&input), &opts).unwrap())
    });
    group.bench_function("emit", |b| {
        b.iter(|| pipeline::emit_all(black_box(&parsed.api), &emit).unwrap())
    });
    group.bench_function("render", |b| {
        b.iter(|| {
            for file in &files {
                black_box(write::render(file, &boilerplate).unwrap());
            }
        })
    });
    group.bench_function("run", |b| {
        let cfg = config(input.clone(), PathBuf::from("generated"));
        b.iter(|| pipeline::run(black_box(&cfg)).unwrap())
    });
    group.finish();
}

/// The synthetic API of `kinds` kinds, written by synth.py into `dir`; `None`
/// without python3.
fn synth(kinds: usize, dir: &Path) -> Option<PathBuf> {
    let out = dir.join(format!("synth-{kinds}"));
    let status = Command::new("python3")
        .arg(repo_root().join("bench/synth/synth.py"))
        .args(["--kinds", &kinds.to_string(), "--out"])
        .arg(&out)
        .status()
        .ok()?;
    status.success().then_some(out)
}

fn scale(c: &mut Criterion) {
    let tmp = tempfile::tempdir().unwrap();
    let mut group = c.benchmark_group("synthetic");
    group.sample_size(10);
    for kinds in [10, 100] {
        let Some(input) = synth(kinds, tmp.path()) else {
            eprintln!("python3 not found: skipping the synthetic benchmarks");
            return;
        };
        let cfg = config(input, tmp.path().join("out"));
        group.throughput(Throughput::Elements(kinds as u64));
        group.bench_with_input(BenchmarkId::new("run", kinds), &cfg, |b, cfg| {
            b.iter(|| pipeline::run(black_box(cfg)).unwrap())
        });
    }
    group.finish();
}

// criterion's macro writes an undocumented `pub fn`; in a private module it is
// not one of the crate's public items (`missing_docs`).
mod group {
    criterion::criterion_group!(benches, super::phases, super::scale);
}
criterion_main!(group::benches);
