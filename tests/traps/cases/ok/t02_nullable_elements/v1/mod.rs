//! Trap t02_nullable_elements: Option list elements and map values must be null on the wire.
//! https://github.com/kube-rs/kube/pull/1200
//!
//! +groupName=t02.traps.example.com

mod types;
pub use types::*;
