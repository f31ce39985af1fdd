//! Trap t07_flattened_untagged: Flattened untagged enums lead to invalid CRDs.
//! https://github.com/kube-rs/kube/issues/1941
//!
//! +groupName=t07.traps.example.com

mod types;
pub use types::*;
