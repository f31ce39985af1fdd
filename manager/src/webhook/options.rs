//! Where the webhook server listens and finds its certificate:
//! controller-runtime's `webhook.Options` and their defaults.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

/// controller-runtime's default webhook port.
pub const DEFAULT_PORT: u16 = 9443;

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
