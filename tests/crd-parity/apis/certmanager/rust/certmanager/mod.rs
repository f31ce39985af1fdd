//! cert-manager (reduced): certificates and issuers.

pub mod v1;
