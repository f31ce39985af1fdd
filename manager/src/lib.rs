//! A controller manager for Kubernetes operators written in Rust: what
//! controller-runtime's `Manager` gives every Go operator, on kube-runtime's
//! scheduler and kube-codegen's runtime (typed and fake clientsets, shared
//! informers, listers).
//!
//! One job: running controllers. A [`Manager`] holds one shared informer
//! factory (one watch per kind however many controllers use it), one
//! metrics registry under controller-runtime's metric names, one
//! `/healthz` `/readyz` `/metrics` endpoint, leader election on a Lease, and
//! the controllers and other [runnables](Runnable) (webhook servers)
//! registered on it; it stops them gracefully on SIGTERM. Controllers are
//! registered in controller-runtime's builder idiom: `for` a kind,
//! [`owns`](Builder::owns) children (mapped back by controller owner
//! reference), [`watches`](Builder::watches) other kinds with a mapping
//! function, and [`complete`](Builder::complete)s with a [`Reconciler`].
//! kube-runtime's applier runs each: one reconcile per object at a time,
//! requests de-duplicated, `workers` at once, failures retried after a
//! per-object exponential backoff, panics counted and retried.
//!
//! A complete operator: a Deployment for every ConfigMap labelled
//! `example.com/web`, with the image its `image` key names.
//!
//! ```no_run
//! use std::sync::Arc;
//!
//! use clap::Parser;
//! use k8s_openapi::api::apps::v1::{Deployment, DeploymentSpec};
//! use k8s_openapi::api::core::v1::{ConfigMap, Container, PodSpec, PodTemplateSpec};
//! use k8s_openapi::apimachinery::pkg::apis::meta::v1::LabelSelector;
//! use kube_codegen_manager::{Action, Args, Context, Manager, Reconciler, apply, owner};
//! use kube_codegen_runtime::Interface;
//!
//! /// Runs a Deployment for every ConfigMap labelled example.com/web.
//! #[derive(Parser)]
//! struct Cli {
//!     #[command(flatten)]
//!     manager: Args,
//! }
//!
//! /// Why a reconcile failed.
//! #[derive(Debug, thiserror::Error)]
//! enum Error {
//!     /// The API server refused a write.
//!     #[error(transparent)]
//!     Api(#[from] kube_codegen_runtime::Error),
//!     /// The Deployment is controlled by another object.
//!     #[error(transparent)]
//!     Owner(#[from] owner::OwnerError),
//! }
//!
//! /// The field manager of every write, and the manager's name.
//! const NAME: &str = "web-operator";
//!
//! struct Web;
//!
//! // +kubebuilder:rbac:groups=core,resources=configmaps,verbs=list;watch
//! // +kubebuilder:rbac:groups=apps,resources=deployments,verbs=list;watch;create;patch
//! impl<C: Interface> Reconciler<ConfigMap, C> for Web {
//!     type Error = Error;
//!
//!     async fn reconcile(&self, web: Arc<ConfigMap>, ctx: Context<C>) -> Result<Action, Error> {
//!         let labelled = web.metadata.labels.as_ref().is_some_and(|l| l.contains_key("example.com/web"));
//!         if !labelled || web.metadata.deletion_timestamp.is_some() {
//!             return Ok(Action::await_change());
//!         }
//!         let namespace = web.metadata.namespace.clone().unwrap_or_default();
//!         let name = web.metadata.name.clone().unwrap_or_default();
//!         let image = web.data.as_ref().and_then(|d| d.get("image")).cloned();
//!         let labels: std::collections::BTreeMap<_, _> = [("example.com/web".to_owned(), name.clone())].into();
//!         let mut desired = Deployment {
//!             spec: Some(DeploymentSpec {
//!                 selector: LabelSelector { match_labels: Some(labels.clone()), ..Default::default() },
//!                 template: PodTemplateSpec {
//!                     metadata: Some(kube::api::ObjectMeta { labels: Some(labels), ..Default::default() }),
//!                     spec: Some(PodSpec {
//!                         containers: vec![Container { name: "web".into(), image, ..Default::default() }],
//!                         ..Default::default()
//!                     }),
//!                 },
//!                 ..Default::default()
//!             }),
//!             ..Default::default()
//!         };
//!         desired.metadata.name = Some(name.clone());
//!         desired.metadata.namespace = Some(namespace.clone());
//!         owner::set_controller_reference(&*web, &mut desired)?;
//!         match ctx.lister::<Deployment>().namespace(&namespace).get(&name) {
//!             None => {
//!                 apply::create(ctx.client(), &namespace, &desired, NAME).await?;
//!             }
//!             Some(live) => {
//!                 apply::apply_if_drifted(ctx.client(), desired, &live, NAME).await?;
//!             }
//!         }
//!         Ok(Action::await_change())
//!     }
//! }
//!
//! // The manager's own needs: its Lease and its events.
//! // +kubebuilder:rbac:groups=coordination.k8s.io,resources=leases,verbs=create;get;update
//! // +kubebuilder:rbac:groups=events.k8s.io,resources=events,verbs=create;patch
//! #[tokio::main]
//! async fn main() -> anyhow::Result<()> {
//!     let cli = Cli::parse();
//!     cli.manager.init_logging();
//!     let mut manager = Manager::from_args(NAME, &cli.manager).await?;
//!     manager.controller::<ConfigMap>().owns::<Deployment>().complete(Web);
//!     manager.run_until_signal().await?;
//!     Ok(())
//! }
//! ```
//!
//! Admission webhooks (typed [`Defaulter`](webhook::Defaulter) and
//! [`Validator`](webhook::Validator)) and a generated crate's conversions are
//! served by one HTTPS server on every replica: see [`webhook`] and
//! [`Manager::webhook`].
//!
//! The same reconciler runs in a unit test on the fake clientset:
//! [`Manager::fake`] reads and writes the fake's objects and keeps events in
//! memory. A closure works as a reconciler too ([`from_fn`]).
//!
//! # RBAC
//!
//! The markers an operator carries for the manager's own calls (hack scripts
//! generate its ClusterRole from them): `leases` (create; get and patch of
//! its Lease by name) in the Lease's namespace for `--leader-elect`, and
//! `events.k8s.io` `events` (create, patch) when it publishes events. The
//! manager's informers need `list` and `watch` of every kind its
//! controllers are `for`, `owns` or `watches`.
//!
//! # Metrics
//!
//! See [`metrics`] for the names, which are controller-runtime's.

pub mod applier;
pub mod apply;
pub mod args;
mod as_go;
pub mod backoff;
pub mod children;
pub mod client_metrics;
pub mod conditions;
pub mod config;
pub mod controller;
pub mod drift;
pub mod error;
pub mod events;
pub mod expectations;
pub mod finalizer;
pub mod health;
pub mod key;
pub mod leader;
pub mod logging;
pub mod manager;
pub mod metrics;
pub mod owner;
mod process_metrics;
pub mod reconciler;
pub mod runnable;
pub mod signal;
pub mod triggers;
pub mod webhook;

pub use args::Args;
pub use config::{Config, LeaderElection};
pub use controller::Builder;
pub use error::Error;
pub use events::{Event, EventRecorder};
pub use health::{Health, ReadinessCheck};
pub use key::ObjectKey;
pub use kube::runtime::controller::Action;
pub use manager::Manager;
pub use metrics::{Metrics, ReconcileResult};
pub use reconciler::{Context, FnReconciler, Reconciler, Retry, from_fn};
pub use runnable::{BoxError, FnRunnable, Runnable, runnable_fn};
pub use tokio_util::sync::CancellationToken;
