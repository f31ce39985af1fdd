//! The `samplecontroller.k8s.io` group.

pub mod v1alpha1;
