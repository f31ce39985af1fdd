//! Version v1, without its group.

mod app;
pub use app::*;
