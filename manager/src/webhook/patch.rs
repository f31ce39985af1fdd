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
//!
//! Only what changed is read: the two serializations are recorded with the
//! place of each member ([`Recorded`]) and compared part by part as text, so
//! an unchanged `spec` costs one comparison of bytes; the client's object is
//! opened (its members borrowed, not copied) only along the path of a
//! change. Values are built only where the client's own text has to be
//! diffed against the new value.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor};
use serde_json::Value;
use serde_json::value::RawValue;

use super::recorded::{ROOT, Recorded};
use super::review::Text;

/// Writes into `out` the JSON patch that carries the change from `before`
/// to `after` (two serializations of one typed object) onto `raw` (the
/// object as sent); whether it has any operation (`out` holds `[]` when
/// not).
pub(crate) fn defaulting_patch(
    raw: &RawValue,
    before: &Recorded,
    after: &Recorded,
    out: &mut Vec<u8>,
) -> Result<bool, serde_json::Error> {
    let mut ops = Ops {
        before,
        after,
        out,
        path: String::new(),
        count: 0,
    };
    ops.out.push(b'[');
    ops.carry(Some(raw), ROOT, ROOT)?;
    ops.out.push(b']');
    Ok(ops.count > 0)
}

/// What a JSON text is, by its first byte.
#[derive(PartialEq)]
enum Shape {
    Object,
    Array,
    Scalar,
}

fn shape(text: &str) -> Shape {
    match text.trim_start().as_bytes().first() {
        Some(b'{') => Shape::Object,
        Some(b'[') => Shape::Array,
        _ => Shape::Scalar,
    }
}

/// A key as written by serde_json (a JSON string), as text.
fn key_text(written: &str) -> Cow<'_, str> {
    let inner = &written[1..written.len() - 1];
    if inner.contains('\\') {
        Cow::Owned(serde_json::from_str(written).expect("serde_json wrote a string"))
    } else {
        Cow::Borrowed(inner)
    }
}

/// An object's members, borrowed from its text, in order.
struct Members<'a> {
    entries: Vec<(Cow<'a, str>, &'a RawValue)>,
    /// Past a few members, an index (the last of a repeated key wins, as
    /// when the API server reads the object).
    index: Option<HashMap<Cow<'a, str>, &'a RawValue>>,
}

/// Members past which lookups use an index.
const LINEAR: usize = 16;

impl<'a> Members<'a> {
    fn read(value: &'a RawValue) -> Result<Self, serde_json::Error> {
        let Entries(entries) = serde_json::from_str(value.get())?;
        Ok(Members {
            entries,
            index: None,
        })
    }

    fn get(&mut self, key: &str) -> Option<&'a RawValue> {
        if self.entries.len() <= LINEAR {
            return self
                .entries
                .iter()
                .rev()
                .find(|(k, _)| k == key)
                .map(|e| e.1);
        }
        let entries = &self.entries;
        let index = self
            .index
            .get_or_insert_with(|| entries.iter().cloned().collect());
        index.get(key).copied()
    }
}

/// The members of a recorded node, found by their keys as written.
struct Keyed<'r> {
    recorded: &'r Recorded,
    node: usize,
    index: Option<HashMap<&'r str, usize>>,
}

impl<'r> Keyed<'r> {
    fn new(recorded: &'r Recorded, node: usize) -> Self {
        let index = (recorded.children(node).nth(LINEAR).is_some()).then(|| {
            recorded
                .children(node)
                .map(|member| (recorded.key(member), member))
                .collect()
        });
        Keyed {
            recorded,
            node,
            index,
        }
    }

    fn find(&self, written: &str) -> Option<usize> {
        match &self.index {
            Some(index) => index.get(written).copied(),
            None => self
                .recorded
                .children(self.node)
                .find(|&member| self.recorded.key(member) == written),
        }
    }
}

/// Deserializes an object into its members, in order, without copying them.
struct Entries<'a>(Vec<(Cow<'a, str>, &'a RawValue)>);

impl<'de> Deserialize<'de> for Entries<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Each;
        impl<'de> Visitor<'de> for Each {
            type Value = Entries<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
                let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(8));
                while let Some((Text(key), value)) = map.next_entry::<Text<'de>, &'de RawValue>()? {
                    entries.push((key, value));
                }
                Ok(Entries(entries))
            }
        }
        deserializer.deserialize_map(Each)
    }
}

/// The patch being written: its operations so far and the JSON pointer of
/// the place being compared.
struct Ops<'r, 'o> {
    before: &'r Recorded,
    after: &'r Recorded,
    out: &'o mut Vec<u8>,
    path: String,
    count: usize,
}

impl Ops<'_, '_> {
    /// Writes the operations that apply the change from node `old` of
    /// `before` to node `new` of `after` to `raw` (the client's value at the
    /// same place, `None` where the client sent nothing): objects key by
    /// key, lists of unchanged length item by item, anything else replaced
    /// whole.
    fn carry(
        &mut self,
        raw: Option<&RawValue>,
        old: usize,
        new: usize,
    ) -> Result<(), serde_json::Error> {
        let (before, after) = (self.before, self.after);
        if before.value(old) == after.value(new) {
            return Ok(());
        }
        let Some(raw) = raw else {
            return self.add(after.value(new));
        };
        match (
            shape(raw.get()),
            shape(before.value(old)),
            shape(after.value(new)),
        ) {
            (Shape::Object, Shape::Object, Shape::Object) => {
                let mut sent = Members::read(raw)?;
                let previous = Keyed::new(before, old);
                for member in after.children(new) {
                    let written = after.key(member);
                    let key = key_text(written);
                    let at = self.enter(&key);
                    match (previous.find(written), sent.get(&key)) {
                        (Some(p), _) if before.value(p) == after.value(member) => {}
                        (Some(p), Some(s)) => self.carry(Some(s), p, member)?,
                        (_, Some(s)) => self.replace(s, after.value(member))?,
                        (_, None) => self.add(after.value(member))?,
                    }
                    self.path.truncate(at);
                }
                let current = Keyed::new(after, new);
                for member in before.children(old) {
                    let written = before.key(member);
                    let key = key_text(written);
                    if current.find(written).is_none() && sent.get(&key).is_some() {
                        let at = self.enter(&key);
                        self.remove();
                        self.path.truncate(at);
                    }
                }
                Ok(())
            }
            (Shape::Array, Shape::Array, Shape::Array) => {
                let sent: Vec<&RawValue> = serde_json::from_str(raw.get())?;
                let (olds, news) = (before.children(old), after.children(new));
                let (o, n) = (before.children(old).count(), after.children(new).count());
                if sent.len() != o || o != n {
                    return self.replace(raw, after.value(new));
                }
                for (i, ((sent, old), new)) in sent.iter().zip(olds).zip(news).enumerate() {
                    let at = self.path.len();
                    self.path.push('/');
                    self.path.push_str(itoa(i, &mut [0; 20]));
                    self.carry(Some(sent), old, new)?;
                    self.path.truncate(at);
                }
                Ok(())
            }
            _ => self.replace(raw, after.value(new)),
        }
    }
    /// Appends `key` to the pointer (escaped: `~` as `~0`, `/` as `~1`);
    /// the length to truncate back to.
    fn enter(&mut self, key: &str) -> usize {
        let at = self.path.len();
        self.path.push('/');
        for c in key.chars() {
            match c {
                '~' => self.path.push_str("~0"),
                '/' => self.path.push_str("~1"),
                c => self.path.push(c),
            }
        }
        at
    }

    /// Starts an operation at the current pointer.
    fn begin(&mut self, op: &str, path: &str) {
        if self.count > 0 {
            self.out.push(b',');
        }
        self.count += 1;
        self.out.extend_from_slice(b"{\"op\":\"");
        self.out.extend_from_slice(op.as_bytes());
        self.out.extend_from_slice(b"\",\"path\":");
        serde_json::to_writer(&mut *self.out, path).expect("a string serializes");
    }

    /// `add` of `value`, its text as the serializer wrote it.
    fn add(&mut self, value: &str) -> Result<(), serde_json::Error> {
        let path = std::mem::take(&mut self.path);
        self.begin("add", &path);
        self.path = path;
        self.out.extend_from_slice(b",\"value\":");
        self.out.extend_from_slice(value.as_bytes());
        self.out.push(b'}');
        Ok(())
    }

    fn remove(&mut self) {
        let path = std::mem::take(&mut self.path);
        self.begin("remove", &path);
        self.path = path;
        self.out.push(b'}');
    }

    /// The client's `sent` becomes `after`: the operations of the RFC 6902
    /// diff of the two, under the current pointer.
    fn replace(&mut self, sent: &RawValue, after: &str) -> Result<(), serde_json::Error> {
        let sent: Value = serde_json::from_str(sent.get())?;
        let after: Value = serde_json::from_str(after)?;
        for op in json_patch::diff(&sent, &after).0 {
            let mut op = serde_json::to_value(op)?;
            let relative = op["path"].as_str().unwrap_or_default().to_owned();
            op["path"] = Value::String(format!("{}{relative}", self.path));
            if self.count > 0 {
                self.out.push(b',');
            }
            self.count += 1;
            serde_json::to_writer(&mut *self.out, &op)?;
        }
        Ok(())
    }
}

/// `i` in decimal, in `buf`.
fn itoa(mut i: usize, buf: &mut [u8; 20]) -> &str {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (i % 10) as u8;
        i /= 10;
        if i == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[at..]).expect("digits")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// The patch and the object it makes of `raw`.
    fn patched(raw: Value, before: Value, after: Value) -> (Value, Value) {
        let out = patch_of(&raw.to_string(), &before, &after);
        let any = out != b"[]";
        let patch: json_patch::Patch = serde_json::from_slice(&out).unwrap();
        assert_eq!(any, !patch.0.is_empty());
        let mut result = raw;
        json_patch::patch(&mut result, &patch).unwrap();
        (serde_json::from_slice(&out).unwrap(), result)
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

    #[test]
    fn keys_are_escaped_in_pointers_and_read_with_escapes() {
        let raw: Value =
            serde_json::from_str(r#"{"metadata": {"labels": {"a/b": "1", "t~\u0041": "2"}}}"#)
                .unwrap();
        let before = raw.clone();
        let after = json!({"metadata": {"labels": {"a/b": "x", "t~A": "y"}}});
        let (patch, result) = patched(raw, before, after.clone());
        assert_eq!(result, after);
        let paths: Vec<&str> = patch
            .as_array()
            .unwrap()
            .iter()
            .map(|op| op["path"].as_str().unwrap())
            .collect();
        assert_eq!(paths, ["/metadata/labels/a~1b", "/metadata/labels/t~0A"]);
    }

    #[test]
    fn the_clients_whitespace_and_key_order_do_not_matter() {
        let raw = "{ \"spec\" : {\n \"b\": [ 1 , 2 ],\"a\" : 1 } }";
        let out = patch_of(
            raw,
            &json!({"spec": {"a": 1, "b": [1, 2]}}),
            &json!({"spec": {"a": 1, "b": [1, 3]}}),
        );
        let patch: Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(
            patch,
            json!([{"op": "replace", "path": "/spec/b/1", "value": 3}])
        );
    }

    #[test]
    fn large_objects_are_looked_up_by_index() {
        let many: serde_json::Map<String, Value> =
            (0..40).map(|i| (format!("k{i:02}"), json!(i))).collect();
        let before = json!({"data": many});
        let mut after = before.clone();
        after["data"]["k07"] = json!("seven");
        after["data"].as_object_mut().unwrap().remove("k30");
        after["data"]["new"] = json!(true);
        let mut raw = before.clone();
        raw["data"]["unknown"] = json!(1);
        let (patch, result) = patched(raw.clone(), before, after.clone());
        let mut expected = after;
        expected["data"]["unknown"] = json!(1);
        assert_eq!(result, expected);
        assert_eq!(patch.as_array().unwrap().len(), 3, "{patch}");
    }

    /// The patch of `raw` (as text) for the change `before` → `after`.
    fn patch_of(raw: &str, before: &Value, after: &Value) -> Vec<u8> {
        let raw: &RawValue = serde_json::from_str(raw).unwrap();
        let (mut old, mut new) = (Recorded::default(), Recorded::default());
        old.record(before).unwrap();
        new.record(after).unwrap();
        let mut out = Vec::new();
        let any = defaulting_patch(raw, &old, &new, &mut out).unwrap();
        assert_eq!(any, out != b"[]");
        out
    }

    // ---------------------------------------------------------------------
    // Against the rule as first written: on whole values, a clone of the
    // client's object changed where before and after differ, then diffed.
    // ---------------------------------------------------------------------

    fn carry_values(target: &mut Value, before: &Value, after: &Value) {
        if before == after {
            return;
        }
        match (target, before, after) {
            (Value::Object(target), Value::Object(before), Value::Object(after)) => {
                for (key, new) in after {
                    match (before.get(key), target.get_mut(key)) {
                        (Some(old), _) if old == new => {}
                        (Some(old), Some(slot)) => carry_values(slot, old, new),
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
                    carry_values(slot, old, new);
                }
            }
            (target, _, after) => *target = after.clone(),
        }
    }

    /// A random JSON value of depth at most `depth`, from a few keys and
    /// scalars so that random pairs overlap.
    fn random_value(rng: &mut fastrand::Rng, depth: u32) -> Value {
        let keys = ["a", "b", "c", "d/e", "f~g"];
        match rng.u8(0..if depth == 0 { 4 } else { 7 }) {
            0 => Value::Null,
            1 => json!(rng.u8(0..3)),
            2 => json!(["x", "y"][rng.usize(0..2)]),
            3 => json!(rng.bool()),
            4 | 5 => Value::Object(
                (0..rng.usize(0..4))
                    .map(|_| {
                        (
                            keys[rng.usize(0..keys.len())].to_owned(),
                            random_value(rng, depth - 1),
                        )
                    })
                    .collect(),
            ),
            _ => Value::Array(
                (0..rng.usize(0..3))
                    .map(|_| random_value(rng, depth - 1))
                    .collect(),
            ),
        }
    }

    /// `value` with a few random changes.
    fn mutate(rng: &mut fastrand::Rng, value: &Value, depth: u32) -> Value {
        if rng.u8(0..5) == 0 {
            return random_value(rng, depth);
        }
        match value {
            Value::Object(map) => {
                let mut changed = serde_json::Map::new();
                for (k, v) in map {
                    if rng.u8(0..8) != 0 {
                        changed.insert(k.clone(), mutate(rng, v, depth.saturating_sub(1)));
                    }
                }
                if rng.u8(0..4) == 0 {
                    changed.insert("new".to_owned(), json!(1));
                }
                Value::Object(changed)
            }
            Value::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|v| mutate(rng, v, depth.saturating_sub(1)))
                    .collect(),
            ),
            other => other.clone(),
        }
    }

    #[test]
    fn applies_as_the_rule_on_whole_values_does() {
        let mut rng = fastrand::Rng::with_seed(27);
        for case in 0..5_000 {
            let before = Value::Object(
                [("spec".to_owned(), random_value(&mut rng, 4))]
                    .into_iter()
                    .collect(),
            );
            let raw = mutate(&mut rng, &before, 4);
            let after = mutate(&mut rng, &before, 4);
            let Value::Object(_) = raw else { continue };
            let mut expected = raw.clone();
            carry_values(&mut expected, &before, &after);
            let (patch, result) = patched(raw.clone(), before.clone(), after.clone());
            assert_eq!(
                result, expected,
                "case {case}: raw {raw}\nbefore {before}\nafter {after}\npatch {patch}"
            );
        }
    }
}
