//! +groupName=myapp.example.com

mod app;
pub use app::*;
