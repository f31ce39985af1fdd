//! Trap t06_complex_enum_list: Complex enums (newtype variants of structs) in a list are not structural.
//! https://github.com/kube-rs/kube/issues/648
//!
//! +groupName=t06.traps.example.com

mod types;
pub use types::*;
