//! The App controller's metrics: the manager's (controller-runtime's names,
//! controller `app`), plus two of its own in the same registry:
//!
//! | metric | type | what |
//! |---|---|---|
//! | `app_controller_api_writes_total{verb,resource}` | counter | API writes the controller made |
//! | `app_controller_decode_failures_total` | counter | stored App states that did not decode (not reconciled; each has a Warning event) |

use kube_codegen_manager::ReconcileResult;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;

/// The controller's name in the manager's metrics (`controller="app"`).
pub const CONTROLLER: &str = "app";

type WriteLabels = [(&'static str, &'static str); 2];

/// Verbs counted by [`Metrics::count_write`].
pub const WRITE_VERBS: [&str; 4] = ["create", "apply", "delete", "apply_status"];

/// The App controller's metrics; cloning gives another handle to the same ones.
#[derive(Clone, Debug)]
pub struct Metrics {
    manager: kube_codegen_manager::Metrics,
    writes: Family<WriteLabels, Counter>,
    decode_failures: Counter,
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new(kube_codegen_manager::Metrics::new())
    }
}

impl Metrics {
    /// The App metrics, registered in the manager's registry.
    pub fn new(manager: kube_codegen_manager::Metrics) -> Self {
        let writes = Family::<WriteLabels, Counter>::default();
        let decode_failures = Counter::default();
        manager.register(
            "app_controller_api_writes",
            "API writes made by the controller, by verb and resource",
            writes.clone(),
        );
        manager.register(
            "app_controller_decode_failures",
            "Stored App states that did not decode as the controller's App type",
            decode_failures.clone(),
        );
        Metrics {
            manager,
            writes,
            decode_failures,
        }
    }

    /// The manager's metrics these are registered in.
    pub fn manager(&self) -> kube_codegen_manager::Metrics {
        self.manager.clone()
    }

    /// Counts one API write (successful or not: each is a request the server handled).
    pub fn count_write(&self, verb: &'static str, resource: &'static str) {
        self.writes
            .get_or_create(&[("verb", verb), ("resource", resource)])
            .inc();
    }

    /// Writes of `verb` to `resource` so far.
    pub fn writes(&self, verb: &'static str, resource: &'static str) -> u64 {
        self.writes
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

    /// Reconciles of Apps so far with the given result (`success` or `error`).
    pub fn reconciles(&self, result: &str) -> u64 {
        let result = match result {
            "success" => ReconcileResult::Success,
            "requeue_after" => ReconcileResult::RequeueAfter,
            _ => ReconcileResult::Error,
        };
        self.manager.reconciles(CONTROLLER, result)
    }

    /// Whether this replica is the active one.
    pub fn is_leader(&self) -> bool {
        self.manager.is_leader()
    }

    /// Counts one stored App state that did not decode.
    pub fn count_decode_failure(&self) {
        self.decode_failures.inc();
    }

    /// Stored App states that did not decode so far.
    pub fn decode_failures(&self) -> u64 {
        self.decode_failures.get()
    }

    /// The Prometheus text exposition of every metric (the manager's too).
    pub fn render(&self) -> String {
        self.manager.render()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn app_metrics_are_served_with_the_managers() {
        let m = Metrics::default();
        m.count_write("create", "deployments");
        m.count_write("create", "deployments");
        m.count_write("apply_status", "apps");
        m.count_decode_failure();
        m.manager.observe_reconcile(
            CONTROLLER,
            std::time::Duration::from_millis(2),
            ReconcileResult::Success,
        );
        let text = m.render();
        for needle in [
            "app_controller_api_writes_total{verb=\"create\",resource=\"deployments\"} 2",
            "app_controller_decode_failures_total 1",
            "controller_runtime_reconcile_total{controller=\"app\",result=\"success\"} 1",
        ] {
            assert!(text.contains(needle), "missing {needle:?} in\n{text}");
        }
        assert_eq!(m.writes("create", "deployments"), 2);
        assert_eq!(m.writes_to("apps"), 1);
        assert_eq!(m.reconciles("success"), 1);
    }
}
