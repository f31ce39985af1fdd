//! The writer: renders emitted files (the boilerplate header on top; Rust the
//! emitters left as tokens formatted), compares them with what is on disk, and
//! either replaces what changed (`generate`) or reports it (`verify`).
//!
//! It knows nothing about what the files mean; it only knows which files are
//! generated (they carry [`GENERATED_MARKER`]) and may therefore be replaced or
//! removed.

mod header;
mod plan;
mod render;

pub use header::{Boilerplate, GENERATED_MARKER};
pub use plan::{Change, Plan, plan, plan_owned};
pub use render::{RenderError, render, render_owned};
