//! Trap t03_raw_extension: RawExtension serializes null by default, which a non-nullable schema refuses.
//! https://github.com/Arnavion/k8s-openapi/issues/9
//!
//! +groupName=t03.traps.example.com

mod types;
pub use types::*;
