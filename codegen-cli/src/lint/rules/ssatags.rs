//! `ssatags`: every list says how server-side apply merges it
//! (`+listType=atomic|set|map`), `map` lists are of objects with
//! `+listMapKey`s that exist, and `set` lists of objects are discouraged.
//! Rust reading: `Vec<T>` and `[T; N]` (not bytes); the markers on the field
//! or the type alias it names. (kube-codegen refuses a `map` list of scalars
//! and an unknown key before the lint runs.)

use serde::Deserialize;
use serde_json::Value;

use crate::lint::config::{self, ConfigError};
use crate::lint::context::{Cx, strip};
use crate::lint::finding::Finding;
use crate::model::{FieldType, TypeBody};

pub const NAME: &str = "ssatags";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Settings {
    #[serde(default)]
    list_type_set_usage: Option<String>,
}

pub fn run(cx: &Cx<'_>, settings: &Value) -> Result<Vec<Finding>, ConfigError> {
    let s: Settings = config::settings(NAME, settings)?;
    let warn_set = s.list_type_set_usage.as_deref().unwrap_or("Warn") != "Ignore";
    let mut out = Vec::new();
    for f in cx.fields() {
        let (FieldType::Vec(item) | FieldType::Array { item, .. }) = strip(&f.field.ty) else {
            continue;
        };
        if f.field.is_bytes() {
            continue;
        }
        let q = f.qualified();
        let mut v = f.field.validation.clone();
        if let Some(alias) = &f.field.alias
            && let Some(a) = f.owner.version.find_alias(&alias.name)
        {
            v.list_type = v.list_type.or_else(|| a.validation.list_type.clone());
            if v.list_map_keys.is_empty() {
                v.list_map_keys.clone_from(&a.validation.list_map_keys);
            }
        }
        let item_struct = match strip(item) {
            FieldType::Local(n) => match f.owner.version.find_type(n).map(|t| &t.body) {
                Some(TypeBody::Struct(s)) => Some(s),
                _ => None,
            },
            FieldType::External(_) => None,
            _ => None,
        };
        let is_object = item_struct.is_some()
            || matches!(strip(item), FieldType::External(e) if !crate::lint::rules::ssatags::scalar_external(&e.path));
        match v.list_type.as_deref() {
            None => out.push(
                f.finding(NAME, format!("{q} should have a listType marker for proper Server-Side Apply behavior (atomic, set, or map)"))
                    .with_help(if is_object {
                        "add `// +listType=map` with `// +listMapKey=<key field>` (items merged by key), or `// +listType=atomic`"
                    } else {
                        "add `// +listType=set` (unique items, merged) or `// +listType=atomic` (replaced whole)"
                    }),
            ),
            Some("set") if is_object && warn_set => out.push(f.finding(
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
