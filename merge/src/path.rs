//! Path elements and paths: how structured-merge-diff names a field (`.spec`),
//! a list-map item (`[name="a"]`), a set item (`[="x"]`) or an atomic list
//! index (`[0]`), their order, their text in messages and their `FieldsV1`
//! keys (`f:spec`, `k:{"name":"a"}`, `v:"x"`, `i:0`).

use std::cmp::Ordering;
use std::fmt;

use serde_json::Value;

use crate::go::go_json;
use crate::value::{compare, equals, to_display};

/// One step into a value.
#[derive(Clone, Debug)]
pub enum PathElement {
    /// A field of a map or struct.
    Field(String),
    /// The item of a `map`-type list with these key fields, sorted by name.
    Key(Vec<(String, Value)>),
    /// The item of a `set`-type list with this value.
    Value(Value),
    /// An item of an atomic list by position (only inside atomic lists, which
    /// are owned whole, so rarely seen).
    Index(usize),
}

impl PathElement {
    fn kind(&self) -> u8 {
        match self {
            PathElement::Field(_) => 0,
            PathElement::Key(_) => 1,
            PathElement::Value(_) => 2,
            PathElement::Index(_) => 3,
        }
    }

    /// The `FieldsV1` key of this element (`f:`, `k:`, `v:`, `i:`).
    pub fn to_fields_key(&self) -> String {
        match self {
            PathElement::Field(name) => format!("f:{name}"),
            PathElement::Key(fields) => {
                let body = fields
                    .iter()
                    .map(|(k, v)| format!("{}:{}", go_json(&Value::String(k.clone())), go_json(v)))
                    .collect::<Vec<_>>()
                    .join(",");
                format!("k:{{{body}}}")
            }
            PathElement::Value(v) => format!("v:{}", go_json(v)),
            PathElement::Index(i) => format!("i:{i}"),
        }
    }

    /// Parses a `FieldsV1` key; `Ok(None)` for an unknown element type, which
    /// the API server skips.
    pub fn from_fields_key(key: &str) -> Result<Option<PathElement>, String> {
        let Some((kind, body)) = key.split_at_checked(2) else {
            return Err(format!("key must be 2 characters long: {key}"));
        };
        if !kind.ends_with(':') {
            return Err(format!("missing colon: {key}"));
        }
        Ok(Some(match &kind[..1] {
            "f" => PathElement::Field(body.to_owned()),
            "v" => {
                PathElement::Value(serde_json::from_str(body).map_err(|e| format!("{key}: {e}"))?)
            }
            "k" => {
                let map: serde_json::Map<String, Value> =
                    serde_json::from_str(body).map_err(|e| format!("{key}: {e}"))?;
                PathElement::Key(map.into_iter().collect())
            }
            "i" => PathElement::Index(body.parse().map_err(|e| format!("{key}: {e}"))?),
            _ => return Ok(None),
        }))
    }
}

impl PartialEq for PathElement {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (PathElement::Field(a), PathElement::Field(b)) => a == b,
            (PathElement::Key(a), PathElement::Key(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .zip(b)
                        .all(|((ka, va), (kb, vb))| ka == kb && equals(va, vb))
            }
            (PathElement::Value(a), PathElement::Value(b)) => equals(a, b),
            (PathElement::Index(a), PathElement::Index(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for PathElement {}

impl Ord for PathElement {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (PathElement::Field(a), PathElement::Field(b)) => a.cmp(b),
            (PathElement::Key(a), PathElement::Key(b)) => {
                for ((ka, va), (kb, vb)) in a.iter().zip(b) {
                    let c = ka.cmp(kb).then_with(|| compare(va, vb));
                    if c != Ordering::Equal {
                        return c;
                    }
                }
                a.len().cmp(&b.len())
            }
            (PathElement::Value(a), PathElement::Value(b)) => compare(a, b),
            (PathElement::Index(a), PathElement::Index(b)) => a.cmp(b),
            _ => self.kind().cmp(&other.kind()),
        }
    }
}

impl PartialOrd for PathElement {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for PathElement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathElement::Field(name) => write!(f, ".{name}"),
            PathElement::Key(fields) => {
                let parts: Vec<String> = fields
                    .iter()
                    .map(|(k, v)| format!("{k}={}", to_display(v)))
                    .collect();
                write!(f, "[{}]", parts.join(","))
            }
            PathElement::Value(v) => write!(f, "[={}]", to_display(v)),
            PathElement::Index(i) => write!(f, "[{i}]"),
        }
    }
}

/// A path from the root of an object, shown as the API server shows it in
/// conflicts: `.spec.ports[name="http"].port`.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Path(pub Vec<PathElement>);

impl Path {
    /// A path of field names: `Path::fields(&["spec", "replicas"])`.
    pub fn fields(names: &[&str]) -> Path {
        Path(
            names
                .iter()
                .map(|n| PathElement::Field((*n).to_owned()))
                .collect(),
        )
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|pe| write!(f, "{pe}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn fields_keys_round_trip_and_render_like_the_api_server() {
        let key = PathElement::Key(vec![
            ("name".into(), json!("http")),
            ("port".into(), json!(80)),
        ]);
        assert_eq!(key.to_fields_key(), r#"k:{"name":"http","port":80}"#);
        assert_eq!(key.to_string(), r#"[name="http",port=80]"#);
        assert_eq!(
            PathElement::from_fields_key(&key.to_fields_key()),
            Ok(Some(key))
        );
        let v = PathElement::Value(json!("a&b"));
        assert_eq!(v.to_fields_key(), r#"v:"a\u0026b""#);
        assert_eq!(PathElement::from_fields_key(r#"v:"a\u0026b""#), Ok(Some(v)));
        assert_eq!(PathElement::from_fields_key("x:1"), Ok(None));
        assert!(PathElement::from_fields_key("f").is_err());
        assert_eq!(Path::fields(&["spec", "a"]).to_string(), ".spec.a");
    }

    #[test]
    fn elements_order_by_kind_then_content() {
        let f = PathElement::Field("z".into());
        let k = PathElement::Key(vec![("a".into(), json!(1))]);
        let v = PathElement::Value(json!("a"));
        assert!(f < k && k < v && v < PathElement::Index(0));
    }
}
