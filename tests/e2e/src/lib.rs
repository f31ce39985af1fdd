//! End-to-end test harness: a real Kubernetes control plane on loopback
//! ("envtest for Rust").
//!
//! ```no_run
//! # async fn demo() -> anyhow::Result<()> {
//! // One control plane per test binary, started on first use.
//! let client = e2e::client().await?;
//! // A fresh namespace, deleted again when `ns` is dropped.
//! let ns = e2e::ns("my-test").await?;
//! # let _ = (client, ns.name());
//! # Ok(()) }
//! ```
//!
//! See `tests/e2e/README.md` for environment variables and the cache.
#![forbid(unsafe_code)]

pub mod audit;
pub mod crds;
pub mod envtest;
pub mod probe;
pub mod proxy;
mod workspace;

pub use envtest::{
    Component, ControlPlane, Process, StartOptions, TestNamespace, bin_dir, client, kubectl, ns,
    pinned_kube_version, repo_root, shared, shared_with,
};
pub use workspace::{app_controller, kube_codegen};
