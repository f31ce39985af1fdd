//! Trap r08_tuple_variant: A tuple variant is a JSON array of mixed values.
//! https://github.com/kube-rs/kube/issues/648
//!
//! +groupName=r08.traps.example.com

mod types;
pub use types::*;
