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

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::Value;

/// Renders any serialisable object (a CRD) as one YAML document.
pub fn render<T: Serialize>(object: &T) -> String {
    let value = serde_json::to_value(object).expect("a Kubernetes object serialises to JSON");
    render_value(&value)
}

/// Renders a JSON value as one YAML document with sorted keys.
pub fn render_value(value: &Value) -> String {
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
