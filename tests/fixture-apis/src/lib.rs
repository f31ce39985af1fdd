//! A rich fixture API for kube-codegen's own tests.
//!
//! It is deliberately not the App example: several groups and versions,
//! namespaced and cluster-scoped kinds, kinds without status, read-only and
//! verb-restricted clients, a custom subresource method, nested and collection
//! fields, enums, flattening, renames, k8s-openapi types and every marker the
//! generator understands. `tests/fixture-generated` is the generator's output for
//! it, checked in as a golden snapshot and compiled as a crate.

// Input as users write it, some of it undocumented on purpose (the generated
// crate must take that: its `apis` module allows `missing_docs`); this crate is
// not published, and the workspace's `missing_docs` is for published ones.
#![allow(missing_docs)]

pub mod batch;
pub mod fleet;
pub mod infra;
