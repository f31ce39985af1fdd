//! Trap t10_flatten_map: #[serde(flatten)] HashMap<String, Value> gives properties and additionalProperties, or loses unknown fields.
//! https://github.com/kube-rs/kube/issues/844
//!
//! +groupName=t10.traps.example.com

mod types;
pub use types::*;
