//! Trap t01_quantities: Option<Quantity> / Option<IntOrString> left None are written as null and refused under server-side apply.
//! https://github.com/kube-rs/kube/issues/1869
//!
//! +groupName=t01.traps.example.com

mod types;
pub use types::*;
