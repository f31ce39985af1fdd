//! Package v1 is the v1 version of the `myapp.k8s.io` API: an `App` runs a
//! container image as a Deployment and exposes it through a Service.
//!
//! +k8s:deepcopy-gen=package
//! +groupName=myapp.k8s.io

mod app;

pub use app::*;
