//! The one error type of the typed clients, shared by the real and the fake
//! clientset of every generated crate.
//!
//! The API server answers a failed request with a `Status` object whose `reason` and
//! `code` say what went wrong. [`Error::kind`] turns that into an [`ErrorKind`], so
//! callers can tell "not found" from "conflict" without comparing strings; the
//! server's message and the whole `Status` stay available.

use std::fmt;

use kube::core::Status;

/// The result type of every typed client call.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// What went wrong, as the API server classifies it (`metav1.StatusReason`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// 404 `NotFound`: the object (or the resource) does not exist.
    NotFound,
    /// 409 `AlreadyExists`: an object with that name exists already.
    AlreadyExists,
    /// 409 `Conflict`: the write used a stale `resourceVersion`, or a delete
    /// precondition failed.
    Conflict,
    /// 422 `Invalid`: the object failed validation.
    Invalid,
    /// 400 `BadRequest`: the request itself was malformed (e.g. a bad selector).
    BadRequest,
    /// 401 `Unauthorized`: the client is not authenticated.
    Unauthorized,
    /// 403 `Forbidden`: the client may not do this.
    Forbidden,
    /// 405 `MethodNotAllowed`: the resource does not support the verb.
    MethodNotAllowed,
    /// 410 `Gone` / `Expired`: the requested `resourceVersion` is too old.
    Gone,
    /// 415 `UnsupportedMediaType`: e.g. a strategic merge patch on a custom resource.
    UnsupportedMediaType,
    /// 429 `TooManyRequests`: throttled; retry later.
    TooManyRequests,
    /// 504 `Timeout` / `ServerTimeout`: the server gave up waiting.
    Timeout,
    /// 500 `InternalError`.
    InternalError,
    /// 503 `ServiceUnavailable`.
    ServiceUnavailable,
    /// Anything else: an unknown reason, or a failure that never reached the server
    /// (connection, TLS, decoding).
    Other,
}

impl ErrorKind {
    /// Classifies a server `Status` the way client-go's `errors.ReasonForError` and
    /// `errors.IsXxx` do: a known `reason` wins, the HTTP `code` is the fallback.
    pub fn from_status(status: &Status) -> ErrorKind {
        match status.reason.as_str() {
            "NotFound" => ErrorKind::NotFound,
            "AlreadyExists" => ErrorKind::AlreadyExists,
            "Conflict" => ErrorKind::Conflict,
            "Invalid" => ErrorKind::Invalid,
            "BadRequest" => ErrorKind::BadRequest,
            "Unauthorized" => ErrorKind::Unauthorized,
            "Forbidden" => ErrorKind::Forbidden,
            "MethodNotAllowed" => ErrorKind::MethodNotAllowed,
            "Gone" | "Expired" => ErrorKind::Gone,
            "UnsupportedMediaType" => ErrorKind::UnsupportedMediaType,
            "TooManyRequests" => ErrorKind::TooManyRequests,
            "Timeout" | "ServerTimeout" => ErrorKind::Timeout,
            "InternalError" => ErrorKind::InternalError,
            "ServiceUnavailable" => ErrorKind::ServiceUnavailable,
            _ => ErrorKind::from_code(status.code),
        }
    }

    /// Classifies a bare HTTP status code.
    pub fn from_code(code: u16) -> ErrorKind {
        match code {
            400 => ErrorKind::BadRequest,
            401 => ErrorKind::Unauthorized,
            403 => ErrorKind::Forbidden,
            404 => ErrorKind::NotFound,
            405 => ErrorKind::MethodNotAllowed,
            409 => ErrorKind::Conflict,
            410 => ErrorKind::Gone,
            415 => ErrorKind::UnsupportedMediaType,
            422 => ErrorKind::Invalid,
            429 => ErrorKind::TooManyRequests,
            500 => ErrorKind::InternalError,
            503 => ErrorKind::ServiceUnavailable,
            504 => ErrorKind::Timeout,
            _ => ErrorKind::Other,
        }
    }

    /// The `reason` the API server puts in a `Status` of this kind.
    pub fn reason(self) -> &'static str {
        match self {
            ErrorKind::NotFound => "NotFound",
            ErrorKind::AlreadyExists => "AlreadyExists",
            ErrorKind::Conflict => "Conflict",
            ErrorKind::Invalid => "Invalid",
            ErrorKind::BadRequest => "BadRequest",
            ErrorKind::Unauthorized => "Unauthorized",
            ErrorKind::Forbidden => "Forbidden",
            ErrorKind::MethodNotAllowed => "MethodNotAllowed",
            ErrorKind::Gone => "Expired",
            ErrorKind::UnsupportedMediaType => "UnsupportedMediaType",
            ErrorKind::TooManyRequests => "TooManyRequests",
            ErrorKind::Timeout => "Timeout",
            ErrorKind::InternalError => "InternalError",
            ErrorKind::ServiceUnavailable => "ServiceUnavailable",
            ErrorKind::Other => "",
        }
    }

    /// The HTTP code the API server sends with this kind (500 for [`ErrorKind::Other`]).
    pub fn code(self) -> u16 {
        match self {
            ErrorKind::NotFound => 404,
            ErrorKind::AlreadyExists | ErrorKind::Conflict => 409,
            ErrorKind::Invalid => 422,
            ErrorKind::BadRequest => 400,
            ErrorKind::Unauthorized => 401,
            ErrorKind::Forbidden => 403,
            ErrorKind::MethodNotAllowed => 405,
            ErrorKind::Gone => 410,
            ErrorKind::UnsupportedMediaType => 415,
            ErrorKind::TooManyRequests => 429,
            ErrorKind::Timeout => 504,
            ErrorKind::InternalError | ErrorKind::Other => 500,
            ErrorKind::ServiceUnavailable => 503,
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Other => f.write_str("Other"),
            kind => f.write_str(kind.reason()),
        }
    }
}

/// A failed call of a typed client (real or fake): the server's `Status` when
/// the server answered, the underlying `kube::Error` when it did not.
///
/// ```
/// use kube_codegen_runtime::{Error, ErrorKind};
///
/// let error = Error::api(ErrorKind::NotFound, "apps.myapp.k8s.io \"web\" not found");
/// assert!(error.is_not_found());
/// assert_eq!(error.code(), Some(404));
/// assert_eq!(error.to_string(), "apps.myapp.k8s.io \"web\" not found");
/// ```
#[derive(Debug, thiserror::Error)]
#[error("{}", describe(*.kind, .message))]
pub struct Error {
    kind: ErrorKind,
    message: String,
    status: Option<Box<Status>>,
    #[source]
    source: Option<kube::Error>,
}

/// The message, or `<kind> error` when there is none.
fn describe(kind: ErrorKind, message: &str) -> String {
    if message.is_empty() {
        format!("{kind} error")
    } else {
        message.to_owned()
    }
}

impl Error {
    /// An error carrying a server `Status`; the kind is derived from its reason and code.
    pub fn from_status(status: Status) -> Error {
        Error {
            kind: ErrorKind::from_status(&status),
            message: status.message.clone(),
            status: Some(Box::new(status)),
            source: None,
        }
    }

    /// An error of the given kind with a `Status` as the API server would build it
    /// (`Failure`, the kind's reason and code, the message). Handy in fake-clientset
    /// reactors: `Error::api(ErrorKind::Forbidden, "no")`.
    pub fn api(kind: ErrorKind, message: impl Into<String>) -> Error {
        let message = message.into();
        let status = Status::failure(&message, kind.reason()).with_code(kind.code());
        Error::from_status(status)
    }

    /// A failure that has no server `Status` (e.g. a request that could not be built).
    pub fn other(message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::Other,
            message: message.into(),
            status: None,
            source: None,
        }
    }

    /// What went wrong.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The server's message (or the transport error's text).
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The `Status` the server sent, if it answered.
    pub fn status(&self) -> Option<&Status> {
        self.status.as_deref()
    }

    /// The HTTP code from the server's `Status`, if it answered.
    pub fn code(&self) -> Option<u16> {
        self.status.as_ref().map(|s| s.code)
    }

    /// The `reason` from the server's `Status`, if it answered.
    pub fn reason(&self) -> Option<&str> {
        self.status.as_ref().map(|s| s.reason.as_str())
    }

    /// The underlying `kube` error, for failures that did not come with a `Status`.
    pub fn kube_error(&self) -> Option<&kube::Error> {
        self.source.as_ref()
    }

    /// 404: the object does not exist.
    pub fn is_not_found(&self) -> bool {
        self.kind == ErrorKind::NotFound
    }

    /// 409 `AlreadyExists`.
    pub fn is_already_exists(&self) -> bool {
        self.kind == ErrorKind::AlreadyExists
    }

    /// 409 `Conflict`: stale `resourceVersion` or failed precondition; re-read and retry.
    pub fn is_conflict(&self) -> bool {
        self.kind == ErrorKind::Conflict
    }

    /// 422 `Invalid`: the object failed validation.
    pub fn is_invalid(&self) -> bool {
        self.kind == ErrorKind::Invalid
    }

    /// 400 `BadRequest`.
    pub fn is_bad_request(&self) -> bool {
        self.kind == ErrorKind::BadRequest
    }

    /// 401 `Unauthorized`.
    pub fn is_unauthorized(&self) -> bool {
        self.kind == ErrorKind::Unauthorized
    }

    /// 403 `Forbidden`.
    pub fn is_forbidden(&self) -> bool {
        self.kind == ErrorKind::Forbidden
    }

    /// 405 `MethodNotAllowed`.
    pub fn is_method_not_allowed(&self) -> bool {
        self.kind == ErrorKind::MethodNotAllowed
    }

    /// 410 `Gone`/`Expired`: relist and watch again.
    pub fn is_gone(&self) -> bool {
        self.kind == ErrorKind::Gone
    }

    /// 415 `UnsupportedMediaType`.
    pub fn is_unsupported_media_type(&self) -> bool {
        self.kind == ErrorKind::UnsupportedMediaType
    }

    /// 429 `TooManyRequests`.
    pub fn is_too_many_requests(&self) -> bool {
        self.kind == ErrorKind::TooManyRequests
    }

    /// 504 `Timeout`/`ServerTimeout`.
    pub fn is_timeout(&self) -> bool {
        self.kind == ErrorKind::Timeout
    }

    /// 500 `InternalError`.
    pub fn is_internal_error(&self) -> bool {
        self.kind == ErrorKind::InternalError
    }

    /// 503 `ServiceUnavailable`.
    pub fn is_service_unavailable(&self) -> bool {
        self.kind == ErrorKind::ServiceUnavailable
    }
}

impl From<kube::Error> for Error {
    fn from(error: kube::Error) -> Error {
        match error {
            kube::Error::Api(status) => Error::from_status(*status),
            other => Error {
                kind: ErrorKind::Other,
                message: other.to_string(),
                status: None,
                source: Some(other),
            },
        }
    }
}

impl From<Status> for Error {
    fn from(status: Status) -> Error {
        Error::from_status(status)
    }
}
