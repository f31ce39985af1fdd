//! Trap r06_cel_rust_field_name: A validation rule naming the Rust field instead of its JSON name.
//! https://github.com/kube-rs/kube/issues/129
//!
//! +groupName=r06.traps.example.com

mod types;
pub use types::*;
