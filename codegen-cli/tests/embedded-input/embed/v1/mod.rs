//! Package v1 embeds Kubernetes types the way operators do (test input for
//! `tests/all/crd_embedded.rs`).
//!
//! +groupName=embed.example.com

mod types;

pub use types::*;
