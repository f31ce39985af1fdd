//! Field errors as the API server reports them (`field.Error`), and the
//! `Invalid` status (422) they make.

use std::fmt;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Status, StatusCause, StatusDetails};
use serde_json::Value;

use kube_codegen_merge::go::{go_float, go_quote};

/// The kind of a field error (`field.ErrorType`), which is the cause's
/// `reason`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorType {
    /// `FieldValueRequired`: "Required value".
    Required,
    /// `FieldValueInvalid`: "Invalid value".
    Invalid,
    /// `FieldValueTypeInvalid`: "Invalid value" (a value of the wrong type).
    TypeInvalid,
    /// `FieldValueNotSupported`: "Unsupported value" (not in the enum).
    NotSupported,
    /// `FieldValueDuplicate`: "Duplicate value".
    Duplicate,
    /// `FieldValueForbidden`: "Forbidden".
    Forbidden,
    /// `FieldValueTooLong`: "Too long".
    TooLong,
    /// `FieldValueTooMany`: "Too many".
    TooMany,
    /// `InternalError`: "Internal error".
    Internal,
}

impl ErrorType {
    /// The reason of the status cause.
    pub fn reason(self) -> &'static str {
        match self {
            ErrorType::Required => "FieldValueRequired",
            ErrorType::Invalid => "FieldValueInvalid",
            ErrorType::TypeInvalid => "FieldValueTypeInvalid",
            ErrorType::NotSupported => "FieldValueNotSupported",
            ErrorType::Duplicate => "FieldValueDuplicate",
            ErrorType::Forbidden => "FieldValueForbidden",
            ErrorType::TooLong => "FieldValueTooLong",
            ErrorType::TooMany => "FieldValueTooMany",
            ErrorType::Internal => "InternalError",
        }
    }

    fn text(self) -> &'static str {
        match self {
            ErrorType::Required => "Required value",
            ErrorType::Invalid | ErrorType::TypeInvalid => "Invalid value",
            ErrorType::NotSupported => "Unsupported value",
            ErrorType::Duplicate => "Duplicate value",
            ErrorType::Forbidden => "Forbidden",
            ErrorType::TooLong => "Too long",
            ErrorType::TooMany => "Too many",
            ErrorType::Internal => "Internal error",
        }
    }

    /// Errors after which the API server does not run CEL rules
    /// (`hasBlockingErr`).
    pub(crate) fn blocks_cel(self) -> bool {
        matches!(
            self,
            ErrorType::NotSupported
                | ErrorType::Required
                | ErrorType::TooLong
                | ErrorType::TooMany
                | ErrorType::TypeInvalid
        )
    }
}

/// The value shown in an error (`BadValue`).
#[derive(Clone, Debug, PartialEq)]
pub enum BadValue {
    /// A JSON value, printed as Go prints it (`11`, `"text"`, `{"a":1}`).
    Json(Value),
    /// Not shown (`"<value omitted>"` and omitted values).
    Omitted,
    /// An integer count (too many items).
    Count(i64),
}

/// One field error, as the API server puts it in an `Invalid` status.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldError {
    /// Its kind (the cause's reason).
    pub kind: ErrorType,
    /// The field path, as the server writes it: `spec.replicas`,
    /// `spec.items[0].name`, `spec.labels[key]` for CEL rules.
    pub field: String,
    /// The offending value.
    pub bad_value: BadValue,
    /// What is wrong.
    pub detail: String,
}

impl FieldError {
    pub(crate) fn new(
        kind: ErrorType,
        field: impl Into<String>,
        bad_value: BadValue,
        detail: impl Into<String>,
    ) -> Self {
        FieldError {
            kind,
            field: field.into(),
            bad_value,
            detail: detail.into(),
        }
    }

    /// `field.Required`: the field must be set.
    pub fn required(field: impl Into<String>, detail: impl Into<String>) -> Self {
        Self::new(ErrorType::Required, field, BadValue::Omitted, detail)
    }

    /// `field.Invalid`: `value` is not allowed here, because of `detail`.
    pub fn invalid(
        field: impl Into<String>,
        value: impl Into<Value>,
        detail: impl Into<String>,
    ) -> Self {
        Self::new(
            ErrorType::Invalid,
            field,
            BadValue::Json(value.into()),
            detail,
        )
    }

    /// `field.Forbidden`: the field may not be set (or changed) here.
    pub fn forbidden(field: impl Into<String>, detail: impl Into<String>) -> Self {
        Self::new(ErrorType::Forbidden, field, BadValue::Omitted, detail)
    }

    /// `field.NotSupported`: `value` is not one of `supported`.
    pub fn not_supported(
        field: impl Into<String>,
        value: impl Into<Value>,
        supported: &[&str],
    ) -> Self {
        let quoted: Vec<String> = supported.iter().map(|s| go_quote(s)).collect();
        Self::new(
            ErrorType::NotSupported,
            field,
            BadValue::Json(value.into()),
            format!("supported values: {}", quoted.join(", ")),
        )
    }

    /// `field.Duplicate`: `value` appears twice.
    pub fn duplicate(field: impl Into<String>, value: impl Into<Value>) -> Self {
        Self::new(
            ErrorType::Duplicate,
            field,
            BadValue::Json(value.into()),
            "",
        )
    }

    /// `field.TooLong`: longer than `max` bytes.
    pub fn too_long(field: impl Into<String>, max: usize) -> Self {
        Self::new(
            ErrorType::TooLong,
            field,
            BadValue::Omitted,
            format!("may not be more than {max} bytes"),
        )
    }

    /// `field.TooMany`: `actual` items where at most `max` are allowed.
    pub fn too_many(field: impl Into<String>, actual: usize, max: usize) -> Self {
        Self::new(
            ErrorType::TooMany,
            field,
            BadValue::Count(i64::try_from(actual).unwrap_or(i64::MAX)),
            format!("must have at most {max} items"),
        )
    }

    /// The message without the field (`ErrorBody`): `Invalid value: 11:
    /// spec.replicas in body should be less than or equal to 10`.
    pub fn body(&self) -> String {
        let mut s = match self.kind {
            ErrorType::Required
            | ErrorType::Forbidden
            | ErrorType::TooLong
            | ErrorType::Internal => self.kind.text().to_owned(),
            _ => match &self.bad_value {
                BadValue::Omitted => self.kind.text().to_owned(),
                BadValue::Count(n) => format!("{}: {n}", self.kind.text()),
                BadValue::Json(v) => format!("{}: {}", self.kind.text(), go_value(v)),
            },
        };
        if !self.detail.is_empty() {
            s.push_str(": ");
            s.push_str(&self.detail);
        }
        s
    }

    /// The status cause of the error.
    pub fn to_cause(&self) -> StatusCause {
        StatusCause {
            reason: Some(self.kind.reason().to_owned()),
            message: Some(self.body()),
            field: Some(self.field.clone()),
        }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.body())
    }
}

/// A value as `field.Error` prints it: numbers and booleans plainly, strings
/// quoted, anything else as JSON.
pub(crate) fn go_value(v: &Value) -> String {
    match v {
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.to_string(),
            None => match n.as_u64() {
                Some(u) => u.to_string(),
                None => go_float(n.as_f64().unwrap_or(0.0)),
            },
        },
        Value::Bool(b) => b.to_string(),
        Value::String(s) => go_quote(s),
        other => kube_codegen_merge::go::go_json(other),
    }
}

/// The 422 `Invalid` status the API server answers with (`NewInvalid`):
/// `App.myapp.k8s.io "name" is invalid: [a: ..., b: ...]`.
///
/// `qualified_kind` is `Kind.group`.
pub fn invalid_status(qualified_kind: &str, name: &str, errors: &[FieldError]) -> Status {
    let (kind, group) = qualified_kind
        .split_once('.')
        .unwrap_or((qualified_kind, ""));
    let mut seen = Vec::new();
    for e in errors {
        let text = e.to_string();
        if !seen.contains(&text) {
            seen.push(text);
        }
    }
    let message = match seen.as_slice() {
        [] => format!("{qualified_kind} {} is invalid", go_quote(name)),
        [one] => format!("{qualified_kind} {} is invalid: {one}", go_quote(name)),
        many => format!(
            "{qualified_kind} {} is invalid: [{}]",
            go_quote(name),
            many.join(", ")
        ),
    };
    Status {
        status: Some("Failure".to_owned()),
        code: Some(422),
        reason: Some("Invalid".to_owned()),
        message: Some(message),
        details: Some(StatusDetails {
            group: Some(group.to_owned()),
            kind: Some(kind.to_owned()),
            name: Some(name.to_owned()),
            causes: Some(errors.iter().map(FieldError::to_cause).collect()),
            ..StatusDetails::default()
        }),
        ..Status::default()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn constructors_word_errors_as_the_api_server() {
        let errors = [
            FieldError::required("spec.image", "an image is needed"),
            FieldError::invalid("spec.replicas", 12, "must be at most 10"),
            FieldError::invalid("spec.name", "Web", "must be lower case"),
            FieldError::forbidden("spec.engine", "may not change"),
            FieldError::not_supported("spec.mode", "fast", &["safe", "slow"]),
            FieldError::duplicate("spec.ports[1]", json!(80)),
            FieldError::too_long("metadata.name", 63),
            FieldError::too_many("spec.items", 5, 3),
        ];
        let texts: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            texts,
            [
                "spec.image: Required value: an image is needed",
                "spec.replicas: Invalid value: 12: must be at most 10",
                "spec.name: Invalid value: \"Web\": must be lower case",
                "spec.engine: Forbidden: may not change",
                "spec.mode: Unsupported value: \"fast\": supported values: \"safe\", \"slow\"",
                "spec.ports[1]: Duplicate value: 80",
                "metadata.name: Too long: may not be more than 63 bytes",
                "spec.items: Too many: 5: must have at most 3 items",
            ]
        );
        let reasons: Vec<&str> = errors.iter().map(|e| e.kind.reason()).collect();
        assert_eq!(
            reasons,
            [
                "FieldValueRequired",
                "FieldValueInvalid",
                "FieldValueInvalid",
                "FieldValueForbidden",
                "FieldValueNotSupported",
                "FieldValueDuplicate",
                "FieldValueTooLong",
                "FieldValueTooMany"
            ]
        );
    }
}
