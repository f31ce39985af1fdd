//! Trap t05_adjacently_tagged: Adjacently tagged enums are unsupported in the schema.
//! https://github.com/kube-rs/kube/issues/1741
//!
//! +groupName=t05.traps.example.com

mod types;
pub use types::*;
