//! `arrayofstruct`: a list of structs whose struct has no required field
//! (every item may be `{}`), which makes list items ambiguous in YAML.
//! Rust reading: "required" is what the CRD says, so a field without
//! `Option`, `#[serde(default)]` or `skip_serializing_if` counts, as does a
//! `+required` marker. Newtypes are seen through (Go's named types and
//! aliases of lists and of structs).

use serde_json::Value;

use crate::context::{Cx, underlying};
use crate::finding::Finding;
use crate::settings::ConfigError;
use kube_codegen::model::{FieldType, TypeBody};

pub const NAME: &str = "arrayofstruct";

pub fn run(cx: &Cx<'_>, _: &Value) -> Result<Vec<Finding>, ConfigError> {
    let mut out = Vec::new();
    for f in cx.fields() {
        // Through newtypes, as KAL follows Go's named and alias types: a
        // newtype of a list, a list of newtypes of a struct.
        let (FieldType::Vec(item) | FieldType::Array { item, .. }) = f.underlying().ty else {
            continue;
        };
        let FieldType::Local(name) = underlying(f.owner.version, item).ty else {
            continue;
        };
        let Some(item_type) = f.owner.version.find_type(name) else {
            continue;
        };
        let TypeBody::Struct(s) = &item_type.body else {
            continue;
        };
        // `ExactlyOneOf`/`AtLeastOneOf` on the struct require a field too.
        let one_of = item_type
            .validation
            .field_set_rules
            .iter()
            .any(|r| r.rule.ends_with("== 1") || r.rule.ends_with(">= 1"));
        if one_of || s.fields.iter().any(|x| !x.skip && x.is_required(s.default)) {
            continue;
        }
        out.push(f.finding(
            NAME,
            format!(
                "{} is an array of structs, but the struct has no required fields. At least one field should be marked as required to prevent ambiguous YAML configurations",
                f.qualified()
            ),
        ).with_help(format!("mark a field of `{name}` that identifies an item `// +required` (and make it no `Option`)")));
    }
    Ok(out)
}
