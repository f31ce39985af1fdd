//! The kubebuilder tutorial CronJob (reduced), three versions.

pub mod v1;
pub mod v1beta1;
pub mod v2;
