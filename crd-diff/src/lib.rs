//! CRD upgrade safety: crdify's checks between an old and a new
//! `CustomResourceDefinition`, as a library. Typed CRDs in, a [`Report`]
//! out; no global state, no process exit, nothing printed.
//!
//! ```
//! use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
//! use kube_codegen_crd_diff::{Config, Format, Runner, render};
//!
//! let crd = |max: u32| -> CustomResourceDefinition {
//!     serde_json::from_value(serde_json::json!({
//!         "metadata": {"name": "widgets.example.com"},
//!         "spec": {
//!             "group": "example.com", "scope": "Namespaced",
//!             "names": {"kind": "Widget", "plural": "widgets"},
//!             "versions": [{"name": "v1", "served": true, "storage": true,
//!                 "schema": {"openAPIV3Schema": {"type": "object", "properties": {
//!                     "spec": {"type": "object", "properties": {
//!                         "size": {"type": "integer", "maximum": max}}}}}}}]
//!         }
//!     }))
//!     .unwrap()
//! };
//! // A lowered maximum breaks a client creating a new object with the old
//! // value: an error, with the ratcheting note.
//! let report = Runner::new(&Config::default()).unwrap().compare(&crd(10), &crd(5));
//! assert!(report.has_failures());
//! assert_eq!(
//!     render(&[report], Format::PlainText).lines().nth(1).unwrap(),
//!     "- v1 - ^.spec.size - maximum - ERROR - maximum decreased : 10 -> 5 \
//!      (ratcheted from Kubernetes 1.30: stored objects keep validating while this value is unchanged, \
//!      but new objects must satisfy it; `ratcheting: Enabled` in the configuration makes this a warning)"
//! );
//! // With `ratcheting: Enabled` the API server's ratcheting makes it a warning.
//! let config = Config::from_yaml("ratcheting: Enabled").unwrap();
//! let report = Runner::new(&config).unwrap().compare(&crd(10), &crd(5));
//! assert!(!report.has_failures());
//! assert_eq!(
//!     render(&[report], Format::PlainText).lines().nth(1).unwrap(),
//!     "- v1 - ^.spec.size - maximum - WARNING - maximum decreased : 10 -> 5 \
//!      (ratcheted from Kubernetes 1.30: stored objects keep validating while this value is unchanged)"
//! );
//! ```
//!
//! The checks and their names are crdify's ([`checks`] lists them): CRD-level
//! (`scope`, `existingFieldRemoval`, `storedVersionRemoval`), and per schema
//! node (`enum`, `default`, `required`, `type`, the eight bounds,
//! `description`, `pattern`, `nullable`), compared within each version both
//! CRDs have and between the served versions of each; whatever no check
//! handles is reported by `unhandled`. Beyond crdify: `celRules` (CEL rule
//! changes with their estimated cost, given a [`CelCosts`]), `crdRemoval`,
//! and the ratcheting note: a tightening the API server ratchets (Kubernetes
//! 1.30 and later) is an error that says so (clients creating new objects
//! with the old values break), and a warning when the configuration turns
//! [`Ratcheting`] on.
//!
//! Modules: `config` (crdify's configuration file), `schema` (a version
//! flattened into one comparable node per path), `checks` (one file per
//! check, and the registry), `runner` (the three validators, enforcement and
//! ratcheting), `report` (the findings) and `render` (the four formats).

mod checks;
mod config;
pub mod docs;
mod gofmt;
mod old_self;
mod path;
mod render;
mod report;
mod runner;
mod schema;
pub mod version_order;

pub use checks::{CheckInfo, Level, Origin, checks};
pub use config::{
    Config, ConfigError, ConversionPolicy, Enforcement, Ratcheting, ValidationConfig, yaml_error,
};
pub use path::{PropertyPath, Segment};
pub use render::{Format, render};
pub use report::{
    CheckResult, Entry, Finding, PropertyResult, RATCHETED_SINCE, Ratchet, Report, Rule,
    RuleChange, RuleChangeKind, Section, Severity, SourceLocation, VersionResult,
};
pub use runner::{CelCosts, Runner};
