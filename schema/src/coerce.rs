//! What the API server does to a request body before validation: pruning
//! of unknown fields, removal of `null`s the schema does not allow, metadata
//! of the resource and of embedded resources read as `ObjectMeta`, and
//! defaulting (also applied to objects read from storage).

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde_json::{Map, Value};

use crate::structural::{Additional, Node};

const META_FIELDS: [&str; 3] = ["apiVersion", "kind", "metadata"];

/// Removes fields the schema does not know (`pruning.PruneWithOptions` of
/// the resource root); returns their paths (`spec.foo`, `spec.items[0].x`),
/// which strict field validation reports as unknown fields.
pub(crate) fn prune(obj: &mut Value, root: &Node) -> Vec<String> {
    let mut unknown = Vec::new();
    prune_at(obj, Some(root), true, "", &mut unknown);
    unknown.sort();
    unknown
}

fn join(path: &str, k: &str) -> String {
    if path.is_empty() {
        k.to_owned()
    } else {
        format!("{path}.{k}")
    }
}

fn additional(node: &Node) -> Option<Option<&Node>> {
    match &node.additional {
        Some(Additional::Schema(s)) => Some(Some(s)),
        Some(Additional::Allows(true)) => Some(None),
        _ => None,
    }
}

fn prune_at(
    x: &mut Value,
    s: Option<&Node>,
    resource: bool,
    path: &str,
    unknown: &mut Vec<String>,
) {
    if let Some(s) = s
        && s.preserve_unknown
    {
        skip_prune(x, s, resource || s.embedded, path, unknown);
        return;
    }
    match x {
        Value::Object(map) => {
            let Some(s) = s else {
                unknown.extend(map.keys().map(|k| join(path, k)));
                map.clear();
                return;
            };
            let embedded = resource || s.embedded;
            let keys: Vec<String> = map.keys().cloned().collect();
            for k in keys {
                if embedded && META_FIELDS.contains(&k.as_str()) {
                    continue;
                }
                if let Some(prop) = s.properties.get(&k) {
                    prune_at(
                        map.get_mut(&k).unwrap_or(&mut Value::Null),
                        Some(prop),
                        prop.embedded,
                        &join(path, &k),
                        unknown,
                    );
                } else if let Some(a) = additional(s) {
                    let embedded = a.is_some_and(|a| a.embedded);
                    prune_at(
                        map.get_mut(&k).unwrap_or(&mut Value::Null),
                        a,
                        embedded,
                        &join(path, &k),
                        unknown,
                    );
                } else {
                    if !META_FIELDS.contains(&k.as_str()) || !path.is_empty() {
                        unknown.push(join(path, &k));
                    }
                    map.remove(&k);
                }
            }
        }
        Value::Array(items) => {
            let item_schema = s.and_then(|s| s.items.as_deref());
            for (i, v) in items.iter_mut().enumerate() {
                prune_at(
                    v,
                    item_schema,
                    item_schema.is_some_and(|n| n.embedded),
                    &format!("{path}[{i}]"),
                    unknown,
                );
            }
        }
        _ => {}
    }
}

fn skip_prune(x: &mut Value, s: &Node, embedded: bool, path: &str, unknown: &mut Vec<String>) {
    match x {
        Value::Object(map) => {
            for (k, v) in map.iter_mut() {
                if embedded && META_FIELDS.contains(&k.as_str()) {
                    continue;
                }
                if let Some(prop) = s.properties.get(k) {
                    prune_at(v, Some(prop), prop.embedded, &join(path, k), unknown);
                } else if let Some(a) = additional(s) {
                    prune_at(v, a, a.is_some_and(|a| a.embedded), &join(path, k), unknown);
                }
            }
        }
        Value::Array(items) => {
            if let Some(item) = s.items.as_deref() {
                for (i, v) in items.iter_mut().enumerate() {
                    skip_prune(v, item, item.embedded, &format!("{path}[{i}]"), unknown);
                }
            }
        }
        _ => {}
    }
}

/// `PruneNonNullableNullsWithoutDefaults`: a `null` where the schema is not
/// nullable and has no default is dropped (one with a default is defaulted
/// later).
pub(crate) fn prune_nulls(x: &mut Value, s: Option<&Node>) {
    match x {
        Value::Object(map) => {
            let keys: Vec<String> = map.keys().cloned().collect();
            for k in keys {
                let child = s.and_then(|s| s.child(&k));
                let drop = map.get(&k).is_some_and(Value::is_null)
                    && child.is_some_and(|c| !c.nullable && c.default.is_none());
                if drop {
                    map.remove(&k);
                } else if let Some(v) = map.get_mut(&k) {
                    prune_nulls(v, child);
                }
            }
        }
        Value::Array(items) => {
            let item = s.and_then(|s| s.items.as_deref());
            for v in items {
                prune_nulls(v, item);
            }
        }
        _ => {}
    }
}

/// `structuraldefaulting.Default`: missing properties with a default get it
/// (deep copied), `null`s where the schema is not nullable too; then the
/// walk goes on into the (defaulted) children.
pub(crate) fn default(x: &mut Value, s: &Node) {
    let non_nullable_null = |v: &Value, n: &Node| v.is_null() && !n.nullable;
    match x {
        Value::Object(map) => {
            for (k, prop) in &s.properties {
                let Some(d) = &prop.default else { continue };
                if map.get(k).is_none_or(|v| non_nullable_null(v, prop)) {
                    map.insert(k.clone(), d.clone());
                }
            }
            for (k, v) in map.iter_mut() {
                if let Some(prop) = s.properties.get(k) {
                    default(v, prop);
                } else if let Some(a) = s.additional_schema() {
                    if let Some(d) = &a.default
                        && non_nullable_null(v, a)
                    {
                        *v = d.clone();
                    }
                    default(v, a);
                }
            }
        }
        Value::Array(items) => {
            let Some(item) = s.items.as_deref() else {
                return;
            };
            for v in items {
                if let Some(d) = &item.default
                    && non_nullable_null(v, item)
                {
                    *v = d.clone();
                }
                default(v, item);
            }
        }
        _ => {}
    }
}

/// Why a body's metadata cannot be read as `ObjectMeta`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {message}")]
pub struct MetadataError {
    /// `metadata` or `spec.template.metadata`.
    pub path: String,
    /// The decoding error.
    pub message: String,
}

/// Reads the resource's metadata and every embedded resource's as
/// `ObjectMeta`, dropping what `ObjectMeta` does not have, as the API server
/// round-trips them.
pub(crate) fn coerce_metadata(obj: &mut Value, root: &Node) -> Result<(), MetadataError> {
    coerce_at(obj, Some(root), true, "")
}

fn round_trip(meta: &mut Value, path: &str) -> Result<(), MetadataError> {
    let typed: ObjectMeta = serde_json::from_value(meta.clone()).map_err(|e| MetadataError {
        path: join(path, "metadata"),
        message: e.to_string(),
    })?;
    let mut back = serde_json::to_value(typed).unwrap_or(Value::Object(Map::new()));
    // Go's ObjectMeta omits empty strings, lists and maps and a zero
    // generation (`omitempty`): `managedFields: []` or `annotations: {}` do
    // not survive the round trip.
    if let Value::Object(m) = &mut back {
        m.retain(|k, v| match v {
            Value::String(s) => !s.is_empty(),
            Value::Array(a) => !a.is_empty(),
            Value::Object(o) => !o.is_empty(),
            Value::Number(n) => !(k == "generation" && n.as_i64() == Some(0)),
            _ => true,
        });
    }
    *meta = back;
    Ok(())
}

fn coerce_at(
    x: &mut Value,
    s: Option<&Node>,
    resource: bool,
    path: &str,
) -> Result<(), MetadataError> {
    let Some(s) = s else { return Ok(()) };
    match x {
        Value::Object(map) => {
            if (resource || s.embedded)
                && let Some(meta) = map.get_mut("metadata")
            {
                if !meta.is_object() && !meta.is_null() {
                    return Err(MetadataError {
                        path: join(path, "metadata"),
                        message: format!("expected object, got {meta}"),
                    });
                }
                if meta.is_object() {
                    round_trip(meta, path)?;
                }
            }
            for (k, v) in map.iter_mut() {
                if (resource || s.embedded) && META_FIELDS.contains(&k.as_str()) {
                    continue;
                }
                if let Some(child) = s.child(k) {
                    coerce_at(v, Some(child), false, &join(path, k))?;
                }
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter_mut().enumerate() {
                coerce_at(v, s.items.as_deref(), false, &format!("{path}[{i}]"))?;
            }
        }
        _ => {}
    }
    Ok(())
}
