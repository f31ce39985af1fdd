//! The controller's Prometheus metrics, served at `/metrics`:
//!
//! | metric | type | what |
//! |---|---|---|
//! | `app_controller_reconcile_total{result}` | counter | reconciles, by `success` / `error` |
//! | `app_controller_reconcile_errors_total{reason}` | counter | failed reconciles by cause |
//! | `app_controller_reconcile_duration_seconds` | histogram | time per reconcile |
//! | `app_controller_workqueue_depth` | gauge | keys waiting for a worker |
//! | `app_controller_api_writes_total{verb,resource}` | counter | API writes the controller made |
//! | `app_controller_leader` | gauge | 1 while this replica is the active one (holds the Lease, or runs without leader election) |
//! | `app_controller_caches_synced` | gauge | 1 once the informer caches are loaded |
//! | `app_controller_decode_failures_total` | counter | stored App states that did not decode (not reconciled; each has a Warning event) |

use std::sync::Arc;
use std::time::Duration;

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

type Labels1 = [(&'static str, &'static str); 1];
type Labels2 = [(&'static str, &'static str); 2];

/// Verbs counted by [`Metrics::count_write`].
pub const WRITE_VERBS: [&str; 4] = ["create", "apply", "delete", "apply_status"];
/// Resources counted by [`Metrics::count_write`].
pub const WRITE_RESOURCES: [&str; 4] = ["apps", "deployments", "services", "events"];

/// All metrics of one controller; cloning gives another handle to the same ones.
#[derive(Clone)]
pub struct Metrics {
    inner: Arc<Inner>,
}

struct Inner {
    registry: Registry,
    reconciles: Family<Labels1, Counter>,
    errors: Family<Labels1, Counter>,
    duration: Histogram,
    depth: Gauge,
    writes: Family<Labels2, Counter>,
    leader: Gauge,
    synced: Gauge,
    decode_failures: Counter,
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

impl Metrics {
    /// Fresh metrics in their own registry.
    pub fn new() -> Self {
        let mut registry = Registry::with_prefix("app_controller");
        let reconciles = Family::<Labels1, Counter>::default();
        let errors = Family::<Labels1, Counter>::default();
        // 1 ms .. ~16 s.
        let duration = Histogram::new(exponential_buckets(0.001, 2.0, 15));
        let depth = Gauge::default();
        let writes = Family::<Labels2, Counter>::default();
        let leader = Gauge::default();
        let synced = Gauge::default();
        let decode_failures = Counter::default();
        registry.register("reconcile", "Reconciles by result", reconciles.clone());
        registry.register(
            "reconcile_errors",
            "Failed reconciles by reason",
            errors.clone(),
        );
        registry.register(
            "reconcile_duration_seconds",
            "Time spent in one reconcile",
            duration.clone(),
        );
        registry.register(
            "workqueue_depth",
            "Keys waiting for a worker",
            depth.clone(),
        );
        registry.register(
            "api_writes",
            "API writes made by the controller, by verb and resource",
            writes.clone(),
        );
        registry.register(
            "leader",
            "1 while this replica is the active one (holds the Lease, or runs without leader election)",
            leader.clone(),
        );
        registry.register(
            "caches_synced",
            "1 once the informer caches hold their first complete list",
            synced.clone(),
        );
        registry.register(
            "decode_failures",
            "Stored App states that did not decode as the controller's App type",
            decode_failures.clone(),
        );
        Metrics {
            inner: Arc::new(Inner {
                registry,
                reconciles,
                errors,
                duration,
                depth,
                writes,
                leader,
                synced,
                decode_failures,
            }),
        }
    }

    /// Records one reconcile: its duration and, for failures, the reason.
    pub fn observe_reconcile(&self, elapsed: Duration, error_reason: Option<&'static str>) {
        self.inner.duration.observe(elapsed.as_secs_f64());
        let result = if error_reason.is_some() {
            "error"
        } else {
            "success"
        };
        self.inner
            .reconciles
            .get_or_create(&[("result", result)])
            .inc();
        if let Some(reason) = error_reason {
            self.inner.errors.get_or_create(&[("reason", reason)]).inc();
        }
    }

    /// Counts one API write (successful or not: each is a request the server handled).
    pub fn count_write(&self, verb: &'static str, resource: &'static str) {
        self.inner
            .writes
            .get_or_create(&[("verb", verb), ("resource", resource)])
            .inc();
    }

    /// Writes of `verb` to `resource` so far.
    pub fn writes(&self, verb: &'static str, resource: &'static str) -> u64 {
        self.inner
            .writes
            .get_or_create(&[("verb", verb), ("resource", resource)])
            .get()
    }

    /// Writes to `resource` so far, all verbs.
    pub fn writes_to(&self, resource: &'static str) -> u64 {
        WRITE_VERBS
            .iter()
            .map(|verb| self.writes(verb, resource))
            .sum()
    }

    /// Reconciles so far with the given result (`success` or `error`).
    pub fn reconciles(&self, result: &'static str) -> u64 {
        self.inner
            .reconciles
            .get_or_create(&[("result", result)])
            .get()
    }

    /// Sets the work queue depth gauge.
    pub fn set_queue_depth(&self, depth: usize) {
        self.inner
            .depth
            .set(i64::try_from(depth).unwrap_or(i64::MAX));
    }

    /// Sets the leader gauge.
    pub fn set_leader(&self, leader: bool) {
        self.inner.leader.set(i64::from(leader));
    }

    /// Whether the leader gauge is set.
    pub fn is_leader(&self) -> bool {
        self.inner.leader.get() == 1
    }

    /// Sets the caches-synced gauge.
    pub fn set_caches_synced(&self, synced: bool) {
        self.inner.synced.set(i64::from(synced));
    }

    /// Counts one stored App state that did not decode.
    pub fn count_decode_failure(&self) {
        self.inner.decode_failures.inc();
    }

    /// Stored App states that did not decode so far.
    pub fn decode_failures(&self) -> u64 {
        self.inner.decode_failures.get()
    }

    /// The Prometheus text exposition of every metric.
    pub fn render(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = encode(&mut out, &self.inner.registry);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exposition_names_every_metric() {
        let m = Metrics::new();
        m.observe_reconcile(Duration::from_millis(3), None);
        m.observe_reconcile(Duration::from_millis(3), Some("conflict"));
        m.count_write("create", "deployments");
        m.count_write("create", "deployments");
        m.count_write("apply_status", "apps");
        m.set_queue_depth(7);
        m.set_leader(true);
        let text = m.render();
        for needle in [
            "app_controller_reconcile_total{result=\"success\"} 1",
            "app_controller_reconcile_total{result=\"error\"} 1",
            "app_controller_reconcile_errors_total{reason=\"conflict\"} 1",
            "app_controller_reconcile_duration_seconds_count 2",
            "app_controller_workqueue_depth 7",
            "app_controller_api_writes_total{verb=\"create\",resource=\"deployments\"} 2",
            "app_controller_leader 1",
            "app_controller_caches_synced 0",
        ] {
            assert!(text.contains(needle), "missing {needle:?} in\n{text}");
        }
        assert_eq!(m.writes("create", "deployments"), 2);
        assert_eq!(m.writes_to("apps"), 1);
        assert_eq!(m.reconciles("success"), 1);
        assert!(m.is_leader());
    }
}
