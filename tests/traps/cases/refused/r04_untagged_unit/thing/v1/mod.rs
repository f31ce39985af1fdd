//! Trap r04_untagged_unit: Untagged enum with a unit variant, which serde writes as null.
//! https://github.com/kube-rs/kube/pull/1028
//!
//! +groupName=r04.traps.example.com

mod types;
pub use types::*;
