//! Trap t13_nested_defaults: Nested defaults do not apply under a parent that is missing.
//! https://github.com/kubernetes-sigs/controller-tools/issues/622
//!
//! +groupName=t13.traps.example.com

mod types;
pub use types::*;
