//! Stable YAML rendering of CRDs, in controller-gen's style.
//!
//! The object goes through `serde_json::Value` and is written by serde-saphyr with
//! every mapping's keys in alphabetical order, which is what controller-gen's
//! output looks like (it marshals through JSON maps): `apiVersion, kind, metadata,
//! spec` at the top, sorted keys inside schemas. Lists keep their order; lists sit
//! at their parent key's indentation (`- name: v1`), two spaces per level;
//! multi-line strings become `|-` literal blocks; the document starts with `---`
//! and ends with a newline. Whole-valued floats (`100.0`) are written as integers,
//! as Go writes them, since JSON does not tell the two apart.
//!
//! The layout of mappings and sequences is written here, and every scalar (and
//! key) as serde-saphyr writes it on its own, re-indented: a CRD repeats the
//! same descriptions, types and keys over and over (every kind of an API embeds
//! the same Kubernetes types), and deciding how to write a string is most of
//! serde-saphyr's time, so each distinct one is decided once per thread. What
//! this layout does not cover (a sequence directly inside a sequence, a scalar
//! that is neither one line nor a block) is written by serde-saphyr whole; a
//! test compares both on every CRD of the repository's APIs.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::{Map, Value};

/// Renders any serialisable object (a CRD) as one YAML document.
pub fn render<T: Serialize>(object: &T) -> String {
    let value = serde_json::to_value(object).expect("a Kubernetes object serialises to JSON");
    render_value(&value)
}

/// Renders a JSON value as one YAML document with sorted keys.
pub fn render_value(value: &Value) -> String {
    let mut fast = String::with_capacity(16 * 1024);
    fast.push_str("---\n");
    if let Value::Object(map) = value
        && !map.is_empty()
        && write_entries(&mut fast, map, 0, false).is_ok()
    {
        return fast;
    }
    render_whole(value)
}

/// [`render_value`] by serde-saphyr alone.
fn render_whole(value: &Value) -> String {
    let body =
        serde_saphyr::to_string(&Sorted(value)).expect("serde-saphyr writes every JSON value");
    let mut out = String::with_capacity(body.len() + 4);
    out.push_str("---\n");
    out.push_str(&body);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// A shape the layout here does not write; serde-saphyr writes the document.
struct Unsupported;

/// A scalar as serde-saphyr writes it on its own: the text that follows
/// `key: ` or `- `, and the lines of a block scalar's body (indented by two
/// spaces, blank lines empty).
struct Scalar {
    head: String,
    body: Vec<String>,
}

thread_local! {
    static SCALARS: RefCell<HashMap<String, Rc<Scalar>>> = RefCell::new(HashMap::new());
    static KEYS: RefCell<HashMap<String, Rc<str>>> = RefCell::new(HashMap::new());
}

/// `indent` spaces.
fn pad(out: &mut String, indent: usize) {
    for _ in 0..indent {
        out.push(' ');
    }
}

/// The entries of a non-empty mapping, keys sorted, at `indent`; `inline`: the
/// first is on the line already started (`- ` of a sequence item).
fn write_entries(
    out: &mut String,
    map: &Map<String, Value>,
    indent: usize,
    inline: bool,
) -> Result<(), Unsupported> {
    let mut keys: Vec<&String> = map.keys().collect();
    if !keys.is_sorted() {
        keys.sort();
    }
    for (i, key) in keys.into_iter().enumerate() {
        if i > 0 || !inline {
            pad(out, indent);
        }
        out.push_str(&rendered_key(key)?);
        out.push(':');
        match &map[key] {
            Value::Object(inner) if !inner.is_empty() => {
                out.push('\n');
                write_entries(out, inner, indent + 2, false)?;
            }
            Value::Array(items) if !items.is_empty() => {
                out.push('\n');
                write_items(out, items, indent)?;
            }
            value => {
                out.push(' ');
                write_scalar(out, value, indent)?;
            }
        }
    }
    Ok(())
}

/// The items of a non-empty sequence at `indent` (a mapping's sequence sits
/// at the mapping key's indentation).
fn write_items(out: &mut String, items: &[Value], indent: usize) -> Result<(), Unsupported> {
    for item in items {
        pad(out, indent);
        out.push_str("- ");
        match item {
            Value::Object(map) if !map.is_empty() => write_entries(out, map, indent + 2, true)?,
            Value::Array(inner) if !inner.is_empty() => return Err(Unsupported),
            value => write_scalar(out, value, indent)?,
        }
    }
    Ok(())
}

/// A scalar (or `{}`, `[]`) after `key: ` or `- `, its block body (if any)
/// indented from `indent`.
fn write_scalar(out: &mut String, value: &Value, indent: usize) -> Result<(), Unsupported> {
    let scalar = rendered_scalar(value)?;
    out.push_str(&scalar.head);
    out.push('\n');
    for line in &scalar.body {
        if !line.is_empty() {
            pad(out, indent);
            out.push_str(line);
        }
        out.push('\n');
    }
    Ok(())
}

/// How serde-saphyr writes `value` alone, once per distinct value and thread.
fn rendered_scalar(value: &Value) -> Result<Rc<Scalar>, Unsupported> {
    let key = match value {
        Value::String(s) => s.clone(),
        // Anything else is short; tagged apart from strings.
        other => format!("\u{0}{other}"),
    };
    if let Some(found) = SCALARS.with(|cache| cache.borrow().get(&key).cloned()) {
        return Ok(found);
    }
    let text = serde_saphyr::to_string(&Sorted(value)).map_err(|_| Unsupported)?;
    let mut lines = text.strip_suffix('\n').unwrap_or(&text).split('\n');
    let head = lines.next().unwrap_or_default().to_owned();
    let body: Vec<String> = lines.map(str::to_owned).collect();
    // A body only under a block scalar's header (`|-`, `>`, `|2-`, ...).
    if !body.is_empty() && !head.starts_with(['|', '>']) {
        return Err(Unsupported);
    }
    let scalar = Rc::new(Scalar { head, body });
    SCALARS.with(|cache| cache.borrow_mut().insert(key, scalar.clone()));
    Ok(scalar)
}

/// How serde-saphyr writes `key` as a mapping key (quoted where YAML would
/// read it as something else: `"n"`, `"x:y"`), once per key and thread.
fn rendered_key(key: &str) -> Result<Rc<str>, Unsupported> {
    if let Some(found) = KEYS.with(|cache| cache.borrow().get(key).cloned()) {
        return Ok(found);
    }
    let mut one = Map::new();
    one.insert(key.to_owned(), Value::Null);
    let text = serde_saphyr::to_string(&Sorted(&Value::Object(one))).map_err(|_| Unsupported)?;
    let written: Rc<str> = text
        .strip_suffix(": null\n")
        .filter(|k| !k.contains('\n'))
        .ok_or(Unsupported)?
        .into();
    KEYS.with(|cache| cache.borrow_mut().insert(key.to_owned(), written.clone()));
    Ok(written)
}

/// A JSON value serialised with sorted object keys, independent of whether
/// serde_json's `preserve_order` feature is on somewhere in the build.
struct Sorted<'a>(&'a Value);

impl Serialize for Sorted<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Value::Null => serializer.serialize_unit(),
            Value::Bool(b) => serializer.serialize_bool(*b),
            Value::Number(n) => {
                if let Some(i) = n.as_i64() {
                    serializer.serialize_i64(i)
                } else if let Some(u) = n.as_u64() {
                    serializer.serialize_u64(u)
                } else {
                    let f = n.as_f64().unwrap_or(f64::NAN);
                    match whole(f) {
                        Some(i) => serializer.serialize_i64(i),
                        None => serializer.serialize_f64(f),
                    }
                }
            }
            Value::String(s) => serializer.serialize_str(s),
            Value::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(&Sorted(item))?;
                }
                seq.end()
            }
            Value::Object(object) => {
                let mut keys: Vec<&String> = object.keys().collect();
                keys.sort();
                let mut map = serializer.serialize_map(Some(keys.len()))?;
                for key in keys {
                    map.serialize_entry(key, &Sorted(&object[key]))?;
                }
                map.end()
            }
        }
    }
}

/// `f` as an integer when it is one and fits exactly (|f| < 2^53).
fn whole(f: f64) -> Option<i64> {
    const EXACT: f64 = 9_007_199_254_740_992.0;
    (f.fract() == 0.0 && f.abs() < EXACT).then_some(f as i64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn sorts_keys_and_starts_a_document() {
        let text = render_value(&json!({ "b": 1, "a": { "d": [1.0, 2.5], "c": true } }));
        assert_eq!(text, "---\na:\n  c: true\n  d:\n  - 1\n  - 2.5\nb: 1\n");
    }

    /// The layout written here is serde-saphyr's, byte for byte, for the
    /// shapes it covers, and serde-saphyr's own for the others.
    #[test]
    fn the_layout_is_serde_saphyrs() {
        let tricky = json!({
            "description": "First line.\nSecond line.\n\n  indented: yes",
            "n": {"yes": 1, "a b": 2, "x:y": 3, "#c": 4, "-": 5, "": 6},
            "long": "word ".repeat(40),
            "lead": "  leading spaces\nsecond",
            "empty": {}, "none": [], "null": null, "t": true, "f": 2.5, "w": 100.0,
            "list": ["a", "- x", "true", "1", "", {"b": 1, "c": [1, 2], "d": {"e": "f"}},
                     {"g": "multi\nline", "h": []}, {}, []],
            "deep": {"x": [{"y": [{"z": "end of the line: here"}]}]},
        });
        assert_eq!(render_value(&tricky), render_whole(&tricky));
        let nested = json!({"k": [["a"], ["b"]]});
        assert_eq!(render_value(&nested), render_whole(&nested));
        assert!(
            render_value(&nested).contains("- - a"),
            "{}",
            render_value(&nested)
        );
    }

    /// Every CRD of the repository's APIs (App, the fixture, the trap corpus,
    /// the controller-gen parity APIs) comes out as serde-saphyr writes it.
    #[test]
    fn every_crd_of_the_repository_is_written_as_serde_saphyr_writes_it() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut inputs = vec![
            root.join("apis/src"),
            root.join("tests/fixture-apis/src"),
            root.join("tests/traps/cases/ok"),
        ];
        let parity = root.join("tests/crd-parity/apis");
        for entry in std::fs::read_dir(&parity).unwrap() {
            let rust = entry.unwrap().path().join("rust");
            if rust.is_dir() {
                inputs.push(rust);
            }
        }
        let options = crate::emit::crd::CrdOptions {
            allow_dangerous_types: true,
            conversion_webhook: Some(crate::model::WebhookClient::Url(
                "https://example.com/convert".to_owned(),
            )),
            ..Default::default()
        };
        let mut compared = 0;
        for input in inputs {
            let parsed = crate::parse::parse_dir(&input, &Default::default())
                .unwrap_or_else(|d| panic!("{}: {d}", input.display()));
            let crds = crate::emit::crd::build_crds_with(&parsed.api, &options)
                .unwrap_or_else(|e| panic!("{}: {e:?}", input.display()));
            for crd in crds {
                let value = serde_json::to_value(&crd.definition).unwrap();
                assert_eq!(render_value(&value), render_whole(&value), "{}", crd.name);
                compared += 1;
            }
        }
        assert!(compared > 40, "{compared} CRDs");
    }

    #[test]
    fn multi_line_strings_round_trip() {
        let value = json!({
            "description": "First line.\nSecond line.\n\n  indented: yes",
            "pattern": "^(\\+|-)?[0-9]+$",
            "tricky": ["true", "1", "null", "", "- x", "a: b", "#c", "~", "yes", " lead"],
        });
        let text = render_value(&value);
        let back: Value = serde_saphyr::from_str(&text).unwrap();
        assert_eq!(back, value);
    }
}
