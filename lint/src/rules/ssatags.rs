//! `ssatags`: every list says how server-side apply merges it
//! (`+listType=atomic|set|map`), `map` lists are of objects with
//! `+listMapKey`s that exist, and `set` lists of objects are discouraged.
//! Rust reading: `Vec<T>` and `[T; N]`, also under newtypes (Go's named
//! list types); the markers on the field or the alias or newtype it names.
//! Bytes (`ByteString`) are no list: a `listType` on them is reported (fix:
//! the marker is removed). Schemaless fields are passed by, as KAL does.
//! (kube-codegen refuses a `map` list of scalars and an unknown key before
//! the lint runs.)

use serde::Deserialize;
use serde_json::Value;

use crate::context::{Cx, FieldView, remove_marker, underlying};
use crate::finding::Finding;
use crate::settings::{self, ConfigError};
use crate::source::LintMarker;
use kube_codegen::model::{BYTE_STRING, FieldType, TypeBody, TypeDef, Validation};

pub const NAME: &str = "ssatags";
const LIST_TYPE: &str = "listType";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Settings {
    #[serde(default)]
    list_type_set_usage: Option<String>,
}

pub fn run(cx: &Cx<'_>, settings: &Value) -> Result<Vec<Finding>, ConfigError> {
    let s: Settings = settings::read(NAME, settings)?;
    let warn_set = s.list_type_set_usage.as_deref().unwrap_or("Warn") != "Ignore";
    let mut out = Vec::new();
    for f in cx.fields() {
        // KAL's field inspector passes schemaless fields by: they have no
        // schema to merge by.
        if f.field.validation.schemaless {
            continue;
        }
        // Through newtypes, as KAL follows Go's named types and aliases of
        // lists; their markers count as the field's.
        let value = f.underlying();
        let q = f.qualified();
        if f.field.is_bytes() || matches!(value.ty, FieldType::External(e) if e.path == BYTE_STRING)
        {
            out.extend(list_type_on_bytes(&f, &value.newtypes, &q));
            continue;
        }
        let (FieldType::Vec(item) | FieldType::Array { item, .. }) = value.ty else {
            continue;
        };
        let mut v = f.field.validation.clone();
        if let Some(alias) = &f.field.alias
            && let Some(a) = f.owner.version.find_alias(&alias.name)
        {
            inherit(&mut v, &a.validation);
        }
        for t in &value.newtypes {
            inherit(&mut v, &t.validation);
        }
        let item = underlying(f.owner.version, item).ty;
        let item_struct = match item {
            FieldType::Local(n) => match f.owner.version.find_type(n).map(|t| &t.body) {
                Some(TypeBody::Struct(s)) => Some(s),
                _ => None,
            },
            _ => None,
        };
        let is_object = item_struct.is_some()
            || matches!(item, FieldType::External(e) if !scalar_external(&e.path));
        // KAL's `set` warning is about items that are no scalars: objects
        // and lists.
        let non_scalar = is_object || matches!(item, FieldType::Vec(_) | FieldType::Array { .. });
        match v.list_type.as_deref() {
            None => out.push(
                f.finding(NAME, format!("{q} should have a listType marker for proper Server-Side Apply behavior (atomic, set, or map)"))
                    .with_help(if is_object {
                        "add `// +listType=map` with `// +listMapKey=<key field>` (items merged by key), or `// +listType=atomic`"
                    } else {
                        "add `// +listType=set` (unique items, merged) or `// +listType=atomic` (replaced whole)"
                    }),
            ),
            Some("set") if non_scalar && warn_set => out.push(f.finding(
                NAME,
                format!("{q} with listType=set is not recommended due to Server-Side Apply compatibility issues. Consider using listType=atomic or listType=map instead"),
            )),
            Some("map") if !is_object => out.push(f.finding(
                NAME,
                format!("{q} with listType=map can only be used for object lists, not primitive lists"),
            )),
            Some("map") if v.list_map_keys.is_empty() => out.push(f.finding(
                NAME,
                format!("{q} with listType=map must have at least one listMapKey marker"),
            )),
            Some("map") => {
                if let Some(st) = item_struct {
                    for key in &v.list_map_keys {
                        if !st.fields.iter().any(|x| x.json_name == *key) {
                            out.push(f.finding(NAME, format!("{q} listMapKey \"{key}\" does not exist as a field in the struct")));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    Ok(out)
}

/// The list markers of a newtype or alias the field names, where the
/// field has none of its own.
fn inherit(v: &mut Validation, named: &Validation) {
    if v.list_type.is_none() {
        v.list_type.clone_from(&named.list_type);
    }
    if v.list_map_keys.is_empty() {
        v.list_map_keys.clone_from(&named.list_map_keys);
    }
}

/// Bytes are a base64 string on the wire, no list: a `listType` marker on
/// the field (or on the newtype it names) is reported, one finding each.
fn list_type_on_bytes(f: &FieldView<'_>, newtypes: &[&TypeDef], q: &str) -> Vec<Finding> {
    let mut at: Vec<(&std::path::Path, &LintMarker)> = f
        .markers()
        .named(LIST_TYPE)
        .map(|m| (f.owner.file.path.as_path(), m))
        .collect();
    for t in newtypes {
        if let Some(view) = f.owner_local(&t.name) {
            at.extend(
                view.markers()
                    .named(LIST_TYPE)
                    .map(|m| (view.file.path.as_path(), m)),
            );
        }
    }
    at.into_iter()
        .map(|(file, m)| {
            f.finding(
                NAME,
                format!("{q} is a byte array, which does not support the listType marker. Remove the listType marker"),
            )
            .with_fix(
                format!("remove the listType marker from {q}"),
                vec![remove_marker(file, m)],
            )
        })
        .collect()
}

/// External types that are scalars on the wire (strings).
pub fn scalar_external(path: &str) -> bool {
    [
        "Quantity",
        "Time",
        "MicroTime",
        "IntOrString",
        "ByteString",
        "Duration",
        "Timestamp",
        "DateTime",
    ]
    .iter()
    .any(|n| path.ends_with(n))
}
