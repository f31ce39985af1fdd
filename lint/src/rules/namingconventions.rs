//! `namingconventions`: field names that match a configured pattern are
//! reported (`Inform`), or fixed by dropping the matched text (`Drop`), the
//! field (`DropField`, reported only: removing a Rust field breaks the code
//! that uses it in ways a text edit cannot follow), or replacing it
//! (`Replacement`). Rust reading: the pattern is matched against the Go
//! spelling of the field's name (its JSON name with the first letter
//! upper-cased, `FooTimestamp`); a fix renames the JSON name and the Rust
//! field with it. `nophase`, `notimestamp` and `noreferences` are
//! configurations of this rule.

use heck::ToUpperCamelCase;
use regex::Regex;
use serde::Deserialize;
use serde_json::Value;

use crate::context::Cx;
use crate::finding::Finding;
use crate::settings::{self, ConfigError};

pub const NAME: &str = "namingconventions";

/// One convention.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Convention {
    pub name: String,
    pub violation_matcher: String,
    pub operation: Operation,
    #[serde(default)]
    pub replacement: Option<String>,
    pub message: String,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum Operation {
    Inform,
    Drop,
    DropField,
    Replacement,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Settings {
    #[serde(default)]
    conventions: Vec<Convention>,
}

fn bad(message: String) -> ConfigError {
    ConfigError {
        file: "lintersConfig".to_owned(),
        message,
    }
}

pub fn run(cx: &Cx<'_>, settings: &Value) -> Result<Vec<Finding>, ConfigError> {
    let s: Settings = settings::read(NAME, settings)?;
    if s.conventions.is_empty() {
        return Err(bad(
            "`namingconventions`: at least one convention must be configured under `conventions`"
                .to_owned(),
        ));
    }
    check(NAME, cx, &s.conventions)
}

/// The findings of a list of conventions.
pub fn check(
    rule: &'static str,
    cx: &Cx<'_>,
    conventions: &[Convention],
) -> Result<Vec<Finding>, ConfigError> {
    let mut compiled = Vec::new();
    for c in conventions {
        let re = Regex::new(&c.violation_matcher).map_err(|e| {
            bad(format!("`{rule}`: convention `{}`: violationMatcher regular expression failed to compile: {e}", c.name))
        })?;
        match (c.operation, &c.replacement) {
            (Operation::Replacement, None) => {
                return Err(bad(format!(
                    "`{rule}`: convention `{}`: `replacement` is required with `Replacement`",
                    c.name
                )));
            }
            (Operation::Inform | Operation::Drop | Operation::DropField, Some(_)) => {
                return Err(bad(format!(
                    "`{rule}`: convention `{}`: `replacement` is only for `Replacement`",
                    c.name
                )));
            }
            _ => {}
        }
        compiled.push((c, re));
    }
    let mut out = Vec::new();
    for f in cx.fields() {
        if super::is_inline(&f) {
            continue;
        }
        let go_name = f.field.json_name.to_upper_camel_case();
        for (c, re) in &compiled {
            if !re.is_match(&go_name) {
                continue;
            }
            let finding = f.finding(
                rule,
                format!(
                    "naming convention \"{}\": field {}: {}",
                    c.name,
                    f.qualified(),
                    c.message
                ),
            );
            let replacement = match c.operation {
                Operation::Drop => Some(String::new()),
                Operation::Replacement => c.replacement.clone(),
                Operation::Inform | Operation::DropField => None,
            };
            let finding = match replacement {
                Some(with) => {
                    let renamed = re.replace_all(&go_name, with.as_str()).into_owned();
                    let mut json: Vec<char> = renamed.chars().collect();
                    if let Some(first) = json.first_mut() {
                        *first = first.to_ascii_lowercase();
                    }
                    let json: String = json.into_iter().collect();
                    if json.is_empty() {
                        finding
                    } else {
                        finding
                            .with_fix(format!("rename the field to `{json}`"), f.rename_to(&json))
                    }
                }
                None => finding,
            };
            out.push(finding);
        }
    }
    Ok(out)
}
