//! Trap r03_unit_and_data: Externally tagged enum mixing a unit variant (a string) with data variants (objects).
//! https://github.com/kube-rs/kube/pull/398
//!
//! +groupName=r03.traps.example.com

mod types;
pub use types::*;
