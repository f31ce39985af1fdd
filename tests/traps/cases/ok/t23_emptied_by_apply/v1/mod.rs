//! Trap t23_emptied_by_apply: server-side apply turns an emptied object into null and refuses it.
//! https://github.com/kubernetes/kubernetes/issues/135841
//!
//! A field manager sets `automated: {selfHeal: true}`, then applies
//! `automated: {}`: the server's merge removes `selfHeal` and leaves
//! `automated: null` (structured-merge-diff#305), which the schema refuses.
//! The same happens to a map emptied of its keys. A `#[serde(default)]` field
//! Rust always sends gets `default: {}`, which the server fills back in.
//!
//! +groupName=t23.traps.example.com

mod types;
pub use types::*;
