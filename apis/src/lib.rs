//! The API types of this repository, written as plain Rust with Go-style markers.
//!
//! This crate is the *input* of `kube-codegen`: `hack/update-codegen.sh` reads
//! `src/<group>/<version>/*.rs` and writes the `generated` crate (types with
//! deep-copy `Clone`, `Resource` impls, clientset, listers, informers, CRDs).
//! It is a crate of its own so that the compiler and editors check the types.
//! Depend on `generated`, not on this crate.

pub mod myapp;
