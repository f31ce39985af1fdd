//! The serving certificate: read from `tls.crt` and `tls.key` files, and
//! read again when they change, so a certificate rotated by cert-manager (or
//! any writer of the mounted Secret) is served to new connections without a
//! restart. controller-runtime's `certwatcher`: file events on the
//! certificate's directory, and a poll as a fallback (every 10 s by
//! default); a read that fails (a half-written pair) keeps the previous
//! certificate.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::Duration;

use notify::Watcher;
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls;
use tokio_rustls::rustls::server::{ClientHello, ResolvesServerCert};
use tokio_rustls::rustls::sign::CertifiedKey;
use tokio_util::sync::CancellationToken;

use super::metrics::WebhookMetrics;

/// Why the certificate or key cannot be served.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    /// A file could not be read.
    #[error("reading {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The certificate file holds no PEM certificate.
    #[error("{0}: no PEM certificate found")]
    NoCertificate(PathBuf),
    /// The certificate file is not PEM.
    #[error("{path}: the certificate is not PEM: {source}")]
    Certificate {
        /// The file.
        path: PathBuf,
        /// What the PEM reader said.
        #[source]
        source: rustls_pki_types::pem::Error,
    },
    /// The key file is not a PEM private key.
    #[error("{path}: the private key is not PEM: {source}")]
    Key {
        /// The file.
        path: PathBuf,
        /// What the PEM reader said.
        #[source]
        source: rustls_pki_types::pem::Error,
    },
    /// rustls refused the pair (the key does not match the certificate, or
    /// its algorithm is not supported).
    #[error("{cert} and {key} do not work together: {source}")]
    Pair {
        /// The certificate file.
        cert: PathBuf,
        /// The key file.
        key: PathBuf,
        /// What rustls said.
        #[source]
        source: rustls::Error,
    },
    /// The file watcher could not start.
    #[error("watching {path} for a rotated certificate: {source}")]
    Watch {
        /// The directory.
        path: PathBuf,
        /// Why.
        #[source]
        source: notify::Error,
    },
}

/// The ring provider, the one kube's `rustls-tls` + `ring` features build.
fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// Serves the certificate of two files and reloads it when they change.
#[derive(Debug)]
pub struct CertWatcher {
    cert_path: PathBuf,
    key_path: PathBuf,
    current: RwLock<Arc<CertifiedKey>>,
    /// The PEM of what is served, to tell a change from a touch.
    loaded: Mutex<(Vec<u8>, Vec<u8>)>,
    metrics: Option<WebhookMetrics>,
}

fn read(path: &Path) -> Result<Vec<u8>, TlsError> {
    std::fs::read(path).map_err(|source| TlsError::Read {
        path: path.to_owned(),
        source,
    })
}

impl CertWatcher {
    /// Reads the certificate chain (the serving certificate first) and its
    /// private key; both must be valid now.
    pub fn new(cert_path: &Path, key_path: &Path) -> Result<Self, TlsError> {
        Self::with_metrics(cert_path, key_path, None)
    }

    pub(crate) fn with_metrics(
        cert_path: &Path,
        key_path: &Path,
        metrics: Option<WebhookMetrics>,
    ) -> Result<Self, TlsError> {
        let read_pair = || -> Result<_, TlsError> {
            let (cert, key) = (read(cert_path)?, read(key_path)?);
            let certified = certified_key(cert_path, key_path, &cert, &key)?;
            Ok((cert, key, certified))
        };
        let result = read_pair();
        if let Some(metrics) = &metrics {
            metrics.count_certificate_read(result.is_ok());
        }
        let (cert, key, certified) = result?;
        Ok(CertWatcher {
            cert_path: cert_path.to_owned(),
            key_path: key_path.to_owned(),
            current: RwLock::new(Arc::new(certified)),
            loaded: Mutex::new((cert, key)),
            metrics,
        })
    }

    /// Reads the files again; `Ok(true)` when a different certificate is now
    /// served. On an error the previous certificate stays.
    pub fn reload(&self) -> Result<bool, TlsError> {
        let result = self.try_reload();
        if let Some(metrics) = &self.metrics {
            metrics.count_certificate_read(result.is_ok());
        }
        result
    }

    fn try_reload(&self) -> Result<bool, TlsError> {
        let (cert, key) = (read(&self.cert_path)?, read(&self.key_path)?);
        let mut loaded = self.loaded.lock().unwrap_or_else(PoisonError::into_inner);
        if loaded.0 == cert && loaded.1 == key {
            return Ok(false);
        }
        let certified = certified_key(&self.cert_path, &self.key_path, &cert, &key)?;
        *self.current.write().unwrap_or_else(PoisonError::into_inner) = Arc::new(certified);
        *loaded = (cert, key);
        tracing::info!(cert = %self.cert_path.display(), "serving the updated TLS certificate");
        Ok(true)
    }

    /// The certificate served now.
    pub fn current(&self) -> Arc<CertifiedKey> {
        Arc::clone(&self.current.read().unwrap_or_else(PoisonError::into_inner))
    }

    /// A TLS server configuration presenting the current certificate to
    /// every new connection (HTTP/1.1 only, as kubebuilder's default
    /// disables HTTP/2).
    pub fn server_config(self: &Arc<Self>) -> Arc<rustls::ServerConfig> {
        let resolver: Arc<dyn ResolvesServerCert> = Arc::clone(self) as _;
        let mut config = rustls::ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .expect("ring supports the default protocol versions")
            .with_no_client_auth()
            .with_cert_resolver(resolver);
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Arc::new(config)
    }

    /// Reloads on file events in the certificate's and key's directories,
    /// and every `poll`, until `stop`. Where file events are not available,
    /// the poll alone.
    pub async fn watch(self: Arc<Self>, poll: Duration, stop: CancellationToken) {
        let (events, mut changed) = tokio::sync::mpsc::unbounded_channel();
        // Kept alive while watching; dropping it ends the file events.
        let _watcher = match self.watch_files(events) {
            Ok(watcher) => Some(watcher),
            Err(error) => {
                tracing::warn!(%error, ?poll, "no file events; polling the certificate");
                None
            }
        };
        let mut ticker = tokio::time::interval_at(tokio::time::Instant::now() + poll, poll);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                () = stop.cancelled() => return,
                _ = ticker.tick() => {}
                Some(()) = changed.recv() => {
                    // A rotation is a burst of events (a Secret volume
                    // swaps a symlink and removes a directory): one read.
                    while changed.try_recv().is_ok() {}
                }
            }
            if let Err(error) = self.reload() {
                tracing::warn!(%error, "could not read the TLS certificate; serving the previous one");
            }
        }
    }

    /// A file watcher on the directories of the certificate and the key
    /// (a mounted Secret is updated by swapping a symlink in its directory).
    fn watch_files(
        &self,
        events: tokio::sync::mpsc::UnboundedSender<()>,
    ) -> Result<notify::RecommendedWatcher, TlsError> {
        let mut watcher =
            notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
                // Only a change counts: reading the files opens them, and an
                // open is an event too, so reacting to it would read them
                // again, forever (a core spent and the channel growing).
                if event.is_ok_and(|e| !matches!(e.kind, notify::EventKind::Access(_))) {
                    let _ = events.send(());
                }
            })
            .map_err(|source| TlsError::Watch {
                path: self.cert_path.clone(),
                source,
            })?;
        let mut dirs: Vec<&Path> = [&self.cert_path, &self.key_path]
            .into_iter()
            .map(|p| {
                p.parent()
                    .filter(|d| !d.as_os_str().is_empty())
                    .unwrap_or(Path::new("."))
            })
            .collect();
        dirs.dedup();
        for dir in dirs {
            watcher
                .watch(dir, notify::RecursiveMode::NonRecursive)
                .map_err(|source| TlsError::Watch {
                    path: dir.to_owned(),
                    source,
                })?;
        }
        Ok(watcher)
    }
}

fn certified_key(
    cert_path: &Path,
    key_path: &Path,
    cert: &[u8],
    key: &[u8],
) -> Result<CertifiedKey, TlsError> {
    let chain = CertificateDer::pem_slice_iter(cert)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|source| TlsError::Certificate {
            path: cert_path.to_owned(),
            source,
        })?;
    if chain.is_empty() {
        return Err(TlsError::NoCertificate(cert_path.to_owned()));
    }
    let key = PrivateKeyDer::from_pem_slice(key).map_err(|source| TlsError::Key {
        path: key_path.to_owned(),
        source,
    })?;
    CertifiedKey::from_der(chain, key, &provider()).map_err(|source| TlsError::Pair {
        cert: cert_path.to_owned(),
        key: key_path.to_owned(),
        source,
    })
}

impl ResolvesServerCert for CertWatcher {
    fn resolve(&self, _: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        Some(self.current())
    }
}
