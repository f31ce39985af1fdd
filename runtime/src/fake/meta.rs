//! Object metadata as the API server manages it, on JSON objects: names and their
//! validation, `generateName`, uids, timestamps, and the `Status` errors the server
//! answers with (same reason, code and message shape as the real server).

use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use kube::core::Status;
use kube::core::response::{StatusCause, StatusDetails};
use serde_json::{Map, Value};

use crate::ResourceInfo;
use crate::error::{Error, ErrorKind};

/// The string field `metadata.<field>` of an object, or `""`.
pub(crate) fn meta_str<'a>(object: &'a Value, field: &str) -> &'a str {
    object
        .get("metadata")
        .and_then(|m| m.get(field))
        .and_then(Value::as_str)
        .unwrap_or("")
}

/// `metadata` of an object, created if missing (or not an object).
pub(crate) fn meta_mut(object: &mut Value) -> &mut Map<String, Value> {
    if !object.is_object() {
        *object = Value::Object(Map::new());
    }
    let map = object.as_object_mut().expect("object");
    let meta = map
        .entry("metadata")
        .or_insert_with(|| Value::Object(Map::new()));
    if !meta.is_object() {
        *meta = Value::Object(Map::new());
    }
    meta.as_object_mut().expect("metadata object")
}

/// Whether `metadata.finalizers` is a non-empty list.
pub(crate) fn has_finalizers(object: &Value) -> bool {
    object
        .get("metadata")
        .and_then(|m| m.get("finalizers"))
        .and_then(Value::as_array)
        .is_some_and(|f| !f.is_empty())
}

/// The current time as the API server writes it (RFC 3339, whole seconds, UTC).
pub(crate) fn now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = secs / 86_400;
    let rem = secs % 86_400;
    let (year, month, day) = civil_from_days(days as i64);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        (rem % 3600) / 60,
        rem % 60
    )
}

/// Days since 1970-01-01 to (year, month, day) in the proleptic Gregorian calendar
/// (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Random values for uids and generated names: a randomly keyed hash of a counter,
/// so no random-number crate is needed.
#[derive(Debug, Default)]
pub(crate) struct Randomness {
    state: RandomState,
    counter: AtomicU64,
}

impl Randomness {
    fn next(&self) -> u64 {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        self.state.hash_one(n)
    }

    /// A random (version 4 layout) UUID string.
    pub(crate) fn uid(&self) -> String {
        let hi = self.next();
        let lo = self.next();
        format!(
            "{:08x}-{:04x}-4{:03x}-{:04x}-{:012x}",
            hi >> 32,
            (hi >> 16) & 0xffff,
            hi & 0x0fff,
            ((lo >> 48) & 0x3fff) | 0x8000,
            lo & 0xffff_ffff_ffff
        )
    }

    /// `generateName` + 5 random characters, as the server makes them (the prefix is
    /// cut to 58 characters so the name fits a 63-character label).
    pub(crate) fn generate_name(&self, base: &str) -> String {
        const ALPHABET: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";
        let base: String = base.chars().take(58).collect();
        let mut n = self.next();
        let mut name = base;
        for _ in 0..5 {
            name.push(ALPHABET[(n % ALPHABET.len() as u64) as usize] as char);
            n /= ALPHABET.len() as u64;
        }
        name
    }
}

const DNS1123_SUBDOMAIN_MESSAGE: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

/// Checks a name the way the server checks custom resource names (an RFC 1123
/// subdomain); returns the server's message when it is not one.
pub(crate) fn validate_name(name: &str) -> Option<String> {
    if name.len() > 253 {
        return Some("must be no more than 253 characters".to_owned());
    }
    let valid_label = |label: &str| {
        let bytes = label.as_bytes();
        !bytes.is_empty()
            && bytes
                .iter()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
            && bytes[0] != b'-'
            && bytes[bytes.len() - 1] != b'-'
    };
    if name.split('.').all(valid_label) {
        None
    } else {
        Some(DNS1123_SUBDOMAIN_MESSAGE.to_owned())
    }
}

/// One field error of an `Invalid` answer.
#[derive(Clone, Debug)]
pub(crate) struct FieldError {
    /// `FieldValueRequired`, `FieldValueInvalid`, ...
    pub(crate) reason: &'static str,
    /// `metadata.name`.
    pub(crate) field: String,
    /// The text after the field path (`Required value: name or generateName is required`).
    pub(crate) detail: String,
}

impl FieldError {
    pub(crate) fn required(field: &str, detail: &str) -> FieldError {
        FieldError {
            reason: "FieldValueRequired",
            field: field.to_owned(),
            detail: format!("Required value: {detail}"),
        }
    }

    pub(crate) fn invalid(field: &str, value: &str, detail: &str) -> FieldError {
        FieldError {
            reason: "FieldValueInvalid",
            field: field.to_owned(),
            detail: format!("Invalid value: {value}: {detail}"),
        }
    }
}

fn status(
    kind: ErrorKind,
    message: String,
    info: &ResourceInfo,
    name: &str,
    kind_field: String,
    causes: Vec<StatusCause>,
) -> Error {
    let details = StatusDetails {
        name: name.to_owned(),
        group: info.group.to_owned(),
        kind: kind_field,
        uid: String::new(),
        causes,
        retry_after_seconds: 0,
    };
    Error::from_status(
        Status::failure(&message, kind.reason())
            .with_code(kind.code())
            .with_details(details),
    )
}

/// `apps.myapp.k8s.io "x" not found` (404).
pub(crate) fn not_found(info: &ResourceInfo, name: &str) -> Error {
    let message = format!("{} \"{name}\" not found", info.qualified_resource());
    status(
        ErrorKind::NotFound,
        message,
        info,
        name,
        info.plural.to_owned(),
        Vec::new(),
    )
}

/// `apps.myapp.k8s.io "x" already exists` (409).
pub(crate) fn already_exists(info: &ResourceInfo, name: &str) -> Error {
    let message = format!("{} \"{name}\" already exists", info.qualified_resource());
    status(
        ErrorKind::AlreadyExists,
        message,
        info,
        name,
        info.plural.to_owned(),
        Vec::new(),
    )
}

/// The optimistic-concurrency failure of an update with a stale `resourceVersion`.
pub(crate) const OPTIMISTIC_LOCK_MESSAGE: &str =
    "the object has been modified; please apply your changes to the latest version and try again";

/// `Operation cannot be fulfilled on apps.myapp.k8s.io "x": <why>` (409).
pub(crate) fn conflict(info: &ResourceInfo, name: &str, why: &str) -> Error {
    let message = format!(
        "Operation cannot be fulfilled on {} \"{name}\": {why}",
        info.qualified_resource()
    );
    status(
        ErrorKind::Conflict,
        message,
        info,
        name,
        info.plural.to_owned(),
        Vec::new(),
    )
}

/// A failed delete precondition (409), worded like the server's storage layer.
pub(crate) fn precondition_failed(
    info: &ResourceInfo,
    name: &str,
    field: &str,
    wanted: &str,
    stored: &str,
) -> Error {
    let consequence = if field == "UID" {
        "The object might have been deleted and then recreated"
    } else {
        "The object might have been modified"
    };
    let message = format!(
        "Operation cannot be fulfilled on {} \"{name}\": the {field} in the precondition ({wanted}) does not match the {field} in record ({stored}). {consequence}",
        info.qualified_kind()
    );
    status(
        ErrorKind::Conflict,
        message,
        info,
        name,
        info.plural.to_owned(),
        Vec::new(),
    )
}

/// `App.myapp.k8s.io "x" is invalid: <field errors>` (422). `qualified` is how the
/// server names the thing (the qualified kind for validation, the qualified
/// resource for a missing `resourceVersion`).
pub(crate) fn invalid(
    qualified: &str,
    info: &ResourceInfo,
    name: &str,
    errors: Vec<FieldError>,
) -> Error {
    let rendered: Vec<String> = errors
        .iter()
        .map(|e| format!("{}: {}", e.field, e.detail))
        .collect();
    let joined = if rendered.len() == 1 {
        rendered[0].clone()
    } else {
        format!("[{}]", rendered.join(", "))
    };
    let message = format!("{qualified} \"{name}\" is invalid: {joined}");
    let causes = errors
        .into_iter()
        .map(|e| StatusCause {
            reason: e.reason.to_owned(),
            message: e.detail,
            field: e.field,
        })
        .collect();
    status(
        ErrorKind::Invalid,
        message,
        info,
        name,
        info.kind.to_owned(),
        causes,
    )
}

/// A 400 with the given message.
pub(crate) fn bad_request(message: impl Into<String>) -> Error {
    Error::api(ErrorKind::BadRequest, message)
}

/// 404 for a path the server does not serve (e.g. a subresource the kind lacks).
pub(crate) fn no_such_path() -> Error {
    Error::api(
        ErrorKind::NotFound,
        "the server could not find the requested resource",
    )
}

/// 410 `Expired` for a watch from a compacted `resourceVersion`.
pub(crate) fn expired(requested: u64, oldest: u64) -> Status {
    Status::failure(
        &format!("too old resource version: {requested} ({oldest})"),
        "Expired",
    )
    .with_code(410)
}

/// 415, what the server answers to a strategic merge patch of a custom resource.
pub(crate) fn unsupported_patch() -> Error {
    Error::api(
        ErrorKind::UnsupportedMediaType,
        "the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml",
    )
}
