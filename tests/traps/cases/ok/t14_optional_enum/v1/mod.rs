//! Trap t14_optional_enum: CRD generation for optional enums broke.
//! https://github.com/kube-rs/kube/issues/1821
//!
//! +groupName=t14.traps.example.com

mod types;
pub use types::*;
