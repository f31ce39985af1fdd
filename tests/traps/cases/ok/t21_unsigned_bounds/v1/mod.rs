//! Trap t21_unsigned_bounds: Integer formats: unsigned and narrow integers the server stores but Rust cannot read back.
//! https://github.com/kube-rs/kopium/pull/223
//!
//! +groupName=t21.traps.example.com

mod types;
pub use types::*;
