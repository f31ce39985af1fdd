//! Trap t09_one_of_selector: One-of required fields should be Rust enums, not Option<T> each.
//! https://github.com/kube-rs/kopium/issues/39
//!
//! +groupName=t09.traps.example.com

mod types;
pub use types::*;
