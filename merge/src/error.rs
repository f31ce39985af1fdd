//! The errors of the field manager, as the API server answers them.

use std::collections::BTreeMap;

use crate::path::Path;
use crate::updater::Conflict;

/// What an apply or update failed with, as the API server answers.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Error {
    /// 409 Conflict: fields owned by other managers would change.
    #[error("{message}")]
    Conflict {
        /// `Apply failed with 1 conflict: conflict with "m": .spec.a`.
        message: String,
        /// The conflicting fields and their owners, one per cause.
        conflicts: Vec<Conflict>,
    },
    /// 400 Bad Request (wrong version or kind in the patch, managedFields set
    /// in an apply patch).
    #[error("{0}")]
    BadRequest(String),
    /// 500: the object does not fit the schema (an unknown field, a list-map
    /// item without keys, duplicate keys in the applied configuration).
    #[error("{0}")]
    Internal(String),
}

impl Error {
    /// The HTTP status code the API server answers with.
    pub fn code(&self) -> u16 {
        match self {
            Error::Conflict { .. } => 409,
            Error::BadRequest(_) => 400,
            Error::Internal(_) => 500,
        }
    }

    /// The `metav1.Status` of the error, as the API server sends it.
    pub fn to_status(&self) -> k8s_openapi::apimachinery::pkg::apis::meta::v1::Status {
        use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Status, StatusCause, StatusDetails};
        let (reason, details) = match self {
            Error::Conflict { conflicts, .. } => (
                "Conflict",
                Some(StatusDetails {
                    causes: Some(
                        conflicts
                            .iter()
                            .map(|c| StatusCause {
                                reason: Some("FieldManagerConflict".to_owned()),
                                message: Some(format!("conflict with {}", c.manager.describe())),
                                field: Some(c.path.to_string()),
                            })
                            .collect(),
                    ),
                    ..StatusDetails::default()
                }),
            ),
            Error::BadRequest(_) => ("BadRequest", None),
            // A plain error: the API server answers 500 with an unknown
            // (empty) reason.
            Error::Internal(_) => ("", None),
        };
        Status {
            status: Some("Failure".to_owned()),
            code: Some(i32::from(self.code())),
            reason: Some(reason.to_owned()).filter(|r| !r.is_empty()),
            message: Some(self.to_string()),
            details,
            ..Status::default()
        }
    }
}

/// The conflict message (`getConflictMessage`).
pub(crate) fn conflict_message(conflicts: &[Conflict]) -> String {
    if let [one] = conflicts {
        return format!(
            "Apply failed with 1 conflict: conflict with {}: {}",
            one.manager.describe(),
            one.path
        );
    }
    let mut by_manager: BTreeMap<String, Vec<&Path>> = BTreeMap::new();
    for c in conflicts {
        by_manager
            .entry(c.manager.describe())
            .or_default()
            .push(&c.path);
    }
    let mut lines = Vec::new();
    for (manager, paths) in by_manager {
        lines.push(format!("conflicts with {manager}:"));
        lines.extend(paths.iter().map(|p| format!("- {p}")));
    }
    format!(
        "Apply failed with {} conflicts: {}",
        conflicts.len(),
        lines.join("\n")
    )
}
