//! Trap t11_preserve_unknown: x-kubernetes-preserve-unknown-fields: arbitrary JSON in a field.
//! https://github.com/kube-rs/kopium/issues/31
//!
//! +groupName=t11.traps.example.com

mod types;
pub use types::*;
