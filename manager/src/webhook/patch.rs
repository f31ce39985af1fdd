//! The JSON patch (RFC 6902) a defaulter's changes become.
//!
//! The patch applies to the object as the API server sent it (`raw`), and
//! carries exactly what the defaulter changed: the difference between the
//! typed object serialized before and after `default` ran, both through the
//! kind's own serialization. So a field the Rust type does not know is left
//! as sent (neither added nor removed), a `None` the type leaves out is not
//! written as `null`, and what the type would write on its own (a
//! `#[serde(default)]` field the client omitted) is not added unless the
//! defaulter changed it.

use serde_json::Value;

/// The patch from `raw` to `raw` with the changes from `before` to `after`.
pub(crate) fn defaulting_patch(raw: &Value, before: &Value, after: &Value) -> json_patch::Patch {
    let mut target = raw.clone();
    carry(&mut target, before, after);
    json_patch::diff(raw, &target)
}

/// Applies the change `before` → `after` to `target`, which `before` is a
/// reading of: objects key by key, lists of unchanged length item by item,
/// anything else replaced whole.
fn carry(target: &mut Value, before: &Value, after: &Value) {
    if before == after {
        return;
    }
    match (target, before, after) {
        (Value::Object(target), Value::Object(before), Value::Object(after)) => {
            for (key, new) in after {
                match (before.get(key), target.get_mut(key)) {
                    (Some(old), _) if old == new => {}
                    (Some(old), Some(slot)) => carry(slot, old, new),
                    _ => {
                        target.insert(key.clone(), new.clone());
                    }
                }
            }
            for key in before.keys().filter(|k| !after.contains_key(*k)) {
                target.remove(key);
            }
        }
        (Value::Array(target), Value::Array(before), Value::Array(after))
            if target.len() == before.len() && before.len() == after.len() =>
        {
            for ((slot, old), new) in target.iter_mut().zip(before).zip(after) {
                carry(slot, old, new);
            }
        }
        (target, _, after) => *target = after.clone(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn patched(raw: Value, before: Value, after: Value) -> (Value, Value) {
        let patch = defaulting_patch(&raw, &before, &after);
        let mut result = raw;
        json_patch::patch(&mut result, &patch).unwrap();
        (serde_json::to_value(patch).unwrap(), result)
    }

    #[test]
    fn only_what_the_defaulter_changed_is_sent() {
        // The client omitted `backupWindow`; the type reads it as "" and
        // writes it back; the defaulter set `port`. Unknown `extra` stays.
        let raw = json!({"spec": {"storageGiB": 10, "extra": true}});
        let before = json!({"spec": {"storageGiB": 10, "backupWindow": ""}});
        let after = json!({"spec": {"storageGiB": 10, "backupWindow": "", "port": 5432}});
        let (patch, result) = patched(raw, before, after);
        assert_eq!(
            patch,
            json!([{"op": "add", "path": "/spec/port", "value": 5432}])
        );
        assert_eq!(
            result,
            json!({"spec": {"storageGiB": 10, "extra": true, "port": 5432}})
        );
    }

    #[test]
    fn a_change_inside_a_parent_the_client_omitted_adds_the_parent() {
        let raw = json!({"spec": {}});
        let before = json!({"spec": {"service": {"port": 0}}});
        let after = json!({"spec": {"service": {"port": 80}}});
        let (_, result) = patched(raw, before, after);
        assert_eq!(result, json!({"spec": {"service": {"port": 80}}}));
    }

    #[test]
    fn nulls_the_type_reads_as_none_stay_unless_changed() {
        let raw = json!({"spec": {"port": null, "zone": null}});
        let before = json!({"spec": {}});
        let after = json!({"spec": {"port": 3306}});
        let (_, result) = patched(raw, before, after);
        assert_eq!(result, json!({"spec": {"port": 3306, "zone": null}}));
    }

    #[test]
    fn removals_and_list_items() {
        let raw = json!({"spec": {"tags": ["a", "b"], "items": [{"n": 1, "x": 9}], "old": 1}});
        let before = json!({"spec": {"tags": ["a", "b"], "items": [{"n": 1}], "old": 1}});
        let after = json!({"spec": {"tags": ["a", "b", "c"], "items": [{"n": 2}]}});
        let (_, result) = patched(raw, before, after);
        assert_eq!(
            result,
            json!({"spec": {"tags": ["a", "b", "c"], "items": [{"n": 2, "x": 9}]}})
        );
    }

    #[test]
    fn no_change_no_patch() {
        let raw = json!({"a": 1, "b": null});
        let (patch, _) = patched(raw, json!({"a": 1}), json!({"a": 1}));
        assert_eq!(patch, json!([]));
    }
}
