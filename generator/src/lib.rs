//! kube-codegen: Kubernetes code generation for Rust.
//!
//! Plain Rust type files annotated with Go-style markers (`// +genclient`,
//! `// +kubebuilder:validation:Minimum=0`, ...) go in; a crate with deep-copy
//! `Clone` impls, `kube::Resource` impls, typed clientsets, fake clientsets,
//! listers, informers and CRD YAML comes out.
//!
//! This crate is the generator and nothing else (prost-build's way): parse →
//! [`model`] → validate → [`emit`] → write, what `build.rs` ([`builder`]) and
//! the proc macros (`kube-codegen-macros`) use. The `kube-codegen` command is
//! the crate `kube-codegen-cli`; the linter (`kube-codegen-lint`), the Go
//! importer (`kube-codegen-import`), the scaffolder (`kube-codegen-scaffold`)
//! and the upgrade check (`kube-codegen-upgrade-check`) are crates of their
//! own over this one's model.
//!
//! What a user calls: [`pipeline`] (what `kube-codegen generate`, `verify` and
//! `crd` run), [`builder`] (the same from `build.rs`) and [`diag`] (the
//! diagnostics both report). The other public modules are the generator's
//! stages, public for this project's other crates, benchmarks and tests:
//! hidden from the docs and not covered by semver.

pub mod builder;
pub mod diag;
pub mod pipeline;

#[doc(hidden)]
pub mod crate_version;
#[doc(hidden)]
pub mod dependencies;
#[doc(hidden)]
pub mod docs;
#[doc(hidden)]
pub mod emit;
#[doc(hidden)]
pub mod manifest;
#[doc(hidden)]
pub mod manifest_dependencies;
#[doc(hidden)]
pub mod model;
#[doc(hidden)]
pub mod parse;
#[doc(hidden)]
pub mod rbac;
#[doc(hidden)]
pub mod runtime_version;
#[doc(hidden)]
pub mod webhook;
#[doc(hidden)]
pub mod write;

mod cargo_features;
mod map_keys;
mod prose;
mod source_markers;
mod validate;
