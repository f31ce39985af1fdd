//! Trap r11_struct_map_key: a map keyed by a struct, which serde_json cannot write ("key must be a string").
//! https://github.com/serde-rs/json/issues/402
//!
//! +groupName=r11.traps.example.com

mod types;
pub use types::*;
