//! A version's schema as crdify compares it: flattened into one node per
//! path (`^.spec.replicas`), each node without the schemas below it, so a
//! change is reported once, at the node that changed.
//!
//! crdify drops `properties` and `items` from a node before comparing it, and
//! keeps its other sub-schemas (`additionalProperties`, `allOf`, ...) whole,
//! so a change inside a map's values is reported twice: at the values and,
//! as an unhandled change, at the map. Here every sub-schema that the walk
//! visits as its own path is a placeholder (`{}`) in its parent: the parent
//! still sees one appear, disappear or change form (schema ↔ `true`), and
//! the change inside is reported once, where it is (DIFFERENCES.md).
//!
//! Nodes are JSON objects normalised the way Go's `equality.Semantic`
//! compares `JSONSchemaProps`: a field at its zero value (`""`, `false` for
//! the non-pointer booleans, an empty list or map) is the same as no field.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::path::{PropertyPath, Segment};

/// A schema node with its sub-schemas taken out.
pub(crate) type Node = Map<String, Value>;

/// One node of a flattened schema.
#[derive(Clone, Debug)]
pub(crate) struct FlatNode {
    pub path: PropertyPath,
    pub node: Node,
}

/// Every node of `root` by its path's text (crdify's map key).
pub(crate) fn flatten(root: &Value) -> BTreeMap<String, FlatNode> {
    let mut out = BTreeMap::new();
    walk(root, PropertyPath::root(), &mut out);
    out
}

/// Every path of `root` (crdify's `existingFieldRemoval` field set).
pub(crate) fn paths(root: &Value) -> BTreeMap<String, PropertyPath> {
    flatten(root)
        .into_iter()
        .map(|(key, flat)| (key, flat.path))
        .collect()
}

fn walk(value: &Value, path: PropertyPath, out: &mut BTreeMap<String, FlatNode>) {
    let Value::Object(node) = value else {
        return;
    };
    out.insert(
        path.to_string(),
        FlatNode {
            path: path.clone(),
            node: comparable(node),
        },
    );
    // crdify's `SchemaHas` order.
    match node.get("items") {
        Some(items @ Value::Object(_)) => walk(items, path.child(Segment::Items), out),
        Some(Value::Array(schemas)) => {
            for (i, s) in schemas.iter().enumerate() {
                walk(s, path.child(Segment::ItemsAt(i)), out);
            }
        }
        _ => {}
    }
    for (key, segment) in [
        ("allOf", Segment::AllOf as fn(usize) -> Segment),
        ("anyOf", Segment::AnyOf),
        ("oneOf", Segment::OneOf),
    ] {
        if let Some(Value::Array(schemas)) = node.get(key) {
            for (i, s) in schemas.iter().enumerate() {
                walk(s, path.child(segment(i)), out);
            }
        }
    }
    if let Some(not) = node.get("not") {
        walk(not, path.child(Segment::Not), out);
    }
    if let Some(Value::Object(properties)) = node.get("properties") {
        for (name, s) in properties {
            walk(s, path.child(Segment::Property(name.clone())), out);
        }
    }
    if let Some(values @ Value::Object(_)) = node.get("additionalProperties") {
        walk(values, path.child(Segment::AdditionalProperties), out);
    }
    for (key, segment) in [
        (
            "patternProperties",
            Segment::PatternProperties as fn(String) -> Segment,
        ),
        ("definitions", Segment::Definitions),
        ("dependencies", Segment::Dependencies),
    ] {
        if let Some(Value::Object(schemas)) = node.get(key) {
            for (name, s) in schemas {
                // `dependencies` values may be lists of property names.
                if s.is_object() {
                    walk(s, path.child(segment(name.clone())), out);
                }
            }
        }
    }
    if let Some(extra @ Value::Object(_)) = node.get("additionalItems") {
        walk(extra, path.child(Segment::AdditionalItems), out);
    }
}

/// Keys whose value is a Go `string`: `""` is no value.
const STRING_KEYS: &[&str] = &[
    "id",
    "$schema",
    "$ref",
    "description",
    "type",
    "format",
    "title",
    "pattern",
];
/// Keys whose value is a Go `bool` (not a pointer): `false` is no value.
const BOOL_KEYS: &[&str] = &[
    "exclusiveMaximum",
    "exclusiveMinimum",
    "uniqueItems",
    "nullable",
    "x-kubernetes-embedded-resource",
    "x-kubernetes-int-or-string",
];
/// Keys whose value is a Go slice or map: empty is no value.
const COLLECTION_KEYS: &[&str] = &[
    "required",
    "enum",
    "allOf",
    "anyOf",
    "oneOf",
    "properties",
    "patternProperties",
    "dependencies",
    "definitions",
    "x-kubernetes-list-map-keys",
    "x-kubernetes-validations",
];

/// `node` as compared: zero values gone, `properties` and `items` gone,
/// other sub-schemas as placeholders.
pub(crate) fn comparable(node: &Node) -> Node {
    let mut out = Node::new();
    for (key, value) in node {
        if value.is_null() || is_zero(key, value) {
            continue;
        }
        let kept = match key.as_str() {
            "properties" | "items" => continue,
            "additionalProperties" | "additionalItems" | "not" if value.is_object() => {
                Value::Object(Node::new())
            }
            "allOf" | "anyOf" | "oneOf" => match value {
                Value::Array(items) => Value::Array(items.iter().map(placeholder).collect()),
                other => other.clone(),
            },
            "patternProperties" | "definitions" | "dependencies" => match value {
                Value::Object(schemas) => Value::Object(
                    schemas
                        .iter()
                        .map(|(k, v)| (k.clone(), placeholder(v)))
                        .collect(),
                ),
                other => other.clone(),
            },
            _ => value.clone(),
        };
        out.insert(key.clone(), kept);
    }
    out
}

fn placeholder(value: &Value) -> Value {
    if value.is_object() {
        Value::Object(Node::new())
    } else {
        value.clone()
    }
}

fn is_zero(key: &str, value: &Value) -> bool {
    (STRING_KEYS.contains(&key) && value.as_str() == Some(""))
        || (BOOL_KEYS.contains(&key) && value.as_bool() == Some(false))
        || (COLLECTION_KEYS.contains(&key)
            && match value {
                Value::Array(items) => items.is_empty(),
                Value::Object(map) => map.is_empty(),
                _ => false,
            })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn one_node_per_path_without_its_children() {
        let schema = json!({
            "type": "object",
            "properties": {
                "spec": {
                    "type": "object",
                    "description": "",
                    "nullable": false,
                    "properties": {
                        "tags": {"type": "array", "items": {"type": "string", "maxLength": 3}},
                        "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                        "port": {"x-kubernetes-int-or-string": true, "anyOf": [{"type": "integer"}, {"type": "string"}]}
                    }
                }
            }
        });
        let flat = flatten(&schema);
        let keys: Vec<&str> = flat.keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "^",
                "^.spec",
                "^.spec.labels",
                "^.spec.labels.additionalProperties",
                "^.spec.port",
                "^.spec.port.anyOf[0]",
                "^.spec.port.anyOf[1]",
                "^.spec.tags",
                "^.spec.tags.items",
            ]
        );
        assert_eq!(
            Value::Object(flat["^.spec"].node.clone()),
            json!({"type": "object"})
        );
        assert_eq!(
            Value::Object(flat["^.spec.labels"].node.clone()),
            json!({"type": "object", "additionalProperties": {}})
        );
        assert_eq!(
            Value::Object(flat["^.spec.port"].node.clone()),
            json!({"x-kubernetes-int-or-string": true, "anyOf": [{}, {}]})
        );
        assert!(flat["^.spec.port.anyOf[1]"].path.under_junctor());
    }
}
