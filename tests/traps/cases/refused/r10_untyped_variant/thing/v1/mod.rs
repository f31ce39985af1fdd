//! Trap r10_untyped_variant: A one-of whose variant is untyped JSON, which the rule keeping it to one variant cannot name.
//! https://github.com/kube-rs/kopium/issues/39
//!
//! +groupName=r10.traps.example.com

mod types;
pub use types::*;
