//! A reduced model of external-secrets' ExternalSecret and ClusterSecretStore
//! APIs, translated from `../../go/v1` marker by marker.
//!
//! +groupName=external-secrets.io

mod clustersecretstore;
mod externalsecret;

pub use clustersecretstore::*;
pub use externalsecret::*;
