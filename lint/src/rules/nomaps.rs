//! `nomaps`: no maps but `map[string]string` (labels, annotations): a list
//! of named objects merges and documents better. Rust reading: `BTreeMap`
//! and `HashMap`; the key type is whatever serde writes as a string.
//! `policy`: `Enforce` (no maps), `AllowStringToStringMaps` (the default),
//! `Ignore` (maps of strings, numbers and booleans too).

use serde::Deserialize;
use serde_json::Value;

use super::walk_all;
use crate::context::{Cx, strip};
use crate::finding::Finding;
use crate::settings::{self, ConfigError};
use kube_codegen::model::FieldType;

pub const NAME: &str = "nomaps";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Settings {
    #[serde(default)]
    policy: Option<Policy>,
}

#[derive(Debug, Deserialize, PartialEq, Clone, Copy)]
enum Policy {
    Enforce,
    AllowStringToStringMaps,
    Ignore,
}

fn is_string(ty: &FieldType) -> bool {
    matches!(strip(ty), FieldType::String)
}

fn is_simple(ty: &FieldType) -> bool {
    matches!(
        strip(ty),
        FieldType::String
            | FieldType::Bool
            | FieldType::Integer { .. }
            | FieldType::PointerSized { .. }
            | FieldType::Float { .. }
    )
}

pub fn run(cx: &Cx<'_>, settings: &Value) -> Result<Vec<Finding>, ConfigError> {
    let s: Settings = settings::read(NAME, settings)?;
    let policy = s.policy.unwrap_or(Policy::AllowStringToStringMaps);
    let mut out = walk_all(NAME, cx, &|_| false, &mut |ty| match ty {
        FieldType::Map { key, value, .. } => {
            let allowed = match policy {
                Policy::Enforce => false,
                Policy::AllowStringToStringMaps => {
                    is_string(key.as_ref()) && is_string(value.as_ref())
                }
                Policy::Ignore => is_simple(key.as_ref()) && is_simple(value.as_ref()),
            };
            (!allowed).then(|| "should not use a map type, use a list type with a unique name/identifier instead".to_owned())
        }
        _ => None,
    });
    for f in &mut out {
        f.help =
            Some("use a `Vec` of structs with `+listType=map` and `+listMapKey=name`".to_owned());
    }
    Ok(out)
}
