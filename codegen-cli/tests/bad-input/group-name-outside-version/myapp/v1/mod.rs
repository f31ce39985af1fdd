mod app;
pub use app::*;
