//! Trap t17_recursive: Self-referential types: recursive schemas have no structural form.
//! https://github.com/kube-rs/kopium/issues/28
//!
//! +groupName=t17.traps.example.com

mod types;
pub use types::*;
