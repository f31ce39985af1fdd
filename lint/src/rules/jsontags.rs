//! `jsontags`: a field's serialized name is camelCase (KAL's pattern allows
//! acronyms: `requestTTL`), and optionally the camelCase of the field's
//! name. Rust reading: the JSON name serde gives the field (`rename`,
//! `rename_all`); a Go field without a json tag has no Rust counterpart
//! (serde always names a field). Fix (`fieldNameMatch: SuggestFix`): the
//! `rename` is set to the expected name.

use heck::ToLowerCamelCase;
use regex::Regex;
use serde::Deserialize;
use serde_json::Value;

use crate::context::Cx;
use crate::finding::Finding;
use crate::settings::{self, ConfigError};

pub const NAME: &str = "jsontags";
const PATTERN: &str = "^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Settings {
    #[serde(default, rename = "jsonTagRegex")]
    json_tag_regex: Option<String>,
    #[serde(default)]
    field_name_match: Option<String>,
}

pub fn run(cx: &Cx<'_>, settings: &Value) -> Result<Vec<Finding>, ConfigError> {
    let s: Settings = settings::read(NAME, settings)?;
    let pattern = s.json_tag_regex.as_deref().unwrap_or(PATTERN);
    let re = Regex::new(pattern).map_err(|e| ConfigError {
        file: "lintersConfig".to_owned(),
        message: format!("`jsontags.jsonTagRegex`: invalid regex: {e}"),
    })?;
    let name_match = s.field_name_match.as_deref().unwrap_or("Ignore");
    let mut out = Vec::new();
    for f in cx.fields() {
        if super::is_inline(&f) {
            continue;
        }
        let q = f.qualified();
        let json = &f.field.json_name;
        if !re.is_match(json) {
            let help = if f.owner.as_struct().is_some_and(|s| s.rename_all.is_none())
                && json.contains('_')
            {
                format!(
                    "add `#[serde(rename_all = \"camelCase\")]` to `{}`",
                    f.owner.ty.name
                )
            } else {
                "rename the field with `#[serde(rename = \"...\")]`".to_owned()
            };
            out.push(
                f.finding(
                    NAME,
                    format!("field {q} json tag does not match pattern \"{pattern}\": {json}"),
                )
                .with_help(help),
            );
            continue;
        }
        if name_match == "Ignore" {
            continue;
        }
        let expected = f.field.name.trim_start_matches("r#").to_lower_camel_case();
        if expected.eq_ignore_ascii_case(json) || expected == *json {
            continue;
        }
        out.push(
            f.finding(NAME, format!("field {q} json tag should match the camelCase field name \"{expected}\": got \"{json}\""))
                .with_fix_if(name_match == "SuggestFix", format!("replace json tag name with \"{expected}\""), f.rename_to(&expected)),
        );
    }
    Ok(out)
}
