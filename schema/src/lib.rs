//! What the Kubernetes API server does to a custom resource with a
//! structural schema, as a library: pruning of unknown fields, defaulting,
//! OpenAPI validation and `x-kubernetes-validations` CEL rules, with errors
//! that carry the same field paths, reasons and messages as the server's
//! `Invalid` status causes.
//!
//! A [`CustomResourceSchemas`] compiles the schemas of a CRD's versions once
//! (patterns and CEL programs included); then, per request, as the API
//! server does it:
//!
//! 1. [`VersionSchema::decode`] a request body: prune unknown fields, drop
//!    `null`s the schema does not allow, read metadata as `ObjectMeta`,
//!    apply defaults (an object read from storage is only defaulted:
//!    [`VersionSchema::default`]);
//! 2. validate the result: [`VersionSchema::validate_create`],
//!    [`VersionSchema::validate_update`] (transition rules see `oldSelf`;
//!    errors in values that did not change are dropped, the API server's
//!    validation ratcheting) or [`VersionSchema::validate_status_update`];
//! 3. turn errors into the 422 status with [`VersionSchema::invalid`].
//!
//! ```
//! use kube_codegen_schema::CustomResourceSchemas;
//! use serde_json::json;
//!
//! let crd = serde_json::from_value(json!({
//!   "metadata": {"name": "widgets.example.com"},
//!   "spec": {"group": "example.com", "scope": "Namespaced",
//!     "names": {"kind": "Widget", "plural": "widgets"},
//!     "versions": [{"name": "v1", "served": true, "storage": true,
//!       "schema": {"openAPIV3Schema": {"type": "object", "properties": {
//!         "spec": {"type": "object", "properties": {
//!           "replicas": {"type": "integer", "maximum": 10, "default": 1},
//!           "mode": {"type": "string", "x-kubernetes-validations": [
//!             {"rule": "self == oldSelf", "message": "mode is immutable"}]}}}}}}}]}
//! })).unwrap();
//! let schemas = CustomResourceSchemas::for_crd(&crd);
//! let v1 = schemas.version("v1").unwrap();
//!
//! let mut obj = json!({"apiVersion": "example.com/v1", "kind": "Widget",
//!     "metadata": {"name": "w"}, "spec": {"mode": "a", "unknown": true}});
//! let pruned = v1.decode(&mut obj).unwrap();
//! assert_eq!(pruned, ["spec.unknown"]);
//! assert_eq!(obj["spec"]["replicas"], 1);
//!
//! let mut bad = obj.clone();
//! bad["spec"]["replicas"] = json!(11);
//! bad["spec"]["mode"] = json!("b");
//! let errors = v1.validate_update(&bad, &obj);
//! let status = v1.invalid("w", &errors);
//! assert_eq!(status.code, Some(422));
//! assert_eq!(
//!     status.message.unwrap(),
//!     "Widget.example.com \"w\" is invalid: [spec.replicas: Invalid value: 11: \
//!      spec.replicas in body should be less than or equal to 10, \
//!      spec.mode: Invalid value: \"string\": mode is immutable]"
//! );
//! ```

mod cel;
mod coerce;
mod errors;
mod formats;
mod listtype;
mod openapi;
mod structural;

use std::collections::BTreeMap;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::Status;
use serde_json::Value;

pub use crate::cel::{UNSUPPORTED_FUNCTIONS, escape as cel_escape};
pub use crate::coerce::MetadataError;
pub use crate::errors::{BadValue, ErrorType, FieldError, invalid_status};
pub use crate::structural::CompileError;
use crate::structural::Node;

/// The compiled schemas of every version of a custom resource.
#[derive(Debug)]
pub struct CustomResourceSchemas {
    versions: BTreeMap<String, VersionSchema>,
    errors: Vec<CompileError>,
}

impl CustomResourceSchemas {
    /// Compiles the schemas of every version of `crd`. A rule that cannot be
    /// compiled (a syntax error, or a Kubernetes library function this crate
    /// does not implement) is listed in [`compile_errors`](Self::compile_errors)
    /// and fails validation of the objects it applies to with
    /// `rule compile error: ...`, as the API server reports such a rule.
    pub fn for_crd(crd: &CustomResourceDefinition) -> CustomResourceSchemas {
        let mut errors = Vec::new();
        let versions = crd
            .spec
            .versions
            .iter()
            .map(|v| {
                let schema = v
                    .schema
                    .as_ref()
                    .and_then(|s| s.open_api_v3_schema.clone())
                    .unwrap_or_default();
                let mut version_errors = Vec::new();
                let root = Node::compile(&schema, "", &mut version_errors);
                errors.extend(version_errors.into_iter().map(|mut e| {
                    e.path = format!("{}:{}", v.name, e.path);
                    e
                }));
                let vs = VersionSchema {
                    api_version: format!("{}/{}", crd.spec.group, v.name),
                    qualified_kind: format!("{}.{}", crd.spec.names.kind, crd.spec.group),
                    root,
                };
                (v.name.clone(), vs)
            })
            .collect();
        CustomResourceSchemas { versions, errors }
    }

    /// Rules that did not compile, as `version:path`.
    pub fn compile_errors(&self) -> &[CompileError] {
        &self.errors
    }

    /// The schema of version `name` (`v1`).
    pub fn version(&self, name: &str) -> Option<&VersionSchema> {
        self.versions.get(name)
    }

    /// The schema of the version an object's `apiVersion` names.
    pub fn for_object(&self, obj: &Value) -> Option<&VersionSchema> {
        let api_version = obj.get("apiVersion")?.as_str()?;
        self.versions
            .values()
            .find(|v| v.api_version == api_version)
    }
}

/// The compiled schema of one version.
#[derive(Debug)]
pub struct VersionSchema {
    api_version: String,
    qualified_kind: String,
    root: Node,
}

/// A message the API server adds when errors it found stop it from running
/// CEL rules.
const RULES_NOT_CHECKED: &str = "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation";

impl VersionSchema {
    /// `group/version`.
    pub fn api_version(&self) -> &str {
        &self.api_version
    }

    /// What the API server does to a request body before validation: prunes
    /// unknown fields (returning their paths, which strict field validation
    /// reports), drops `null`s that are neither nullable nor defaulted, reads
    /// the metadata of the resource and of embedded resources as
    /// `ObjectMeta`, and applies defaults.
    pub fn decode(&self, obj: &mut Value) -> Result<Vec<String>, MetadataError> {
        let unknown = coerce::prune(obj, &self.root);
        coerce::prune_nulls(obj, Some(&self.root));
        coerce::coerce_metadata(obj, &self.root)?;
        coerce::default(obj, &self.root);
        Ok(unknown)
    }

    /// Applies defaults only (objects read from storage, results of a
    /// server-side apply).
    pub fn default(&self, obj: &mut Value) {
        coerce::default(obj, &self.root);
    }

    /// Validation of a new object.
    pub fn validate_create(&self, obj: &Value) -> Vec<FieldError> {
        let mut errors = openapi::validate(&self.root, obj, "", None);
        errors.extend(embedded_resources(&self.root, obj, "", true));
        errors.extend(listtype::validate(obj, &self.root));
        self.rules(obj, None, errors)
    }

    /// Validation of an update: transition rules compare with `old`; errors
    /// in values equal to their old value are dropped (ratcheting), and list
    /// invariants are only checked if the old object kept them.
    pub fn validate_update(&self, obj: &Value, old: &Value) -> Vec<FieldError> {
        let mut errors = openapi::validate(&self.root, obj, "", Some(old));
        errors.extend(embedded_resources(&self.root, obj, "", true));
        if listtype::validate(old, &self.root).is_empty() {
            errors.extend(listtype::validate(obj, &self.root));
        }
        self.rules(obj, Some(old), errors)
    }

    /// Validation of an update of the `status` subresource: the status
    /// against its schema, the rules against the whole object.
    pub fn validate_status_update(&self, obj: &Value, old: &Value) -> Vec<FieldError> {
        let mut errors = Vec::new();
        if let (Some(status), Some(schema)) =
            (obj.get("status"), self.root.properties.get("status"))
        {
            errors.extend(openapi::validate(
                schema,
                status,
                "status",
                old.get("status"),
            ));
        }
        let new_list = listtype::validate(obj, &self.root);
        if !new_list.is_empty() && listtype::validate(old, &self.root).is_empty() {
            errors.extend(new_list);
        }
        self.rules(obj, Some(old), errors)
    }

    fn rules(
        &self,
        obj: &Value,
        old: Option<&Value>,
        mut errors: Vec<FieldError>,
    ) -> Vec<FieldError> {
        // The server has no CEL validator for a schema without rules, and so
        // nothing to say about rules it skipped.
        if !self.root.rules_below {
            return errors;
        }
        if errors.iter().any(|e| e.kind.blocks_cel()) {
            errors.push(FieldError::new(
                ErrorType::Invalid,
                "<nil>",
                BadValue::Json(Value::Null),
                RULES_NOT_CHECKED,
            ));
            return errors;
        }
        cel::validate(&self.root, obj, old, "", None, true, &mut errors);
        errors
    }

    /// The 422 `Invalid` status for `errors` on the object `name`.
    pub fn invalid(&self, name: &str, errors: &[FieldError]) -> Status {
        invalid_status(&self.qualified_kind, name, errors)
    }
}

/// `apiVersion` and `kind` of embedded resources (`objectmeta.Validate`).
fn embedded_resources(
    node: &Node,
    obj: &Value,
    path: &str,
    resource_root: bool,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let join = |k: &str| {
        if path.is_empty() {
            k.to_owned()
        } else {
            format!("{path}.{k}")
        }
    };
    match obj {
        Value::Object(map) => {
            if node.embedded && !resource_root {
                for k in ["apiVersion", "kind"] {
                    match map.get(k) {
                        None => errors.push(FieldError::new(
                            ErrorType::Required,
                            join(k),
                            BadValue::Omitted,
                            "",
                        )),
                        Some(Value::String(s)) if s.is_empty() => {
                            errors.push(FieldError::new(
                                ErrorType::Invalid,
                                join(k),
                                BadValue::Json(Value::String(s.clone())),
                                "must not be empty",
                            ));
                        }
                        Some(Value::String(_)) => {}
                        Some(v) => errors.push(FieldError::new(
                            ErrorType::Invalid,
                            join(k),
                            BadValue::Json(v.clone()),
                            "must be a string",
                        )),
                    }
                }
            }
            for (k, v) in map {
                if let Some(p) = node.properties.get(k) {
                    errors.extend(embedded_resources(p, v, &join(k), false));
                } else if let Some(a) = node.additional_schema() {
                    errors.extend(embedded_resources(a, v, &format!("{path}[{k}]"), false));
                }
            }
        }
        Value::Array(items) => {
            if let Some(item) = node.items.as_deref() {
                for (i, v) in items.iter().enumerate() {
                    errors.extend(embedded_resources(item, v, &format!("{path}[{i}]"), false));
                }
            }
        }
        _ => {}
    }
    errors
}

#[cfg(test)]
mod tests;
