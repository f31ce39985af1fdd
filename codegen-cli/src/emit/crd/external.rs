//! Structural schemas of k8s-openapi types, from k8s-openapi's `schemars` feature.
//!
//! schemars hands out `$ref`s into a definitions map; structural schemas allow no
//! `$ref`, so this module inlines them the way kube-derive's structural rewriter
//! does, and replaces the few types that controller-gen also special-cases:
//!
//! - `ObjectMeta` (reachable only below the root here) → `type: object`, as
//!   controller-gen does for embedded metadata (the API server forbids describing
//!   metadata anywhere but at the root and in embedded resources);
//! - `Quantity` → `x-kubernetes-int-or-string` with the `anyOf` integer/string form
//!   and controller-gen's quantity `pattern`; `IntOrString` → the same without pattern;
//! - `Time`/`MicroTime` → `string`, `date-time`;
//! - `RawExtension`, `FieldsV1`, `JSON` → `x-kubernetes-preserve-unknown-fields`;
//! - a type that refers to itself (only `JSONSchemaProps` among the known ones) is
//!   cut where it recurses: `type: object` with `x-kubernetes-preserve-unknown-fields`.
//!
//! Nullable unions (`type: [T, "null"]`, `anyOf` with a null branch) become the
//! plain type, and `oneOf`/`anyOf` of typed branches (not structural) become
//! preserve-unknown-fields. The output is deterministic: definitions are keyed by
//! name and every map is ordered.

use std::collections::BTreeMap;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::JSONSchemaProps;
use schemars::SchemaGenerator;
use schemars::generate::SchemaSettings;
use serde_json::{Map, Value, json};

use super::external_table::{EXTERNAL_TYPES, SchemaFn};

/// The pattern controller-gen puts on `resource.Quantity` strings.
pub(crate) const QUANTITY_PATTERN: &str = r"^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$";

const DEFS_PREFIX: &str = "#/$defs/";

/// Paths that name a k8s-openapi type through a re-export.
const ALIASES: &[(&str, &str)] = &[
    (
        "kube::api::ObjectMeta",
        "k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta",
    ),
    (
        "kube::core::ObjectMeta",
        "k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta",
    ),
    (
        "kube::api::ListMeta",
        "k8s_openapi::apimachinery::pkg::apis::meta::v1::ListMeta",
    ),
    (
        "kube::core::ListMeta",
        "k8s_openapi::apimachinery::pkg::apis::meta::v1::ListMeta",
    ),
];

/// The schema of the external type at `path`, or `None` if the emitter does not
/// know it. Paths are full Rust paths (`k8s_openapi::api::core::v1::PodSpec`).
pub fn external_schema(path: &str) -> Option<JSONSchemaProps> {
    ExternalSchemas::new().schema(path)
}

/// Whether [`external_schema`] knows `path`; for validators that report unknown
/// types before emitting.
pub fn is_known_external(path: &str) -> bool {
    lookup(&normalise(path)).is_some()
}

/// Every path [`external_schema`] knows, in table order.
pub fn known_external_paths() -> impl Iterator<Item = &'static str> {
    EXTERNAL_TYPES.iter().map(|(path, _)| *path)
}

fn normalise(path: &str) -> String {
    let compact: String = path.chars().filter(|c| !c.is_whitespace()).collect();
    let compact = compact.trim_start_matches("::");
    ALIASES
        .iter()
        .find(|(alias, _)| *alias == compact)
        .map_or_else(|| compact.to_owned(), |(_, target)| (*target).to_owned())
}

fn lookup(path: &str) -> Option<SchemaFn> {
    EXTERNAL_TYPES
        .iter()
        .find(|(known, _)| *known == path)
        .map(|(_, schema_fn)| *schema_fn)
}

/// Schemas of external types for one emitter run: one schemars generator (so each
/// definition is generated once) and a cache of finished schemas.
pub(crate) struct ExternalSchemas {
    generator: SchemaGenerator,
    cache: BTreeMap<String, Option<JSONSchemaProps>>,
}

impl ExternalSchemas {
    pub(crate) fn new() -> Self {
        // Draft 2020-12 settings apply no transforms, so `$ref` siblings such as a
        // property's own `description` survive until we inline them.
        let settings = SchemaSettings::draft2020_12().with(|s| {
            s.meta_schema = None;
            s.inline_subschemas = false;
        });
        ExternalSchemas {
            generator: settings.into_generator(),
            cache: BTreeMap::new(),
        }
    }

    /// The structural schema of the type at `path`, `None` if unknown.
    pub(crate) fn schema(&mut self, path: &str) -> Option<JSONSchemaProps> {
        let path = normalise(path);
        if let Some(cached) = self.cache.get(&path) {
            return cached.clone();
        }
        let schema = lookup(&path).map(|schema_fn| {
            let reference = schema_fn(&mut self.generator).to_value();
            let mut stack = Vec::new();
            let mut value = inline(&reference, self.generator.definitions(), &mut stack);
            structuralize(&mut value, false);
            serde_json::from_value(value)
                .expect("a k8s-openapi schema is a valid JSONSchemaProps after inlining")
        });
        self.cache.insert(path, schema.clone());
        schema
    }
}

/// The schemas that replace whole definitions, keyed by schemars schema name.
fn special(name: &str) -> Option<Value> {
    Some(match name {
        "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta" => json!({ "type": "object" }),
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

/// Replaces every `$ref` below `value` by the referenced definition; `stack` holds
/// the definitions being inlined, to cut recursion.
fn inline(value: &Value, definitions: &Map<String, Value>, stack: &mut Vec<String>) -> Value {
    let Value::Object(object) = value else {
        return value.clone();
    };
    if let Some(Value::String(reference)) = object.get("$ref") {
        let name = reference.strip_prefix(DEFS_PREFIX).unwrap_or(reference);
        let mut resolved = if let Some(schema) = special(name) {
            schema
        } else if stack.iter().any(|n| n == name) {
            json!({ "type": "object", "x-kubernetes-preserve-unknown-fields": true })
        } else {
            let definition = definitions.get(name).cloned().unwrap_or(Value::Null);
            stack.push(name.to_owned());
            let inlined = inline(&definition, definitions, stack);
            stack.pop();
            inlined
        };
        // Siblings of the `$ref` (a property's own description) win over the
        // definition's, like a Go field comment wins over its type's comment.
        if let Value::Object(resolved) = &mut resolved {
            for (key, sibling) in object.iter().filter(|(k, _)| *k != "$ref") {
                resolved.insert(key.clone(), inline(sibling, definitions, stack));
            }
        }
        return resolved;
    }
    let mut out = Map::new();
    for (key, child) in object {
        let child = match key.as_str() {
            "properties" | "patternProperties" => {
                map_values(child, |v| inline(v, definitions, stack))
            }
            "items" | "additionalProperties" | "not" | "allOf" | "anyOf" | "oneOf" => {
                inline_schema_or_list(child, definitions, stack)
            }
            _ => child.clone(),
        };
        out.insert(key.clone(), child);
    }
    Value::Object(out)
}

fn inline_schema_or_list(
    value: &Value,
    definitions: &Map<String, Value>,
    stack: &mut Vec<String>,
) -> Value {
    match value {
        Value::Array(items) => Value::Array(
            items
                .iter()
                .map(|item| inline(item, definitions, stack))
                .collect(),
        ),
        other => inline(other, definitions, stack),
    }
}

fn map_values(value: &Value, mut f: impl FnMut(&Value) -> Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(map.iter().map(|(k, v)| (k.clone(), f(v))).collect()),
        other => other.clone(),
    }
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

    #[test]
    fn every_table_entry_is_structural() {
        let mut schemas = ExternalSchemas::new();
        for path in known_external_paths() {
            let schema = schemas.schema(path).expect("known path");
            let root = JSONSchemaProps {
                type_: Some("object".to_owned()),
                properties: Some(BTreeMap::from([("field".to_owned(), schema)])),
                ..Default::default()
            };
            let problems = crate::emit::crd::structural::check_schema(&root, path);
            assert!(problems.is_empty(), "{problems:#?}");
        }
    }

    #[test]
    fn aliases_and_spacing_are_normalised() {
        assert!(is_known_external("kube::core::ObjectMeta"));
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
