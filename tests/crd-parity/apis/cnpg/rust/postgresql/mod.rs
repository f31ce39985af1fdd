//! CloudNativePG (reduced): Cluster.

pub mod v1;
