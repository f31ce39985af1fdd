//! The command line every operator needs, as a clap [`Args`] struct an
//! operator's own parser flattens (`#[command(flatten)] manager: Args`), with
//! kubebuilder's flag names (`--metrics-bind-address`,
//! `--health-probe-bind-address`, `--leader-elect`, ...).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use kube::config::{KubeConfigOptions, Kubeconfig};

use crate::Error;
use crate::config::{Config, LeaderElection, default_identity, parse_duration};
use crate::logging::LogFormat;
use crate::webhook;

/// The manager's flags and environment variables.
///
/// ```
/// use clap::Parser;
///
/// /// My operator.
/// #[derive(Parser)]
/// struct Cli {
///     #[command(flatten)]
///     manager: kube_codegen_manager::Args,
/// }
///
/// let cli = Cli::parse_from(["my-operator", "--leader-elect", "--metrics-bind-address=:8080"]);
/// let config = cli.manager.config("my-operator");
/// assert!(config.leader_election.is_some());
/// assert_eq!(config.metrics_addr, Some("0.0.0.0:8080".parse().unwrap()));
/// ```
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Kubeconfig file; without it: $KUBECONFIG or ~/.kube/config, else the
    /// in-cluster service account.
    #[arg(long, env = "KUBECONFIG", value_name = "PATH")]
    pub kubeconfig: Option<PathBuf>,

    /// Kubeconfig context to use (default: its current context).
    #[arg(long, value_name = "NAME")]
    pub context: Option<String>,

    /// Watch and reconcile objects of this namespace only (default: all namespaces).
    #[arg(long, short = 'n', env = "WATCH_NAMESPACE", value_name = "NAMESPACE")]
    pub namespace: Option<String>,

    /// Reconciles each controller runs at once.
    #[arg(
        long,
        env = "WORKERS",
        default_value_t = 4,
        visible_alias = "max-concurrent-reconciles"
    )]
    pub workers: usize,

    /// Revisit every cached object this often (0 disables).
    #[arg(long, env = "RESYNC_PERIOD", default_value = "10m", value_parser = parse_duration, visible_alias = "sync-period")]
    pub resync_period: Duration,

    /// First retry delay of a failing object (doubles per failure).
    #[arg(long, default_value = "100ms", value_parser = parse_duration)]
    pub backoff_base: Duration,

    /// Longest retry delay of a failing object.
    #[arg(long, default_value = "5m", value_parser = parse_duration)]
    pub backoff_max: Duration,

    /// Address of /metrics ("0" or "off" disables; ":8080" is every interface).
    /// The probe address serves /metrics too.
    #[arg(long, env = "METRICS_BIND_ADDRESS", default_value = "0", value_parser = parse_addr)]
    pub metrics_bind_address: Listen,

    /// Address of /healthz and /readyz (and /metrics); "0" or "off" disables.
    #[arg(long, env = "HEALTH_ADDR", default_value = ":8081", value_parser = parse_addr, visible_alias = "health-addr")]
    pub health_probe_bind_address: Listen,

    /// Run controllers only while holding a Lease, so several replicas can run.
    #[arg(long, env = "LEADER_ELECT")]
    pub leader_elect: bool,

    /// Name of the leader election Lease (default: the operator's name).
    #[arg(long)]
    pub leader_election_id: Option<String>,

    /// Namespace of the Lease (default: $POD_NAMESPACE, the in-cluster
    /// namespace, else "default").
    #[arg(long, env = "POD_NAMESPACE")]
    pub leader_election_namespace: Option<String>,

    /// How long a standby waits after the Lease's last renewal before it
    /// takes over (whole seconds; client-go's LeaseDuration).
    #[arg(long, default_value = "15s", value_parser = parse_duration, visible_alias = "lease-duration")]
    pub leader_elect_lease_duration: Duration,

    /// How long the leader retries a failing renewal before it gives up
    /// leadership (client-go's RenewDeadline).
    #[arg(long, default_value = "10s", value_parser = parse_duration)]
    pub leader_elect_renew_deadline: Duration,

    /// How often the leader renews and a standby tries to take over
    /// (client-go's RetryPeriod).
    #[arg(long, default_value = "2s", value_parser = parse_duration)]
    pub leader_elect_retry_period: Duration,

    /// This replica's identity (Lease holder, event reporter); default
    /// $POD_NAME, else <hostname>-<pid>.
    #[arg(long, env = "POD_NAME")]
    pub identity: Option<String>,

    /// How long shutdown waits for in-flight reconciles.
    #[arg(long, default_value = "30s", value_parser = parse_duration, visible_alias = "graceful-shutdown-timeout")]
    pub shutdown_timeout: Duration,

    /// Log format; the level comes from RUST_LOG (default info).
    #[arg(long, env = "LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,

    /// Port of the webhook server (admission and conversion webhooks), when
    /// the operator has webhooks.
    #[arg(long, env = "WEBHOOK_PORT", default_value_t = webhook::DEFAULT_PORT)]
    pub webhook_port: u16,

    /// Address the webhook server listens on (default: every interface).
    #[arg(long, value_name = "IP")]
    pub webhook_host: Option<std::net::IpAddr>,

    /// Directory of the webhook server's certificate and key (default
    /// <temp dir>/k8s-webhook-server/serving-certs).
    #[arg(
        long,
        env = "WEBHOOK_CERT_PATH",
        value_name = "DIR",
        visible_alias = "webhook-cert-dir"
    )]
    pub webhook_cert_path: Option<PathBuf>,

    /// File name of the webhook certificate in its directory.
    #[arg(long, default_value = "tls.crt", value_name = "FILE")]
    pub webhook_cert_name: String,

    /// File name of the webhook key in its directory.
    #[arg(long, default_value = "tls.key", value_name = "FILE")]
    pub webhook_cert_key: String,
}

/// How long a request waits for the next byte of its answer.
const READ_TIMEOUT: Duration = Duration::from_secs(60);

/// An address to listen on, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listen(pub Option<SocketAddr>);

/// `0`, `off` (or empty) disables; `:port` listens on every interface;
/// anything else must be `host:port`.
pub fn parse_addr(s: &str) -> Result<Listen, String> {
    match s.trim() {
        "" | "0" | "off" | "none" => Ok(Listen(None)),
        addr => {
            let full = if addr.starts_with(':') {
                format!("0.0.0.0{addr}")
            } else {
                addr.to_owned()
            };
            full.parse().map(|a| Listen(Some(a))).map_err(|e| {
                format!("invalid address {addr:?}: {e} (expected host:port, :port or 0)")
            })
        }
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
    /// The manager settings these arguments describe; `name` (the operator's
    /// name) is the default Lease name.
    pub fn config(&self, name: &str) -> Config {
        let leader_election = self.leader_elect.then(|| LeaderElection {
            lease_name: self
                .leader_election_id
                .clone()
                .filter(|id| !id.is_empty())
                .unwrap_or_else(|| name.to_owned()),
            lease_namespace: self
                .leader_election_namespace
                .clone()
                .or_else(in_cluster_namespace)
                .unwrap_or_else(|| "default".to_owned()),
            lease_duration: self.leader_elect_lease_duration,
            renew_deadline: self.leader_elect_renew_deadline,
            retry_period: self.leader_elect_retry_period,
        });
        Config {
            namespace: self.namespace.clone().filter(|n| !n.is_empty()),
            workers: self.workers.max(1),
            resync: self.resync_period,
            backoff_base: self.backoff_base,
            backoff_max: self.backoff_max,
            leader_election,
            metrics_addr: self.metrics_bind_address.0,
            health_addr: self.health_probe_bind_address.0,
            identity: self
                .identity
                .clone()
                .filter(|i| !i.is_empty())
                .unwrap_or_else(default_identity),
            shutdown_timeout: self.shutdown_timeout,
            webhook: self.webhook_options(),
        }
    }

    /// The webhook server's settings these arguments describe.
    pub fn webhook_options(&self) -> webhook::Options {
        let defaults = webhook::Options::default();
        webhook::Options {
            host: self.webhook_host.unwrap_or(defaults.host),
            port: self.webhook_port,
            cert_dir: self
                .webhook_cert_path
                .clone()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(defaults.cert_dir),
            cert_name: self.webhook_cert_name.clone(),
            key_name: self.webhook_cert_key.clone(),
            ..defaults
        }
    }

    /// Installs the global log subscriber in `--log-format` (level from
    /// `RUST_LOG`, default info).
    pub fn init_logging(&self) {
        crate::logging::init(self.log_format);
    }

    /// [`client`](Self::client), telling the API server who it is: the user
    /// agent `<name> (<os>/<arch>) kube-codegen-manager/<version>
    /// identity=<identity>`, so the server's audit log tells replicas apart.
    pub async fn client_as(&self, name: &str, identity: &str) -> Result<kube::Client, Error> {
        let agent = format!(
            "{name} ({}/{}) kube-codegen-manager/{} identity={identity}",
            std::env::consts::OS,
            std::env::consts::ARCH,
            env!("CARGO_PKG_VERSION"),
        );
        self.client_with(Some(agent)).await
    }

    /// A client from `--kubeconfig`/`--context`, else inferred from the
    /// environment (kubeconfig, then in-cluster); its requests are counted
    /// in `rest_client_requests_total`.
    ///
    /// A connection that stops answering fails a request after 60 s without
    /// a byte (kube's `read_timeout`, counted from when the request was
    /// sent): the API server answers any request but a watch within its own
    /// 60 s, and the informers' watches hear from it every 45 s. A program
    /// that streams longer silences through this client (exec, attach,
    /// port-forward) needs a client of its own.
    pub async fn client(&self) -> Result<kube::Client, Error> {
        self.client_with(None).await
    }

    async fn client_with(&self, user_agent: Option<String>) -> Result<kube::Client, Error> {
        let options = KubeConfigOptions {
            context: self.context.clone(),
            ..KubeConfigOptions::default()
        };
        let config =
            match &self.kubeconfig {
                Some(path) if !path.as_os_str().is_empty() => {
                    let kubeconfig =
                        Kubeconfig::read_from(path).map_err(|source| Error::Kubeconfig {
                            what: format!("reading kubeconfig {}", path.display()),
                            source,
                        })?;
                    kube::Config::from_custom_kubeconfig(kubeconfig, &options)
                        .await
                        .map_err(|source| Error::Kubeconfig {
                            what: format!("loading kubeconfig {}", path.display()),
                            source,
                        })?
                }
                _ if self.context.is_some() => kube::Config::from_kubeconfig(&options)
                    .await
                    .map_err(|source| Error::Kubeconfig {
                        what: "loading the kubeconfig".into(),
                        source,
                    })?,
                _ => kube::Config::infer().await.map_err(Error::InferConfig)?,
            };
        let mut config = config;
        config.read_timeout = Some(READ_TIMEOUT);
        config.reset_reader_on_write = true;
        if let Some(agent) = user_agent
            && let Ok(value) = http::HeaderValue::from_str(&agent)
        {
            config.headers.push((http::header::USER_AGENT, value));
        }
        // Its requests are counted in rest_client_requests_total.
        let counted = crate::client_metrics::RequestsLayer::new(&config.cluster_url);
        let builder = kube::client::ClientBuilder::try_from(config).map_err(Error::Client)?;
        Ok(builder.with_layer(&counted).build())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        manager: Args,
    }

    fn parse(args: &[&str]) -> Result<Args, clap::Error> {
        Cli::try_parse_from(std::iter::once("op").chain(args.iter().copied())).map(|c| c.manager)
    }

    #[test]
    fn defaults_are_kubebuilders() {
        let config = parse(&[]).unwrap().config("op");
        assert_eq!(config.workers, 4);
        assert_eq!(config.resync, Duration::from_secs(600));
        assert!(config.leader_election.is_none());
        assert_eq!(config.health_addr, Some("0.0.0.0:8081".parse().unwrap()));
        assert_eq!(config.metrics_addr, None);
        assert_eq!(config.webhook.port, 9443);
        assert_eq!(
            config.webhook.cert_path(),
            std::env::temp_dir().join("k8s-webhook-server/serving-certs/tls.crt")
        );
        assert_eq!(config.webhook.key_path().file_name().unwrap(), "tls.key");
    }

    #[test]
    fn webhook_flags_are_kubebuilders() {
        let config = parse(&[
            "--webhook-port=10250",
            "--webhook-host=127.0.0.1",
            "--webhook-cert-path=/certs",
            "--webhook-cert-name=cert.pem",
            "--webhook-cert-key=key.pem",
        ])
        .unwrap()
        .config("op");
        assert_eq!(config.webhook.addr(), "127.0.0.1:10250".parse().unwrap());
        assert_eq!(config.webhook.cert_path(), PathBuf::from("/certs/cert.pem"));
        assert_eq!(config.webhook.key_path(), PathBuf::from("/certs/key.pem"));
        let alias = parse(&["--webhook-cert-dir=/other"]).unwrap().config("op");
        assert_eq!(alias.webhook.cert_dir, PathBuf::from("/other"));
    }

    #[test]
    fn flags_and_their_aliases() {
        let args = parse(&[
            "--namespace=team-a",
            "--max-concurrent-reconciles=8",
            "--sync-period=30s",
            "--health-addr=off",
            "--metrics-bind-address=127.0.0.1:9090",
            "--leader-elect",
            "--leader-election-namespace=ops",
            "--lease-duration=10s",
            "--identity=replica-1",
            "--log-format=json",
        ])
        .unwrap();
        let config = args.config("op");
        assert_eq!(config.namespace.as_deref(), Some("team-a"));
        assert_eq!(config.workers, 8);
        assert_eq!(config.resync, Duration::from_secs(30));
        assert_eq!(config.health_addr, None);
        assert_eq!(config.metrics_addr, Some("127.0.0.1:9090".parse().unwrap()));
        assert_eq!(config.identity, "replica-1");
        assert_eq!(args.log_format, LogFormat::Json);
        let election = config.leader_election.unwrap();
        assert_eq!(election.lease_name, "op");
        assert_eq!(election.lease_namespace, "ops");
        assert_eq!(election.lease_duration, Duration::from_secs(10));
        assert_eq!(election.renew_deadline, Duration::from_secs(10));
        assert_eq!(election.retry_period, Duration::from_secs(2));
        let tuned = parse(&[
            "--leader-elect",
            "--leader-elect-lease-duration=30s",
            "--leader-elect-renew-deadline=20s",
            "--leader-elect-retry-period=4s",
        ])
        .unwrap()
        .config("op")
        .leader_election
        .unwrap();
        assert_eq!(
            (
                tuned.lease_duration,
                tuned.renew_deadline,
                tuned.retry_period
            ),
            (
                Duration::from_secs(30),
                Duration::from_secs(20),
                Duration::from_secs(4)
            )
        );
    }

    #[test]
    fn one_address_for_both_is_served_once() {
        let config = parse(&[
            "--health-probe-bind-address=:8080",
            "--metrics-bind-address=0.0.0.0:8080",
        ])
        .unwrap()
        .config("op");
        assert_eq!(config.listen_addrs(), ["0.0.0.0:8080".parse().unwrap()]);
    }

    #[test]
    fn bad_values_are_rejected_with_the_rule() {
        let error = parse(&["--resync-period=soon"]).err().unwrap();
        assert!(error.to_string().contains("expected e.g. 500ms"), "{error}");
        let error = parse(&["--health-addr=nowhere"]).err().unwrap();
        assert!(
            error.to_string().contains("invalid address \"nowhere\""),
            "{error}"
        );
        assert!(
            error.to_string().contains("expected host:port, :port or 0"),
            "{error}"
        );
    }
}
