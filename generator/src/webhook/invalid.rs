//! What the API server refuses in a webhook configuration, as its field errors
//! name it: found by [`super::validate`], reported by [`super::marker`] at the
//! marker that wrote the field.

/// The kind of a server's field error (`field.ErrorType`), as it writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reason {
    Required,
    Invalid,
    NotSupported,
    Duplicate,
    Forbidden,
    TooMany,
}

impl Reason {
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Required => "Required value",
            Reason::Invalid => "Invalid value",
            Reason::NotSupported => "Unsupported value",
            Reason::Duplicate => "Duplicate value",
            Reason::Forbidden => "Forbidden",
            Reason::TooMany => "Too many",
        }
    }
}

/// Something the API server refuses in a webhook.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Invalid {
    /// The field, from the webhook (`rules[0].operations[1]`).
    pub field: String,
    pub reason: Reason,
    /// What is wrong, in the marker's terms.
    pub message: String,
    /// How to fix it.
    pub help: String,
}
