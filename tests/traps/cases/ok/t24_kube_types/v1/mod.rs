//! Trap t24_kube_types: kube-rs' own types in a CRD: `Duration` (Go's metav1.Duration), `GroupVersionKind`, `TypeMeta`.
//! https://github.com/kube-rs/kube/issues/1222
//!
//! +groupName=t24.traps.example.com

mod types;
pub use types::*;
