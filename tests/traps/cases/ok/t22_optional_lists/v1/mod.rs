//! Trap t22_optional_lists: Option<Vec<T>> and defaults: None is not an empty list and must not be null.
//! https://github.com/kube-rs/kube/pull/348
//!
//! +groupName=t22.traps.example.com

mod types;
pub use types::*;
