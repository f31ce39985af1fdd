//! Trap t18_timestamps: date-time strings as Rust timestamps.
//! https://github.com/Arnavion/k8s-openapi/issues/1
//!
//! +groupName=t18.traps.example.com

mod types;
pub use types::*;
