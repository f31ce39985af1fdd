//! Trap t04_internally_tagged: Internally tagged enums fail CRD generation.
//! https://github.com/kube-rs/kube/issues/1279
//!
//! +groupName=t04.traps.example.com

mod types;
pub use types::*;
