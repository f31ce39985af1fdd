//! The kubebuilder tutorial's CronJob API, version v2 (reduced), translated
//! from `../../go/v2` marker by marker.
//!
//! +groupName=batch.tutorial.kubebuilder.io

mod cronjob;

pub use cronjob::*;
