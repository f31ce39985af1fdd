//! Trap r13_serde_bytes: `serde_bytes::ByteBuf` for Go's `[]byte`: serde_json writes it as a list of numbers, not base64.
//! https://github.com/kubernetes-sigs/kubebuilder/issues/220
//!
//! +groupName=r13.traps.example.com

mod types;
pub use types::*;
