//! `commentstart`: a field's doc comment starts with its serialized name,
//! so that generated documentation reads as the YAML does. Rust reading:
//! the `///` lines above the field, and the JSON name serde gives it.
//! Fix (as KAL's): when the first word is the JSON name in other letter
//! case, it is replaced.

use serde_json::Value;

use crate::context::Cx;
use crate::finding::{Edit, Finding};
use crate::settings::ConfigError;

pub const NAME: &str = "commentstart";

pub fn run(cx: &Cx<'_>, _: &Value) -> Result<Vec<Finding>, ConfigError> {
    let mut out = Vec::new();
    for f in cx.fields() {
        if super::is_inline(&f) {
            continue;
        }
        let json = &f.field.json_name;
        let Some(first) = f.markers().docs.iter().find(|d| !d.text.trim().is_empty()) else {
            out.push(
                f.finding(
                    NAME,
                    format!("field {} is missing godoc comment", f.qualified()),
                )
                .with_help(format!(
                    "document the field with a `///` comment that starts with `{json}`"
                )),
            );
            continue;
        };
        let text = first.text.trim_start();
        let word = text.split_whitespace().next().unwrap_or("");
        if word == json {
            continue;
        }
        let lead = first.text.len() - text.len();
        let start = first.text_range.start + lead;
        let fixable = word.eq_ignore_ascii_case(json);
        let mut finding = f
            .finding(
                NAME,
                format!(
                    "godoc for field {} should start with '{json} ...'",
                    f.qualified()
                ),
            )
            .with_fix_if(
                fixable,
                format!("replace the first word with `{json}`"),
                vec![Edit::replace(
                    &f.owner.file.path,
                    start..start + word.len(),
                    json.clone(),
                )],
            );
        if !fixable {
            finding = finding.with_help(format!(
                "start the doc comment with `{json}`, the field's name in YAML"
            ));
        }
        finding.location = first.location.clone();
        finding.location.column += first.text[..lead].chars().count();
        finding.span_len = word.chars().count().max(1);
        out.push(finding);
    }
    Ok(out)
}
