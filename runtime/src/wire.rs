//! What generated types leave out of their JSON, named in their
//! `#[serde(skip_serializing_if = "...")]` attributes.
//!
//! The API server refuses an empty string for a `format: byte` field (its
//! base64 check wants at least one group of four characters), so a byte field
//! holding no bytes is left out rather than written as `""`: what the type
//! serializes, the server accepts, and the field reads back as no bytes.
//!
//! ```
//! use k8s_openapi::ByteString;
//! use kube_codegen_runtime::wire;
//!
//! assert!(wire::is_empty_bytes(&ByteString::default()));
//! assert!(wire::is_none_or_empty_bytes(&Some(ByteString(Vec::new()))));
//! assert!(!wire::is_none_or_empty_bytes(&Some(ByteString(b"pem".to_vec()))));
//! ```

use k8s_openapi::ByteString;

/// Whether `bytes` holds no bytes.
pub fn is_empty_bytes(bytes: &ByteString) -> bool {
    bytes.0.is_empty()
}

/// Whether `bytes` is `None` or holds no bytes.
pub fn is_none_or_empty_bytes(bytes: &Option<ByteString>) -> bool {
    bytes.as_ref().is_none_or(is_empty_bytes)
}
