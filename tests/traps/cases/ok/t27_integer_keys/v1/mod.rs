//! Trap t27_integer_keys: maps keyed by integers, which serde writes as decimal strings.
//! https://github.com/serde-rs/json/issues/696
//!
//! +groupName=t27.traps.example.com

mod types;
pub use types::*;
