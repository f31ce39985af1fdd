//! The manager's settings (what [`crate::Args`] sets from the command line
//! and environment, or a program sets itself).

use std::net::SocketAddr;
use std::time::Duration;

/// How the manager and its controllers run.
#[derive(Clone, Debug)]
pub struct Config {
    /// Watch (and so reconcile) objects of this namespace only; `None`: every
    /// namespace. Cluster-scoped kinds are watched cluster-wide.
    pub namespace: Option<String>,
    /// Reconciles a controller runs at once, unless its builder sets its own
    /// (each object is still reconciled by one at a time).
    pub workers: usize,
    /// Every cached object is reconciled again this often (zero: never).
    pub resync: Duration,
    /// First retry delay of a failed object; doubles per failure.
    pub backoff_base: Duration,
    /// Longest retry delay.
    pub backoff_max: Duration,
    /// Run only while holding this Lease; `None`: always run.
    pub leader_election: Option<LeaderElection>,
    /// Serve `/metrics` here (and the probes too); `None`: not here.
    pub metrics_addr: Option<SocketAddr>,
    /// Serve `/healthz`, `/readyz` here (and `/metrics` too); `None`: not here.
    pub health_addr: Option<SocketAddr>,
    /// Who this replica is: the Lease holder identity and the events'
    /// reporting instance.
    pub identity: String,
    /// How long shutdown waits for in-flight reconciles.
    pub shutdown_timeout: Duration,
    /// The webhook server's port and certificate (used when webhooks are
    /// registered).
    pub webhook: crate::webhook::Options,
}

impl Config {
    /// The addresses to serve the endpoint on, each once.
    pub(crate) fn listen_addrs(&self) -> Vec<SocketAddr> {
        let mut addrs: Vec<SocketAddr> = self.health_addr.into_iter().collect();
        if let Some(metrics) = self.metrics_addr
            && !addrs.contains(&metrics)
        {
            addrs.push(metrics);
        }
        addrs
    }
}

/// The Lease that elects the one active replica, and client-go's three
/// durations of leader election (controller-runtime's defaults).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderElection {
    /// Name of the `coordination.k8s.io/v1` Lease.
    pub lease_name: String,
    /// Namespace of the Lease.
    pub lease_namespace: String,
    /// How long a standby waits, after it last saw the record change, before
    /// it takes the Lease over (whole seconds; 15 s). Also how long this
    /// replica writes after its last successful renewal was sent.
    pub lease_duration: Duration,
    /// How long the leader keeps retrying a renewal before it gives up
    /// leadership (10 s): an API server away for less than this changes
    /// nothing.
    pub renew_deadline: Duration,
    /// How often the leader renews and a standby tries to take over (2 s).
    pub retry_period: Duration,
}

impl LeaderElection {
    /// A Lease named `lease_name` in `lease_namespace`, with controller-runtime's
    /// durations: 15 s lease, 10 s renew deadline, 2 s retry period.
    pub fn new(lease_name: impl Into<String>, lease_namespace: impl Into<String>) -> Self {
        LeaderElection {
            lease_name: lease_name.into(),
            lease_namespace: lease_namespace.into(),
            lease_duration: Duration::from_secs(15),
            renew_deadline: Duration::from_secs(10),
            retry_period: Duration::from_secs(2),
        }
    }

    /// client-go's checks of the durations: a lease of whole seconds, longer
    /// than the renew deadline, which is longer than 1.2 retry periods (the
    /// standby's jittered period), which is not zero.
    pub fn validate(&self) -> Result<(), String> {
        let LeaderElection {
            lease_duration: lease,
            renew_deadline: deadline,
            retry_period: retry,
            ..
        } = self;
        if lease.as_secs() < 1 || lease.subsec_nanos() != 0 {
            return Err(format!(
                "the lease duration ({lease:?}) must be a whole number of seconds, at least 1s: \
                 the Lease records whole seconds"
            ));
        }
        if lease <= deadline {
            return Err(format!(
                "the lease duration ({lease:?}) must be longer than the renew deadline \
                 ({deadline:?}): the leader must give up before a standby may take over"
            ));
        }
        if retry.is_zero() || *deadline <= retry.mul_f64(1.2) {
            return Err(format!(
                "the renew deadline ({deadline:?}) must be longer than 1.2 retry periods \
                 ({retry:?}), and the retry period not zero: a renewal needs room for a retry"
            ));
        }
        Ok(())
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            namespace: None,
            workers: 4,
            resync: Duration::from_secs(600),
            backoff_base: Duration::from_millis(100),
            backoff_max: Duration::from_secs(300),
            leader_election: None,
            metrics_addr: None,
            health_addr: None,
            identity: default_identity(),
            shutdown_timeout: Duration::from_secs(30),
            webhook: crate::webhook::Options::default(),
        }
    }
}

/// `$POD_NAME`, else `<hostname>-<pid>`: unique per replica.
pub fn default_identity() -> String {
    if let Ok(pod) = std::env::var("POD_NAME")
        && !pod.is_empty()
    {
        return pod;
    }
    let host = std::env::var("HOSTNAME")
        .ok()
        .filter(|h| !h.is_empty())
        .or_else(|| {
            std::fs::read_to_string("/etc/hostname")
                .ok()
                .map(|h| h.trim().to_owned())
        })
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "manager".to_owned());
    format!("{host}-{}", std::process::id())
}

/// Parses `500ms`, `30s`, `10m`, `1h` or a bare number of seconds.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let split = s
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(s.len());
    let (number, unit) = s.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("invalid duration {s:?}: expected e.g. 500ms, 30s, 10m, 1h"))?;
    let seconds = match unit {
        "ms" => value / 1000.0,
        "" | "s" => value,
        "m" => value * 60.0,
        "h" => value * 3600.0,
        _ => {
            return Err(format!(
                "invalid duration unit {unit:?} in {s:?}: use ms, s, m or h"
            ));
        }
    };
    Duration::try_from_secs_f64(seconds).map_err(|e| format!("invalid duration {s:?}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("30s"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_duration("30"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_duration("10m"), Ok(Duration::from_secs(600)));
        assert_eq!(parse_duration("1.5h"), Ok(Duration::from_secs(5400)));
        assert_eq!(parse_duration("0"), Ok(Duration::ZERO));
        assert!(parse_duration("10 days").unwrap_err().contains("unit"));
        assert!(parse_duration("fast").is_err());
    }

    #[test]
    fn leader_election_durations_are_checked_as_client_go_does() {
        let good = LeaderElection::new("op", "ns");
        assert_eq!(good.validate(), Ok(()));
        let check = |lease: u64, deadline: u64, retry: u64| {
            LeaderElection {
                lease_duration: Duration::from_millis(lease),
                renew_deadline: Duration::from_millis(deadline),
                retry_period: Duration::from_millis(retry),
                ..good.clone()
            }
            .validate()
        };
        assert_eq!(check(3000, 2000, 500), Ok(()));
        assert!(
            check(1500, 1000, 200)
                .unwrap_err()
                .contains("whole number of seconds")
        );
        assert!(
            check(10_000, 10_000, 2000)
                .unwrap_err()
                .contains("longer than the renew deadline")
        );
        assert!(
            check(15_000, 2000, 2000)
                .unwrap_err()
                .contains("1.2 retry periods")
        );
        assert!(check(15_000, 10_000, 0).unwrap_err().contains("not zero"));
    }

    #[test]
    fn identity_is_never_empty() {
        assert!(!default_identity().is_empty());
    }
}
