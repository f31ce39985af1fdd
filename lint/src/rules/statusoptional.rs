//! `statusoptional`: the fields of a status (the struct a `status` field
//! names, and the structs of its inlined fields) are optional: a controller
//! writes status in parts. Fix: `+optional` is added, or replaces
//! `+required`.

use serde::Deserialize;
use serde_json::Value;

use super::REQUIRED;
use crate::context::{Cx, TypeView, replace_marker};
use crate::finding::Finding;
use crate::settings::{self, ConfigError};
use kube_codegen::model::FieldType;

pub const NAME: &str = "statusoptional";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Settings {
    #[serde(default)]
    preferred_optional_marker: Option<String>,
}

pub fn run(cx: &Cx<'_>, settings: &Value) -> Result<Vec<Finding>, ConfigError> {
    let s: Settings = settings::read(NAME, settings)?;
    let optional = s.preferred_optional_marker.as_deref().unwrap_or("optional");
    let mut out = Vec::new();
    for f in cx.fields() {
        if f.field.json_name != "status" {
            continue;
        }
        if let Some(status) = f.named_type() {
            check(&mut out, status, optional, &mut Vec::new());
        }
    }
    Ok(out)
}

fn check(out: &mut Vec<Finding>, status: TypeView<'_>, optional: &str, seen: &mut Vec<String>) {
    if seen.contains(&status.ty.name) {
        return;
    }
    seen.push(status.ty.name.clone());
    for f in status.fields() {
        if f.field.flatten {
            if let FieldType::Local(_) = crate::context::strip(&f.field.ty)
                && let Some(inner) = f.named_type()
            {
                check(out, inner, optional, seen);
            }
            continue;
        }
        if super::marked_optional(&f) {
            continue;
        }
        let name = &f.field.json_name;
        let required: Vec<_> = f
            .markers()
            .markers
            .iter()
            .filter(|m| REQUIRED.contains(&m.identifier.as_str()))
            .collect();
        if let Some(first) = required.first() {
            let path = &f.owner.file.path;
            let mut edits = vec![replace_marker(path, first, optional)];
            edits.extend(
                required[1..]
                    .iter()
                    .map(|m| crate::context::remove_marker(path, m)),
            );
            out.push(
                f.finding_at(
                    NAME,
                    format!("status field \"{name}\" must be marked as optional, not required"),
                    first,
                )
                .with_fix(format!("replace required marker(s) with {optional}"), edits),
            );
        } else {
            out.push(
                f.finding(
                    NAME,
                    format!("status field \"{name}\" must be marked as optional"),
                )
                .with_fix("add the optional marker", vec![f.add_marker(optional)]),
            );
        }
    }
}
