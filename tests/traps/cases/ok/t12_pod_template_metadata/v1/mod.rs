//! Trap t12_pod_template_metadata: ObjectMeta of an embedded object is pruned: a pod template loses its labels.
//! https://github.com/kubernetes-sigs/controller-tools/issues/448
//!
//! +groupName=t12.traps.example.com

mod types;
pub use types::*;
