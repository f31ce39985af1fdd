//! Trap t08_untagged_int_or_string: x-kubernetes-int-or-string has no Rust type; an untagged number-or-name enum is its Rust spelling.
//! https://github.com/kube-rs/kopium/issues/8
//!
//! +groupName=t08.traps.example.com

mod types;
pub use types::*;
