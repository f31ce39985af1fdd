//! Metrics under exactly the names and help texts of Go's client libraries,
//! for the manager's own metrics and the API clients' request counters
//! alike (each registers its own; neither needs the other's module).

use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeMetric};
use prometheus_client::registry::Registry;

/// A metric under exactly controller-runtime's name and help (the
/// registry's `register` would end the help with a period of its own); like
/// Go's, a family without series is left out of the exposition.
#[derive(Debug)]
struct AsGo<M> {
    name: &'static str,
    help: &'static str,
    metric: M,
}

impl<M: EncodeMetric + std::fmt::Debug + Send + Sync + 'static> Collector for AsGo<M> {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        if self.metric.is_empty() {
            return Ok(());
        }
        let metric_type = self.metric.metric_type();
        let family = encoder.encode_descriptor(self.name, self.help, None, metric_type)?;
        self.metric.encode(family)
    }
}

/// Registers `metric` as [`AsGo`] (a counter's `name` without `_total`).
pub(crate) fn register_as_go(
    registry: &mut Registry,
    name: &'static str,
    help: &'static str,
    metric: impl EncodeMetric + std::fmt::Debug + Send + Sync + 'static,
) {
    registry.register_collector(Box::new(AsGo { name, help, metric }));
}
