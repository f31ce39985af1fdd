//! +groupName=myapp.k8s.io

mod app;
pub use app::*;
