//! The webhook's serving certificate: the API server only calls webhooks over
//! TLS, and checks the certificate against the CRD's `caBundle`.

use std::path::Path;
use std::sync::Arc;

use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls;

/// Why the certificate or key cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    /// A file could not be read.
    #[error("reading {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The certificate text holds no certificate.
    #[error("no PEM certificate found")]
    NoCertificate,
    /// The key is not a PEM private key.
    #[error("the private key is not PEM: {0}")]
    Key(rustls_pki_types::pem::Error),
    /// The certificate chain is not PEM.
    #[error("the certificate is not PEM: {0}")]
    Certificate(rustls_pki_types::pem::Error),
    /// rustls refused the pair.
    #[error("certificate and key do not work together: {0}")]
    Rustls(#[from] rustls::Error),
}

/// A server TLS configuration (rustls with the ring provider).
#[derive(Clone, Debug)]
pub struct TlsConfig(pub(crate) Arc<rustls::ServerConfig>);

impl TlsConfig {
    /// From a PEM certificate chain (the serving certificate first) and its PEM private key.
    pub fn from_pem(cert_chain: &[u8], key: &[u8]) -> Result<Self, TlsError> {
        let certs = CertificateDer::pem_slice_iter(cert_chain)
            .collect::<Result<Vec<_>, _>>()
            .map_err(TlsError::Certificate)?;
        if certs.is_empty() {
            return Err(TlsError::NoCertificate);
        }
        let key = PrivateKeyDer::from_pem_slice(key).map_err(TlsError::Key)?;
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let mut config = rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()?
            .with_no_client_auth()
            .with_single_cert(certs, key)?;
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(TlsConfig(Arc::new(config)))
    }

    /// From `tls.crt` and `tls.key` files, as a Kubernetes TLS Secret mounts them.
    pub fn from_pem_files(cert_chain: &Path, key: &Path) -> Result<Self, TlsError> {
        let read = |path: &Path| {
            std::fs::read(path).map_err(|source| TlsError::Read {
                path: path.display().to_string(),
                source,
            })
        };
        Self::from_pem(&read(cert_chain)?, &read(key)?)
    }
}
