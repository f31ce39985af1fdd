//! Trap t16_no_spec: Custom resources without a spec, properties at the root.
//! https://github.com/kube-rs/kube/issues/1763
//!
//! +groupName=t16.traps.example.com

mod types;
pub use types::*;
