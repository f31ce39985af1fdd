//! How structured-merge-diff prints a value in a type error: Go's `%#v`,
//! `%v` and `%T` of the `value.Value` wrapping it.

use serde_json::Value;

use crate::go::{go_float, go_quote};

/// Go's `%T` of the unstructured value (`string`, `int64`, ...).
pub(super) fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "<nil>",
        Value::Bool(_) => "bool",
        Value::Number(n) if n.is_f64() => "float64",
        Value::Number(_) => "int64",
        Value::String(_) => "string",
        Value::Array(_) => "[]interface {}",
        Value::Object(_) => "map[string]interface {}",
    }
}

/// Go's `%#v` of the value: `&value.valueUnstructured{Value:"x"}`.
pub(super) fn go_syntax(v: &Value) -> String {
    format!("&value.valueUnstructured{{Value:{}}}", sharp(v))
}

/// Go's `%v` of the value: `&{x}`.
pub(super) fn go_plain(v: &Value) -> String {
    format!("&{{{}}}", plain(v))
}

fn number(n: &serde_json::Number) -> String {
    match n.as_i64() {
        Some(i) => i.to_string(),
        None => go_float(n.as_f64().unwrap_or(0.0)),
    }
}

fn sharp(v: &Value) -> String {
    match v {
        Value::Null => "interface {}(nil)".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => number(n),
        Value::String(s) => go_quote(s),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(sharp).collect();
            format!("[]interface {{}}{{{}}}", parts.join(", "))
        }
        Value::Object(map) => {
            let parts: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{}:{}", go_quote(k), sharp(v)))
                .collect();
            format!("map[string]interface {{}}{{{}}}", parts.join(", "))
        }
    }
}

fn plain(v: &Value) -> String {
    match v {
        Value::Null => "<nil>".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => number(n),
        Value::String(s) => s.clone(),
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(plain).collect::<Vec<_>>().join(" ")
        ),
        Value::Object(map) => {
            let parts: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{k}:{}", plain(v)))
                .collect();
            format!("map[{}]", parts.join(" "))
        }
    }
}
