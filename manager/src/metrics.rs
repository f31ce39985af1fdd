//! The manager's Prometheus metrics, under controller-runtime's names, help
//! texts, labels and buckets (sigs.k8s.io/controller-runtime v0.25.2:
//! pkg/internal/controller/metrics/metrics.go, pkg/internal/metrics/workqueue.go,
//! pkg/metrics/leaderelection.go, pkg/metrics/client_go_adapter.go), so that
//! dashboards and alerts made for Go operators work unchanged:
//!
//! | metric | type | what |
//! |---|---|---|
//! | `controller_runtime_reconcile_total{controller,result}` | counter | reconciles by `success`, `error`, `requeue`, `requeue_after` |
//! | `controller_runtime_reconcile_errors_total{controller}` | counter | reconciles that failed (errors and panics) |
//! | `controller_runtime_terminal_reconcile_errors_total{controller}` | counter | failures the error policy does not retry |
//! | `controller_runtime_reconcile_panics_total{controller}` | counter | reconciles that panicked |
//! | `controller_runtime_reconcile_timeouts_total{controller}` | counter | reconciles that timed out (the manager sets no timeout: 0) |
//! | `controller_runtime_reconcile_time_seconds{controller}` | histogram | time per reconcile |
//! | `controller_runtime_active_workers{controller}` | gauge | reconciles running now |
//! | `controller_runtime_max_concurrent_reconciles{controller}` | gauge | the controller's workers |
//! | `workqueue_depth{controller,name,priority}` | gauge | objects requested and not yet being reconciled (`priority` is empty: kube-runtime's scheduler has none) |
//! | `workqueue_adds_total{controller,name}` | counter | objects requested that were not waiting already |
//! | `workqueue_retries_total{controller,name}` | counter | reconciles scheduled after a delay (a failure's backoff, a requeue after) |
//! | `workqueue_queue_duration_seconds{controller,name}` | histogram | time from request to reconcile start |
//! | `workqueue_work_duration_seconds{controller,name}` | histogram | time per reconcile |
//! | `workqueue_unfinished_work_seconds{controller,name}` | gauge | the ages of the reconciles running now, summed |
//! | `workqueue_longest_running_processor_seconds{controller,name}` | gauge | the age of the oldest reconcile running now |
//! | `leader_election_master_status{name}` | gauge | 1 while this replica leads (holds the Lease `name`, or runs without leader election) |
//! | `rest_client_requests_total{code,host,method}` | counter | API requests of clients made by [`crate::Args::client`] ([`crate::client_metrics`]) |
//! | `process_*` | | CPU, memory, file descriptors, start time, network of the process (read from `/proc` at each scrape) |
//!
//! Operators add their own metrics to the same registry with
//! [`Metrics::register`]; `/metrics` serves them all.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use prometheus_client::collector::Collector;
use prometheus_client::encoding::text::encode;
use prometheus_client::encoding::{DescriptorEncoder, EncodeMetric};
use prometheus_client::metrics::MetricType;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::{ConstGauge, Gauge};
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::{Metric, Registry};

use crate::as_go::register_as_go;
use crate::key::ObjectKey;

type ControllerLabel = [(&'static str, String); 1];
type ResultLabels = [(&'static str, String); 2];
type QueueLabels = [(&'static str, String); 2];
type DepthLabels = [(&'static str, String); 3];

/// controller-runtime's buckets of `controller_runtime_reconcile_time_seconds`.
const RECONCILE_BUCKETS: [f64; 40] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9,
    1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 15.0, 20.0,
    25.0, 30.0, 40.0, 50.0, 60.0,
];

/// The result label of one reconcile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReconcileResult {
    /// It succeeded and waits for the next change.
    Success,
    /// It succeeded and asked to run again after a delay.
    RequeueAfter,
    /// It succeeded and asked to run again at once (`Action::requeue` of
    /// zero: controller-runtime's `Result{Requeue: true}`).
    Requeue,
    /// It failed (returned an error, or panicked).
    Error,
}

impl ReconcileResult {
    /// Every result, as controller-runtime initialises them.
    pub const ALL: [ReconcileResult; 4] = [
        ReconcileResult::Error,
        ReconcileResult::RequeueAfter,
        ReconcileResult::Requeue,
        ReconcileResult::Success,
    ];

    /// The `result` label value, as controller-runtime writes it.
    pub fn label(self) -> &'static str {
        match self {
            ReconcileResult::Success => "success",
            ReconcileResult::RequeueAfter => "requeue_after",
            ReconcileResult::Requeue => "requeue",
            ReconcileResult::Error => "error",
        }
    }
}

/// The reconciles one controller is running, and since when.
#[derive(Clone, Debug, Default)]
pub(crate) struct InFlight(Arc<Mutex<HashMap<ObjectKey, Instant>>>);

impl InFlight {
    /// A reconcile of `key` started.
    pub(crate) fn start(&self, key: &ObjectKey) {
        lock(&self.0).insert(key.clone(), Instant::now());
    }

    /// The reconcile of `key` finished.
    pub(crate) fn finish(&self, key: &ObjectKey) {
        lock(&self.0).remove(key);
    }

    /// The running reconciles' ages summed, and the oldest's, in seconds.
    fn ages(&self) -> (f64, f64) {
        let now = Instant::now();
        lock(&self.0)
            .values()
            .fold((0.0, 0.0), |(total, oldest), since| {
                let age = now.duration_since(*since).as_secs_f64();
                (total + age, f64::max(oldest, age))
            })
    }
}

/// `workqueue_unfinished_work_seconds` and
/// `workqueue_longest_running_processor_seconds` of every controller,
/// computed at scrape time (client-go updates them every 500 ms).
#[derive(Debug, Default)]
struct UnfinishedWork(Mutex<Vec<(String, InFlight)>>);

impl Collector for UnfinishedWork {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let queues: Vec<(String, (f64, f64))> = lock(&self.0)
            .iter()
            .map(|(name, in_flight)| (name.clone(), in_flight.ages()))
            .collect();
        if queues.is_empty() {
            return Ok(());
        }
        for (metric, help, pick) in [
            (
                "workqueue_unfinished_work_seconds",
                "How many seconds of work has been done that is in progress and hasn't been \
                 observed by work_duration. Large values indicate stuck threads. One can deduce \
                 the number of stuck threads by observing the rate at which this increases.",
                (|(total, _)| total) as fn((f64, f64)) -> f64,
            ),
            (
                "workqueue_longest_running_processor_seconds",
                "How many seconds has the longest running processor for workqueue been running.",
                |(_, oldest)| oldest,
            ),
        ] {
            let mut family = encoder.encode_descriptor(metric, help, None, MetricType::Gauge)?;
            for (name, ages) in &queues {
                ConstGauge::new(pick(*ages)).encode(family.encode_family(&queue(name))?)?;
            }
        }
        Ok(())
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// All metrics of one manager; cloning gives another handle to the same ones.
#[derive(Clone)]
pub struct Metrics {
    inner: Arc<Inner>,
}

struct Inner {
    registry: Mutex<Registry>,
    reconciles: Family<ResultLabels, Counter>,
    errors: Family<ControllerLabel, Counter>,
    terminal_errors: Family<ControllerLabel, Counter>,
    panics: Family<ControllerLabel, Counter>,
    timeouts: Family<ControllerLabel, Counter>,
    reconcile_time: Family<ControllerLabel, Histogram>,
    active: Family<ControllerLabel, Gauge>,
    max_concurrent: Family<ControllerLabel, Gauge>,
    depth: Family<DepthLabels, Gauge>,
    adds: Family<QueueLabels, Counter>,
    retries: Family<QueueLabels, Counter>,
    queue_duration: Family<QueueLabels, Histogram>,
    work_duration: Family<QueueLabels, Histogram>,
    unfinished: Arc<UnfinishedWork>,
    leader: Family<ControllerLabel, Gauge>,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

fn queue_histogram() -> Histogram {
    // client-go's workqueue buckets: 10 ns .. 1000 s.
    Histogram::new(exponential_buckets(10e-9, 10.0, 12))
}

fn controller(name: &str) -> ControllerLabel {
    [("controller", name.to_owned())]
}

fn queue(name: &str) -> QueueLabels {
    [("controller", name.to_owned()), ("name", name.to_owned())]
}

/// The depth's labels: the queue's, and no priority (kube-runtime's scheduler
/// has none; controller-runtime's classic work queue reports `""` too).
fn depth(name: &str) -> DepthLabels {
    let [controller, name] = queue(name);
    [controller, name, ("priority", String::new())]
}

impl Metrics {
    /// Fresh metrics in their own registry.
    pub fn new() -> Self {
        let mut registry = Registry::default();
        let reconciles = Family::<ResultLabels, Counter>::default();
        let errors = Family::<ControllerLabel, Counter>::default();
        let terminal_errors = Family::<ControllerLabel, Counter>::default();
        let panics = Family::<ControllerLabel, Counter>::default();
        let timeouts = Family::<ControllerLabel, Counter>::default();
        let reconcile_time = Family::<ControllerLabel, Histogram>::new_with_constructor(
            (|| Histogram::new(RECONCILE_BUCKETS)) as fn() -> Histogram,
        );
        let active = Family::<ControllerLabel, Gauge>::default();
        let max_concurrent = Family::<ControllerLabel, Gauge>::default();
        let depth = Family::<DepthLabels, Gauge>::default();
        let adds = Family::<QueueLabels, Counter>::default();
        let retries = Family::<QueueLabels, Counter>::default();
        let queue_duration = Family::<QueueLabels, Histogram>::new_with_constructor(
            queue_histogram as fn() -> Histogram,
        );
        let work_duration = Family::<QueueLabels, Histogram>::new_with_constructor(
            queue_histogram as fn() -> Histogram,
        );
        let unfinished = Arc::new(UnfinishedWork::default());
        let leader = Family::<ControllerLabel, Gauge>::default();
        register_as_go(
            &mut registry,
            "controller_runtime_reconcile",
            "Total number of reconciliations per controller",
            reconciles.clone(),
        );
        register_as_go(
            &mut registry,
            "controller_runtime_reconcile_errors",
            "Total number of reconciliation errors per controller",
            errors.clone(),
        );
        register_as_go(
            &mut registry,
            "controller_runtime_terminal_reconcile_errors",
            "Total number of terminal reconciliation errors per controller",
            terminal_errors.clone(),
        );
        register_as_go(
            &mut registry,
            "controller_runtime_reconcile_panics",
            "Total number of reconciliation panics per controller",
            panics.clone(),
        );
        register_as_go(
            &mut registry,
            "controller_runtime_reconcile_timeouts",
            "Total number of reconciliation timeouts per controller",
            timeouts.clone(),
        );
        register_as_go(
            &mut registry,
            "controller_runtime_reconcile_time_seconds",
            "Length of time per reconciliation per controller",
            reconcile_time.clone(),
        );
        register_as_go(
            &mut registry,
            "controller_runtime_active_workers",
            "Number of currently used workers per controller",
            active.clone(),
        );
        register_as_go(
            &mut registry,
            "controller_runtime_max_concurrent_reconciles",
            "Maximum number of concurrent reconciles per controller",
            max_concurrent.clone(),
        );
        register_as_go(
            &mut registry,
            "workqueue_depth",
            "Current depth of workqueue by workqueue and priority",
            depth.clone(),
        );
        register_as_go(
            &mut registry,
            "workqueue_adds",
            "Total number of adds handled by workqueue",
            adds.clone(),
        );
        register_as_go(
            &mut registry,
            "workqueue_retries",
            "Total number of items added to the workqueue with a non-zero delay (rate-limited requeues, explicit RequeueAfter or AddAfter calls)",
            retries.clone(),
        );
        register_as_go(
            &mut registry,
            "workqueue_queue_duration_seconds",
            "How long in seconds an item stays in workqueue before being requested",
            queue_duration.clone(),
        );
        register_as_go(
            &mut registry,
            "workqueue_work_duration_seconds",
            "How long in seconds processing an item from workqueue takes.",
            work_duration.clone(),
        );
        registry.register_collector(Box::new(Arc::clone(&unfinished)));
        register_as_go(
            &mut registry,
            "leader_election_master_status",
            "Gauge of if the reporting system is master of the relevant lease, 0 indicates backup, 1 indicates master. 'name' is the string used to identify the lease. Please make sure to group by name.",
            leader.clone(),
        );
        crate::client_metrics::register(&mut registry);
        crate::process_metrics::register(&mut registry);
        Metrics {
            inner: Arc::new(Inner {
                registry: Mutex::new(registry),
                reconciles,
                errors,
                terminal_errors,
                panics,
                timeouts,
                reconcile_time,
                active,
                max_concurrent,
                depth,
                adds,
                retries,
                queue_duration,
                work_duration,
                unfinished,
                leader,
            }),
        }
    }

    /// Adds an operator's own metric to the registry `/metrics` serves
    /// (prometheus-client's `Registry::register`: a counter named `x` is
    /// exposed as `x_total`).
    pub fn register(&self, name: &str, help: &str, metric: impl Metric) {
        self.inner
            .registry
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .register(name, help, metric);
    }

    /// Records one reconcile of `controller`.
    pub fn observe_reconcile(&self, controller: &str, elapsed: Duration, result: ReconcileResult) {
        let seconds = elapsed.as_secs_f64();
        self.inner
            .reconcile_time
            .get_or_create(&self::controller(controller))
            .observe(seconds);
        self.inner
            .work_duration
            .get_or_create(&queue(controller))
            .observe(seconds);
        self.inner
            .reconciles
            .get_or_create(&[
                ("controller", controller.to_owned()),
                ("result", result.label().to_owned()),
            ])
            .inc();
        if result == ReconcileResult::Error {
            self.inner
                .errors
                .get_or_create(&self::controller(controller))
                .inc();
        }
    }

    /// Counts a panicking reconcile of `controller` (besides its error).
    pub fn count_panic(&self, controller: &str) {
        self.inner
            .panics
            .get_or_create(&self::controller(controller))
            .inc();
    }

    /// Reconciles of `controller` so far with `result`.
    pub fn reconciles(&self, controller: &str, result: ReconcileResult) -> u64 {
        self.inner
            .reconciles
            .get_or_create(&[
                ("controller", controller.to_owned()),
                ("result", result.label().to_owned()),
            ])
            .get()
    }

    /// Panicking reconciles of `controller` so far.
    pub fn panics(&self, controller: &str) -> u64 {
        self.inner
            .panics
            .get_or_create(&self::controller(controller))
            .get()
    }

    /// Sets the reconciles `controller` runs now.
    pub(crate) fn set_active_workers(&self, controller: &str, active: usize) {
        self.inner
            .active
            .get_or_create(&self::controller(controller))
            .set(gauge(active));
    }

    /// Starts the series of `controller` with `workers` at zero, as
    /// controller-runtime's `initMetrics` and work queue constructor do;
    /// returns where its running reconciles are kept.
    pub(crate) fn init_controller(&self, controller: &str, workers: usize) -> InFlight {
        let inner = &self.inner;
        let label = self::controller(controller);
        for result in ReconcileResult::ALL {
            let _ = self.reconciles(controller, result);
        }
        for counter in [
            &inner.errors,
            &inner.terminal_errors,
            &inner.panics,
            &inner.timeouts,
        ] {
            let _ = counter.get_or_create(&label);
        }
        inner
            .max_concurrent
            .get_or_create(&label)
            .set(gauge(workers));
        inner.active.get_or_create(&label).set(0);
        let _ = inner.reconcile_time.get_or_create(&label);
        let queue = queue(controller);
        inner.depth.get_or_create(&depth(controller)).set(0);
        let _ = inner.adds.get_or_create(&queue);
        let _ = inner.retries.get_or_create(&queue);
        let _ = inner.queue_duration.get_or_create(&queue);
        let _ = inner.work_duration.get_or_create(&queue);
        let in_flight = InFlight::default();
        lock(&inner.unfinished.0).push((controller.to_owned(), in_flight.clone()));
        in_flight
    }

    /// Counts a failure of `controller` that its error policy does not retry.
    pub(crate) fn count_terminal(&self, controller: &str) {
        self.inner
            .terminal_errors
            .get_or_create(&self::controller(controller))
            .inc();
    }

    /// Sets the depth of `controller`'s queue.
    pub(crate) fn set_queue_depth(&self, controller: &str, depth: usize) {
        self.inner
            .depth
            .get_or_create(&self::depth(controller))
            .set(gauge(depth));
    }

    /// Counts one object added to `controller`'s queue (not one waiting already).
    pub(crate) fn count_add(&self, controller: &str) {
        self.inner.adds.get_or_create(&queue(controller)).inc();
    }

    /// Counts one reconcile of `controller` scheduled after a delay.
    pub(crate) fn count_retry(&self, controller: &str) {
        self.inner.retries.get_or_create(&queue(controller)).inc();
    }

    /// Records how long an object waited in `controller`'s queue.
    pub(crate) fn observe_queued(&self, controller: &str, waited: Duration) {
        self.inner
            .queue_duration
            .get_or_create(&queue(controller))
            .observe(waited.as_secs_f64());
    }

    /// Sets the leader gauge of the Lease `lease`.
    pub(crate) fn set_leader(&self, lease: &str, leader: bool) {
        self.inner
            .leader
            .get_or_create(&[("name", lease.to_owned())])
            .set(i64::from(leader));
    }

    /// Whether this replica leads (the gauge of any Lease is 1).
    pub fn is_leader(&self) -> bool {
        let text = self.render();
        text.lines()
            .any(|l| l.starts_with("leader_election_master_status{") && l.ends_with(" 1"))
    }

    /// The Prometheus text exposition of every metric.
    pub fn render(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = encode(
            &mut out,
            &self
                .inner
                .registry
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
        );
        out
    }
}

fn gauge(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exposition_uses_controller_runtimes_names() {
        let m = Metrics::new();
        let _ = m.init_controller("app", 4);
        m.observe_reconcile("app", Duration::from_millis(3), ReconcileResult::Success);
        m.observe_reconcile("app", Duration::from_millis(3), ReconcileResult::Error);
        m.count_panic("app");
        m.set_queue_depth("app", 7);
        m.count_add("app");
        m.set_leader("app-lease", true);
        let custom = Counter::<u64>::default();
        m.register("app_things", "Things", custom.clone());
        custom.inc();
        let text = m.render();
        for needle in [
            "controller_runtime_reconcile_total{controller=\"app\",result=\"success\"} 1",
            "controller_runtime_reconcile_total{controller=\"app\",result=\"error\"} 1",
            "controller_runtime_reconcile_errors_total{controller=\"app\"} 1",
            "controller_runtime_reconcile_panics_total{controller=\"app\"} 1",
            "controller_runtime_reconcile_time_seconds_count{controller=\"app\"} 2",
            "controller_runtime_reconcile_time_seconds_bucket{le=\"0.005\",controller=\"app\"} 2",
            "controller_runtime_max_concurrent_reconciles{controller=\"app\"} 4",
            "workqueue_depth{controller=\"app\",name=\"app\",priority=\"\"} 7",
            "workqueue_adds_total{controller=\"app\",name=\"app\"} 1",
            "leader_election_master_status{name=\"app-lease\"} 1",
            "app_things_total 1",
        ] {
            assert!(text.contains(needle), "missing {needle:?} in\n{text}");
        }
        assert_eq!(m.reconciles("app", ReconcileResult::Success), 1);
        assert_eq!(m.panics("app"), 1);
        assert!(m.is_leader());
        m.set_leader("app-lease", false);
        assert!(!m.is_leader());
    }
}
