//! The `patch=` of a `+kubebuilder:webhook` marker: a strategic merge patch
//! applied to the webhook the other arguments make, as controller-gen applies
//! it (k8s.io/apimachinery's `strategicpatch.StrategicMergePatch`, ported
//! here for the webhook types): objects merge field by field, `null` removes a
//! field, `matchConditions` merge by `name` (the only list of a webhook with a
//! merge key; every other list is replaced whole), and the directives
//! `$patch: replace|delete`, `$retainKeys`, `$setElementOrder/<list>` and
//! `$deleteFromPrimitiveList/<list>` work as they do in Go.
//!
//! The patch is checked against the webhook's schema before it is applied
//! ([`super::schema`]); errors here are the merge's own (a merge key missing
//! from a list element, a `$setElementOrder` list that contradicts the patch).

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::JSONSchemaProps;
use serde_json::{Map, Value};

use super::schema;

const DIRECTIVE: &str = "$patch";
const RETAIN_KEYS: &str = "$retainKeys";
const SET_ELEMENT_ORDER: &str = "$setElementOrder/";
const DELETE_FROM_PRIMITIVE_LIST: &str = "$deleteFromPrimitiveList/";

/// A `patch=` text as JSON; a key given twice in one object is refused, as
/// Go's strict decoding refuses it.
pub(super) fn parse(text: &str) -> Result<Value, String> {
    serde_json::from_str::<Strict>(text)
        .map(|strict| strict.0)
        .map_err(|e| format!("`patch` is not valid JSON: {e}"))
}

/// A JSON value read without letting a later key replace an earlier one.
struct Strict(Value);

impl<'de> serde::Deserialize<'de> for Strict {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(StrictVisitor).map(Strict)
    }
}

struct StrictVisitor;

impl<'de> serde::de::Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(Strict(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut fields = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if fields.contains_key(&key) {
                return Err(serde::de::Error::custom(format!("duplicate field `{key}`")));
            }
            let Strict(value) = map.next_value()?;
            fields.insert(key, value);
        }
        Ok(Value::Object(fields))
    }
}

/// `original` with `patch` applied; both are objects of `schema`.
pub(super) fn apply(
    original: &Value,
    patch: &Value,
    schema: &JSONSchemaProps,
) -> Result<Value, String> {
    let (Value::Object(original), Value::Object(patch)) = (original, patch) else {
        return Err("a patch is a JSON object".to_owned());
    };
    merge_map(original.clone(), patch.clone(), Some(schema)).map(Value::Object)
}

/// The schema of field `key` of an object (or of a map's values).
fn field_schema<'a>(schema: Option<&'a JSONSchemaProps>, key: &str) -> Option<&'a JSONSchemaProps> {
    let schema = schema?;
    schema::property(schema, key).or_else(|| schema::map_values(schema))
}

/// Go's `mergeMap` with `MergeParallelList` and `IgnoreUnmatchedNulls` (how
/// `StrategicMergePatch` calls it).
fn merge_map(
    mut original: Map<String, Value>,
    mut patch: Map<String, Value>,
    schema: Option<&JSONSchemaProps>,
) -> Result<Map<String, Value>, String> {
    if let Some(directive) = patch.get(DIRECTIVE) {
        return match directive.as_str() {
            Some("replace") => {
                patch.remove(DIRECTIVE);
                Ok(patch)
            }
            Some("delete") => Ok(Map::new()),
            _ => Err(format!("unknown `$patch` directive `{directive}`")),
        };
    }
    retain_keys(&mut original, &mut patch)?;
    set_element_orders(&mut original, &mut patch, schema)?;
    for (key, patch_value) in patch {
        let (key, delete_list) = match key.strip_prefix(DELETE_FROM_PRIMITIVE_LIST) {
            Some(list) => (list.to_owned(), true),
            None => (key, false),
        };
        if patch_value.is_null() {
            original.remove(&key);
            continue;
        }
        let same_type = original
            .get(&key)
            .is_some_and(|o| std::mem::discriminant(o) == std::mem::discriminant(&patch_value));
        if !same_type {
            if !delete_list {
                let mut value = patch_value;
                discard_nulls(&mut value);
                match without_directives(value) {
                    Some(value) => original.insert(key, value),
                    None => original.remove(&key),
                };
            }
            continue;
        }
        let sub = field_schema(schema, &key);
        let old = original.remove(&key).expect("checked above");
        let merged = match (old, patch_value) {
            (Value::Object(old), Value::Object(new)) => {
                Some(Value::Object(merge_map(old, new, sub)?))
            }
            (Value::Array(old), Value::Array(new)) => {
                let merge_key = sub.and_then(schema::merge_key);
                if merge_key.is_some() || delete_list {
                    let items = sub.and_then(schema::items);
                    Some(Value::Array(merge_list(
                        old,
                        new,
                        items,
                        merge_key,
                        delete_list,
                    )?))
                } else {
                    Some(Value::Array(new))
                }
            }
            (_, new) => without_directives(new),
        };
        if let Some(merged) = merged {
            original.insert(key, merged);
        }
    }
    Ok(original)
}

/// `$retainKeys`: the original keeps only the fields listed, and the patch may
/// set no others.
fn retain_keys(
    original: &mut Map<String, Value>,
    patch: &mut Map<String, Value>,
) -> Result<(), String> {
    let Some(retain) = patch.remove(RETAIN_KEYS) else {
        return Ok(());
    };
    let Value::Array(retain) = retain else {
        return Err("`$retainKeys` takes a list of field names".to_owned());
    };
    let listed = |key: &str| retain.iter().any(|r| r.as_str() == Some(key));
    for (key, value) in patch.iter() {
        let directive =
            key.starts_with(DELETE_FROM_PRIMITIVE_LIST) || key.starts_with(SET_ELEMENT_ORDER);
        if !value.is_null() && !directive && !listed(key) {
            return Err(format!(
                "the patch sets `{key}`, which `$retainKeys` does not list"
            ));
        }
    }
    original.retain(|key, _| listed(key));
    Ok(())
}

/// Go's `mergePatchIntoOriginal`: each `$setElementOrder/<list>` merges the
/// list with its patch and orders it.
fn set_element_orders(
    original: &mut Map<String, Value>,
    patch: &mut Map<String, Value>,
    schema: Option<&JSONSchemaProps>,
) -> Result<(), String> {
    let keys: Vec<String> = patch
        .keys()
        .filter(|k| k.starts_with(SET_ELEMENT_ORDER))
        .cloned()
        .collect();
    for key in keys {
        let order = patch.remove(&key).expect("listed above");
        let field = &key[SET_ELEMENT_ORDER.len()..];
        let Value::Array(order) = order else {
            return Err(format!("`{key}` takes a list"));
        };
        let sub = field_schema(schema, field);
        let merge_key = sub.and_then(schema::merge_key);
        let items = sub.and_then(schema::items);
        let original_list = match original.get(field) {
            Some(Value::Array(list)) => Some(list.clone()),
            Some(_) => return Err(format!("`{field}` is not a list")),
            None => None,
        };
        let patch_list = match patch.remove(field) {
            Some(Value::Array(list)) => Some(list),
            Some(_) => return Err(format!("`{field}` is not a list")),
            None => None,
        };
        validate_order(patch_list.as_deref().unwrap_or_default(), &order, merge_key)?;
        let merged = match (&original_list, patch_list.clone()) {
            (Some(old), None) => old.clone(),
            (None, Some(new)) => match without_directives(Value::Array(new)) {
                Some(Value::Array(list)) => list,
                _ => continue,
            },
            (Some(old), Some(new)) => {
                if merge_key.is_some() {
                    merge_list(old.clone(), new, items, merge_key, false)?
                } else {
                    new
                }
            }
            (None, None) => continue,
        };
        let (in_patch, server_only) = partition(merged, &order, merge_key)?;
        let all = element_kind(&[
            original_list.as_deref().unwrap_or_default(),
            patch_list.as_deref().unwrap_or_default(),
        ])?;
        let ordered = normalize_order(
            in_patch,
            server_only,
            &order,
            original_list.as_deref().unwrap_or_default(),
            merge_key.filter(|_| all == ElementKind::Map),
        )?;
        original.insert(field.to_owned(), Value::Array(ordered));
    }
    Ok(())
}

/// Go's `validatePatchWithSetOrderList`: the patch list's items (those not
/// deleted) appear in the order list in the same relative order.
fn validate_order(patch: &[Value], order: &[Value], merge_key: Option<&str>) -> Result<(), String> {
    if patch.is_empty() || order.is_empty() {
        return Ok(());
    }
    let kept: Vec<&Value> = patch
        .iter()
        .filter(|v| {
            merge_key.is_none() || v.get(DIRECTIVE).and_then(Value::as_str) != Some("delete")
        })
        .collect();
    let (mut p, mut o) = (0, 0);
    while p < kept.len() && o < order.len() {
        if kept[p].get(DIRECTIVE).is_some() {
            p += 1;
            continue;
        }
        if same_key(kept[p], &order[o], merge_key)? {
            p += 1;
        }
        o += 1;
    }
    if p < kept.len() {
        return Err(
            "the order of the patch list does not match its `$setElementOrder` list".to_owned(),
        );
    }
    Ok(())
}

/// Go's `mergeKeyValueEqual`.
fn same_key(a: &Value, b: &Value, merge_key: Option<&str>) -> Result<bool, String> {
    let Some(key) = merge_key else {
        return Ok(a == b);
    };
    match (a.get(key), b.get(key)) {
        (Some(x), Some(y)) => Ok(x == y),
        _ => Err(format!("an element of the list has no merge key `{key}`")),
    }
}

/// What the elements of lists are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ElementKind {
    Map,
    Scalar,
}

/// Go's `sliceElementType`: every element of every list has one kind.
fn element_kind(lists: &[&[Value]]) -> Result<ElementKind, String> {
    let mut kind = None;
    for element in lists.iter().flat_map(|l| l.iter()) {
        let this = match element {
            Value::Object(_) => ElementKind::Map,
            Value::Array(_) => return Err("lists of lists cannot be merged".to_owned()),
            _ => ElementKind::Scalar,
        };
        if kind.is_some_and(|k| k != this) {
            return Err("the elements of the list are of different kinds".to_owned());
        }
        kind = Some(this);
    }
    kind.ok_or_else(|| "no elements in the lists to merge".to_owned())
}

/// Go's `mergeSlice`.
fn merge_list(
    original: Vec<Value>,
    patch: Vec<Value>,
    items: Option<&JSONSchemaProps>,
    merge_key: Option<&str>,
    delete_list: bool,
) -> Result<Vec<Value>, String> {
    if original.is_empty() && patch.is_empty() {
        return Ok(original);
    }
    let kind = element_kind(&[&original, &patch])?;
    let merged = match kind {
        ElementKind::Scalar if delete_list => {
            return Ok(original
                .into_iter()
                .filter(|v| !patch.contains(v))
                .collect());
        }
        ElementKind::Scalar => {
            let mut both = original.clone();
            for v in &patch {
                if !both.contains(v) {
                    both.push(v.clone());
                }
            }
            both
        }
        ElementKind::Map => {
            let key = merge_key.ok_or("a list of objects without a merge key cannot be merged")?;
            let (original, patch) = special_elements(original.clone(), patch.clone(), key)?;
            merge_by_key(original, patch, key, items)?
        }
    };
    let (in_patch, server_only) = partition(merged, &patch, merge_key)?;
    normalize_order(in_patch, server_only, &patch, &original, merge_key)
}

/// Go's `mergeSliceWithSpecialElements`: `{"$patch": "delete", <key>: ...}`
/// removes the elements with that key, `{"$patch": "replace"}` makes the patch
/// list the whole list.
fn special_elements(
    mut original: Vec<Value>,
    patch: Vec<Value>,
    key: &str,
) -> Result<(Vec<Value>, Vec<Value>), String> {
    let mut plain = Vec::new();
    let mut replace = false;
    for element in patch {
        match element.get(DIRECTIVE).map(|d| d.as_str()) {
            None => plain.push(element),
            Some(Some("delete")) => {
                let Some(value) = element.get(key) else {
                    return Err(format!(
                        "a `$patch: delete` element has no merge key `{key}`"
                    ));
                };
                original.retain(|o| o.get(key) != Some(value));
            }
            Some(Some("replace")) => replace = true,
            Some(_) => {
                return Err("list elements take `$patch: delete` or `$patch: replace`".to_owned());
            }
        }
    }
    Ok(if replace {
        (plain, Vec::new())
    } else {
        (original, plain)
    })
}

/// Go's `mergeSliceWithoutSpecialElements`: an element whose key the original
/// has is merged into it, others are appended.
fn merge_by_key(
    mut original: Vec<Value>,
    patch: Vec<Value>,
    key: &str,
    items: Option<&JSONSchemaProps>,
) -> Result<Vec<Value>, String> {
    for element in patch {
        let Value::Object(element) = element else {
            return Err("an element of a merged list is not an object".to_owned());
        };
        let Some(value) = element.get(key).cloned() else {
            return Err(format!("an element of the list has no merge key `{key}`"));
        };
        match original.iter().position(|o| o.get(key) == Some(&value)) {
            Some(at) => {
                let Value::Object(old) = original[at].take() else {
                    return Err("an element of a merged list is not an object".to_owned());
                };
                original[at] = Value::Object(merge_map(old, element, items)?);
            }
            None => original.push(Value::Object(element)),
        }
    }
    Ok(original)
}

/// Go's `partition{Maps,Primitives}ByPresentInList`: the elements of `merged`
/// that `by` has (by merge key), and the others.
fn partition(
    merged: Vec<Value>,
    by: &[Value],
    merge_key: Option<&str>,
) -> Result<(Vec<Value>, Vec<Value>), String> {
    let mut present = Vec::new();
    let mut absent = Vec::new();
    for element in merged {
        let found = match merge_key {
            Some(key) => {
                let Some(value) = element.get(key) else {
                    return Err(format!("an element of the list has no merge key `{key}`"));
                };
                by.iter().any(|b| b.get(key) == Some(value))
            }
            None => by.contains(&element),
        };
        if found {
            present.push(element);
        } else {
            absent.push(element);
        }
    }
    Ok((present, absent))
}

/// Go's `index`: where `value` is in `list` (by merge key for objects).
fn index(list: &[Value], value: &Value, merge_key: Option<&str>) -> Option<usize> {
    let id = |v: &Value| match merge_key {
        Some(key) if v.is_object() => v.get(key).cloned(),
        _ => Some(v.clone()),
    };
    let wanted = id(value);
    list.iter().position(|v| id(v) == wanted)
}

/// Go's `normalizeElementOrder`: the patch's elements in the patch order, the
/// server's in the server order, then interleaved by the server order.
fn normalize_order(
    patch: Vec<Value>,
    server_only: Vec<Value>,
    patch_order: &[Value],
    server_order: &[Value],
    merge_key: Option<&str>,
) -> Result<Vec<Value>, String> {
    let patch = sort_by_order(patch, patch_order, merge_key)?;
    let server_only = sort_by_order(server_only, server_order, merge_key)?;
    Ok(interleave(server_only, patch, server_order, merge_key))
}

/// Go's `normalizeSliceOrder`: sorted by where each element is in `order`
/// (Go's `sort.SliceStable`, an insertion sort at the sizes of webhook lists,
/// with its comparator that calls an element missing from `order` smaller),
/// elements to delete last.
fn sort_by_order(
    list: Vec<Value>,
    order: &[Value],
    merge_key: Option<&str>,
) -> Result<Vec<Value>, String> {
    let (mut keep, delete): (Vec<Value>, Vec<Value>) = match merge_key {
        Some(key) => {
            for element in list.iter().chain(order) {
                if element.get(key).is_none() {
                    return Err(format!("an element of the list has no merge key `{key}`"));
                }
            }
            list.into_iter()
                .partition(|v| v.get(DIRECTIVE).and_then(Value::as_str) != Some("delete"))
        }
        None => (list, Vec::new()),
    };
    let less = |a: &Value, b: &Value| match (index(order, a, merge_key), index(order, b, merge_key))
    {
        (Some(i), Some(j)) => i < j,
        _ => true,
    };
    for i in 1..keep.len() {
        let mut j = i;
        while j > 0 && less(&keep[j], &keep[j - 1]) {
            keep.swap(j, j - 1);
            j -= 1;
        }
    }
    keep.extend(delete);
    Ok(keep)
}

/// Go's `mergeSortedSlice`: `left` inserted into `right`, each before the
/// first element of `right` that comes after it in `order`.
fn interleave(
    left: Vec<Value>,
    right: Vec<Value>,
    order: &[Value],
    merge_key: Option<&str>,
) -> Vec<Value> {
    let mut out = Vec::with_capacity(left.len() + right.len());
    let (mut left, mut right) = (left.into_iter().peekable(), right.into_iter().peekable());
    loop {
        match (left.peek(), right.peek()) {
            (Some(l), Some(r)) => {
                let before = matches!(
                    (index(order, l, merge_key), index(order, r, merge_key)),
                    (Some(i), Some(j)) if i < j
                );
                out.extend(if before { left.next() } else { right.next() });
            }
            (Some(_), None) => out.extend(left.next()),
            (None, Some(_)) => out.extend(right.next()),
            (None, None) => return out,
        }
    }
}

/// Go's `removeDirectives`: a value with its directives dropped; `None` when
/// the value itself is one (`{"$patch": ...}`).
fn without_directives(value: Value) -> Option<Value> {
    match value {
        Value::Object(map) if map.contains_key(DIRECTIVE) => None,
        Value::Object(map) => Some(Value::Object(
            map.into_iter()
                .filter_map(|(k, v)| without_directives(v).map(|v| (k, v)))
                .collect(),
        )),
        Value::Array(list) => Some(Value::Array(
            list.into_iter().filter_map(without_directives).collect(),
        )),
        other => Some(other),
    }
}

/// Go's `discardNullValuesFromPatch`: a new value carries no `null`s.
fn discard_nulls(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.retain(|_, v| !v.is_null());
            map.values_mut().for_each(discard_nulls);
        }
        Value::Array(list) => list.iter_mut().for_each(discard_nulls),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::webhook::Kind;
    use serde_json::json;

    fn patched(original: Value, patch: Value) -> Value {
        apply(&original, &patch, schema::webhook(Kind::Mutating)).unwrap()
    }

    /// controller-tools' own `applyPatch` tests (pkg/webhook/parser_test.go).
    #[test]
    fn controller_tools_cases() {
        let rule = json!({"operations": ["CREATE", "UPDATE"], "apiGroups": ["apps"], "apiVersions": ["v1"], "resources": ["widgets"]});
        assert_eq!(
            patched(
                json!({"name": "w", "rules": [rule]}),
                json!({"rules": [{"apiGroups": ["batch"]}]})
            ),
            json!({"name": "w", "rules": [{"apiGroups": ["batch"]}]})
        );
        assert_eq!(
            patched(
                json!({"name": "w", "timeoutSeconds": 10}),
                json!({"timeoutSeconds": null})
            ),
            json!({"name": "w"})
        );
        assert_eq!(
            patched(json!({"name": "w", "timeoutSeconds": 10}), json!({})),
            json!({"name": "w", "timeoutSeconds": 10})
        );
        assert_eq!(
            patched(
                json!({"admissionReviewVersions": ["v1", "v1beta1"]}),
                json!({"$deleteFromPrimitiveList/admissionReviewVersions": ["v1beta1"]})
            ),
            json!({"admissionReviewVersions": ["v1"]})
        );
        let conditions = json!({"matchConditions": [
            {"name": "exclude-kube-system", "expression": "a"},
            {"name": "exclude-leases", "expression": "b"},
        ]});
        assert_eq!(
            patched(
                conditions.clone(),
                json!({"$setElementOrder/matchConditions": [{"name": "exclude-leases"}, {"name": "exclude-kube-system"}]})
            ),
            json!({"matchConditions": [
                {"name": "exclude-leases", "expression": "b"},
                {"name": "exclude-kube-system", "expression": "a"},
            ]})
        );
        assert_eq!(
            patched(
                json!({"matchConditions": [{"name": "updated", "expression": "old"}, {"name": "kept", "expression": "k"}]}),
                json!({"matchConditions": [{"name": "updated", "expression": "new"}, {"name": "added", "expression": "a"}]})
            ),
            // Go's order: the patch's elements, the original's others after.
            json!({"matchConditions": [
                {"name": "updated", "expression": "new"},
                {"name": "added", "expression": "a"},
                {"name": "kept", "expression": "k"},
            ]})
        );
        assert_eq!(
            patched(
                json!({"matchConditions": [{"name": "removed", "expression": "r"}, {"name": "kept", "expression": "k"}]}),
                json!({"matchConditions": [{"name": "removed", "$patch": "delete"}]})
            ),
            json!({"matchConditions": [{"name": "kept", "expression": "k"}]})
        );
    }

    #[test]
    fn maps_merge_and_directives_replace() {
        assert_eq!(
            patched(
                json!({"namespaceSelector": {"matchLabels": {"a": "1", "b": "2"}}}),
                json!({"namespaceSelector": {"matchLabels": {"b": null, "c": "3"}}})
            ),
            json!({"namespaceSelector": {"matchLabels": {"a": "1", "c": "3"}}})
        );
        assert_eq!(
            patched(
                json!({"clientConfig": {"service": {"name": "s", "namespace": "n", "path": "/p"}}}),
                json!({"clientConfig": {"$patch": "replace", "url": "https://x"}})
            ),
            json!({"clientConfig": {"url": "https://x"}})
        );
        assert_eq!(
            patched(
                json!({"clientConfig": {"service": {"name": "s", "namespace": "n"}}}),
                json!({"clientConfig": {"$retainKeys": ["url"], "url": "https://x"}})
            ),
            json!({"clientConfig": {"url": "https://x"}})
        );
        let missing_key = apply(
            &json!({"matchConditions": [{"name": "a", "expression": "x"}]}),
            &json!({"matchConditions": [{"expression": "y"}]}),
            schema::webhook(Kind::Mutating),
        );
        assert_eq!(
            missing_key.unwrap_err(),
            "an element of the list has no merge key `name`"
        );
    }
}
