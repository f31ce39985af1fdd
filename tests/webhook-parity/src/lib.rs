//! The differential suite of the webhook generator (see `../README.md`).
//!
//! Each case under `cases/<case>/` holds the same markers twice: as Go
//! comments (`go/`, controller-gen's input, one Go module for all cases) and
//! as Rust comments (`rust/`, kube-codegen's). Both generators run on every
//! case ([`outcome`]); what they write goes to a real API server as a dry-run
//! create ([`server`]); every case whose outcomes differ is listed with its
//! reason in `differences.yaml` ([`differences`]).

pub mod corpus;
pub mod differences;
pub mod outcome;
pub mod server;
