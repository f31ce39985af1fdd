//! A reduced model of prometheus-operator's ServiceMonitor API, translated
//! from `../../go/v1` marker by marker.
//!
//! +groupName=monitoring.coreos.com

mod servicemonitor;

pub use servicemonitor::*;
