//! Admission and conversion webhooks: typed defaulting and validation
//! ([`Defaulter`], [`Validator`]: controller-runtime's `CustomDefaulter` and
//! `CustomValidator`), served with the conversion webhook of a generated
//! crate by one HTTPS [`Server`] (controller-runtime's `webhook.Server`), and
//! run by the fake clientset in unit tests.
//!
//! A kind's webhooks are one [`Webhook`]: its defaulter at
//! `/mutate-<group>-<version>-<kind>` and its validator at
//! `/validate-<group>-<version>-<kind>` (controller-runtime's paths, the
//! group's dots as dashes), registered on a manager with
//! [`Manager::webhook`](crate::Manager::webhook):
//!
//! ```no_run
//! use k8s_openapi::api::core::v1::ConfigMap;
//! use kube_codegen_manager::webhook::{Defaulter, Denied, FieldError, Request, Validator, Warnings, Webhook};
//! use kube_codegen_manager::{Args, Manager};
//! # use clap::Parser;
//! # #[derive(Parser)] struct Cli { #[command(flatten)] manager: Args }
//!
//! struct Settings;
//!
//! impl Defaulter<ConfigMap> for Settings {
//!     async fn default(&self, _: &Request<'_>, map: &mut ConfigMap) -> Result<(), Denied> {
//!         map.data.get_or_insert_default().entry("mode".into()).or_insert_with(|| "safe".into());
//!         Ok(())
//!     }
//! }
//!
//! impl Validator<ConfigMap> for Settings {
//!     async fn validate_create(&self, _: &Request<'_>, map: &ConfigMap) -> Result<Warnings, Denied> {
//!         let mode = map.data.as_ref().and_then(|d| d.get("mode")).map(String::as_str);
//!         match mode {
//!             Some("safe" | "fast") | None => Ok(Warnings::new()),
//!             Some(other) => {
//!                 let name = map.metadata.name.as_deref().unwrap_or_default();
//!                 let error = FieldError::not_supported("data.mode", other, &["safe", "fast"]);
//!                 Err(Denied::invalid::<ConfigMap>(name, [error]))
//!             }
//!         }
//!     }
//!
//!     async fn validate_update(&self, r: &Request<'_>, _: &ConfigMap, new: &ConfigMap) -> Result<Warnings, Denied> {
//!         self.validate_create(r, new).await
//!     }
//! }
//!
//! # async fn run() -> anyhow::Result<()> {
//! let cli = Cli::parse();
//! let mut manager = Manager::from_args("settings-operator", &cli.manager).await?;
//! manager.webhook(Webhook::<ConfigMap>::new().defaulter(Settings).validator(Settings));
//! // The conversion webhook of a generated crate shares the port:
//! // manager.conversions(generated::conversion::conversions());
//! manager.run_until_signal().await?;
//! # Ok(()) }
//! ```
//!
//! The server (port `--webhook-port`, certificate `tls.crt`/`tls.key` in
//! `--webhook-cert-path`) runs on every replica, leader or not, and holds
//! `/readyz` until it listens; its certificate is read again when the files
//! change ([`CertWatcher`]). On a manager over the fake clientset
//! ([`Manager::fake`](crate::Manager::fake)) no server starts: the fake calls
//! the same handlers for the writes they cover ([`Webhook::install`]), so a
//! unit test sees the defaults and denials the API server would answer.

mod admission;
mod ca_bundle;
mod connection;
mod denied;
mod fake;
mod handler;
mod metrics;
mod options;
mod patch;
mod recorded;
mod review;
mod server;
mod tls;

use std::marker::PhantomData;
use std::sync::Arc;

pub use admission::{Defaulter, Request, Validator};
pub use ca_bundle::{CaBundleError, WebhookConfiguration, patch_ca_bundle};
pub use denied::{Denied, Warnings};
pub use kube::core::admission::Operation;
pub use kube_codegen_schema::{BadValue, ErrorType, FieldError};
pub use metrics::WebhookMetrics;
pub use options::{DEFAULT_PORT, MAX_REQUEST_BYTES, Options, default_cert_dir};
pub use server::{BoundServer, Server, ServerError, Shutdown};
pub use tls::{CertWatcher, TlsError};

use kube_codegen_runtime::fake::ResourceKey;
use kube_codegen_runtime::{Kind, fake as runtime_fake};

use fake::FakeHook;
use handler::{Defaulting, Handler, Validating};

/// controller-runtime's path of `K`'s mutating webhook:
/// `/mutate-<group, dots as dashes>-<version>-<kind, lower case>`.
///
/// ```
/// use k8s_openapi::api::apps::v1::Deployment;
/// assert_eq!(kube_codegen_manager::webhook::mutate_path::<Deployment>(), "/mutate-apps-v1-deployment");
/// ```
pub fn mutate_path<K: Kind>() -> String {
    path::<K>("mutate")
}

/// controller-runtime's path of `K`'s validating webhook:
/// `/validate-<group, dots as dashes>-<version>-<kind, lower case>`.
pub fn validate_path<K: Kind>() -> String {
    path::<K>("validate")
}

fn path<K: Kind>(verb: &str) -> String {
    let info = K::INFO;
    format!(
        "/{verb}-{}-{}-{}",
        info.group.replace('.', "-"),
        info.version,
        info.kind.to_lowercase()
    )
}

/// kubebuilder's name of `K`'s webhook in its configuration:
/// `<m|v><kind, lower case>-<version>.kb.io`.
fn scaffold_name<K: Kind>(prefix: char) -> String {
    let info = K::INFO;
    format!(
        "{prefix}{}-{}.kb.io",
        info.kind.to_lowercase(),
        info.version
    )
}

/// One side (mutating or validating) of a kind's webhooks.
#[derive(Clone)]
struct Side {
    handler: Option<Arc<dyn Handler>>,
    path: String,
    name: String,
    operations: Vec<Operation>,
}

impl Side {
    fn new(path: String, name: String) -> Self {
        Side {
            handler: None,
            path,
            name,
            // kubebuilder's scaffolded markers: verbs=create;update.
            operations: vec![Operation::Create, Operation::Update],
        }
    }
}

/// The admission webhooks of kind `K`: a [`Defaulter`], a [`Validator`], or
/// both, with the paths the server serves them at, the names their
/// configurations give them, and the operations those configurations
/// route to them (what the fake clientset calls them for).
///
/// Defaults follow kubebuilder's scaffold: paths
/// `/mutate-<group>-<version>-<kind>` and `/validate-...`, names
/// `m<kind>-<version>.kb.io` and `v<kind>-<version>.kb.io`, operations
/// `CREATE` and `UPDATE` (add `DELETE` to the validator's with
/// [`validation_operations`](Webhook::validation_operations) when its marker
/// has `verbs=create;update;delete`).
pub struct Webhook<K> {
    mutating: Side,
    validating: Side,
    kind: PhantomData<fn() -> K>,
}

impl<K> Clone for Webhook<K> {
    fn clone(&self) -> Self {
        Webhook {
            mutating: self.mutating.clone(),
            validating: self.validating.clone(),
            kind: PhantomData,
        }
    }
}

impl<K> std::fmt::Debug for Webhook<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = |s: &Side| s.handler.as_ref().map(|_| (s.path.clone(), s.name.clone()));
        f.debug_struct("Webhook")
            .field("mutating", &side(&self.mutating))
            .field("validating", &side(&self.validating))
            .finish()
    }
}

impl<K: Kind> Default for Webhook<K> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: Kind> Webhook<K> {
    /// No webhooks yet, kubebuilder's paths and names.
    pub fn new() -> Self {
        Webhook {
            mutating: Side::new(mutate_path::<K>(), scaffold_name::<K>('m')),
            validating: Side::new(validate_path::<K>(), scaffold_name::<K>('v')),
            kind: PhantomData,
        }
    }

    /// Defaults objects with `defaulter` (a mutating webhook).
    #[must_use]
    pub fn defaulter(mut self, defaulter: impl Defaulter<K>) -> Self {
        self.mutating.handler = Some(Arc::new(Defaulting::new(defaulter)));
        self
    }

    /// Admits or denies writes with `validator` (a validating webhook).
    #[must_use]
    pub fn validator(mut self, validator: impl Validator<K>) -> Self {
        self.validating.handler = Some(Arc::new(Validating::new(validator)));
        self
    }

    /// Serves the defaulter at `path` (the marker's `path=`).
    #[must_use]
    pub fn mutating_path(mut self, path: impl Into<String>) -> Self {
        self.mutating.path = path.into();
        self
    }

    /// Serves the validator at `path`.
    #[must_use]
    pub fn validating_path(mut self, path: impl Into<String>) -> Self {
        self.validating.path = path.into();
        self
    }

    /// The defaulter's webhook name in its configuration (the marker's
    /// `name=`), which the API server's denials name.
    #[must_use]
    pub fn mutating_name(mut self, name: impl Into<String>) -> Self {
        self.mutating.name = name.into();
        self
    }

    /// The validator's webhook name in its configuration.
    #[must_use]
    pub fn validating_name(mut self, name: impl Into<String>) -> Self {
        self.validating.name = name.into();
        self
    }

    /// The operations the defaulter's configuration routes to it (the
    /// marker's `verbs=`).
    #[must_use]
    pub fn defaulting_operations(
        mut self,
        operations: impl IntoIterator<Item = Operation>,
    ) -> Self {
        self.mutating.operations = operations.into_iter().collect();
        self
    }

    /// The operations the validator's configuration routes to it.
    #[must_use]
    pub fn validation_operations(
        mut self,
        operations: impl IntoIterator<Item = Operation>,
    ) -> Self {
        self.validating.operations = operations.into_iter().collect();
        self
    }

    fn sides(&self) -> impl Iterator<Item = (bool, &Side, &Arc<dyn Handler>)> {
        [(true, &self.mutating), (false, &self.validating)]
            .into_iter()
            .filter_map(|(mutating, side)| side.handler.as_ref().map(|h| (mutating, side, h)))
    }

    /// The paths it is served at.
    pub fn paths(&self) -> Vec<String> {
        self.sides().map(|(_, side, _)| side.path.clone()).collect()
    }

    /// Serves its handlers on `server`.
    ///
    /// # Panics
    ///
    /// If one of its paths is served already.
    pub fn register(&self, server: &mut Server) {
        for (_, side, handler) in self.sides() {
            server.register(side.path.clone(), Arc::clone(handler));
        }
    }

    /// Makes `fake` call its handlers as the API server calls the webhooks
    /// of its configurations: the defaulter on the creates and updates of
    /// `K` (after decoding), the validator before they are stored (and on
    /// deletes, when its operations include `DELETE`).
    pub fn install(&self, fake: &runtime_fake::Clientset) {
        for (mutating, side, handler) in self.sides() {
            fake.register_admission(Arc::new(FakeHook {
                name: side.name.clone(),
                mutating,
                resource: ResourceKey::of(&K::INFO),
                operations: side.operations.clone(),
                handler: Arc::clone(handler),
            }));
        }
    }
}
