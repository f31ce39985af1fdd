//! Command line and environment of the `app-controller` binary.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::Parser;
use kube::config::{KubeConfigOptions, Kubeconfig};

use crate::config::{Config, LeaderElection, default_identity, parse_duration};
use crate::logging::LogFormat;

/// Reconciles myapp.k8s.io/v1 Apps into a Deployment and a Service each.
#[derive(Debug, Clone, Parser)]
#[command(name = "app-controller", version)]
pub struct Args {
    /// Kubeconfig file; without it: $KUBECONFIG or ~/.kube/config, else the
    /// in-cluster service account.
    #[arg(long, env = "KUBECONFIG", value_name = "PATH")]
    pub kubeconfig: Option<PathBuf>,

    /// Kubeconfig context to use (default: its current context).
    #[arg(long, value_name = "NAME")]
    pub context: Option<String>,

    /// Reconcile Apps of this namespace only (default: all namespaces).
    #[arg(long, short = 'n', env = "WATCH_NAMESPACE", value_name = "NAMESPACE")]
    pub namespace: Option<String>,

    /// Reconciles running at once.
    #[arg(long, env = "WORKERS", default_value_t = 4)]
    pub workers: usize,

    /// Revisit every App this often (0 disables); unchanged Apps cause no writes.
    #[arg(long, env = "RESYNC_PERIOD", default_value = "10m", value_parser = parse_duration)]
    pub resync_period: Duration,

    /// First retry delay of a failing App (doubles per failure).
    #[arg(long, default_value = "100ms", value_parser = parse_duration)]
    pub backoff_base: Duration,

    /// Longest retry delay of a failing App.
    #[arg(long, default_value = "5m", value_parser = parse_duration)]
    pub backoff_max: Duration,

    /// Address of /healthz, /readyz and /metrics ("off" disables them).
    #[arg(long, env = "HEALTH_ADDR", default_value = "0.0.0.0:8080", value_parser = parse_addr)]
    pub health_addr: Listen,

    /// Run only while holding a Lease, so several replicas can run.
    #[arg(long, env = "LEADER_ELECT")]
    pub leader_elect: bool,

    /// Name of the leader election Lease.
    #[arg(long, default_value = "app-controller")]
    pub leader_election_id: String,

    /// Namespace of the Lease (default: $POD_NAMESPACE, the in-cluster
    /// namespace, else "default").
    #[arg(long, env = "POD_NAMESPACE")]
    pub leader_election_namespace: Option<String>,

    /// How long the Lease is valid after a renewal.
    #[arg(long, default_value = "15s", value_parser = parse_duration)]
    pub lease_duration: Duration,

    /// Renew the Lease this long before it expires.
    #[arg(long, default_value = "5s", value_parser = parse_duration)]
    pub lease_renew_grace: Duration,

    /// This replica's identity (Lease holder, event reporter); default
    /// $POD_NAME, else <hostname>-<pid>.
    #[arg(long, env = "POD_NAME")]
    pub identity: Option<String>,

    /// How long shutdown waits for in-flight reconciles.
    #[arg(long, default_value = "30s", value_parser = parse_duration)]
    pub shutdown_timeout: Duration,

    /// Log format; the level comes from RUST_LOG (default info).
    #[arg(long, env = "LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
}

/// An address to listen on, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listen(pub Option<SocketAddr>);

/// `off` (or empty) disables, anything else must be `host:port`.
fn parse_addr(s: &str) -> Result<Listen, String> {
    match s.trim() {
        "" | "off" | "none" => Ok(Listen(None)),
        addr => addr
            .parse()
            .map(|a| Listen(Some(a)))
            .map_err(|e| format!("invalid address {addr:?}: {e}")),
    }
}

/// The namespace a pod runs in, from its service account mount.
fn in_cluster_namespace() -> Option<String> {
    std::fs::read_to_string("/var/run/secrets/kubernetes.io/serviceaccount/namespace")
        .ok()
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
}

impl Args {
    /// The controller settings these arguments describe.
    pub fn config(&self) -> Config {
        let leader_election = self.leader_elect.then(|| LeaderElection {
            lease_name: self.leader_election_id.clone(),
            lease_namespace: self
                .leader_election_namespace
                .clone()
                .or_else(in_cluster_namespace)
                .unwrap_or_else(|| "default".to_owned()),
            lease_duration: self.lease_duration,
            renew_grace: self.lease_renew_grace,
        });
        Config {
            namespace: self.namespace.clone().filter(|n| !n.is_empty()),
            workers: self.workers.max(1),
            resync: self.resync_period,
            backoff_base: self.backoff_base,
            backoff_max: self.backoff_max,
            leader_election,
            health_addr: self.health_addr.0,
            identity: self
                .identity
                .clone()
                .filter(|i| !i.is_empty())
                .unwrap_or_else(default_identity),
            shutdown_timeout: self.shutdown_timeout,
        }
    }

    /// A client from `--kubeconfig`/`--context`, else inferred from the
    /// environment (kubeconfig, then in-cluster).
    pub async fn client(&self) -> anyhow::Result<kube::Client> {
        let options = KubeConfigOptions {
            context: self.context.clone(),
            ..KubeConfigOptions::default()
        };
        let config = match &self.kubeconfig {
            Some(path) if !path.as_os_str().is_empty() => {
                let kubeconfig = Kubeconfig::read_from(path)
                    .with_context(|| format!("reading kubeconfig {}", path.display()))?;
                kube::Config::from_custom_kubeconfig(kubeconfig, &options)
                    .await
                    .with_context(|| format!("loading kubeconfig {}", path.display()))?
            }
            _ if self.context.is_some() => kube::Config::from_kubeconfig(&options)
                .await
                .context("loading the kubeconfig")?,
            _ => kube::Config::infer()
                .await
                .context("finding a kubeconfig or in-cluster configuration")?,
        };
        kube::Client::try_from(config).context("creating the Kubernetes client")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults() {
        let args = Args::try_parse_from(["app-controller"]).unwrap();
        let config = args.config();
        assert_eq!(config.workers, 4);
        assert_eq!(config.resync, Duration::from_secs(600));
        assert!(config.leader_election.is_none());
        assert_eq!(config.health_addr, Some("0.0.0.0:8080".parse().unwrap()));
    }

    #[test]
    fn flags() {
        let args = Args::try_parse_from([
            "app-controller",
            "--namespace=team-a",
            "--workers=8",
            "--resync-period=30s",
            "--health-addr=off",
            "--leader-elect",
            "--leader-election-namespace=ops",
            "--lease-duration=10s",
            "--identity=replica-1",
            "--log-format=json",
        ])
        .unwrap();
        let config = args.config();
        assert_eq!(config.namespace.as_deref(), Some("team-a"));
        assert_eq!(config.workers, 8);
        assert_eq!(config.resync, Duration::from_secs(30));
        assert_eq!(config.health_addr, None);
        assert_eq!(config.identity, "replica-1");
        assert_eq!(args.log_format, LogFormat::Json);
        let election = config.leader_election.unwrap();
        assert_eq!(election.lease_name, "app-controller");
        assert_eq!(election.lease_namespace, "ops");
        assert_eq!(election.lease_duration, Duration::from_secs(10));
    }

    #[test]
    fn bad_values_are_rejected_with_the_rule() {
        let error = Args::try_parse_from(["app-controller", "--resync-period=soon"]).unwrap_err();
        assert!(error.to_string().contains("expected e.g. 500ms"), "{error}");
        let error = Args::try_parse_from(["app-controller", "--health-addr=nowhere"]).unwrap_err();
        assert!(error.to_string().contains("invalid address"), "{error}");
    }
}
