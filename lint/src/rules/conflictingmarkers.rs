//! `conflictingmarkers`: markers from two or more configured sets on one
//! field (with the markers of the type it names). Configured only.

use serde::Deserialize;
use serde_json::Value;

use crate::context::{Cx, FieldView};
use crate::finding::Finding;
use crate::settings::{self, ConfigError};

pub const NAME: &str = "conflictingmarkers";

/// One conflict: sets of markers that exclude each other.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Conflict {
    pub name: String,
    pub sets: Vec<Vec<String>>,
    #[serde(default)]
    pub description: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Settings {
    #[serde(default)]
    conflicts: Vec<Conflict>,
}

pub fn run(cx: &Cx<'_>, settings: &Value) -> Result<Vec<Finding>, ConfigError> {
    let s: Settings = settings::read(NAME, settings)?;
    if s.conflicts.is_empty() {
        return Err(ConfigError {
            file: "lintersConfig".to_owned(),
            message:
                "`conflictingmarkers`: at least one conflict must be configured under `conflicts`"
                    .to_owned(),
        });
    }
    let mut out = Vec::new();
    for f in cx.fields() {
        for c in &s.conflicts {
            if let Some(finding) = check(NAME, &f, c) {
                out.push(finding);
            }
        }
    }
    Ok(out)
}

/// The finding of one conflict at a field, if its markers are in two sets.
pub fn check(rule: &'static str, f: &FieldView<'_>, c: &Conflict) -> Option<Finding> {
    let markers = f.all_markers();
    let present: Vec<Vec<&str>> = c
        .sets
        .iter()
        .map(|set| {
            set.iter()
                .filter(|m| markers.iter().any(|x| x.identifier == **m))
                .map(String::as_str)
                .collect::<Vec<_>>()
        })
        .filter(|found| !found.is_empty())
        .collect();
    if present.len() < 2 {
        return None;
    }
    let sets: Vec<String> = present
        .iter()
        .map(|s| format!("[{}]", s.join(" ")))
        .collect();
    Some(
        f.finding(
            rule,
            format!(
                "field {} has conflicting markers: {}: {{{}}}. {}",
                f.qualified(),
                c.name,
                sets.join(", "),
                c.description
            ),
        )
        .with_help("keep the markers of one set"),
    )
}
