//! The checks, one file each, and the registry that names them.
//!
//! Each check handles its own keyword and takes it out of both nodes it
//! compares; whatever differs after all of them ran is reported by
//! [`unhandled`], so nothing passes unseen (crdify's design). CRD-level
//! checks compare whole CRDs.

pub(crate) mod cel_rules;
pub(crate) mod crd_removal;
mod default;
mod description;
mod enum_values;
pub(crate) mod existing_field_removal;
mod limits;
mod nullable;
mod pattern;
mod required;
mod scope;
mod stored_version_removal;
mod type_change;
pub(crate) mod unhandled;

use std::collections::BTreeMap;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::path::PropertyPath;
use crate::report::RuleChange;
use crate::schema::Node;

/// One incompatibility a check found, before its enforcement is applied.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Change {
    /// crdify's wording.
    pub message: String,
    /// Whether the change tightens a validation that the API server
    /// ratchets: stored objects keep validating while the value is unchanged.
    pub ratchetable: bool,
    /// For CEL rules: which rule changed and how.
    pub rule: Option<RuleChange>,
    /// For CRD-level findings about one schema node: its version and path
    /// (in the old CRD; the node may be gone from the new one).
    pub at: Option<(String, PropertyPath)>,
}

impl Change {
    /// A change that is not a ratcheted tightening.
    pub fn new(message: impl Into<String>) -> Self {
        Change {
            message: message.into(),
            ratchetable: false,
            rule: None,
            at: None,
        }
    }

    /// A tightening the API server ratchets.
    pub fn ratchetable(message: impl Into<String>) -> Self {
        Change {
            ratchetable: true,
            ..Change::new(message)
        }
    }
}

/// What a property check knows besides the two nodes.
pub(crate) struct Context<'a> {
    /// The node's path (in the old schema).
    pub path: &'a PropertyPath,
    /// Estimated CEL rule costs of the old and new version schemas, by
    /// `<server path>.x-kubernetes-validations[i]` (empty without an estimator).
    pub old_costs: &'a BTreeMap<String, u64>,
    /// See `old_costs`.
    pub new_costs: &'a BTreeMap<String, u64>,
}

/// A check of one schema node, old against new.
pub(crate) trait PropertyCheck: Send + Sync {
    /// Compares `old` and `new`, taking the check's keywords out of both.
    fn compare(&self, old: &mut Node, new: &mut Node, cx: &Context<'_>) -> Vec<Change>;
}

/// A check of whole CRDs.
pub(crate) trait CrdCheck: Send + Sync {
    /// Compares two CRDs of the same name.
    fn compare(
        &self,
        old: &CustomResourceDefinition,
        new: &CustomResourceDefinition,
    ) -> Vec<Change>;
}

/// A check, ready to run.
pub(crate) enum Check {
    Crd(Box<dyn CrdCheck>),
    Property(Box<dyn PropertyCheck>),
    /// `crdRemoval`, which runs on a CRD without a counterpart.
    Removal,
}

/// At what level a check compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Whole CRDs.
    Crd,
    /// One schema node, in the same version of both CRDs and between the
    /// served versions of each.
    Property,
}

/// A registered check, as the documentation lists it.
#[derive(Clone, Copy, Debug)]
pub struct CheckInfo {
    /// Its name in the configuration and the report.
    pub name: &'static str,
    /// What it compares.
    pub level: Level,
    /// What it catches.
    pub catches: &'static str,
    /// Which of its findings the API server ratchets (empty: none).
    pub ratcheted: &'static str,
    /// Its `configuration` keys, with their values.
    pub settings: &'static str,
    /// Whether crdify v0.5.0 has it (else: crdify's main branch, or ours).
    pub origin: Origin,
    pub(crate) build: fn(&Map<String, Value>) -> Result<Check, String>,
}

/// Where a check comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// crdify v0.5.0, the release the differential suite runs.
    Crdify,
    /// crdify's main branch after v0.5.0 (v0.5.0 reports these changes as
    /// unhandled).
    CrdifyMain,
    /// kube-codegen's own (crdify reports these changes as unhandled).
    KubeCodegen,
}

/// Every check, in the order they run (the unhandled check runs after all).
pub fn checks() -> &'static [CheckInfo] {
    REGISTRY
}

const REGISTRY: &[CheckInfo] = &[
    scope::INFO,
    existing_field_removal::INFO,
    stored_version_removal::INFO,
    crd_removal::INFO,
    default::INFO,
    description::INFO,
    enum_values::INFO,
    limits::MAXIMUM,
    limits::MAX_ITEMS,
    limits::MAX_LENGTH,
    limits::MAX_PROPERTIES,
    limits::MINIMUM,
    limits::MIN_ITEMS,
    limits::MIN_LENGTH,
    limits::MIN_PROPERTIES,
    required::INFO,
    type_change::INFO,
    pattern::INFO,
    nullable::INFO,
    cel_rules::INFO,
];

/// A check's `configuration`, read into its settings type; a key the type
/// does not have is an error.
pub(crate) fn settings<T: DeserializeOwned + Default>(
    configuration: &Map<String, Value>,
) -> Result<T, String> {
    if configuration.is_empty() {
        return Ok(T::default());
    }
    serde_json::from_value(Value::Object(configuration.clone())).map_err(|e| e.to_string())
}

/// For checks without settings: any `configuration` key is an error.
pub(crate) fn no_settings(configuration: &Map<String, Value>) -> Result<(), String> {
    match configuration.keys().next() {
        None => Ok(()),
        Some(key) => Err(format!(
            "unknown setting `{key}`: this check has no settings"
        )),
    }
}

/// Takes `key` out of a node.
pub(crate) fn take(node: &mut Node, key: &str) -> Option<Value> {
    node.remove(key)
}

/// Takes a string keyword out of a node (`""` when absent, as in Go).
pub(crate) fn take_str(node: &mut Node, key: &str) -> String {
    match node.remove(key) {
        Some(Value::String(s)) => s,
        Some(other) => crate::gofmt::json(&other),
        None => String::new(),
    }
}
