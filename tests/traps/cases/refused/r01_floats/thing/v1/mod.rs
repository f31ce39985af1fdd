//! Trap r01_floats: Floats in API types do not round-trip across languages.
//! https://github.com/kubernetes-sigs/controller-tools/issues/245
//!
//! +groupName=r01.traps.example.com

mod types;
pub use types::*;
