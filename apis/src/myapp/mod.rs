//! The `myapp.k8s.io` API group.

pub mod v1;
