//! Trap r07_cel_budget: A validation rule over an unbounded list exceeds the API server's cost budget.
//! https://github.com/kubernetes-sigs/controller-tools/issues/1409
//!
//! +groupName=r07.traps.example.com

mod types;
pub use types::*;
