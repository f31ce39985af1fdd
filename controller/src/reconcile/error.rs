//! Why a reconcile failed, and what the work queue should make of it.

use generated::clientset::{Error, ErrorKind};

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
    /// An API call failed.
    #[error("{verb} {kind} {name:?}: {source}")]
    Api {
        /// What the controller tried (`create`, `apply`, `delete`, `update status of`).
        verb: &'static str,
        /// The kind written to.
        kind: &'static str,
        /// The object's name.
        name: String,
        /// The server's (or transport's) error.
        #[source]
        source: Error,
    },
}

impl ReconcileError {
    /// The `reason` label of `app_controller_reconcile_errors_total`.
    pub fn metric_reason(&self) -> &'static str {
        match self {
            ReconcileError::ResourceExists { .. } => "resource_exists",
            ReconcileError::Api { source, .. } => match source.kind() {
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
            ReconcileError::Api { source, .. }
                if matches!(source.kind(), ErrorKind::Conflict | ErrorKind::AlreadyExists | ErrorKind::NotFound)
        )
    }
}
