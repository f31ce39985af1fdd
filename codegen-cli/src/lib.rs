//! kube-codegen: Kubernetes code generation for Rust.
//!
//! Plain Rust type files annotated with Go-style markers (`// +genclient`,
//! `// +kubebuilder:validation:Minimum=0`, ...) go in; a crate with deep-copy
//! `Clone` impls, `kube::Resource` impls, typed clientsets, fake clientsets,
//! listers, informers and CRD YAML comes out.
//!
//! The pipeline is parse → [`model`] → validate → [`emit`] → write; the CLI, a
//! `build.rs` and the proc macros all share it.
//!
//! What a user calls: [`pipeline`] (what `kube-codegen generate`, `verify` and
//! `crd` run), [`builder`] (the same from `build.rs`), [`diag`] (the
//! diagnostics both report), [`crd_diff`] (`crd diff` and `verify --since`:
//! upgrade safety between two sets of CRDs), [`cli`] (the command line, for
//! a binary that embeds it) and `import` (Go API types to this input, with
//! the `import` feature, on by default). The other public modules are the generator's stages, public
//! only for this project's proc macros, benchmarks and tests: hidden from the
//! docs and not covered by semver.

pub mod builder;
pub mod cli;
pub mod diag;
#[cfg(feature = "import")]
pub mod import;
pub mod lint;
pub mod pipeline;

pub mod crd_diff;
#[doc(hidden)]
pub mod emit;
#[doc(hidden)]
pub mod model;
#[doc(hidden)]
pub mod parse;
#[doc(hidden)]
pub mod rbac;
#[doc(hidden)]
pub mod scaffold;
#[doc(hidden)]
pub mod webhook;
#[doc(hidden)]
pub mod write;

mod cargo_features;
mod crate_version;
mod dependencies;
mod manifest;
mod manifest_dependencies;
mod map_keys;
mod runtime_version;
mod source_markers;
mod validate;
