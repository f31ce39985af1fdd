//! +groupName=fleet.example.com

mod cluster;
pub use cluster::*;
