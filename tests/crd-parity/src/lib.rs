//! The differential suite against controller-gen (see `../README.md`).
//!
//! Each API under `apis/<api>/` exists twice: as Go types (`go/`, one package
//! per version) that controller-gen reads, and as their Rust translation
//! (`rust/`, an input directory for `kube-codegen crd`). The suite generates
//! both CRDs, compares them attribute by attribute ([`compare`]), sends the
//! same probe objects to a real API server with both installed ([`probes`]),
//! and checks every difference against the documented list
//! ([`differences`]).

pub mod compare;
pub mod corpus;
pub mod differences;
pub mod generators;
pub mod probes;
pub mod render;
pub mod server;
