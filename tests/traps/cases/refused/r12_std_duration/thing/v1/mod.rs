//! Trap r12_std_duration: `std::time::Duration`, which serde writes as `{"secs", "nanos"}`, for a Kubernetes duration.
//! https://github.com/kube-rs/kube/issues/1222
//!
//! +groupName=r12.traps.example.com

mod types;
pub use types::*;
