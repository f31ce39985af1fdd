//! A rich fixture API for kube-codegen's own tests.
//!
//! It is deliberately not the App example: several groups and versions,
//! namespaced and cluster-scoped kinds, kinds without status, read-only and
//! verb-restricted clients, a custom subresource method, nested and collection
//! fields, enums, flattening, renames, k8s-openapi types and every marker the
//! generator understands. `tests/fixture-generated` is the generator's output for
//! it, checked in as a golden snapshot and compiled as a crate.

pub mod batch;
pub mod fleet;
pub mod infra;
