//! Trap t28_empty_bytes: byte fields holding no bytes (`""`, which the server refuses for `format: byte`), and `Vec<u8>` written by serde (numbers) or as base64.
//! https://github.com/kubernetes-sigs/kubectl-validate/pull/42
//!
//! +groupName=t28.traps.example.com

mod types;
pub use types::*;
