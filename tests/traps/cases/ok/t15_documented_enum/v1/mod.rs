//! Trap t15_documented_enum: Documented unit enum variants turn into oneOf schemas that are not structural.
//! https://github.com/kube-rs/kube/issues/1047
//!
//! +groupName=t15.traps.example.com

mod types;
pub use types::*;
