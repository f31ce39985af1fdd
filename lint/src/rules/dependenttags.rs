//! `dependenttags`: a marker that needs others beside it (all of them, or
//! any one). Configured only.

use serde::Deserialize;
use serde_json::Value;

use crate::context::Cx;
use crate::finding::Finding;
use crate::settings::{self, ConfigError};

pub const NAME: &str = "dependenttags";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Settings {
    #[serde(default)]
    rules: Vec<Rule>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Rule {
    identifier: String,
    #[serde(rename = "type")]
    kind: Kind,
    depends_on: Vec<String>,
}

#[derive(Debug, Deserialize)]
enum Kind {
    All,
    Any,
}

pub fn run(cx: &Cx<'_>, settings: &Value) -> Result<Vec<Finding>, ConfigError> {
    let s: Settings = settings::read(NAME, settings)?;
    if s.rules.is_empty() {
        return Err(ConfigError {
            file: "lintersConfig".to_owned(),
            message: "`dependenttags`: at least one rule must be configured under `rules`"
                .to_owned(),
        });
    }
    let mut out = Vec::new();
    for f in cx.fields() {
        for rule in &s.rules {
            if !f.has_marker(&rule.identifier) {
                continue;
            }
            let missing: Vec<String> = rule
                .depends_on
                .iter()
                .filter(|d| !f.has_marker(d))
                .map(|d| format!("+{d}"))
                .collect();
            let message = match rule.kind {
                Kind::All if !missing.is_empty() => format!(
                    "field {} with marker +{} is missing required marker(s): {}",
                    f.qualified(),
                    rule.identifier,
                    missing.join(", ")
                ),
                Kind::Any if missing.len() == rule.depends_on.len() => format!(
                    "field {} with marker +{} requires at least one of the following markers, but none were found: {}",
                    f.qualified(),
                    rule.identifier,
                    missing.join(", ")
                ),
                _ => continue,
            };
            out.push(f.finding(NAME, message));
        }
    }
    Ok(out)
}
