//! kube-codegen's integration tests, one module per file, linked into one test
//! binary: each separate binary linked the whole crate again, which made
//! `cargo test` spend most of its build time linking (cargo's advice for a
//! crate with many integration tests). One file's tests:
//! `cargo test -p kube-codegen-cli --test all diagnostics::`.
//!
//! `scaffold.rs` stays a binary of its own: it installs the CLI from a clean
//! copy of the repository and builds scaffolded workspaces, and is run by name
//! (`--test scaffold`).

mod support;

mod awkward_names;
mod bench_synth;
mod builder;
mod clientset;
mod crd;
mod crd_diff;
mod crd_embedded;
mod crd_markers;
mod diagnostics;
mod emitted_text;
mod fidelity;
mod import;
mod informers;
mod lint;
mod parse;
mod rbac;
mod rbac_diagnostics;
mod rbac_parity;
mod types;
mod verify;
mod webhook;
mod webhook_diagnostics;
