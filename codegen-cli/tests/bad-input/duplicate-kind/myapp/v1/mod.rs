//! +groupName=myapp.example.com

mod app;
mod more;
pub use app::*;
