//! What can go wrong converting an object.

/// The error of a fallible conversion (`TryFrom`), boxed.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// Why an object could not be converted; the API server shows the message to
/// the client whose request needed the conversion.
#[derive(Debug, thiserror::Error)]
pub enum ConversionError {
    /// The object lacks `apiVersion` or `kind`.
    #[error("the object has no `{0}`")]
    NoTypeMeta(&'static str),
    /// No registered kind has this group and kind.
    #[error("kind {kind} of {api_version} is not converted by this webhook")]
    UnknownKind {
        /// The object's `apiVersion`.
        api_version: String,
        /// The object's `kind`.
        kind: String,
    },
    /// The kind is registered, but not with this version.
    #[error("{kind} has no version {api_version} in this webhook")]
    UnknownVersion {
        /// The object's `kind`.
        kind: String,
        /// The version asked for or given.
        api_version: String,
    },
    /// The object does not fit its version's Rust type.
    #[error("cannot decode {kind} {api_version}: {source}")]
    Decode {
        /// The version's `apiVersion`.
        api_version: String,
        /// The object's `kind`.
        kind: String,
        /// What serde said.
        #[source]
        source: serde_json::Error,
    },
    /// The converted object could not be written as JSON.
    #[error("cannot encode {kind} {api_version}: {source}")]
    Encode {
        /// The version's `apiVersion`.
        api_version: String,
        /// The object's `kind`.
        kind: String,
        /// What serde said.
        #[source]
        source: serde_json::Error,
    },
    /// A `TryFrom` conversion refused the object.
    #[error("converting {kind} from {from} to {to}: {source}")]
    Convert {
        /// The object's `kind`.
        kind: String,
        /// The source `apiVersion`.
        from: String,
        /// The target `apiVersion`.
        to: String,
        /// The conversion's error.
        #[source]
        source: BoxError,
    },
}
