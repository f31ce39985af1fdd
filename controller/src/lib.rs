//! The App controller: reconciles `myapp.k8s.io/v1` `App` objects into a
//! Deployment and a Service each, on the generated clientset, listers and
//! informers (`generated`) and kube's runtime.
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
//! .await
//! # }
//! ```
//!
//! The pieces, each in its own module: [`validate`] and [`desired`] (what
//! the children should be), [`drift`] (do they need a write?),
//! [`ownership`] (are they ours?), [`status`] (the App's conditions),
//! [`reconcile`] (one pass over one App), [`triggers`], [`applier`] and
//! [`retry`] (which App to reconcile when, on kube-runtime's applier),
//! [`leader`], [`health`], [`metrics`] and [`run`] (operating it). See `controller/README.md` for the design.
#![forbid(unsafe_code)]

pub mod api;
pub mod applier;
pub mod children;
pub mod cli;
pub mod config;
pub mod desired;
pub mod drift;
pub mod events;
pub mod health;
pub mod key;
pub mod leader;
pub mod logging;
pub mod metrics;
pub mod ownership;
pub mod reconcile;
pub mod retry;
pub mod run;
pub mod status;
pub mod triggers;
pub mod validate;

#[cfg(test)]
mod testing;

pub use config::{Config, LeaderElection};
pub use key::ObjectKey;
pub use metrics::Metrics;
pub use run::{Controller, run};
