//! Patch application on JSON objects: JSON merge patch (RFC 7386), JSON patch
//! (RFC 6902), and the approximation of server-side apply the fake uses.

use serde_json::{Map, Value};

/// Applies a JSON merge patch: objects merge recursively, `null` removes a key,
/// everything else (including arrays) replaces.
pub fn merge_patch(target: &mut Value, patch: &Value) {
    let Value::Object(patch) = patch else {
        *target = patch.clone();
        return;
    };
    if !target.is_object() {
        *target = Value::Object(Map::new());
    }
    let target = target.as_object_mut().expect("object");
    for (key, value) in patch {
        if value.is_null() {
            target.remove(key);
        } else {
            merge_patch(target.entry(key.clone()).or_insert(Value::Null), value);
        }
    }
}

/// Merges an apply configuration into an object: like a merge patch, but `null`
/// in the configuration is ignored rather than deleting (server-side apply never
/// deletes through `null`); lists replace.
pub fn apply_merge(target: &mut Value, config: &Value) {
    match (target, config) {
        (Value::Object(target), Value::Object(config)) => {
            for (key, value) in config {
                if value.is_null() {
                    continue;
                }
                match target.get_mut(key) {
                    Some(existing) => apply_merge(existing, value),
                    None => {
                        target.insert(key.clone(), value.clone());
                    }
                }
            }
        }
        (target, config) => {
            if !config.is_null() {
                *target = config.clone();
            }
        }
    }
}

/// Why a JSON patch could not be applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonPatchError(pub String);

fn unescape(token: &str) -> String {
    token.replace("~1", "/").replace("~0", "~")
}

fn tokens(pointer: &str) -> Result<Vec<String>, JsonPatchError> {
    if pointer.is_empty() {
        return Ok(Vec::new());
    }
    let rest = pointer
        .strip_prefix('/')
        .ok_or_else(|| JsonPatchError(format!("invalid JSON pointer \"{pointer}\"")))?;
    Ok(rest.split('/').map(unescape).collect())
}

fn array_index(token: &str, len: usize, allow_end: bool) -> Result<usize, JsonPatchError> {
    if allow_end && token == "-" {
        return Ok(len);
    }
    let index: usize = token
        .parse()
        .map_err(|_| JsonPatchError(format!("invalid array index \"{token}\"")))?;
    let limit = if allow_end {
        len
    } else {
        len.saturating_sub(1)
    };
    if index > limit || (!allow_end && len == 0) {
        return Err(JsonPatchError(format!("array index {index} out of bounds")));
    }
    Ok(index)
}

fn get<'a>(doc: &'a Value, path: &[String]) -> Option<&'a Value> {
    path.iter().try_fold(doc, |current, token| match current {
        Value::Object(map) => map.get(token),
        Value::Array(items) => token.parse::<usize>().ok().and_then(|i| items.get(i)),
        _ => None,
    })
}

fn parent_mut<'a>(doc: &'a mut Value, path: &[String]) -> Result<&'a mut Value, JsonPatchError> {
    let mut current = doc;
    for token in path {
        current = match current {
            Value::Object(map) => map.get_mut(token),
            Value::Array(items) => token.parse::<usize>().ok().and_then(|i| items.get_mut(i)),
            _ => None,
        }
        .ok_or_else(|| JsonPatchError(format!("path segment \"{token}\" does not exist")))?;
    }
    Ok(current)
}

fn add(doc: &mut Value, path: &[String], value: Value) -> Result<(), JsonPatchError> {
    let Some((last, parent)) = path.split_last() else {
        *doc = value;
        return Ok(());
    };
    match parent_mut(doc, parent)? {
        Value::Object(map) => {
            map.insert(last.clone(), value);
            Ok(())
        }
        Value::Array(items) => {
            let index = array_index(last, items.len(), true)?;
            items.insert(index, value);
            Ok(())
        }
        _ => Err(JsonPatchError(format!("cannot add \"{last}\" to a scalar"))),
    }
}

fn remove(doc: &mut Value, path: &[String]) -> Result<Value, JsonPatchError> {
    let (last, parent) = path
        .split_last()
        .ok_or_else(|| JsonPatchError("cannot remove the whole document".to_owned()))?;
    match parent_mut(doc, parent)? {
        Value::Object(map) => map
            .remove(last)
            .ok_or_else(|| JsonPatchError(format!("path \"{last}\" does not exist"))),
        Value::Array(items) => {
            let index = array_index(last, items.len(), false)?;
            Ok(items.remove(index))
        }
        _ => Err(JsonPatchError(format!(
            "cannot remove \"{last}\" from a scalar"
        ))),
    }
}

fn operation_field<'a>(op: &'a Value, field: &str) -> Result<&'a Value, JsonPatchError> {
    op.get(field)
        .ok_or_else(|| JsonPatchError(format!("operation is missing \"{field}\"")))
}

fn pointer_field(op: &Value, field: &str) -> Result<Vec<String>, JsonPatchError> {
    let pointer = operation_field(op, field)?
        .as_str()
        .ok_or_else(|| JsonPatchError(format!("\"{field}\" must be a string")))?;
    tokens(pointer)
}

/// Applies a JSON patch (a list of operations, as JSON) to a document; on error the
/// document is left unchanged.
pub fn json_patch(doc: &mut Value, patch: &Value) -> Result<(), JsonPatchError> {
    let operations = patch
        .as_array()
        .ok_or_else(|| JsonPatchError("a JSON patch must be a list of operations".to_owned()))?;
    let mut result = doc.clone();
    for op in operations {
        let name = operation_field(op, "op")?.as_str().unwrap_or_default();
        let path = pointer_field(op, "path")?;
        match name {
            "add" => add(&mut result, &path, operation_field(op, "value")?.clone())?,
            "remove" => {
                remove(&mut result, &path)?;
            }
            "replace" => {
                remove(&mut result, &path)?;
                add(&mut result, &path, operation_field(op, "value")?.clone())?;
            }
            "move" => {
                let from = pointer_field(op, "from")?;
                let value = remove(&mut result, &from)?;
                add(&mut result, &path, value)?;
            }
            "copy" => {
                let from = pointer_field(op, "from")?;
                let value = get(&result, &from)
                    .cloned()
                    .ok_or_else(|| JsonPatchError("\"from\" does not exist".to_owned()))?;
                add(&mut result, &path, value)?;
            }
            "test" => {
                let expected = operation_field(op, "value")?;
                if get(&result, &path) != Some(expected) {
                    return Err(JsonPatchError(format!(
                        "testing value {} failed",
                        op.get("path").and_then(Value::as_str).unwrap_or_default()
                    )));
                }
            }
            other => return Err(JsonPatchError(format!("unknown operation \"{other}\""))),
        }
    }
    *doc = result;
    Ok(())
}
