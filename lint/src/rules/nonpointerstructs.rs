//! `nonpointerstructs` (KAL: native APIs only): a struct field that is no
//! pointer is marked required when its struct has required fields, and
//! optional when it has none, so readers know. Rust reading: a struct
//! field that is no `Option`; the struct's required fields are what the CRD
//! requires. Fix: the marker is added (preferred spellings configurable).

use serde::Deserialize;
use serde_json::Value;

use crate::context::Cx;
use crate::finding::Finding;
use crate::settings::{self, ConfigError};
use kube_codegen::model::{FieldType, TypeBody};

pub const NAME: &str = "nonpointerstructs";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Settings {
    #[serde(default)]
    preferred_required_marker: Option<String>,
    #[serde(default)]
    preferred_optional_marker: Option<String>,
}

pub fn run(cx: &Cx<'_>, settings: &Value) -> Result<Vec<Finding>, ConfigError> {
    let s: Settings = settings::read(NAME, settings)?;
    let required = s.preferred_required_marker.as_deref().unwrap_or("required");
    let optional = s.preferred_optional_marker.as_deref().unwrap_or("optional");
    let mut out = Vec::new();
    for f in cx.fields() {
        let FieldType::Local(name) = &f.field.ty else {
            continue;
        };
        let Some(TypeBody::Struct(st)) = f.owner.version.find_type(name).map(|t| &t.body) else {
            continue;
        };
        if super::is_inline(&f) {
            continue;
        }
        let min_props = f
            .named_type()
            .and_then(|t| t.ty.validation.min_properties)
            .or(f.field.validation.min_properties)
            .is_some_and(|m| m > 0);
        let has_required = min_props
            || st
                .fields
                .iter()
                .any(|x| !x.skip && x.is_required(st.default));
        let q = f.qualified();
        if has_required && !super::marked_required(&f) {
            out.push(
                f.finding(NAME, format!("field {q} is a non-pointer struct with required fields. It must be marked as required."))
                    .with_fix(format!("mark the field `+{required}`"), vec![f.add_marker(required)]),
            );
        } else if !has_required && !super::marked_optional(&f) {
            // Marked required, the marker is the user's to change.
            let fixable = !super::marked_required(&f);
            out.push(
                f.finding(NAME, format!("field {q} is a non-pointer struct with no required fields. It must be marked as optional."))
                    .with_fix_if(fixable, format!("mark the field `+{optional}`"), vec![f.add_marker(optional)]),
            );
        }
    }
    Ok(out)
}
