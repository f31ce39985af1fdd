//! The walks structured-merge-diff makes over an object and its schema
//! (`typed/`): validation, the set of fields an object sets, comparison,
//! merge of an applied configuration, and removal/extraction of fields.

mod compare;
mod field_set;
mod gofmt;
mod merge;
mod remove;
mod validate;

use serde_json::{Map, Value};

use crate::path::PathElement;
use crate::schema::{Atom, ListType, MapType, Scalar, Schema};

/// A schema error at a path (`.spec.foo: field not declared in schema`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeError {
    /// The path, as `.spec.items[name="a"]`; empty at the root.
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for TypeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// Formats errors as structured-merge-diff does (`errors:` and one per line
/// when there are several).
pub fn format_errors(errors: &[TypeError]) -> String {
    match errors {
        [one] => one.to_string(),
        many => {
            let mut lines = vec!["errors:".to_owned()];
            lines.extend(many.iter().map(|e| format!("  {e}")));
            lines.join("\n")
        }
    }
}

pub(super) fn err(message: impl Into<String>) -> Vec<TypeError> {
    vec![TypeError {
        path: String::new(),
        message: message.into(),
    }]
}

pub(super) fn prefixed(mut errors: Vec<TypeError>, pe: &PathElement) -> Vec<TypeError> {
    let prefix = pe.to_string();
    for e in &mut errors {
        e.path = format!("{prefix}{}", e.path);
    }
    errors
}

/// Which part of an atom handles a value (`deduceAtom` + `handleAtom`).
pub(super) enum Part<'a> {
    Map(&'a MapType),
    Scalar(Scalar),
    List(&'a ListType),
    None,
}

pub(super) fn part<'a>(atom: &'a Atom, value: Option<&Value>) -> Part<'a> {
    match value {
        Some(Value::Number(_) | Value::String(_) | Value::Bool(_)) if atom.scalar.is_some() => {
            return Part::Scalar(atom.scalar.unwrap_or(Scalar::Untyped));
        }
        Some(Value::Array(_)) if atom.list.is_some() => {
            return atom.list.as_ref().map_or(Part::None, Part::List);
        }
        Some(Value::Object(_)) if atom.map.is_some() => {
            return atom.map.as_ref().map_or(Part::None, Part::Map);
        }
        _ => {}
    }
    if let Some(m) = &atom.map {
        Part::Map(m)
    } else if let Some(s) = atom.scalar {
        Part::Scalar(s)
    } else if let Some(l) = &atom.list {
        Part::List(l)
    } else {
        Part::None
    }
}

pub(super) fn validate_scalar(t: Scalar, v: Option<&Value>) -> Result<(), Vec<TypeError>> {
    let Some(v) = v.filter(|v| !v.is_null()) else {
        return Ok(());
    };
    let ok = match t {
        Scalar::Numeric => v.is_number(),
        Scalar::String => v.is_string(),
        Scalar::Boolean => v.is_boolean(),
        Scalar::Untyped => v.is_number() || v.is_string() || v.is_boolean(),
    };
    if ok {
        return Ok(());
    }
    // The server prints the value as Go's %T, %#v or %v of its wrapper.
    let message = match t {
        Scalar::Numeric => format!(
            "expected numeric (int or float), got {}",
            gofmt::type_name(v)
        ),
        Scalar::String => format!("expected string, got {}", gofmt::go_syntax(v)),
        Scalar::Boolean => format!("expected boolean, got {}", gofmt::go_plain(v)),
        Scalar::Untyped => format!("expected any scalar, got {}", gofmt::go_plain(v)),
    };
    Err(err(message))
}

pub(super) fn as_map(v: Option<&Value>) -> Option<&Map<String, Value>> {
    v.and_then(Value::as_object)
}

pub(super) fn as_list(v: Option<&Value>) -> Option<&Vec<Value>> {
    v.and_then(Value::as_array)
}

/// The path element of a list item (`listItemToPathElement`).
pub(crate) fn item_element(
    schema: &Schema,
    list: &ListType,
    item: &Value,
) -> Result<PathElement, String> {
    if list.atomic {
        return Err("invalid indexing of non-associative list".to_owned());
    }
    if list.keys.is_empty() {
        return match item {
            Value::Object(_) => {
                Err("associative list without keys has an element that's a map type".to_owned())
            }
            Value::Array(_) => {
                Err("not supported: associative list with lists as elements".to_owned())
            }
            Value::Null => Err(
                "associative list without keys has an element that's an explicit null".to_owned(),
            ),
            v => Ok(PathElement::Value(v.clone())),
        };
    }
    let map = match item {
        Value::Null => {
            return Err("associative list with keys may not have a null element".to_owned());
        }
        Value::Object(m) => m,
        _ => return Err("associative list with keys may not have non-map elements".to_owned()),
    };
    let elem_fields = schema.atom(list.elem).map.as_ref();
    let mut key = Vec::new();
    for name in &list.keys {
        if let Some(v) = map.get(name) {
            key.push((name.clone(), v.clone()));
        } else if let Some(def) = elem_fields
            .and_then(|m| m.fields.get(name))
            .and_then(|(_, d)| d.clone())
        {
            key.push((name.clone(), def));
        }
    }
    if key.is_empty() {
        let quoted: Vec<String> = list.keys.iter().map(|k| crate::go::go_quote(k)).collect();
        return Err(format!(
            "associative list with keys has an element that omits all key fields [{}] (and doesn't have default values for any key fields)",
            quoted.join(" ")
        ));
    }
    key.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(PathElement::Key(key))
}

/// The keys of two maps, `l`'s first.
pub(super) fn union_keys<'a>(
    l: Option<&'a Map<String, Value>>,
    r: Option<&'a Map<String, Value>>,
) -> Vec<&'a String> {
    let mut keys: Vec<&String> = l.into_iter().flat_map(|m| m.keys()).collect();
    for k in r.into_iter().flat_map(|m| m.keys()) {
        if l.is_none_or(|m| !m.contains_key(k)) {
            keys.push(k);
        }
    }
    keys
}

pub use compare::{Comparison, compare};
pub use field_set::to_field_set;
pub use merge::merge;
pub use remove::remove_items;
pub use validate::validate;
