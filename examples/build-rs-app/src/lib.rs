//! An example of generating a Kubernetes API at build time: `build.rs` runs
//! kube-codegen's `Builder` over `apis/` and this
//! file includes the result, so the crate has the modules `apis`, `clientset`,
//! `listers`, `informers` and `crds` without any generated file checked in.
//!
//! The include must sit at the crate root: the generated code refers to its
//! modules through `crate::`.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

include!(concat!(env!("OUT_DIR"), "/kube_codegen.rs"));
