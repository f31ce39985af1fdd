//! external-secrets (reduced): ExternalSecret and ClusterSecretStore.

pub mod v1;
