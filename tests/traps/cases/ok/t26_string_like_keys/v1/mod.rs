//! Trap t26_string_like_keys: maps keyed by a unit enum and by a newtype of `String` (serde writes both as JSON object keys).
//! https://github.com/GREsau/okapi/issues/128
//!
//! +groupName=t26.traps.example.com

mod types;
pub use types::*;
