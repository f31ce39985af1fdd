//! The webhook's Prometheus metrics, in the text exposition format at `/metrics`.

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

use crate::review::Converted;

type Labels = Vec<(&'static str, String)>;

/// Counters of reviews and objects, and how long reviews take.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    reviews: Family<Labels, Counter>,
    objects: Family<Labels, Counter>,
    duration: Histogram,
}

impl Default for Metrics {
    fn default() -> Self {
        let mut registry = Registry::with_prefix("conversion_webhook");
        let reviews = Family::<Labels, Counter>::default();
        let objects = Family::<Labels, Counter>::default();
        let duration = Histogram::new(exponential_buckets(0.0005, 2.0, 14));
        registry.register(
            "reviews",
            "ConversionReviews answered, by result (success, failure, bad_request)",
            reviews.clone(),
        );
        registry.register(
            "objects",
            "Objects converted, by kind, source and target apiVersion and result",
            objects.clone(),
        );
        registry.register(
            "review_duration_seconds",
            "Time to answer a ConversionReview",
            duration.clone(),
        );
        Metrics {
            registry,
            reviews,
            objects,
            duration,
        }
    }
}

fn result(ok: bool) -> String {
    if ok { "success" } else { "failure" }.to_owned()
}

impl Metrics {
    pub(crate) fn object(&self, c: &Converted<'_>) {
        self.objects
            .get_or_create(&vec![
                ("kind", c.kind.to_owned()),
                ("from", c.from.to_owned()),
                ("to", c.to.to_owned()),
                ("result", result(c.ok)),
            ])
            .inc();
    }

    pub(crate) fn review(&self, outcome: &str, seconds: f64) {
        self.reviews
            .get_or_create(&vec![("result", outcome.to_owned())])
            .inc();
        self.duration.observe(seconds);
    }

    /// The text exposition of every metric.
    pub fn render(&self) -> String {
        let mut out = String::new();
        encode(&mut out, &self.registry).expect("writing to a String cannot fail");
        out
    }
}
