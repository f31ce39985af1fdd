//! A reduced model of CloudNativePG's Cluster API, translated from
//! `../../go/v1` marker by marker.
//!
//! +groupName=postgresql.cnpg.io

mod cluster;

pub use cluster::*;
