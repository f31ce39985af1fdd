//! `x-kubernetes-list-type` invariants (`listtype.ValidateListSetsAndMaps`):
//! the items of a `set` are unique, the keys of a `map` list too.

use serde_json::{Map, Value};

use crate::errors::{BadValue, ErrorType, FieldError};
use crate::structural::Node;

/// Duplicate items and keys below `obj`.
pub(crate) fn validate(obj: &Value, s: &Node) -> Vec<FieldError> {
    let mut errors = Vec::new();
    walk(obj, s, "", &mut errors);
    errors
}

fn child_path(path: &str, k: &str, keyed: bool) -> String {
    if keyed {
        format!("{path}[{k}]")
    } else if path.is_empty() {
        k.to_owned()
    } else {
        format!("{path}.{k}")
    }
}

fn walk(obj: &Value, s: &Node, path: &str, errors: &mut Vec<FieldError>) {
    match obj {
        Value::Object(map) => {
            for (k, v) in map {
                if let Some(a) = s.additional_schema() {
                    walk(v, a, &child_path(path, k, true), errors);
                }
                if let Some(p) = s.properties.get(k) {
                    walk(v, p, &child_path(path, k, false), errors);
                }
            }
        }
        Value::Array(items) => {
            match s.list_type.as_deref() {
                Some("set") => {
                    for i in duplicates(items.iter().cloned().map(Some).collect()) {
                        errors.push(FieldError::new(
                            ErrorType::Duplicate,
                            format!("{path}[{i}]"),
                            BadValue::Json(items[i].clone()),
                            "",
                        ));
                    }
                }
                Some("map") => errors.extend(validate_map(items, s, path)),
                _ => {}
            }
            if let Some(item) = s.items.as_deref() {
                for (i, v) in items.iter().enumerate() {
                    walk(v, item, &format!("{path}[{i}]"), errors);
                }
            }
        }
        _ => {}
    }
}

/// Indices of the second appearance of each duplicated value (`None`: an
/// unspecified key).
fn duplicates(values: Vec<Option<Value>>) -> Vec<usize> {
    let mut out = Vec::new();
    for (i, v) in values.iter().enumerate() {
        let count = values[..i].iter().filter(|w| *w == v).count();
        if count == 1 {
            out.push(i);
        }
    }
    out
}

fn validate_map(items: &[Value], s: &Node, path: &str) -> Vec<FieldError> {
    if let Some((i, x)) = items
        .iter()
        .enumerate()
        .find(|(_, x)| !x.is_object() && !x.is_null())
    {
        return vec![FieldError::new(
            ErrorType::Invalid,
            format!("{path}[{i}]"),
            BadValue::Json(x.clone()),
            "must be an object for an array of list-type map",
        )];
    }
    if items.len() <= 1 {
        return Vec::new();
    }
    let keys: Vec<Map<String, Value>> = items
        .iter()
        .map(|x| {
            s.list_map_keys
                .iter()
                .filter_map(|k| x.get(k).map(|v| (k.clone(), v.clone())))
                .collect()
        })
        .collect();
    duplicates(
        keys.iter()
            .map(|k| Some(Value::Object(k.clone())))
            .collect(),
    )
    .into_iter()
    .map(|i| {
        FieldError::new(
            ErrorType::Duplicate,
            format!("{path}[{i}]"),
            BadValue::Json(Value::Object(keys[i].clone())),
            "",
        )
    })
    .collect()
}
