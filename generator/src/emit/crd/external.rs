//! Structural schemas of k8s-openapi types, from the API server's own OpenAPI v3
//! schemas of the pinned Kubernetes version (see [`super::external_table`]).
//!
//! The data holds what controller-gen derives from the Go types' markers: list
//! types and map keys, map types, explicit `+default=` defaults, required lists,
//! descriptions. Its `$ref`s are inlined here (structural schemas allow none), and
//! the types controller-gen special-cases are replaced the way it does:
//!
//! - `ObjectMeta` (reachable only below the root here) → with embedded metadata
//!   on (controller-gen's `generateEmbeddedObjectMeta=true`, our default) an object
//!   of `name`, `namespace`, `labels`, `annotations` and `finalizers`, so the API
//!   server keeps a pod template's labels instead of pruning them; off → `type: object`;
//! - `Quantity` → `x-kubernetes-int-or-string` with the `anyOf` integer/string form
//!   and controller-gen's quantity `pattern`; `IntOrString` → the same without pattern;
//! - `Time`/`MicroTime` → `string`, `date-time`;
//! - `RawExtension`, `FieldsV1`, `JSON` → `x-kubernetes-preserve-unknown-fields`;
//! - a type that refers to itself (only `JSONSchemaProps` among the known ones) is
//!   cut where it recurses: `type: object` with `x-kubernetes-preserve-unknown-fields`.
//!
//! Untyped schemas become preserve-unknown-fields and `oneOf`/`anyOf` of typed
//! branches (not structural) are dropped likewise. The output is deterministic.

use std::collections::{BTreeMap, HashMap};

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::JSONSchemaProps;
use serde_json::{Map, Value, json};

pub use super::external_table::{KubeVersion, UnknownKubeVersion};

/// The pattern controller-gen puts on `resource.Quantity` strings.
pub(crate) const QUANTITY_PATTERN: &str = r"^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$";

const REF_PREFIX: &str = "#/components/schemas/";

const OBJECT_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";

/// Crate-module spellings of the spec's name segments that hold a dash.
const DASHED_SEGMENTS: &[(&str, &str)] = &[
    ("apiextensions_apiserver", "apiextensions-apiserver"),
    ("kube_aggregator", "kube-aggregator"),
];

/// The schema of the external type at `path` at the default Kubernetes version,
/// or `None` if the emitter does not know it. Paths are full Rust paths
/// (`k8s_openapi::api::core::v1::PodSpec`).
pub fn external_schema(path: &str) -> Option<JSONSchemaProps> {
    ExternalSchemas::new().schema(path)
}

/// Whether [`external_schema`] knows `path`; for validators that report unknown
/// types before emitting.
pub fn is_known_external(path: &str) -> bool {
    definition_name(path)
        .is_some_and(|name| index(KubeVersion::default()).contains_key(name.as_str()))
}

/// Every path [`external_schema`] knows, sorted.
pub fn known_external_paths() -> impl Iterator<Item = String> {
    let mut names: Vec<&str> = index(KubeVersion::default()).keys().copied().collect();
    names.sort_unstable();
    names.into_iter().map(rust_path)
}

/// The spec's definition name of a k8s-openapi Rust path:
/// `k8s_openapi::api::core::v1::Pod` → `io.k8s.api.core.v1.Pod`.
fn definition_name(path: &str) -> Option<String> {
    let compact: String = path.chars().filter(|c| !c.is_whitespace()).collect();
    // Paths through re-exports (`kube::api::ObjectMeta`) are resolved to the
    // defining one when the input is read (`parse::reexports`).
    let path = compact.trim_start_matches("::");
    let rest = path.strip_prefix("k8s_openapi::")?;
    let segments: Vec<&str> = rest
        .split("::")
        .map(|segment| {
            DASHED_SEGMENTS
                .iter()
                .find(|(module, _)| *module == segment)
                .map_or(segment, |(_, dashed)| *dashed)
        })
        .collect();
    Some(format!("io.k8s.{}", segments.join(".")))
}

/// The inverse of [`definition_name`].
fn rust_path(name: &str) -> String {
    let rest = name.strip_prefix("io.k8s.").unwrap_or(name);
    let segments: Vec<&str> = rest
        .split('.')
        .map(|segment| {
            DASHED_SEGMENTS
                .iter()
                .find(|(_, dashed)| *dashed == segment)
                .map_or(segment, |(module, _)| *module)
        })
        .collect();
    format!("k8s_openapi::{}", segments.join("::"))
}

/// Definition name → its JSON line, for one version's data.
fn index(version: KubeVersion) -> HashMap<&'static str, &'static str> {
    version
        .data()
        .lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("{\"name\":\"")?;
            let end = rest.find('"')?;
            Some((&rest[..end], line))
        })
        .collect()
}

/// Schemas of external types for one emitter run: the version's index, the
/// definitions parsed so far and a cache of finished schemas.
pub(crate) struct ExternalSchemas {
    index: HashMap<&'static str, &'static str>,
    definitions: HashMap<String, Value>,
    embedded_object_meta: bool,
    cache: BTreeMap<String, Option<JSONSchemaProps>>,
}

impl ExternalSchemas {
    /// The default version, embedded metadata kept.
    pub(crate) fn new() -> Self {
        Self::with_options(KubeVersion::default(), true)
    }

    /// `version`'s schemas; `embedded_object_meta` as controller-gen's
    /// `generateEmbeddedObjectMeta`.
    pub(crate) fn with_options(version: KubeVersion, embedded_object_meta: bool) -> Self {
        ExternalSchemas {
            index: index(version),
            definitions: HashMap::new(),
            embedded_object_meta,
            cache: BTreeMap::new(),
        }
    }

    /// The structural schema of the type at `path`, `None` if unknown.
    pub(crate) fn schema(&mut self, path: &str) -> Option<JSONSchemaProps> {
        let name = definition_name(path)?;
        if let Some(cached) = self.cache.get(&name) {
            return cached.clone();
        }
        let schema = self.index.contains_key(name.as_str()).then(|| {
            let mut stack = Vec::new();
            let mut value = self.resolve(&name, &mut stack);
            structuralize(&mut value, false);
            serde_json::from_value(value)
                .expect("a Kubernetes schema is a valid JSONSchemaProps after inlining")
        });
        self.cache.insert(name, schema.clone());
        schema
    }

    /// The raw definition `name` from the data, parsed once.
    fn definition(&mut self, name: &str) -> Value {
        if let Some(known) = self.definitions.get(name) {
            return known.clone();
        }
        let parsed = self
            .index
            .get(name)
            .map(|line| {
                let mut entry: Value =
                    serde_json::from_str(line).expect("the built-in schema data is valid JSON");
                entry["schema"].take()
            })
            .unwrap_or_else(
                || json!({ "type": "object", "x-kubernetes-preserve-unknown-fields": true }),
            );
        self.definitions.insert(name.to_owned(), parsed.clone());
        parsed
    }

    /// Definition `name` with every reference below it inlined; `stack` holds the
    /// definitions being inlined, to cut recursion.
    fn resolve(&mut self, name: &str, stack: &mut Vec<String>) -> Value {
        if let Some(schema) = special(name, self.embedded_object_meta) {
            return schema;
        }
        if stack.iter().any(|n| n == name) {
            return json!({ "type": "object", "x-kubernetes-preserve-unknown-fields": true });
        }
        let definition = self.definition(name);
        stack.push(name.to_owned());
        let inlined = self.inline(&definition, stack);
        stack.pop();
        inlined
    }

    /// Replaces every `$ref` (bare, or openapi-gen's `allOf: [{$ref}]` wrapper)
    /// below `value` by the referenced definition.
    fn inline(&mut self, value: &Value, stack: &mut Vec<String>) -> Value {
        let Value::Object(object) = value else {
            return value.clone();
        };
        if let Some(target) = reference(object) {
            let mut resolved = self.resolve(target, stack);
            // Siblings of the reference (a property's own description) win over the
            // definition's, like a Go field comment wins over its type's comment.
            if let Value::Object(resolved) = &mut resolved {
                for (key, sibling) in object.iter().filter(|(k, _)| *k != "$ref" && *k != "allOf") {
                    let sibling = self.inline(sibling, stack);
                    resolved.insert(key.clone(), sibling);
                }
            }
            return resolved;
        }
        let mut out = Map::new();
        for (key, child) in object {
            let child = match key.as_str() {
                "properties" | "patternProperties" => match child {
                    Value::Object(map) => Value::Object(
                        map.iter()
                            .map(|(k, v)| (k.clone(), self.inline(v, stack)))
                            .collect(),
                    ),
                    other => other.clone(),
                },
                "items" | "additionalProperties" | "not" | "allOf" | "anyOf" | "oneOf" => {
                    match child {
                        Value::Array(items) => Value::Array(
                            items.iter().map(|item| self.inline(item, stack)).collect(),
                        ),
                        other => self.inline(other, stack),
                    }
                }
                _ => child.clone(),
            };
            out.insert(key.clone(), child);
        }
        Value::Object(out)
    }
}

/// The definition an object refers to: `$ref`, or a one-branch `allOf` of a `$ref`.
fn reference(object: &Map<String, Value>) -> Option<&str> {
    let target = match (object.get("$ref"), object.get("allOf")) {
        (Some(Value::String(target)), _) => target,
        (None, Some(Value::Array(branches))) => match branches.as_slice() {
            [Value::Object(only)] if only.len() == 1 => only.get("$ref")?.as_str()?,
            _ => return None,
        },
        _ => return None,
    };
    Some(target.strip_prefix(REF_PREFIX).unwrap_or(target))
}

/// The schemas that replace whole definitions, keyed by definition name.
fn special(name: &str, embedded_object_meta: bool) -> Option<Value> {
    Some(match name {
        OBJECT_META if embedded_object_meta => embedded_object_meta_schema(),
        OBJECT_META => json!({ "type": "object" }),
        "io.k8s.apimachinery.pkg.api.resource.Quantity" => json!({
            "anyOf": [{ "type": "integer" }, { "type": "string" }],
            "pattern": QUANTITY_PATTERN,
            "x-kubernetes-int-or-string": true,
        }),
        "io.k8s.apimachinery.pkg.util.intstr.IntOrString" => json!({
            "anyOf": [{ "type": "integer" }, { "type": "string" }],
            "x-kubernetes-int-or-string": true,
        }),
        "io.k8s.apimachinery.pkg.apis.meta.v1.Time"
        | "io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime" => {
            json!({ "type": "string", "format": "date-time" })
        }
        "io.k8s.apimachinery.pkg.runtime.RawExtension"
        | "io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1" => {
            json!({ "type": "object", "x-kubernetes-preserve-unknown-fields": true })
        }
        "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON" => {
            json!({ "x-kubernetes-preserve-unknown-fields": true })
        }
        _ => return None,
    })
}

/// controller-gen's embedded `ObjectMeta` (`generateEmbeddedObjectMeta=true`): the
/// fields the API server allows in an embedded resource's metadata, no descriptions.
fn embedded_object_meta_schema() -> Value {
    let string_map = json!({ "type": "object", "additionalProperties": { "type": "string" } });
    json!({
        "type": "object",
        "properties": {
            "annotations": string_map,
            "finalizers": { "type": "array", "items": { "type": "string" } },
            "labels": string_map,
            "name": { "type": "string" },
            "namespace": { "type": "string" },
        },
    })
}

/// Rewrites an inlined schema into structural form, recursively. `nested` is true
/// inside `allOf`/`anyOf`/`oneOf`/`not`, where no type or extension may be added.
fn structuralize(value: &mut Value, nested: bool) {
    let Value::Object(object) = value else {
        return;
    };
    for key in ["$schema", "$defs", "definitions", "$id", "$comment"] {
        object.remove(key);
    }
    // `type: [T, "null"]` → `type: T`.
    if let Some(Value::Array(types)) = object.get("type") {
        let non_null: Vec<Value> = types.iter().filter(|t| *t != "null").cloned().collect();
        match non_null.as_slice() {
            [single] => {
                object.insert("type".into(), single.clone());
            }
            _ => {
                object.remove("type");
            }
        }
    }
    // `anyOf`/`oneOf` with a `null` branch: drop the branch; one branch left → merge it.
    for junctor in ["anyOf", "oneOf"] {
        let Some(Value::Array(branches)) = object.get_mut(junctor) else {
            continue;
        };
        branches.retain(|b| b.get("type").is_none_or(|t| t != "null"));
        if branches.len() == 1 {
            let Some(Value::Object(branch)) = branches.pop() else {
                continue;
            };
            object.remove(junctor);
            for (key, v) in branch {
                object.entry(key).or_insert(v);
            }
        }
    }
    for key in ["properties", "patternProperties"] {
        if let Some(Value::Object(children)) = object.get_mut(key) {
            children.values_mut().for_each(|c| structuralize(c, nested));
        }
    }
    for key in ["items", "additionalProperties"] {
        if let Some(child) = object.get_mut(key) {
            structuralize(child, nested);
        }
    }
    if let Some(child) = object.get_mut("not") {
        structuralize(child, true);
    }
    for key in ["allOf", "anyOf", "oneOf"] {
        if let Some(Value::Array(branches)) = object.get_mut(key) {
            branches.iter_mut().for_each(|b| structuralize(b, true));
        }
    }
    if nested {
        return;
    }
    // The server marks a few `[]byte` fields `+listType=atomic`; on a string that is
    // not valid in a CRD (controller-gen refuses the marker there).
    if object.get("type").is_some_and(|t| t != "array") {
        object.remove("x-kubernetes-list-type");
        object.remove("x-kubernetes-list-map-keys");
    }
    drop_typed_junctors(object);
    let untyped = !object.contains_key("type")
        && object.get("x-kubernetes-int-or-string") != Some(&Value::Bool(true));
    if untyped {
        object.insert(
            "x-kubernetes-preserve-unknown-fields".into(),
            Value::Bool(true),
        );
    }
}

/// Junctors whose branches carry types are not structural (the int-or-string
/// `anyOf` excepted): the value is kept as it is instead.
fn drop_typed_junctors(object: &mut Map<String, Value>) {
    let int_or_string = object.get("x-kubernetes-int-or-string") == Some(&Value::Bool(true));
    let mut dropped = false;
    for junctor in ["allOf", "anyOf", "oneOf"] {
        let typed = match object.get(junctor) {
            Some(Value::Array(branches)) => branches.iter().any(|b| b.get("type").is_some()),
            _ => false,
        };
        if typed && !(int_or_string && junctor == "anyOf") {
            object.remove(junctor);
            dropped = true;
        }
    }
    if dropped && !object.contains_key("type") {
        object.insert(
            "x-kubernetes-preserve-unknown-fields".into(),
            Value::Bool(true),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every known type is structural, in every Kubernetes version with data.
    /// The only CRD rule some server types break
    /// is about list-map keys (neither required nor defaulted, or not an item
    /// property; the API server does
    /// not hold its own types to it: `ServiceAccount.secrets`, flowcontrol and
    /// apiserverinternal status conditions); the types users embed break none.
    #[test]
    fn every_known_type_is_structural() {
        for version in KubeVersion::available() {
            let version: KubeVersion = version.parse().unwrap();
            known_types_are_structural(ExternalSchemas::with_options(version, true), version);
        }
    }

    fn known_types_are_structural(mut schemas: ExternalSchemas, version: KubeVersion) {
        let embedded = [
            "PodTemplateSpec",
            "Container",
            "Volume",
            "ServicePort",
            "Affinity",
        ];
        for path in known_external_paths() {
            // The default version has every type k8s-openapi knows; others may lack some.
            let Some(schema) = schemas.schema(&path) else {
                assert_ne!(version, KubeVersion::default(), "{path}");
                continue;
            };
            let root = JSONSchemaProps {
                type_: Some("object".to_owned()),
                properties: Some(BTreeMap::from([("field".to_owned(), schema)])),
                ..Default::default()
            };
            let problems = crate::emit::crd::structural::check_schema(&root, &path);
            let list_map_key = |p: &String| p.contains("x-kubernetes-list-map-keys");
            assert!(
                problems.iter().all(list_map_key),
                "{}: {problems:#?}",
                version.name()
            );
            if embedded
                .iter()
                .any(|name| path.ends_with(&format!("::{name}")))
            {
                assert!(
                    problems.is_empty(),
                    "{} {path}: {problems:#?}",
                    version.name()
                );
            }
        }
    }

    #[test]
    fn spacing_is_normalised() {
        assert!(is_known_external(
            ":: k8s_openapi :: api :: core :: v1 :: PodSpec"
        ));
        assert!(!is_known_external("k8s_openapi::api::core::v1::NoSuchType"));
    }

    #[test]
    fn nullable_unions_become_plain_types() {
        let mut value = json!({
            "type": "object",
            "properties": {
                "a": { "type": ["string", "null"] },
                "b": { "anyOf": [{ "type": "integer", "format": "int32" }, { "type": "null" }] },
                "c": { "oneOf": [{ "type": "string" }, { "type": "boolean" }] },
            },
        });
        structuralize(&mut value, false);
        assert_eq!(
            value,
            json!({
                "type": "object",
                "properties": {
                    "a": { "type": "string" },
                    "b": { "type": "integer", "format": "int32" },
                    "c": { "x-kubernetes-preserve-unknown-fields": true },
                },
            })
        );
    }
}
