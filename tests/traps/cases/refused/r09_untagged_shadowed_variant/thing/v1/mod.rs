//! Trap r09_untagged_shadowed_variant: An untagged variant serde never reads: an earlier one takes every object it could hold.
//! https://github.com/kube-rs/kube/pull/1028
//!
//! +groupName=r09.traps.example.com

mod types;
pub use types::*;
