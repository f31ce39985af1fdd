//! OpenAPI validation of a custom resource (kube-openapi's `validate`
//! package, as `apiextensions-apiserver` runs it), with ratcheting on update:
//! errors in a value that did not change from the old object are dropped.

use serde_json::Value;

use crate::errors::{BadValue, ErrorType, FieldError};
use crate::structural::{Additional, Node};
use kube_codegen_merge::go::{go_float, go_json, go_quote};

/// One kube-openapi error before it becomes a field error.
struct OError {
    kind: ErrorType,
    /// The go-openapi name (`spec.items[0].name`); `None` for composite
    /// errors, reported at the validated root.
    name: Option<String>,
    bad_value: BadValue,
    detail: String,
}

type Errors = Vec<OError>;

fn invalid(name: &str, value: BadValue, message: String) -> OError {
    OError {
        kind: ErrorType::Invalid,
        name: Some(name.to_owned()),
        bad_value: value,
        detail: message,
    }
}

fn json(v: &Value) -> BadValue {
    BadValue::Json(v.clone())
}

fn empty() -> BadValue {
    BadValue::Json(Value::String(String::new()))
}

/// Validates `data` (the object, or the `status` of a status update) against
/// `node`. `prefix` is the field path of `data` (`""` or `"status"`), `old`
/// the old value for ratcheting on update.
pub(crate) fn validate(
    node: &Node,
    data: &Value,
    prefix: &str,
    old: Option<&Value>,
) -> Vec<FieldError> {
    let errors = validate_node(node, data, "", old.map(|o| (o, true)));
    errors
        .into_iter()
        .map(|e| {
            let field = match &e.name {
                Some(n) if !n.is_empty() && n != "." => {
                    let n = n.strip_prefix('.').unwrap_or(n);
                    if prefix.is_empty() {
                        n.to_owned()
                    } else {
                        format!("{prefix}.{n}")
                    }
                }
                _ => {
                    if prefix.is_empty() {
                        "<nil>".to_owned()
                    } else {
                        prefix.to_owned()
                    }
                }
            };
            FieldError::new(e.kind, field, e.bad_value, e.detail)
        })
        .collect()
}

/// `old`: the correlated old value and whether correlation may continue
/// (the root's `apiVersion` and `kind` do not correlate).
fn validate_node(node: &Node, data: &Value, path: &str, old: Option<(&Value, bool)>) -> Errors {
    let mut errors = Vec::new();
    if data.is_null() {
        errors.extend(type_check(node, data, path));
        errors.extend(enum_check(node, data, path));
    } else {
        errors.extend(type_check(node, data, path));
        errors.extend(composition(node, data, path));
        if let Value::String(s) = data {
            errors.extend(string_check(node, s, path));
            if let Some((name, format)) = &node.checked_format
                && !format.check(s)
            {
                errors.push(type_error(path, name, Value::String(s.clone())));
            }
        }
        if let Value::Number(_) = data {
            errors.extend(number_check(node, data, path));
        }
        if let Value::Array(items) = data {
            errors.extend(slice_check(node, items, path, old));
        }
        errors.extend(enum_check(node, data, path));
        if let Value::Object(map) = data {
            errors.extend(object_check(node, map, path, old));
        }
    }
    // Ratcheting: an unchanged value keeps its errors as warnings only.
    if !errors.is_empty()
        && let Some((old, true)) = old
        && deep_equal(node, old, data)
    {
        return Vec::new();
    }
    errors
}

/// `InvalidType`: `x in body must be of type T: "actual"`.
fn type_error(path: &str, expected: &str, actual: Value) -> OError {
    let detail = match &actual {
        Value::String(s) => format!("{path} in body must be of type {expected}: {}", go_quote(s)),
        _ => format!("{path} in body must be of type {expected}"),
    };
    OError {
        kind: ErrorType::TypeInvalid,
        name: Some(path.to_owned()),
        bad_value: BadValue::Json(actual),
        detail,
    }
}

fn type_check(node: &Node, data: &Value, path: &str) -> Option<OError> {
    let types: Vec<&str> = if node.int_or_string {
        vec!["integer", "string"]
    } else {
        node.type_.as_deref().into_iter().collect()
    };
    let format = node.checked_format.as_ref().map_or("", |(f, _)| f.as_str());
    if types.is_empty() && format.is_empty() {
        return None;
    }
    if data.is_null() {
        return (!types.is_empty() && !node.nullable)
            .then(|| type_error(path, &types.join(","), Value::String("null".to_owned())));
    }
    let (kind, kind_format) = match data {
        Value::Bool(_) => ("boolean", ""),
        Value::String(_) => ("string", ""),
        Value::Number(n) if n.is_i64() || n.is_u64() => ("integer", "int64"),
        Value::Number(_) => ("number", "float64"),
        Value::Array(_) => ("array", ""),
        Value::Object(_) => ("object", ""),
        Value::Null => ("null", ""),
    };
    let has = |t: &str| types.contains(&t);
    let float_int =
        kind == "number" && data.as_f64().is_some_and(is_json_integer) && has("integer");
    let int_float = kind == "integer" && has("number");
    let string_or_slice = data.is_string() || data.is_array();
    let format_fits = has(kind) || kind_format == format || float_int || int_float;
    if !string_or_slice && !format.is_empty() && !format_fits {
        return Some(type_error(
            path,
            format,
            Value::String(kind_format.to_owned()),
        ));
    }
    // A string or list with a format passes unless the type is numeric.
    if string_or_slice && !format.is_empty() && !has("number") && !has("integer") {
        return None;
    }
    if !(has(kind) || float_int || int_float) {
        return Some(type_error(
            path,
            &types.join(","),
            Value::String(kind.to_owned()),
        ));
    }
    None
}

/// `swag.IsFloat64AJSONInteger`.
fn is_json_integer(f: f64) -> bool {
    if !f.is_finite() || f.abs() > 9_007_199_254_740_992.0 {
        return false;
    }
    let g = f.trunc();
    let diff = (f - g).abs();
    diff == 0.0 || diff / (f.abs() + g.abs()) < 1e-9
}

/// `allOf`, `anyOf`, `oneOf`, `not` (value validations only in structural
/// schemas).
fn composition(node: &Node, data: &Value, path: &str) -> Errors {
    let mut errors = Vec::new();
    let composite = |message: String| OError {
        kind: ErrorType::Invalid,
        name: None,
        bad_value: empty(),
        detail: message,
    };
    if !node.any_of.is_empty() {
        let results: Vec<Errors> = node
            .any_of
            .iter()
            .map(|n| validate_node(n, data, path, None))
            .collect();
        if !results.iter().any(Vec::is_empty) {
            errors.push(composite(format!(
                "{} must validate at least one schema (anyOf)",
                go_quote(path)
            )));
            if let Some(first) = results.into_iter().next() {
                errors.extend(first);
            }
        }
    }
    if !node.one_of.is_empty() {
        let results: Vec<Errors> = node
            .one_of
            .iter()
            .map(|n| validate_node(n, data, path, None))
            .collect();
        let valid = results.iter().filter(|r| r.is_empty()).count();
        if valid != 1 {
            let more = if valid == 0 {
                "Found none valid".to_owned()
            } else {
                format!("Found {valid} valid alternatives")
            };
            errors.push(composite(format!(
                "{} must validate one and only one schema (oneOf). {more}",
                go_quote(path)
            )));
            if valid == 0
                && let Some(first) = results.into_iter().next()
            {
                errors.extend(first);
            }
        }
    }
    if !node.all_of.is_empty() {
        let mut validated = 0;
        for n in &node.all_of {
            let r = validate_node(n, data, path, None);
            if r.is_empty() {
                validated += 1;
            }
            errors.extend(r);
        }
        if validated != node.all_of.len() {
            let more = if validated == 0 {
                ". None validated"
            } else {
                ""
            };
            errors.push(composite(format!(
                "{} must validate all the schemas (allOf){more}",
                go_quote(path)
            )));
        }
    }
    if let Some(not) = &node.not
        && validate_node(not, data, path, None).is_empty()
    {
        errors.push(composite(format!(
            "{} must not validate the schema (not)",
            go_quote(path)
        )));
    }
    errors
}

fn string_check(node: &Node, s: &str, path: &str) -> Option<OError> {
    let runes = s.chars().count() as i64;
    if let Some(max) = node.max_length
        && runes > max
    {
        let unit = if max == 1 { "byte" } else { "bytes" };
        return Some(OError {
            kind: ErrorType::TooLong,
            name: Some(path.to_owned()),
            bad_value: BadValue::Omitted,
            detail: format!("may not be more than {max} {unit}"),
        });
    }
    if let Some(min) = node.min_length
        && runes < min
    {
        return Some(invalid(
            path,
            json(&Value::String(s.to_owned())),
            format!("{path} in body should be at least {min} chars long"),
        ));
    }
    if let Some((pattern, re)) = &node.pattern {
        let value = json(&Value::String(s.to_owned()));
        match re {
            Ok(re) if !re.is_match(s) => {
                return Some(invalid(
                    path,
                    value,
                    format!("{path} in body should match '{pattern}'"),
                ));
            }
            Err(e) => {
                return Some(invalid(
                    path,
                    value,
                    format!("{path} in body should match '{pattern}, but pattern is invalid: {e}'"),
                ));
            }
            Ok(_) => {}
        }
    }
    None
}

fn number_check(node: &Node, data: &Value, path: &str) -> Errors {
    let mut errors = Vec::new();
    let int = data.as_i64();
    let f = data.as_f64().unwrap_or(0.0);
    let value = json(data);
    if let Some(factor) = node.multiple_of {
        match int {
            Some(i) => {
                let factor = factor as i64;
                if factor <= 0 {
                    errors.push(invalid(
                        path,
                        BadValue::Json(factor.into()),
                        format!("factor MultipleOf declared for {path} must be positive: {factor}"),
                    ));
                } else if i % factor != 0 {
                    errors.push(invalid(
                        path,
                        value.clone(),
                        format!("{path} in body should be a multiple of {factor}"),
                    ));
                }
            }
            None => {
                if factor <= 0.0 {
                    errors.push(invalid(
                        path,
                        json(&factor.into()),
                        format!(
                            "factor MultipleOf declared for {path} must be positive: {}",
                            go_float(factor)
                        ),
                    ));
                } else {
                    let mult = if factor < 1.0 {
                        1.0 / factor * f
                    } else {
                        f / factor
                    };
                    if !is_json_integer(mult) {
                        errors.push(invalid(
                            path,
                            value.clone(),
                            format!(
                                "{path} in body should be a multiple of {}",
                                go_float(factor)
                            ),
                        ));
                    }
                }
            }
        }
    }
    if let Some(min) = node.minimum {
        let ex = node.exclusive_minimum;
        let (fails, shown) = match int {
            Some(i) => {
                let m = min as i64;
                ((!ex && i < m) || (ex && i <= m), m.to_string())
            }
            None => ((!ex && f < min) || (ex && f <= min), go_float(min)),
        };
        if fails {
            let rel = if ex {
                "greater than"
            } else {
                "greater than or equal to"
            };
            errors.push(invalid(
                path,
                value.clone(),
                format!("{path} in body should be {rel} {shown}"),
            ));
        }
    }
    if let Some(max) = node.maximum {
        let ex = node.exclusive_maximum;
        let (fails, shown) = match int {
            Some(i) => {
                let m = max as i64;
                ((!ex && i > m) || (ex && i >= m), m.to_string())
            }
            None => ((!ex && f > max) || (ex && f >= max), go_float(max)),
        };
        if fails {
            let rel = if ex {
                "less than"
            } else {
                "less than or equal to"
            };
            errors.push(invalid(
                path,
                value,
                format!("{path} in body should be {rel} {shown}"),
            ));
        }
    }
    errors
}

/// `field.TooMany`: a list or map with more than `max` entries.
fn too_many(path: &str, size: i64, max: i64) -> OError {
    let unit = if max == 1 { "item" } else { "items" };
    OError {
        kind: ErrorType::TooMany,
        name: Some(path.to_owned()),
        bad_value: BadValue::Count(size),
        detail: format!("must have at most {max} {unit}"),
    }
}

fn slice_check(node: &Node, items: &[Value], path: &str, old: Option<(&Value, bool)>) -> Errors {
    let mut errors = Vec::new();
    if let Some(item) = &node.items {
        let old_items = old.and_then(|(o, _)| o.as_array());
        for (i, v) in items.iter().enumerate() {
            let old_item = old_items.and_then(|olds| correlate_item(node, v, olds));
            errors.extend(validate_node(
                item,
                v,
                &format!("{path}[{i}]"),
                old_item.map(|o| (o, true)),
            ));
        }
    }
    let size = items.len() as i64;
    if let Some(min) = node.min_items
        && size < min
    {
        errors.push(invalid(
            path,
            BadValue::Json(size.into()),
            format!("{path} in body should have at least {min} items"),
        ));
    }
    if let Some(max) = node.max_items
        && size > max
    {
        errors.push(too_many(path, size, max));
    }
    if node.unique_items
        && items
            .iter()
            .enumerate()
            .any(|(i, a)| items[..i].contains(a))
    {
        errors.push(invalid(
            path,
            empty(),
            format!("{path} in body shouldn't contain duplicates"),
        ));
    }
    errors
}

/// The old item of a `map` list with the same keys (other lists do not
/// correlate their items).
pub(crate) fn correlate_item<'a>(list: &Node, v: &Value, olds: &'a [Value]) -> Option<&'a Value> {
    if list.list_type.as_deref() != Some("map") {
        return None;
    }
    let key = |x: &Value| -> Vec<Option<Value>> {
        list.list_map_keys
            .iter()
            .map(|k| x.get(k).cloned())
            .collect()
    };
    let wanted = key(v);
    olds.iter().find(|o| key(o) == wanted)
}

/// Enum values compare as Go's `reflect` conversion does: a number against
/// an integer value is truncated.
fn enum_matches(value: &Value, candidate: &Value) -> bool {
    match (value, candidate) {
        (Value::Number(v), Value::Number(c)) => match (c.as_i64(), v.as_f64()) {
            (Some(ci), Some(vf)) => vf.trunc() as i64 == ci,
            _ => v.as_f64() == c.as_f64(),
        },
        _ => value == candidate,
    }
}

fn enum_check(node: &Node, data: &Value, path: &str) -> Option<OError> {
    let values = node.enum_.as_ref().filter(|e| !e.is_empty())?;
    if !data.is_null() && values.iter().any(|c| enum_matches(data, c)) {
        return None;
    }
    let allowed: Vec<String> = values
        .iter()
        .map(|v| match v {
            Value::String(s) => go_quote(s),
            other => go_quote(&go_json(other)),
        })
        .collect();
    Some(OError {
        kind: ErrorType::NotSupported,
        name: Some(path.to_owned()),
        bad_value: json(data),
        detail: format!("supported values: {}", allowed.join(", ")),
    })
}

fn object_check(
    node: &Node,
    map: &serde_json::Map<String, Value>,
    path: &str,
    old: Option<(&Value, bool)>,
) -> Errors {
    let mut errors = Vec::new();
    let size = map.len() as i64;
    if let Some(min) = node.min_properties
        && size < min
    {
        errors.push(invalid(
            path,
            BadValue::Json(size.into()),
            format!("{path} in body should have at least {min} properties"),
        ));
    }
    if let Some(max) = node.max_properties
        && size > max
    {
        errors.push(too_many(path, size, max));
    }
    let old_map = old.and_then(|(o, _)| o.as_object());
    let child_old = |key: &str| -> Option<(&Value, bool)> {
        if path.is_empty() && (key == "apiVersion" || key == "kind") {
            return None;
        }
        old_map.and_then(|m| m.get(key)).map(|o| (o, true))
    };
    match &node.additional {
        Some(Additional::Allows(false)) => {
            for k in map.keys().filter(|k| !node.properties.contains_key(*k)) {
                errors.push(invalid(
                    path,
                    json(&Value::String(k.clone())),
                    format!("{path}.{k} in body is a forbidden property"),
                ));
            }
        }
        Some(Additional::Schema(schema)) => {
            for (k, v) in map
                .iter()
                .filter(|(k, _)| !node.properties.contains_key(*k))
            {
                errors.extend(validate_node(
                    schema,
                    v,
                    &format!("{path}.{k}"),
                    child_old(k),
                ));
            }
        }
        _ => {}
    }
    for (name, prop) in &node.properties {
        if let Some(v) = map.get(name) {
            let child = if path.is_empty() {
                name.clone()
            } else {
                format!("{path}.{name}")
            };
            errors.extend(validate_node(prop, v, &child, child_old(name)));
        }
    }
    for k in &node.required {
        if !map.contains_key(k) {
            errors.push(OError {
                kind: ErrorType::Required,
                name: Some(format!("{path}.{k}")),
                bad_value: BadValue::Omitted,
                detail: String::new(),
            });
        }
    }
    errors
}

/// Whether a value equals its old value (`CachedDeepEqual`): `map` lists
/// compare item by key regardless of order, other values structurally.
pub(crate) fn deep_equal(node: &Node, old: &Value, new: &Value) -> bool {
    match (old, new) {
        (Value::Object(o), Value::Object(n)) => {
            o.len() == n.len()
                && n.iter().all(|(k, v)| match (o.get(k), node.child(k)) {
                    (Some(ov), Some(child)) => deep_equal(child, ov, v),
                    (Some(ov), None) => ov == v,
                    (None, _) => false,
                })
        }
        (Value::Array(o), Value::Array(n)) if node.list_type.as_deref() == Some("map") => {
            let Some(item) = node.items.as_deref() else {
                return o == n;
            };
            o.len() == n.len()
                && n.iter()
                    .all(|v| correlate_item(node, v, o).is_some_and(|ov| deep_equal(item, ov, v)))
        }
        (Value::Array(o), Value::Array(n)) => o == n,
        _ => old == new,
    }
}
