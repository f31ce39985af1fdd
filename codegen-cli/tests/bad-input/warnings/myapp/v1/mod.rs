//! +groupName=myapp.example.com
//! +k8s:openapi-gen=true

mod app;
pub use app::*;
