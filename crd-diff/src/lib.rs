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
//! let runner = Runner::new(&Config::default()).unwrap();
//! let report = runner.compare(&crd(10), &crd(5));
//! // The API server ratchets a lowered maximum: a warning, not a failure.
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
//! and ratcheting: a tightening the API server ratchets (Kubernetes 1.30 and
//! later) is a warning that says so, unless the configuration turns
//! [`Ratcheting`] off.
//!
//! Modules: `config` (crdify's configuration file), `schema` (a version
//! flattened into one comparable node per path), `checks` (one file per
//! check, and the registry), `runner` (the three validators, enforcement and
//! ratcheting), `report` (the findings) and `render` (the four formats).

mod checks;
mod config;
pub mod docs;
mod gofmt;
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
