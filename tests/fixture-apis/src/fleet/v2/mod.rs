//! Version v2 of the fleet fixture group: `NodePool` with named nodes, several
//! zones and autoscaling. The storage version and the hub of the conversions.
//!
//! +groupName=fleet.fixture.example.com

mod nodepool;

pub use nodepool::*;
