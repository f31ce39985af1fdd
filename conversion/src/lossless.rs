//! Round trips that lose nothing: what one version of an object cannot hold is
//! kept in an annotation of the other, the way Kubernetes' own conversions keep
//! the fields an older version lacks (`autoscaling/v1`'s HPA keeps `v2`'s
//! metrics in annotations, for example).
//!
//! The data is found by converting back and comparing: what the converted
//! object no longer yields is recorded as entries `(path, value, base)`, where
//! `value` is what the original had at `path` and `base` what the conversion
//! alone gives there. Restoring puts `value` back only where the object still
//! has `base`, so a field a client changed in the other version keeps the
//! client's change instead of being overwritten with stale data.

use serde_json::{Map, Value};

/// The prefix of the annotations that carry data of another version:
/// `conversion.kube-codegen.k8s.io/<version>` holds the fields of `<version>`
/// that the object's own version cannot represent.
pub const ANNOTATION_PREFIX: &str = "conversion.kube-codegen.k8s.io/";

/// The annotation holding the data of version `version` (`v1`, not `group/v1`).
pub fn annotation(version: &str) -> String {
    format!("{ANNOTATION_PREFIX}{version}")
}

/// Root properties that conversions carry over themselves and that are never recorded.
const SKIPPED: [&str; 3] = ["apiVersion", "kind", "metadata"];

/// One field a conversion did not carry over.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Object keys from the root (`["spec", "nodes"]`); lists are kept whole.
    pub path: Vec<String>,
    /// What the original had there (`None`: nothing).
    pub value: Option<Value>,
    /// What the round trip gave there (`None`: nothing).
    pub base: Option<Value>,
}

/// Every place where `converted` (the original after a round trip) differs
/// from `original`, outside `apiVersion`, `kind` and `metadata`.
pub fn diff(original: &Value, converted: &Value) -> Vec<Entry> {
    let mut out = Vec::new();
    walk(original, converted, &mut Vec::new(), &mut out);
    out
}

fn walk(a: &Value, b: &Value, path: &mut Vec<String>, out: &mut Vec<Entry>) {
    match (a, b) {
        (Value::Object(ma), Value::Object(mb)) => {
            let keys: std::collections::BTreeSet<&String> = ma.keys().chain(mb.keys()).collect();
            for key in keys {
                if path.is_empty() && SKIPPED.contains(&key.as_str()) {
                    continue;
                }
                path.push(key.clone());
                match (ma.get(key), mb.get(key)) {
                    (Some(x), Some(y)) => walk(x, y, path, out),
                    (x, y) => out.push(Entry {
                        path: path.clone(),
                        value: x.cloned(),
                        base: y.cloned(),
                    }),
                }
                path.pop();
            }
        }
        _ if a != b => out.push(Entry {
            path: path.clone(),
            value: Some(a.clone()),
            base: Some(b.clone()),
        }),
        _ => {}
    }
}

/// Puts each entry's value back into `object` where `object` still has the entry's base.
pub fn restore(entries: &[Entry], object: &mut Value) {
    for entry in entries {
        let Some((last, parents)) = entry.path.split_last() else {
            continue;
        };
        if get(object, &entry.path) != entry.base.as_ref() {
            continue;
        }
        let mut node = &mut *object;
        for key in parents {
            let Value::Object(map) = node else { break };
            node = map
                .entry(key.clone())
                .or_insert_with(|| Value::Object(Map::new()));
        }
        let Value::Object(map) = node else { continue };
        match &entry.value {
            Some(value) => {
                map.insert(last.clone(), value.clone());
            }
            None => {
                map.remove(last);
            }
        }
    }
}

fn get<'v>(object: &'v Value, path: &[String]) -> Option<&'v Value> {
    path.iter().try_fold(object, |node, key| node.get(key))
}

/// The entries as the annotation's text: a JSON list of `{"path": [...],
/// "value": ..., "base": ...}` where a missing key means "nothing there"
/// (unlike `null`, which is a value).
pub fn encode(entries: &[Entry]) -> String {
    let list: Vec<Value> = entries
        .iter()
        .map(|e| {
            let mut map = Map::new();
            map.insert("path".into(), Value::from(e.path.clone()));
            if let Some(value) = &e.value {
                map.insert("value".into(), value.clone());
            }
            if let Some(base) = &e.base {
                map.insert("base".into(), base.clone());
            }
            Value::Object(map)
        })
        .collect();
    Value::Array(list).to_string()
}

/// The entries of an annotation's text; `None` when it is not [`encode`]'s output.
pub fn decode(text: &str) -> Option<Vec<Entry>> {
    let Value::Array(list) = serde_json::from_str(text).ok()? else {
        return None;
    };
    list.into_iter()
        .map(|item| {
            let Value::Object(mut map) = item else {
                return None;
            };
            let path = match map.remove("path")? {
                Value::Array(keys) => keys
                    .into_iter()
                    .map(|k| k.as_str().map(str::to_owned))
                    .collect::<Option<Vec<_>>>()?,
                _ => return None,
            };
            Some(Entry {
                path,
                value: map.remove("value"),
                base: map.remove("base"),
            })
        })
        .collect()
}

/// Removes annotation `key` from `object` and returns its entries (none when
/// absent or unreadable: a client may have edited it).
pub fn take(object: &mut Value, key: &str) -> Vec<Entry> {
    let annotations = object
        .get_mut("metadata")
        .and_then(|m| m.get_mut("annotations"))
        .and_then(Value::as_object_mut);
    let Some(annotations) = annotations else {
        return Vec::new();
    };
    let text = annotations.remove(key);
    if annotations.is_empty()
        && let Some(meta) = object.get_mut("metadata").and_then(Value::as_object_mut)
    {
        meta.remove("annotations");
    }
    text.as_ref()
        .and_then(Value::as_str)
        .and_then(decode)
        .unwrap_or_default()
}

/// Sets annotation `key` of `object` to `entries`, or removes it when there are none.
pub fn put(object: &mut Value, key: &str, entries: &[Entry]) {
    if entries.is_empty() {
        take(object, key);
        return;
    }
    let Some(meta) = object.get_mut("metadata").and_then(Value::as_object_mut) else {
        return;
    };
    let annotations = meta
        .entry("annotations")
        .or_insert_with(|| Value::Object(Map::new()));
    if let Value::Object(map) = annotations {
        map.insert(key.to_owned(), Value::String(encode(entries)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_round_trip_that_drops_fields_is_restored_exactly() {
        let original = json!({
            "apiVersion": "x/v2", "kind": "K", "metadata": {"name": "a"},
            "spec": {"nodes": [{"name": "a"}, {"name": "b"}], "region": "eu", "gone": null},
        });
        let after_round_trip = json!({
            "apiVersion": "x/v2", "kind": "K", "metadata": {"name": "a"},
            "spec": {"nodes": [{}, {}], "region": "eu"},
        });
        let entries = diff(&original, &after_round_trip);
        assert_eq!(entries.len(), 2, "{entries:?}");
        let decoded = decode(&encode(&entries)).unwrap();
        assert_eq!(decoded, entries, "null and nothing survive the annotation");
        let mut restored = after_round_trip.clone();
        restore(&decoded, &mut restored);
        assert_eq!(restored, original);
    }

    #[test]
    fn a_field_changed_in_the_other_version_keeps_the_change() {
        let original = json!({"spec": {"nodes": ["a", "b"], "extra": 1}});
        let round_trip = json!({"spec": {"nodes": ["", ""]}});
        let entries = diff(&original, &round_trip);
        // A client of the other version asked for three nodes meanwhile.
        let mut edited = json!({"spec": {"nodes": ["", "", ""]}});
        restore(&entries, &mut edited);
        assert_eq!(edited, json!({"spec": {"nodes": ["", "", ""], "extra": 1}}));
    }

    #[test]
    fn annotations_are_set_taken_and_cleaned_up() {
        let mut object = json!({"metadata": {"name": "a"}});
        let entries = vec![Entry {
            path: vec!["spec".into(), "x".into()],
            value: Some(json!(1)),
            base: None,
        }];
        put(&mut object, &annotation("v2"), &entries);
        assert_eq!(
            object["metadata"]["annotations"]["conversion.kube-codegen.k8s.io/v2"],
            json!(r#"[{"path":["spec","x"],"value":1}]"#)
        );
        assert_eq!(take(&mut object, &annotation("v2")), entries);
        assert_eq!(object, json!({"metadata": {"name": "a"}}));
        // Unreadable text (a client edited it) is dropped, not an error.
        object["metadata"]["annotations"] = json!({"conversion.kube-codegen.k8s.io/v2": "{"});
        assert!(take(&mut object, &annotation("v2")).is_empty());
    }
}
