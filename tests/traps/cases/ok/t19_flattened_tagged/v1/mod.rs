//! Trap t19_flattened_tagged: Shared fields plus a tagged method flattened into the spec.
//! https://github.com/kube-rs/kube/pull/856
//!
//! +groupName=t19.traps.example.com

mod types;
pub use types::*;
