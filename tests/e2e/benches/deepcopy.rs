//! The generated deep-copy `Clone`: `clone_from` into an existing object (the
//! DeepCopyInto analogue, reusing its allocations field by field) against
//! `clone` into a fresh one, for a realistic CronTab of the fixture API (pod
//! template with containers, env map, notification list, conditions).
//!
//! Prints the allocations each makes (counted by a wrapping global allocator),
//! then criterion's timings. Run: `cargo bench -p e2e --bench deepcopy`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};

use criterion::Criterion;
#[path = "common/crontab.rs"]
mod crontab;

use crontab::crontab;

/// Counts allocations; everything else is the system allocator.
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is forwarded unchanged to `System`, which upholds the
// `GlobalAlloc` contract; the counter has no effect on memory.
#[allow(unsafe_code)] // `GlobalAlloc` is an unsafe trait.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: same layout as given to us, per the trait contract.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations(f: impl FnOnce()) -> u64 {
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    f();
    ALLOCATIONS.load(Ordering::Relaxed) - before
}

fn report_allocations() {
    let source = crontab("registry.example.com/job:v2");
    let mut target = crontab("registry.example.com/job:v1");
    let fresh = allocations(|| drop(black_box(source.clone())));
    let reused = allocations(|| target.clone_from(black_box(&source)));
    assert_eq!(target, source, "clone_from must produce an equal object");
    let again = allocations(|| target.clone_from(black_box(&source)));
    println!("deep copy of a CronTab (3 containers, 16 env entries, conditions):");
    println!("  clone into a new value:                    {fresh:>4} allocations");
    println!("  clone_from into a same-shaped value:       {reused:>4} allocations");
    println!("  clone_from into an equal value (resync):   {again:>4} allocations");
}

fn bench(c: &mut Criterion) {
    let source = crontab("registry.example.com/job:v2");
    let mut target = crontab("registry.example.com/job:v1");
    let mut group = c.benchmark_group("deepcopy");
    group.bench_function("clone", |b| b.iter(|| black_box(source.clone())));
    group.bench_function("clone_from", |b| {
        b.iter(|| target.clone_from(black_box(&source)))
    });
    group.finish();
}

// criterion's macro writes an undocumented `pub fn`; in a private module it is
// not one of the crate's public items (`missing_docs`).
mod group {
    criterion::criterion_group!(benches, super::bench);
}

fn main() {
    report_allocations();
    group::benches();
    Criterion::default().configure_from_args().final_summary();
}
