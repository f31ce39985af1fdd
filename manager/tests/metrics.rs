//! `/metrics` against controller-runtime's own definitions: every metric a Go
//! operator built on controller-runtime exposes by default for a controller,
//! with its name, type, help text, label names and buckets, as [`EXPECTED`]
//! transcribes them from the sources of
//!
//! - sigs.k8s.io/controller-runtime v0.25.2
//!   - pkg/internal/controller/metrics/metrics.go (`controller_runtime_*`;
//!     `initMetrics` in pkg/internal/controller/controller.go starts every
//!     `result` at zero),
//!   - pkg/internal/metrics/workqueue.go (`workqueue_*`: labels `name`,
//!     `controller`, and `priority` on the depth; buckets
//!     `ExponentialBuckets(10e-9, 10, 12)`),
//!   - pkg/metrics/leaderelection.go (`leader_election_master_status`),
//!   - pkg/metrics/client_go_adapter.go (`rest_client_requests_total`, the one
//!     REST client metric registered by default);
//! - github.com/prometheus/client_golang v1.24.0
//!   prometheus/process_collector.go (`process_*`, which controller-runtime
//!   registers; Go's runtime metrics, `go_*`, have no Rust counterpart).
//!
//! A manager on the fake clientset runs one controller through every outcome
//! (success, requeue, requeue after, a retried error, a terminal error, a
//! panic, a reconcile still running), serves `/metrics`, and a client made by
//! the manager's `Args` makes one request; the scrape must hold exactly these
//! families under these prefixes, each as Go defines it.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser;
use k8s_openapi::api::core::v1::ConfigMap;
use kube_codegen_manager::{Action, Args, Config, Context, Manager, Reconciler, Retry};
use kube_codegen_runtime::{Interface, fake};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::Notify;

/// One metric family as Go defines it.
struct Expected {
    /// The sample name Go writes (`..._total` for counters).
    name: &'static str,
    kind: &'static str,
    help: &'static str,
    /// Label names, `le` aside.
    labels: &'static [&'static str],
    /// Histogram bucket upper bounds, `+Inf` aside.
    buckets: &'static [f64],
}

/// controller-runtime's `ReconcileTime` buckets (metrics.go).
const RECONCILE_BUCKETS: &[f64] = &[
    0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9,
    1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 15.0, 20.0,
    25.0, 30.0, 40.0, 50.0, 60.0,
];

/// `prometheus.ExponentialBuckets(10e-9, 10, 12)` (workqueue.go).
const QUEUE_BUCKETS: &[f64] = &[
    1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1.0, 10.0, 100.0, 1000.0,
];

const CONTROLLER: &[&str] = &["controller"];
const QUEUE: &[&str] = &["name", "controller"];

const EXPECTED: &[Expected] = &[
    // pkg/internal/controller/metrics/metrics.go
    Expected {
        name: "controller_runtime_reconcile_total",
        kind: "counter",
        help: "Total number of reconciliations per controller",
        labels: &["controller", "result"],
        buckets: &[],
    },
    Expected {
        name: "controller_runtime_reconcile_errors_total",
        kind: "counter",
        help: "Total number of reconciliation errors per controller",
        labels: CONTROLLER,
        buckets: &[],
    },
    Expected {
        name: "controller_runtime_terminal_reconcile_errors_total",
        kind: "counter",
        help: "Total number of terminal reconciliation errors per controller",
        labels: CONTROLLER,
        buckets: &[],
    },
    Expected {
        name: "controller_runtime_reconcile_panics_total",
        kind: "counter",
        help: "Total number of reconciliation panics per controller",
        labels: CONTROLLER,
        buckets: &[],
    },
    Expected {
        name: "controller_runtime_reconcile_time_seconds",
        kind: "histogram",
        help: "Length of time per reconciliation per controller",
        labels: CONTROLLER,
        buckets: RECONCILE_BUCKETS,
    },
    Expected {
        name: "controller_runtime_max_concurrent_reconciles",
        kind: "gauge",
        help: "Maximum number of concurrent reconciles per controller",
        labels: CONTROLLER,
        buckets: &[],
    },
    Expected {
        name: "controller_runtime_active_workers",
        kind: "gauge",
        help: "Number of currently used workers per controller",
        labels: CONTROLLER,
        buckets: &[],
    },
    Expected {
        name: "controller_runtime_reconcile_timeouts_total",
        kind: "counter",
        help: "Total number of reconciliation timeouts per controller",
        labels: CONTROLLER,
        buckets: &[],
    },
    // pkg/internal/metrics/workqueue.go
    Expected {
        name: "workqueue_depth",
        kind: "gauge",
        help: "Current depth of workqueue by workqueue and priority",
        labels: &["name", "controller", "priority"],
        buckets: &[],
    },
    Expected {
        name: "workqueue_adds_total",
        kind: "counter",
        help: "Total number of adds handled by workqueue",
        labels: QUEUE,
        buckets: &[],
    },
    Expected {
        name: "workqueue_queue_duration_seconds",
        kind: "histogram",
        help: "How long in seconds an item stays in workqueue before being requested",
        labels: QUEUE,
        buckets: QUEUE_BUCKETS,
    },
    Expected {
        name: "workqueue_work_duration_seconds",
        kind: "histogram",
        help: "How long in seconds processing an item from workqueue takes.",
        labels: QUEUE,
        buckets: QUEUE_BUCKETS,
    },
    Expected {
        name: "workqueue_unfinished_work_seconds",
        kind: "gauge",
        help: "How many seconds of work has been done that is in progress and hasn't been \
               observed by work_duration. Large values indicate stuck threads. One can deduce \
               the number of stuck threads by observing the rate at which this increases.",
        labels: QUEUE,
        buckets: &[],
    },
    Expected {
        name: "workqueue_longest_running_processor_seconds",
        kind: "gauge",
        help: "How many seconds has the longest running processor for workqueue been running.",
        labels: QUEUE,
        buckets: &[],
    },
    Expected {
        name: "workqueue_retries_total",
        kind: "counter",
        help: "Total number of items added to the workqueue with a non-zero delay (rate-limited \
               requeues, explicit RequeueAfter or AddAfter calls)",
        labels: QUEUE,
        buckets: &[],
    },
    // pkg/metrics/leaderelection.go
    Expected {
        name: "leader_election_master_status",
        kind: "gauge",
        help: "Gauge of if the reporting system is master of the relevant lease, 0 indicates \
               backup, 1 indicates master. 'name' is the string used to identify the lease. \
               Please make sure to group by name.",
        labels: &["name"],
        buckets: &[],
    },
    // pkg/metrics/client_go_adapter.go
    Expected {
        name: "rest_client_requests_total",
        kind: "counter",
        help: "Number of HTTP requests, partitioned by status code, method, and host.",
        labels: &["code", "method", "host"],
        buckets: &[],
    },
    // client_golang prometheus/process_collector.go
    Expected {
        name: "process_cpu_seconds_total",
        kind: "counter",
        help: "Total user and system CPU time spent in seconds.",
        labels: &[],
        buckets: &[],
    },
    Expected {
        name: "process_open_fds",
        kind: "gauge",
        help: "Number of open file descriptors.",
        labels: &[],
        buckets: &[],
    },
    Expected {
        name: "process_max_fds",
        kind: "gauge",
        help: "Maximum number of open file descriptors.",
        labels: &[],
        buckets: &[],
    },
    Expected {
        name: "process_virtual_memory_bytes",
        kind: "gauge",
        help: "Virtual memory size in bytes.",
        labels: &[],
        buckets: &[],
    },
    Expected {
        name: "process_virtual_memory_max_bytes",
        kind: "gauge",
        help: "Maximum amount of virtual memory available in bytes.",
        labels: &[],
        buckets: &[],
    },
    Expected {
        name: "process_resident_memory_bytes",
        kind: "gauge",
        help: "Resident memory size in bytes.",
        labels: &[],
        buckets: &[],
    },
    Expected {
        name: "process_start_time_seconds",
        kind: "gauge",
        help: "Start time of the process since unix epoch in seconds.",
        labels: &[],
        buckets: &[],
    },
    Expected {
        name: "process_network_receive_bytes_total",
        kind: "counter",
        help: "Number of bytes received by the process over the network.",
        labels: &[],
        buckets: &[],
    },
    Expected {
        name: "process_network_transmit_bytes_total",
        kind: "counter",
        help: "Number of bytes sent by the process over the network.",
        labels: &[],
        buckets: &[],
    },
];

/// The prefixes under which nothing but [`EXPECTED`] may appear.
const PREFIXES: &[&str] = &[
    "controller_runtime_",
    "workqueue_",
    "leader_election_",
    "rest_client_",
    "process_",
];

/// One sample: its name, labels and value.
type Sample = (String, BTreeMap<String, String>, f64);

/// A metric family of the exposition: type, help, samples.
#[derive(Debug, Default)]
struct Family {
    kind: String,
    help: String,
    samples: Vec<Sample>,
}

/// Parses the text exposition (Prometheus or OpenMetrics) into families by
/// the name Go writes (`_total` included for counters).
fn parse(text: &str) -> BTreeMap<String, Family> {
    let mut families: BTreeMap<String, Family> = BTreeMap::new();
    let mut kinds = HashMap::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# HELP ") {
            let (name, help) = rest.split_once(' ').unwrap_or((rest, ""));
            families.entry(name.to_owned()).or_default().help = help.to_owned();
        } else if let Some(rest) = line.strip_prefix("# TYPE ") {
            let (name, kind) = rest.split_once(' ').unwrap();
            families.entry(name.to_owned()).or_default().kind = kind.to_owned();
            kinds.insert(name.to_owned(), kind.to_owned());
        } else if !line.starts_with('#') && !line.is_empty() {
            let (series, value) = line.rsplit_once(' ').unwrap();
            let (name, labels) = match series.split_once('{') {
                Some((name, labels)) => (name, labels.trim_end_matches('}')),
                None => (series, ""),
            };
            let labels = labels
                .split("\",")
                .filter(|l| !l.is_empty())
                .map(|l| {
                    let (k, v) = l.split_once('=').unwrap();
                    (k.to_owned(), v.trim_matches('"').to_owned())
                })
                .collect();
            let family = ["_bucket", "_sum", "_count", "_total"]
                .iter()
                .find_map(|suffix| {
                    let base = name.strip_suffix(suffix)?;
                    kinds.contains_key(base).then_some(base)
                })
                .unwrap_or(name);
            let sample = (name.to_owned(), labels, value.parse().unwrap());
            families
                .get_mut(family)
                .unwrap_or_else(|| panic!("sample {name} without a # TYPE line"))
                .samples
                .push(sample);
        }
    }
    // Counters by the name Go writes.
    families
        .into_iter()
        .map(|(name, family)| match family.kind.as_str() {
            "counter" if !name.ends_with("_total") => (format!("{name}_total"), family),
            _ => (name, family),
        })
        .collect()
}

#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct Failure(&'static str);

/// Reconciles ConfigMaps, each name one outcome.
struct Outcomes {
    attempts: Mutex<HashMap<String, u32>>,
    slow_started: Arc<Notify>,
    release_slow: Arc<Notify>,
}

impl Outcomes {
    fn attempts(&self, name: &str) -> u32 {
        self.attempts
            .lock()
            .unwrap()
            .get(name)
            .copied()
            .unwrap_or(0)
    }
}

/// The reconciler: [`Outcomes`], shared with the test.
struct Run(Arc<Outcomes>);

impl<C: Interface> Reconciler<ConfigMap, C> for Run {
    type Error = Failure;

    async fn reconcile(&self, object: Arc<ConfigMap>, _ctx: Context<C>) -> Result<Action, Failure> {
        let name = object.metadata.name.clone().unwrap();
        let attempt = {
            let mut attempts = self.0.attempts.lock().unwrap();
            let n = attempts.entry(name.clone()).or_default();
            *n += 1;
            *n
        };
        match (name.as_str(), attempt) {
            ("requeue-after", 1) => Ok(Action::requeue(Duration::from_secs(3600))),
            ("requeue", 1) => Ok(Action::requeue(Duration::ZERO)),
            ("retried", 1) => Err(Failure("fails once")),
            ("terminal", _) => Err(Failure("never retried")),
            ("panics", 1) => panic!("panics once"),
            ("slow", 1) => {
                self.0.slow_started.notify_one();
                self.0.release_slow.notified().await;
                Ok(Action::await_change())
            }
            _ => Ok(Action::await_change()),
        }
    }

    fn error_policy(&self, object: &ConfigMap, _error: &Failure, retry: Retry) -> Action {
        if object.metadata.name.as_deref() == Some("terminal") {
            Action::await_change()
        } else {
            Action::requeue(retry.backoff)
        }
    }
}

async fn get(addr: SocketAddr, path: &str) -> String {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    response
}

/// An operator's command line.
#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    manager: Args,
}

fn config_map(name: &str) -> fake::Object {
    let mut c = ConfigMap::default();
    c.metadata.name = Some(name.into());
    c.metadata.namespace = Some("default".into());
    c.into()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_metric_is_controller_runtimes() {
    let addr: SocketAddr = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap()
    };
    let names = [
        "ok",
        "requeue-after",
        "requeue",
        "retried",
        "terminal",
        "panics",
        "slow",
    ];
    let fake = fake::Clientset::new(names.map(config_map));
    let config = Config {
        workers: 4,
        resync: Duration::ZERO,
        backoff_base: Duration::from_millis(10),
        backoff_max: Duration::from_millis(100),
        health_addr: Some(addr),
        ..Config::default()
    };
    let mut manager = Manager::fake(&fake, "metrics-operator", config);
    let outcomes = Arc::new(Outcomes {
        attempts: Mutex::default(),
        slow_started: Arc::new(Notify::new()),
        release_slow: Arc::new(Notify::new()),
    });
    manager
        .controller::<ConfigMap>()
        .complete(Run(Arc::clone(&outcomes)));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(manager.run(async move {
        let _ = stopped.await;
    }));

    // A client as an operator's main makes it (`Args::client`), against the
    // manager's own endpoint standing in for an API server: its request is
    // counted in rest_client_requests_total.
    let kubeconfig = std::env::temp_dir().join(format!("metrics-test-{}.yaml", std::process::id()));
    std::fs::write(
        &kubeconfig,
        format!(
            "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster: {{server: 'http://{addr}'}}\n\
             contexts:\n- name: c\n  context: {{cluster: c, user: u}}\ncurrent-context: c\n\
             users:\n- name: u\n  user: {{}}\n"
        ),
    )
    .unwrap();
    let cli =
        Cli::try_parse_from(["operator", "--kubeconfig", kubeconfig.to_str().unwrap()]).unwrap();
    let client = cli.manager.client().await.unwrap();
    std::fs::remove_file(&kubeconfig).unwrap();

    outcomes.slow_started.notified().await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while !(outcomes.attempts("requeue") >= 2
        && outcomes.attempts("retried") >= 2
        && outcomes.attempts("panics") >= 2
        && outcomes.attempts("terminal") >= 1
        && outcomes.attempts("requeue-after") >= 1
        && outcomes.attempts("ok") >= 1)
    {
        assert!(Instant::now() < deadline, "not every outcome happened");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let healthz = http::Request::get("/healthz").body(Vec::new()).unwrap();
    client.request_text(healthz).await.unwrap();
    // The slow reconcile has been running for a while when scraped.
    tokio::time::sleep(Duration::from_millis(50)).await;

    let response = get(addr, "/metrics").await;
    let (head, text) = response.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let families = parse(text);

    for expected in EXPECTED {
        let family = families
            .get(expected.name)
            .unwrap_or_else(|| panic!("no {} in\n{text}", expected.name));
        assert_eq!(family.kind, expected.kind, "type of {}", expected.name);
        assert_eq!(family.help, expected.help, "help of {}", expected.name);
        assert!(
            !family.samples.is_empty(),
            "{} has no samples",
            expected.name
        );
        let labels: BTreeSet<&str> = expected.labels.iter().copied().collect();
        let mut buckets: BTreeMap<BTreeMap<String, String>, Vec<f64>> = BTreeMap::new();
        for (name, sample_labels, _) in &family.samples {
            let mut names: BTreeSet<&str> = sample_labels.keys().map(String::as_str).collect();
            if name.ends_with("_bucket") {
                assert!(names.remove("le"), "{name} without le");
                let le = &sample_labels["le"];
                let mut series = sample_labels.clone();
                series.remove("le");
                if le != "+Inf" {
                    buckets.entry(series).or_default().push(le.parse().unwrap());
                }
            }
            assert_eq!(names, labels, "labels of {name}");
        }
        if expected.kind == "histogram" {
            assert!(!buckets.is_empty(), "{} has no buckets", expected.name);
            for (series, bounds) in buckets {
                assert_eq!(
                    bounds, expected.buckets,
                    "buckets of {} {series:?}",
                    expected.name
                );
            }
        }
    }
    // Nothing under controller-runtime's prefixes that Go does not define.
    let known: BTreeSet<&str> = EXPECTED.iter().map(|e| e.name).collect();
    for name in families.keys() {
        if PREFIXES.iter().any(|p| name.starts_with(p)) {
            assert!(
                known.contains(name.as_str()),
                "{name} is not controller-runtime's"
            );
        }
    }

    let value = |name: &str, labels: &[(&str, &str)]| -> f64 {
        let family = &families[name];
        let found = family.samples.iter().find(|(n, l, _)| {
            n == name
                && labels
                    .iter()
                    .all(|(k, v)| l.get(*k).map(String::as_str) == Some(*v))
        });
        found.unwrap_or_else(|| panic!("no {name} {labels:?}")).2
    };
    let results: BTreeSet<&str> = families["controller_runtime_reconcile_total"]
        .samples
        .iter()
        .map(|(_, l, _)| l["result"].as_str())
        .collect();
    assert_eq!(
        results,
        BTreeSet::from(["error", "requeue", "requeue_after", "success"])
    );
    let total = |result| {
        value(
            "controller_runtime_reconcile_total",
            &[("controller", "configmap"), ("result", result)],
        )
    };
    let configmap = [("controller", "configmap")];
    // requeue, requeue-after: once each; retried and panics: one failure each,
    // terminal: at least one.
    assert_eq!(total("requeue"), 1.0);
    assert_eq!(total("requeue_after"), 1.0);
    let errors = value("controller_runtime_reconcile_errors_total", &configmap);
    assert_eq!(total("error"), errors);
    assert!(errors >= 3.0, "{errors}");
    assert_eq!(
        value(
            "controller_runtime_terminal_reconcile_errors_total",
            &configmap
        ),
        errors - 2.0
    );
    assert_eq!(
        value("controller_runtime_reconcile_panics_total", &configmap),
        1.0
    );
    assert_eq!(
        value("controller_runtime_reconcile_timeouts_total", &configmap),
        0.0
    );
    // The retried error, the panic and the requeue after were scheduled with a delay.
    assert_eq!(value("workqueue_retries_total", &configmap), 3.0);
    assert_eq!(
        value("controller_runtime_max_concurrent_reconciles", &configmap),
        4.0
    );
    assert_eq!(value("controller_runtime_active_workers", &configmap), 1.0);
    assert_eq!(value("workqueue_depth", &[("priority", "")]), 0.0);
    assert!(value("workqueue_adds_total", &configmap) >= names.len() as f64);
    let unfinished = value("workqueue_unfinished_work_seconds", &configmap);
    let longest = value("workqueue_longest_running_processor_seconds", &configmap);
    assert!(
        longest >= 0.05 && unfinished >= longest,
        "{unfinished} {longest}"
    );
    assert_eq!(
        value(
            "leader_election_master_status",
            &[("name", "metrics-operator")]
        ),
        1.0
    );
    let host = addr.to_string();
    let requests = [("code", "200"), ("host", host.as_str()), ("method", "GET")];
    assert!(value("rest_client_requests_total", &requests) >= 1.0);
    assert!(value("process_resident_memory_bytes", &[]) > 0.0);

    outcomes.release_slow.notify_one();
    stop.send(()).unwrap();
    running.await.unwrap().unwrap();
}
