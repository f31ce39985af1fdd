//! Where the webhook server listens, where it finds its certificate and what
//! it lets a client hold: controller-runtime's `webhook.Options` and the
//! limits of the `http.Server` it serves them with
//! (`pkg/internal/httpserver`), with their defaults.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

/// controller-runtime's default webhook port.
pub const DEFAULT_PORT: u16 = 9443;

/// controller-runtime's request body limit (7 MiB): an admission review
/// holds at most two objects of the API server's 3 MiB each, and 1 MiB of
/// the rest. A body this long or longer is answered 413.
pub const MAX_REQUEST_BYTES: usize = 7 * 1024 * 1024;

/// The webhook server's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The address to listen on (default: every interface).
    pub host: IpAddr,
    /// The port (default 9443).
    pub port: u16,
    /// The directory of the certificate and key (default
    /// `<temp dir>/k8s-webhook-server/serving-certs`, where a cert-manager
    /// Secret is mounted in kubebuilder's deployment).
    pub cert_dir: PathBuf,
    /// The certificate chain's file name in `cert_dir` (default `tls.crt`).
    pub cert_name: String,
    /// The private key's file name in `cert_dir` (default `tls.key`).
    pub key_name: String,
    /// How often the certificate is read again besides on file events
    /// (default 10 s, certwatcher's interval).
    pub cert_poll: Duration,
    /// How long a client has to send a request's header (controller-runtime's
    /// `ReadHeaderTimeout`, default 32 s). On a new connection the clock
    /// starts at accept and covers the TLS handshake too; on a kept-alive
    /// one, at the request's first byte. A connection that runs out of it is
    /// closed without an answer, as Go's server closes it.
    pub header_timeout: Duration,
    /// How long a kept-alive connection may wait for its next request
    /// (controller-runtime's `IdleTimeout`, default 90 s, the keep-alive
    /// timeout of Go's HTTP clients, the API server's among them).
    pub idle_timeout: Duration,
    /// The most bytes a request line and header may take (Go's
    /// `MaxHeaderBytes` as controller-runtime sets it, default 1 MiB); a
    /// longer one is answered 431 and the connection closed.
    pub max_header_bytes: usize,
    /// How long a stop waits for the requests being served before it closes
    /// their connections (controller-runtime: 1 minute).
    pub shutdown_timeout: Duration,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            host: IpAddr::V4(Ipv4Addr::UNSPECIFIED),
            port: DEFAULT_PORT,
            cert_dir: default_cert_dir(),
            cert_name: "tls.crt".to_owned(),
            key_name: "tls.key".to_owned(),
            cert_poll: Duration::from_secs(10),
            header_timeout: Duration::from_secs(32),
            idle_timeout: Duration::from_secs(90),
            max_header_bytes: 1 << 20,
            shutdown_timeout: Duration::from_secs(60),
        }
    }
}

/// `<temp dir>/k8s-webhook-server/serving-certs`, controller-runtime's
/// default certificate directory.
pub fn default_cert_dir() -> PathBuf {
    std::env::temp_dir()
        .join("k8s-webhook-server")
        .join("serving-certs")
}

impl Options {
    /// The socket address to listen on.
    pub fn addr(&self) -> SocketAddr {
        SocketAddr::new(self.host, self.port)
    }

    /// The certificate chain's path.
    pub fn cert_path(&self) -> PathBuf {
        self.cert_dir.join(&self.cert_name)
    }

    /// The private key's path.
    pub fn key_path(&self) -> PathBuf {
        self.cert_dir.join(&self.key_name)
    }
}
