//! The trap corpus of issue #16: one API group per case, each an API shape
//! written the way Rust operator authors write it and taken from a public
//! issue (cited in the case's `mod.rs`), where generators produced a CRD the
//! API server rejects or silently mishandles.
//!
//! `cases/ok/` are generated here from `build.rs` (types and CRDs);
//! `e2e --test crds` installs every CRD on the real control plane and tries
//! each kind: create and get, server-side apply of `Kind::default()`,
//! read-modify-apply, and for enums two field managers applying different
//! variants. `cases/refused/` are the shapes kube-codegen refuses, each with
//! the diagnostic it shows (`expected.txt`), checked by the same test.

include!(concat!(env!("OUT_DIR"), "/kube_codegen.rs"));

/// The timestamp crate the `t18_timestamps` case uses, for its users.
pub use jiff;

/// The directory of the refused cases, for the test that checks their diagnostics.
pub const REFUSED_CASES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/cases/refused");
