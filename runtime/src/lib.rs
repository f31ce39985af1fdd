//! The runtime of the crates `kube-codegen` generates: everything that is the
//! same for every API, written once and shared by every generated crate, as
//! client-go is shared by what code-generator writes and prost by what
//! prost-build writes.
//!
//! - [`Kind`] and [`ResourceInfo`]: what the runtime knows about a kind.
//!   Generated crates implement [`Kind`] for their kinds; this crate implements
//!   it for the common built-in kinds of k8s-openapi (`Deployment`, `Service`,
//!   `ConfigMap`, `Secret`, `Pod`, `Namespace`, `Node`, `Job`, `CronJob`,
//!   `StatefulSet`, `DaemonSet`, `ReplicaSet`, `Ingress`, `Lease`, RBAC kinds,
//!   `CustomResourceDefinition`, ...).
//! - [`client`]: the typed clients. [`Clientset`] (the API server) and
//!   [`fake::Clientset`] (memory) implement [`Interface`]; a [`TypedClient`]
//!   has the verbs its kind allows ([`verb`]).
//! - [`fake`]: the fake clientset, one object tracker and one action log for
//!   the kinds of every generated crate and the built-in kinds.
//! - [`informers`]: the shared informer factory and informers, on kube-runtime's
//!   watcher and reflector `Store`; one factory serves every crate's kinds, with
//!   one watch per type.
//! - [`listers`]: namespace-indexed reads from informer caches.
//! - [`selector`]: the API server's label and field selector grammar, used by
//!   the listers and the fake alike.
//! - [`apply`]: typed server-side apply: the apply configurations generated
//!   crates write stand on it, and client-go's `ExtractX`.
//! - [`Error`], [`params`], [`crds`], and [`wire`]: what generated types leave
//!   out of their JSON (byte fields holding no bytes).
//!
//! Generated code pins the runtime version it was generated for with
//! `const _: () = kube_codegen_runtime::VERSION_0_1;`: built against another
//! (semver-incompatible) version of this crate, it fails to compile with an
//! error naming the version it needs.
//!
//! ```
//! use k8s_openapi::api::apps::v1::Deployment;
//! use kube_codegen_runtime::params::PostParams;
//! use kube_codegen_runtime::{Interface, fake};
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> kube_codegen_runtime::Result<()> {
//! let clientset = fake::Clientset::default();
//! let deployments = clientset.resource::<Deployment>("default");
//! let mut web = Deployment::default();
//! web.metadata.name = Some("web".into());
//! let created = deployments.create(&PostParams::default(), &web).await?;
//! assert_eq!(created.metadata.generation, Some(1));
//! assert!(clientset.actions()[0].matches("create", "deployments"));
//! # Ok(())
//! # }
//! ```

pub mod apply;
mod builtin;
pub mod client;
pub mod crds;
mod error;
pub mod fake;
pub mod informers;
mod kind;
pub mod listers;
pub mod params;
pub mod selector;
pub mod wire;

pub use client::{Clientset, Interface, ResourceApi, TypedClient, verb};
pub use error::{Error, ErrorKind, Result};
pub use kind::{Kind, ResourceInfo, ScaleInfo, Scope};
/// The `kube` crate this runtime is built on, for generated code that names
/// its types.
pub use kube;

/// The runtime API version generated code is written for, checked at compile
/// time: generated code contains `const _: () = kube_codegen_runtime::VERSION_0_1;`,
/// which names a constant only the 0.1 releases of this crate have. Code
/// generated for another release fails to build with an error that names the
/// version it needs:
///
/// ```compile_fail
/// // error[E0425]: cannot find value `VERSION_0_2` in crate `kube_codegen_runtime`
/// const _: () = kube_codegen_runtime::VERSION_0_2;
/// ```
pub const VERSION_0_1: () = ();

impl From<Clientset> for kube::Client {
    fn from(clientset: Clientset) -> Self {
        clientset.client().clone()
    }
}

// The README's examples are compiled and run as doctests, so they cannot rot.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
