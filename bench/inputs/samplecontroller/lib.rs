//! kubernetes/sample-controller's API as kube-codegen input (benchmarks only).

pub mod samplecontroller;
