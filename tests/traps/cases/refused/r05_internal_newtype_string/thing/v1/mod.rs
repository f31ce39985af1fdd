//! Trap r05_internal_newtype_string: Internally tagged enum with a newtype variant holding a string.
//! https://github.com/kube-rs/kube/issues/1279
//!
//! +groupName=r05.traps.example.com

mod types;
pub use types::*;
