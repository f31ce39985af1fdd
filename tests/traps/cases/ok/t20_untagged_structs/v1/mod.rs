//! Trap t20_untagged_structs: Untagged enums of struct variants.
//! https://github.com/kube-rs/kube/pull/1028
//!
//! +groupName=t20.traps.example.com

mod types;
pub use types::*;
