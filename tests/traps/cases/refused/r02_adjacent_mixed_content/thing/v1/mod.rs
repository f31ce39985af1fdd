//! Trap r02_adjacent_mixed_content: Adjacently tagged enum whose content is a string in one variant and a bool in another.
//! https://github.com/kube-rs/kube/issues/1741
//!
//! +groupName=r02.traps.example.com

mod types;
pub use types::*;
