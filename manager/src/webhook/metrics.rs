//! The webhook server's metrics, in the manager's registry under
//! controller-runtime's names (`pkg/webhook/internal/metrics`,
//! `pkg/webhook/admission/metrics`, `pkg/certwatcher/metrics`):
//!
//! | metric | type | what |
//! |---|---|---|
//! | `controller_runtime_webhook_requests_total{code,webhook}` | counter | requests by path and HTTP code (`200` and `500` start at 0) |
//! | `controller_runtime_webhook_latency_seconds{webhook}` | histogram | time per request (buckets 10 ns × 10ⁿ, n < 12) |
//! | `controller_runtime_webhook_requests_in_flight{webhook}` | gauge | requests being served |
//! | `controller_runtime_webhook_panics_total` | counter | admission handlers that panicked (answered 500) |
//! | `controller_runtime_conversion_webhook_panics_total` | counter | conversions that panicked |
//! | `certwatcher_read_certificate_total` | counter | reads of the serving certificate |
//! | `certwatcher_read_certificate_errors_total` | counter | reads that failed (the previous certificate stays) |
//! | `conversion_webhook_objects_total{kind,from,to,result}` | counter | objects converted (ours: controller-runtime has none) |

use std::time::Duration;

use kube_codegen_conversion::Converted;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};

use crate::metrics::Metrics;

type Path = [(&'static str, String); 1];
type PathCode = [(&'static str, String); 2];
type ConversionLabels = [(&'static str, String); 4];

/// Handles to the webhook metrics; clones share them.
#[derive(Clone, Debug)]
pub struct WebhookMetrics {
    requests: Family<PathCode, Counter>,
    latency: Family<Path, Histogram>,
    in_flight: Family<Path, Gauge>,
    panics: Counter,
    conversion_panics: Counter,
    cert_reads: Counter,
    cert_read_errors: Counter,
    converted: Family<ConversionLabels, Counter>,
}

fn latency_histogram() -> Histogram {
    // controller-runtime's buckets: prometheus.ExponentialBuckets(10e-9, 10, 12).
    Histogram::new(exponential_buckets(10e-9, 10.0, 12))
}

fn path(webhook: &str) -> Path {
    [("webhook", webhook.to_owned())]
}

impl WebhookMetrics {
    /// Registers the webhook metrics in `metrics` (the registry `/metrics`
    /// serves).
    pub fn register(metrics: &Metrics) -> Self {
        let this = WebhookMetrics {
            requests: Family::default(),
            latency: Family::new_with_constructor(latency_histogram as fn() -> Histogram),
            in_flight: Family::default(),
            panics: Counter::default(),
            conversion_panics: Counter::default(),
            cert_reads: Counter::default(),
            cert_read_errors: Counter::default(),
            converted: Family::default(),
        };
        metrics.register(
            "controller_runtime_webhook_requests",
            "Total number of admission requests by HTTP status code",
            this.requests.clone(),
        );
        metrics.register(
            "controller_runtime_webhook_latency_seconds",
            "Histogram of the latency of processing admission requests",
            this.latency.clone(),
        );
        metrics.register(
            "controller_runtime_webhook_requests_in_flight",
            "Current number of admission requests being served",
            this.in_flight.clone(),
        );
        metrics.register(
            "controller_runtime_webhook_panics",
            "Total number of webhook panics",
            this.panics.clone(),
        );
        metrics.register(
            "controller_runtime_conversion_webhook_panics",
            "Total number of conversion webhook panics",
            this.conversion_panics.clone(),
        );
        metrics.register(
            "certwatcher_read_certificate",
            "Total number of certificate reads",
            this.cert_reads.clone(),
        );
        metrics.register(
            "certwatcher_read_certificate_errors",
            "Total number of certificate read errors",
            this.cert_read_errors.clone(),
        );
        metrics.register(
            "conversion_webhook_objects",
            "Objects converted, by kind, source and target apiVersion and result",
            this.converted.clone(),
        );
        this
    }

    /// Starts the counters of `webhook` at 0 for the likely codes, as
    /// controller-runtime does when a path is registered.
    pub(crate) fn init_path(&self, webhook: &str) {
        for code in ["200", "500"] {
            let _ = self
                .requests
                .get_or_create(&[("code", code.to_owned()), ("webhook", webhook.to_owned())]);
        }
        let _ = self.in_flight.get_or_create(&path(webhook));
    }

    /// The handles of `webhook`'s metrics, looked up once (so serving a
    /// request takes no label lookup and no allocation for them).
    pub(crate) fn route(&self, webhook: &str) -> RouteMetrics {
        let labels = path(webhook);
        let ok = [("code", "200".to_owned()), ("webhook", webhook.to_owned())];
        RouteMetrics {
            metrics: self.clone(),
            webhook: webhook.to_owned(),
            in_flight: self.in_flight.get_or_create(&labels).clone(),
            latency: self.latency.get_or_create(&labels).clone(),
            ok: self.requests.get_or_create(&ok).clone(),
        }
    }

    pub(crate) fn count_panic(&self) {
        self.panics.inc();
    }

    pub(crate) fn count_conversion_panic(&self) {
        self.conversion_panics.inc();
    }

    pub(crate) fn count_certificate_read(&self, ok: bool) {
        self.cert_reads.inc();
        if !ok {
            self.cert_read_errors.inc();
        }
    }

    pub(crate) fn count_converted(&self, converted: &Converted<'_>) {
        let result = if converted.ok { "success" } else { "failure" };
        self.converted
            .get_or_create(&[
                ("kind", converted.kind.to_owned()),
                ("from", converted.from.to_owned()),
                ("to", converted.to.to_owned()),
                ("result", result.to_owned()),
            ])
            .inc();
    }
}

/// One webhook path's metrics.
#[derive(Clone, Debug)]
pub(crate) struct RouteMetrics {
    metrics: WebhookMetrics,
    webhook: String,
    in_flight: Gauge,
    latency: Histogram,
    ok: Counter,
}

impl RouteMetrics {
    /// One request started; the guard records it when dropped.
    pub(crate) fn start(&self) -> InFlight<'_> {
        self.in_flight.inc();
        InFlight { route: self }
    }

    /// The converter's counters (panics, objects converted).
    pub(crate) fn webhook_metrics(&self) -> &WebhookMetrics {
        &self.metrics
    }
}

/// A request being served.
pub(crate) struct InFlight<'a> {
    route: &'a RouteMetrics,
}

impl InFlight<'_> {
    /// It was answered with HTTP `code` after `elapsed`.
    pub(crate) fn done(self, code: u16, elapsed: Duration) {
        let route = self.route;
        if code == 200 {
            route.ok.inc();
        } else {
            let labels = [
                ("code", code.to_string()),
                ("webhook", route.webhook.clone()),
            ];
            route.metrics.requests.get_or_create(&labels).inc();
        }
        route.latency.observe(elapsed.as_secs_f64());
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.route.in_flight.dec();
    }
}
