//! +groupName=myapp.example.com
//! +genclient

mod app;
pub use app::*;
