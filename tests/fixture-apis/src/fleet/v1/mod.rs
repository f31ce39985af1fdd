//! Version v1 of the fleet fixture group: the first shape of `NodePool`, a
//! node count and one zone. A spoke of v2.
//!
//! `conversion.rs` holds the conversions to and from v2. It is not a module
//! of this crate: it uses the conversions kube-codegen writes for the types
//! both versions share (`MachineType`, `NodePoolStatus`, ...), which exist in
//! the generated crate only; kube-codegen reads every file of the directory,
//! so the generated crate compiles and checks it.
//!
//! +groupName=fleet.fixture.example.com

mod nodepool;

pub use nodepool::*;
