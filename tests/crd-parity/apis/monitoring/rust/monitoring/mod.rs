//! prometheus-operator (reduced): ServiceMonitor.

pub mod v1;
