//! JSON values as CEL sees them under a schema (`UnstructuredToVal`).

use std::collections::HashMap;
use std::sync::Arc;

use cel::Value as CelValue;
use cel::objects::{Key, Map};
use serde_json::Value;

use crate::structural::Node;

/// `cel.Escape`: how a property name is spelt in CEL rules (`foo-bar` is
/// `foo__dash__bar`, `namespace` is `__namespace__`); `None` when it cannot
/// be (the property is not accessible from rules).
///
/// ```
/// use kube_codegen_schema::cel_escape;
///
/// assert_eq!(cel_escape("max-surge").as_deref(), Some("max__dash__surge"));
/// assert_eq!(cel_escape("namespace").as_deref(), Some("__namespace__"));
/// assert_eq!(cel_escape("1st"), None);
/// ```
pub fn escape(name: &str) -> Option<String> {
    const RESERVED: &[&str] = &[
        "true",
        "false",
        "null",
        "in",
        "as",
        "break",
        "const",
        "continue",
        "else",
        "for",
        "function",
        "if",
        "import",
        "let",
        "loop",
        "package",
        "namespace",
        "return",
        "var",
        "void",
        "while",
    ];
    if name.is_empty() || name.as_bytes()[0].is_ascii_digit() {
        return None;
    }
    if RESERVED.contains(&name) {
        return Some(format!("__{name}__"));
    }
    let mut out = String::with_capacity(name.len());
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '_' if chars.peek() == Some(&'_') => {
                chars.next();
                out.push_str("__underscores__");
            }
            '.' => out.push_str("__dot__"),
            '-' => out.push_str("__dash__"),
            '/' => out.push_str("__slash__"),
            c if c.is_ascii_alphanumeric() || c == '_' => out.push(c),
            _ => return None,
        }
    }
    Some(out)
}

fn key(s: &str) -> Key {
    Key::String(Arc::new(s.to_owned()))
}

/// A JSON value as CEL sees it under schema `node` (`UnstructuredToVal`).
pub(crate) fn to_cel(node: &Node, v: &Value, resource_root: bool) -> CelValue {
    match v {
        Value::Null => CelValue::Null,
        Value::Bool(b) => CelValue::Bool(*b),
        Value::Number(n) => {
            if node.type_.as_deref() == Some("number") {
                CelValue::Float(n.as_f64().unwrap_or(0.0))
            } else if let Some(i) = n.as_i64() {
                CelValue::Int(i)
            } else if let Some(u) = n.as_u64() {
                CelValue::UInt(u)
            } else {
                CelValue::Float(n.as_f64().unwrap_or(0.0))
            }
        }
        Value::String(s) => string_value(node, s),
        Value::Array(items) => {
            let list = items
                .iter()
                .map(|i| match node.items.as_deref() {
                    Some(item) => to_cel(item, i, item.embedded),
                    None => plain(i),
                })
                .collect();
            CelValue::List(Arc::new(list))
        }
        Value::Object(map) => {
            let mut out: HashMap<Key, CelValue> = HashMap::with_capacity(map.len());
            if !node.properties.is_empty() || resource_root {
                for (k, child) in &node.properties {
                    if let (Some(value), Some(name)) = (map.get(k), escape(k)) {
                        out.insert(key(&name), to_cel(child, value, child.embedded));
                    }
                }
                if resource_root {
                    for k in ["apiVersion", "kind"] {
                        if let Some(Value::String(s)) = map.get(k) {
                            out.insert(key(k), CelValue::String(Arc::new(s.clone())));
                        }
                    }
                    if let Some(Value::Object(meta)) = map.get("metadata") {
                        let mut m = HashMap::new();
                        for k in ["name", "generateName"] {
                            if let Some(Value::String(s)) = meta.get(k) {
                                m.insert(key(k), CelValue::String(Arc::new(s.clone())));
                            }
                        }
                        out.insert(key("metadata"), CelValue::Map(Map { map: Arc::new(m) }));
                    }
                }
                if node.preserve_unknown {
                    for (k, value) in map {
                        if !node.properties.contains_key(k)
                            && let Some(name) = escape(k)
                        {
                            out.entry(key(&name)).or_insert_with(|| plain(value));
                        }
                    }
                }
            } else {
                for (k, value) in map {
                    let converted = match node.additional_schema() {
                        Some(a) => to_cel(a, value, a.embedded),
                        None => plain(value),
                    };
                    out.insert(key(k), converted);
                }
            }
            CelValue::Map(Map { map: Arc::new(out) })
        }
    }
}

fn string_value(node: &Node, s: &str) -> CelValue {
    let string = || CelValue::String(Arc::new(s.to_owned()));
    if node.type_.as_deref() != Some("string") {
        return string();
    }
    match node.format.as_deref() {
        Some("byte") => {
            use base64::Engine;
            match base64::engine::general_purpose::STANDARD.decode(s) {
                Ok(b) => CelValue::Bytes(Arc::new(b)),
                Err(_) => string(),
            }
        }
        Some("duration") => match crate::formats::parse_duration(s) {
            Some(ns) => CelValue::Duration(chrono::Duration::nanoseconds(ns as i64)),
            None => string(),
        },
        Some("date-time") => match chrono::DateTime::parse_from_rfc3339(s) {
            Ok(t) => CelValue::Timestamp(t),
            Err(_) => string(),
        },
        Some("date") => match chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d") {
            Ok(d) => CelValue::Timestamp(
                d.and_hms_opt(0, 0, 0)
                    .unwrap_or_default()
                    .and_utc()
                    .fixed_offset(),
            ),
            Err(_) => string(),
        },
        _ => string(),
    }
}

/// A value without a schema: JSON as CEL values.
fn plain(v: &Value) -> CelValue {
    match v {
        Value::Null => CelValue::Null,
        Value::Bool(b) => CelValue::Bool(*b),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => CelValue::Int(i),
            (None, Some(u)) => CelValue::UInt(u),
            _ => CelValue::Float(n.as_f64().unwrap_or(0.0)),
        },
        Value::String(s) => CelValue::String(Arc::new(s.clone())),
        Value::Array(items) => CelValue::List(Arc::new(items.iter().map(plain).collect())),
        Value::Object(map) => CelValue::Map(Map {
            map: Arc::new(map.iter().map(|(k, v)| (key(k), plain(v))).collect()),
        }),
    }
}
