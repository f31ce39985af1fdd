//! Version v1alpha1 of the infra fixture group.
//!
//! +groupName=infra.fixture.example.com
//! +groupGoName=Infrastructure
//! +k8s:deepcopy-gen=package

mod cluster;
mod database;
mod gateway;
mod policy;
mod route;

pub use cluster::*;
pub use database::*;
pub use gateway::*;
pub use policy::*;
pub use route::*;
