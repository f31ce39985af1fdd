//! A denied admission request, as controller-runtime's webhooks deny: a
//! plain message (403 `Forbidden`), or field errors that become the API
//! server's `Invalid` status (422, one cause per field, the message the
//! server writes); and the warnings an allowed one carries.

use kube::core::Status;
use kube_codegen_runtime::Kind;
use kube_codegen_schema::{FieldError, invalid_status};

/// Warning messages for the client (`Warning:` lines in kubectl): what a
/// request should change, without refusing it.
pub type Warnings = Vec<String>;

/// Why a defaulter or validator refused a request; the API server answers
/// the client with its status, the message prefixed by
/// `admission webhook "<name>" denied the request: `.
#[derive(Clone, Debug, PartialEq)]
pub struct Denied {
    status: Status,
    warnings: Warnings,
}

impl Denied {
    /// A denial with `message`: code 403, reason `Forbidden`
    /// (controller-runtime's `admission.Denied`, what a plain Go `error`
    /// from a validator becomes).
    pub fn new(message: impl Into<String>) -> Self {
        Denied::from_status(Status::failure(&message.into(), "Forbidden").with_code(403))
    }

    /// The API server's `Invalid` status for the object `name` of kind `K`
    /// (`apierrors.NewInvalid`): code 422, the message
    /// `Kind.group "name" is invalid: field: Invalid value: ...` and one
    /// cause per error, so clients see the field paths.
    ///
    /// ```
    /// use k8s_openapi::api::apps::v1::Deployment;
    /// use kube_codegen_manager::webhook::{Denied, FieldError};
    ///
    /// let denied = Denied::invalid::<Deployment>("web", [FieldError::invalid("spec.replicas", 12, "must be at most 10")]);
    /// assert_eq!(denied.status().code, 422);
    /// assert_eq!(
    ///     denied.status().message,
    ///     "Deployment.apps \"web\" is invalid: spec.replicas: Invalid value: 12: must be at most 10"
    /// );
    /// assert_eq!(denied.status().details.as_ref().unwrap().causes[0].field, "spec.replicas");
    /// ```
    pub fn invalid<K: Kind>(name: &str, errors: impl IntoIterator<Item = FieldError>) -> Self {
        let info = K::INFO;
        let qualified = if info.group.is_empty() {
            info.kind.to_owned()
        } else {
            format!("{}.{}", info.kind, info.group)
        };
        let errors: Vec<FieldError> = errors.into_iter().collect();
        let status = invalid_status(&qualified, name, &errors);
        // k8s-openapi's Status and kube's are the same JSON.
        let status = serde_json::to_value(status)
            .and_then(serde_json::from_value)
            .unwrap_or_else(|e| Status::failure(&e.to_string(), "InternalError").with_code(500));
        Denied::from_status(status)
    }

    /// A denial with this status (an API error a lookup returned, say).
    pub fn from_status(status: Status) -> Self {
        Denied {
            status,
            warnings: Warnings::new(),
        }
    }

    /// The same denial, with warnings for the client as well.
    #[must_use]
    pub fn with_warnings(mut self, warnings: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.warnings.extend(warnings.into_iter().map(Into::into));
        self
    }

    /// The status the API server gets.
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// The warnings.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    pub(crate) fn into_parts(self) -> (Status, Warnings) {
        (self.status, self.warnings)
    }
}

impl std::fmt::Display for Denied {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.status.message)
    }
}

impl std::error::Error for Denied {}

impl From<kube_codegen_runtime::Error> for Denied {
    /// A failed lookup: the server's status when it answered (its code and
    /// reason), else a 500 with the error's text.
    fn from(error: kube_codegen_runtime::Error) -> Self {
        match error.status() {
            Some(status) => Denied::from_status(status.clone()),
            None => Denied::from_status(
                Status::failure(&error.to_string(), "InternalError").with_code(500),
            ),
        }
    }
}
