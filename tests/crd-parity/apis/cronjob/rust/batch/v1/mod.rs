//! The kubebuilder tutorial's CronJob API, version v1 (reduced), translated
//! from `../../go/v1` marker by marker.
//!
//! +groupName=batch.tutorial.kubebuilder.io

mod cronjob;

pub use cronjob::*;
