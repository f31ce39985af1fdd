//! Trap t25_reexported_paths: types named through the crates that re-export them (`k8s_openapi::jiff`, `kube::api`, `kube::core`).
//! https://github.com/kube-rs/kube/pull/1870
//!
//! +groupName=t25.traps.example.com

mod types;
pub use types::*;
