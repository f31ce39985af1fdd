//! The kubebuilder tutorial's CronJob API, version v1beta1 (reduced), translated
//! from `../../go/v1beta1` marker by marker.
//!
//! +groupName=batch.tutorial.kubebuilder.io

mod cronjob;

pub use cronjob::*;
