//! Package v1alpha1 is the v1alpha1 version of the API.
//!
//! The `Foo` kind of kubernetes/sample-controller (`k8s.io/sample-controller`,
//! `pkg/apis/samplecontroller/v1alpha1`), written as kube-codegen input so the
//! benchmarks can run the Go and the Rust generators on the same API.
//!
//! +k8s:deepcopy-gen=package
//! +groupName=samplecontroller.k8s.io

mod types;

pub use types::*;
