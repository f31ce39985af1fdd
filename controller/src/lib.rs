//! The App controller: reconciles `myapp.k8s.io/v1` `App` objects into a
//! Deployment and a Service each, on the generated clientset, listers and
//! informers (`generated`), run by the controller manager
//! (`kube-codegen-manager`: informers, applier, backoff, leader election,
//! health, metrics, shutdown).
//!
//! ```no_run
//! # async fn demo() -> anyhow::Result<()> {
//! let client = kube::Client::try_default().await?;
//! let config = controller::Config {
//!     workers: 8,
//!     ..controller::Config::default()
//! };
//! controller::run(client, config, async {
//!     let _ = tokio::signal::ctrl_c().await;
//! })
//! .await?;
//! # Ok(())
//! # }
//! ```
//!
//! What is about App, each in its own module: [`validate`] and [`desired`]
//! (what the children should be, written by the manager's `children`), [`status`]
//! (the App's conditions), [`events`] (what `kubectl describe app` shows),
//! [`reconcile`] (one pass over one App), [`triggers`] (which Apps a child
//! concerns), [`run`] (the controller on the manager). See
//! `controller/README.md` for the design.

pub mod api;
pub mod desired;
pub mod events;
pub mod metrics;
pub mod reconcile;
pub mod run;
pub mod status;
pub mod triggers;
pub mod validate;

#[cfg(test)]
mod testing;

pub use kube_codegen_manager::{Config, LeaderElection, ObjectKey, health, logging};
pub use metrics::Metrics;
pub use run::{Controller, run};
