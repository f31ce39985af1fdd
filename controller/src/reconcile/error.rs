//! Why a reconcile failed, and what the work queue should make of it.

use generated::clientset::ErrorKind;
use kube_codegen_manager::children::WriteError;

/// A failed reconcile; the key is retried with backoff.
#[derive(Debug, thiserror::Error)]
pub enum ReconcileError {
    /// A child's name is taken by an object the App does not control.
    #[error(
        "{kind} {name:?} already exists and is not managed by App {app:?} (it has {controller})"
    )]
    ResourceExists {
        /// `Deployment` or `Service`.
        kind: &'static str,
        /// The child's name.
        name: String,
        /// The App's name.
        app: String,
        /// Who controls the object instead.
        controller: String,
    },
    /// A write failed: `create Deployment "web": <the server's answer>`.
    #[error(transparent)]
    Write(#[from] WriteError),
}

impl ReconcileError {
    /// A short, fixed reason for the failure, logged with it (`reason`).
    pub fn metric_reason(&self) -> &'static str {
        match self {
            ReconcileError::ResourceExists { .. } => "resource_exists",
            ReconcileError::Write(WriteError { source, .. }) => match source.kind() {
                ErrorKind::Conflict => "conflict",
                ErrorKind::AlreadyExists => "already_exists",
                ErrorKind::NotFound => "not_found",
                ErrorKind::Invalid => "invalid",
                ErrorKind::Forbidden | ErrorKind::Unauthorized => "forbidden",
                _ => "api_error",
            },
        }
    }

    /// Whether the failure is the normal race of a controller reading from a
    /// cache (the object changed or appeared meanwhile): retried without
    /// telling the user through events or conditions.
    pub fn is_stale_cache(&self) -> bool {
        matches!(
            self,
            ReconcileError::Write(WriteError { source, .. })
                if matches!(source.kind(), ErrorKind::Conflict | ErrorKind::AlreadyExists | ErrorKind::NotFound)
        )
    }
}
