//! The process's own metrics, read from `/proc` at every scrape, as the Go
//! Prometheus client's process collector serves them for every
//! controller-runtime operator (github.com/prometheus/client_golang v1.24.0
//! prometheus/process_collector.go and process_collector_procfsenabled.go,
//! registered by sigs.k8s.io/controller-runtime v0.25.2
//! pkg/internal/controller/metrics/metrics.go): CPU time, resident and
//! virtual memory, open and maximum file descriptors, start time, network
//! bytes. Where `/proc` cannot be read (not Linux), they are left out.

use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeMetric};
use prometheus_client::metrics::MetricType;
use prometheus_client::metrics::counter::ConstCounter;
use prometheus_client::metrics::gauge::ConstGauge;
use prometheus_client::registry::Registry;

/// Linux's `USER_HZ`: clock ticks per second in `/proc/<pid>/stat`.
const TICKS_PER_SECOND: f64 = 100.0;

/// Adds the `process_*` metrics to `registry`.
pub(crate) fn register(registry: &mut Registry) {
    registry.register_collector(Box::new(Process));
}

/// Reads the process's figures at every scrape.
#[derive(Debug)]
struct Process;

/// One figure: name (without `_total` for counters), help, type, value.
type Figure = (&'static str, &'static str, MetricType, f64);

/// The figures `/proc/self` gives now.
fn figures() -> Vec<Figure> {
    let mut out = Vec::new();
    let read = |path: &str| std::fs::read_to_string(path).ok();
    // Fields of /proc/self/stat after the command name: state is field 3.
    if let Some(stat) = read("/proc/self/stat")
        && let Some((_, rest)) = stat.rsplit_once(')')
    {
        let fields: Vec<f64> = rest
            .split_whitespace()
            .map(|f| f.parse().unwrap_or(0.0))
            .collect();
        let field = |n: usize| fields.get(n - 3).copied().unwrap_or(0.0);
        let cpu = (field(14) + field(15)) / TICKS_PER_SECOND;
        out.push((
            "process_cpu_seconds",
            "Total user and system CPU time spent in seconds.",
            MetricType::Counter,
            cpu,
        ));
        out.push((
            "process_virtual_memory_bytes",
            "Virtual memory size in bytes.",
            MetricType::Gauge,
            field(23),
        ));
        if let Some(boot) = read("/proc/stat").and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("btime ")?.trim().parse::<f64>().ok())
        }) {
            out.push((
                "process_start_time_seconds",
                "Start time of the process since unix epoch in seconds.",
                MetricType::Gauge,
                boot + field(22) / TICKS_PER_SECOND,
            ));
        }
    }
    if let Some(kib) = read("/proc/self/status").and_then(|s| {
        s.lines().find_map(|l| {
            l.strip_prefix("VmRSS:")?
                .trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<f64>()
                .ok()
        })
    }) {
        out.push((
            "process_resident_memory_bytes",
            "Resident memory size in bytes.",
            MetricType::Gauge,
            kib * 1024.0,
        ));
    }
    if let Ok(fds) = std::fs::read_dir("/proc/self/fd") {
        out.push((
            "process_open_fds",
            "Number of open file descriptors.",
            MetricType::Gauge,
            fds.count() as f64,
        ));
    }
    if let Some(limits) = read("/proc/self/limits") {
        // The soft limit; "unlimited" is the largest value, as Go's procfs reads it.
        let soft = |name: &str| {
            let line = limits.lines().find(|l| l.starts_with(name))?;
            let value = line[name.len()..].split_whitespace().next()?;
            Some(value.parse().unwrap_or(u64::MAX as f64))
        };
        if let Some(files) = soft("Max open files") {
            out.push((
                "process_max_fds",
                "Maximum number of open file descriptors.",
                MetricType::Gauge,
                files,
            ));
        }
        if let Some(space) = soft("Max address space") {
            out.push((
                "process_virtual_memory_max_bytes",
                "Maximum amount of virtual memory available in bytes.",
                MetricType::Gauge,
                space,
            ));
        }
    }
    if let Some(netstat) = read("/proc/self/net/netstat") {
        // Two `IpExt:` lines: the field names, then their values.
        let ip: Vec<Vec<&str>> = netstat
            .lines()
            .filter_map(|l| l.strip_prefix("IpExt:"))
            .map(|l| l.split_whitespace().collect())
            .collect();
        if let [names, values] = ip.as_slice() {
            let octets = |name: &str| {
                let i = names.iter().position(|n| *n == name)?;
                values.get(i)?.parse::<f64>().ok()
            };
            for (metric, help, field) in [
                (
                    "process_network_receive_bytes",
                    "Number of bytes received by the process over the network.",
                    "InOctets",
                ),
                (
                    "process_network_transmit_bytes",
                    "Number of bytes sent by the process over the network.",
                    "OutOctets",
                ),
            ] {
                let value = octets(field).unwrap_or(0.0);
                out.push((metric, help, MetricType::Counter, value));
            }
        }
    }
    out
}

impl Collector for Process {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        for (name, help, metric_type, value) in figures() {
            let metric = encoder.encode_descriptor(name, help, None, metric_type)?;
            match metric_type {
                MetricType::Counter => ConstCounter::new(value).encode(metric)?,
                _ => ConstGauge::new(value).encode(metric)?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seconds since the Unix epoch.
    fn now() -> f64 {
        let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        since.unwrap_or_default().as_secs_f64()
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn the_process_reports_what_go_operators_report() {
        let mut registry = Registry::default();
        register(&mut registry);
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &registry).unwrap();
        let value = |name: &str| -> f64 {
            let line = text
                .lines()
                .find(|l| l.starts_with(&format!("{name} ")))
                .unwrap_or_else(|| panic!("no {name} in\n{text}"));
            line.rsplit(' ').next().unwrap().parse().unwrap()
        };
        assert!(value("process_resident_memory_bytes") > 1e6);
        assert!(value("process_virtual_memory_bytes") >= value("process_resident_memory_bytes"));
        assert!(value("process_open_fds") >= 3.0);
        assert!(value("process_max_fds") >= value("process_open_fds"));
        assert!(value("process_virtual_memory_max_bytes") > 0.0);
        assert!(value("process_cpu_seconds_total") >= 0.0);
        let started = value("process_start_time_seconds");
        assert!(started <= now() + 1.0 && started > now() - 86_400.0 * 365.0);
        assert!(value("process_network_receive_bytes_total") >= 0.0);
        assert!(
            text.contains("# TYPE process_cpu_seconds counter"),
            "{text}"
        );
        assert!(text.contains("# HELP process_open_fds Number of open file descriptors."));
    }
}
