//! kube-codegen: Kubernetes code generation for Rust.
//!
//! Plain Rust type files annotated with Go-style markers (`// +genclient`,
//! `// +kubebuilder:validation:Minimum=0`, ...) go in; a crate with deep-copy
//! `Clone` impls, `kube::Resource` impls, typed clientsets, fake clientsets,
//! listers, informers and CRD YAML comes out.
//!
//! The pipeline is parse → [`model`] → validate → [`emit`] → write; the CLI, a
//! `build.rs` and the proc macros all share it.

pub mod builder;
pub mod cargo_features;
pub mod cli;
pub mod crate_version;
pub mod dependencies;
pub mod diag;
pub mod emit;
mod manifest;
pub mod manifest_dependencies;
pub mod map_keys;
pub mod model;
pub mod parse;
pub mod pipeline;
pub mod rbac;
pub mod runtime_version;
pub mod scaffold;
pub(crate) mod source_markers;
pub mod validate;
pub mod webhook;
pub mod write;
