//! client-go's `ExtractX`: the apply configuration a field manager owns on an
//! object, from its `metadata.managedFields`.

use kube_codegen_merge::{FieldManager, Subresource};
use serde_json::Value;

use super::ApplyConfiguration;
use crate::kind::Kind;

/// Why an apply configuration could not be extracted.
#[derive(Debug, thiserror::Error)]
pub enum ExtractError {
    /// A CRD of the generated crate did not parse (only if its YAML was edited).
    #[error("the CRDs of the generated crate: {0}")]
    Crds(String),
    /// No CRD of the generated crate describes the kind.
    #[error("no CustomResourceDefinition for kind {kind} of group {group:?}")]
    NoCrd {
        /// The kind's group.
        group: &'static str,
        /// The kind.
        kind: &'static str,
    },
    /// The object's managed fields or its schema could not be read.
    #[error(transparent)]
    ManagedFields(#[from] kube_codegen_merge::Error),
    /// The object, or what the manager owns of it, does not fit the types.
    #[error("decoding the extracted configuration: {0}")]
    Decode(#[from] serde_json::Error),
}

/// Extracts apply configurations from objects of the kinds of some CRDs, with
/// their schemas compiled once. Generated crates keep one for their CRDs
/// (`applyconfigurations::extractor()`) behind their `extract_<kind>`
/// functions.
#[derive(Debug)]
pub struct Extractor {
    managers: Result<Vec<(String, String, FieldManager)>, String>,
}

impl Extractor {
    /// Compiles the schemas of `crds`, `(name, yaml)` pairs as generated crates
    /// list them (`crds::all()`).
    pub fn new(crds: &[(&str, &str)]) -> Extractor {
        let managers = crate::crds::parse(crds)
            .map(|crds| {
                crds.iter()
                    .map(|crd| {
                        (
                            crd.spec.group.clone(),
                            crd.spec.names.kind.clone(),
                            FieldManager::for_crd(crd),
                        )
                    })
                    .collect()
            })
            .map_err(|e| e.to_string());
        Extractor { managers }
    }

    /// What `manager` applied to `object` through `subresource`, as an apply
    /// configuration with the object's `apiVersion`, `kind`, name and
    /// namespace: applying it again as `manager` changes nothing. A manager that
    /// never applied gets a configuration with only those set (client-go's
    /// `ExtractX`).
    ///
    /// # Errors
    ///
    /// When the crate's CRDs do not describe the kind, or the object's managed
    /// fields do not fit its schema.
    pub fn extract<A: ApplyConfiguration>(
        &self,
        object: &A::Kind,
        manager: &str,
        subresource: Subresource,
    ) -> Result<A, ExtractError> {
        let info = <A::Kind as Kind>::INFO;
        let managers = self
            .managers
            .as_ref()
            .map_err(|e| ExtractError::Crds(e.clone()))?;
        let (_, _, field_manager) = managers
            .iter()
            .find(|(group, kind, _)| group == info.group && kind == info.kind)
            .ok_or(ExtractError::NoCrd {
                group: info.group,
                kind: info.kind,
            })?;
        let object = serde_json::to_value(object)?;
        let mut owned = field_manager
            .extract(&object, manager, subresource)?
            .unwrap_or_else(
                || serde_json::json!({"apiVersion": info.api_version(), "kind": info.kind}),
            );
        // The name and namespace identify the object; no manager owns them.
        if let Some(owned) = owned.as_object_mut() {
            let meta = owned
                .entry("metadata")
                .or_insert_with(|| Value::Object(Default::default()));
            if let Some(meta) = meta.as_object_mut() {
                for key in ["name", "namespace"] {
                    if let Some(value) = object.pointer(&format!("/metadata/{key}")) {
                        meta.insert(key.to_owned(), value.clone());
                    }
                }
            }
        }
        Ok(serde_json::from_value(owned)?)
    }
}
