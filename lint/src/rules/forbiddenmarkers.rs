//! `forbiddenmarkers`: markers a project does not want, by identifier and
//! optionally by attribute values. Configured only. Fix: the marker's line
//! is removed.

use serde::Deserialize;
use serde_json::Value;

use crate::context::{Cx, remove_marker};
use crate::finding::Finding;
use crate::settings::{self, ConfigError};
use crate::source::LintMarker;

pub const NAME: &str = "forbiddenmarkers";

/// One forbidden marker.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Forbidden {
    pub identifier: String,
    #[serde(default)]
    pub rule_sets: Vec<RuleSet>,
}

/// Attributes that must all match for the marker to be forbidden.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSet {
    #[serde(default)]
    pub attributes: Vec<Attribute>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attribute {
    pub name: String,
    #[serde(default)]
    pub values: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Settings {
    #[serde(default)]
    markers: Vec<Forbidden>,
}

pub fn run(cx: &Cx<'_>, settings: &Value) -> Result<Vec<Finding>, ConfigError> {
    let s: Settings = settings::read(NAME, settings)?;
    if s.markers.is_empty() {
        return Err(ConfigError {
            file: "lintersConfig".to_owned(),
            message: "`forbiddenmarkers`: at least one marker must be configured under `markers`"
                .to_owned(),
        });
    }
    Ok(check(NAME, cx, &s.markers))
}

fn forbidden(m: &LintMarker, list: &[Forbidden]) -> bool {
    list.iter().any(|f| {
        f.identifier == m.identifier
            && (f.rule_sets.is_empty()
                || f.rule_sets.iter().any(|set| {
                    let args = m.args();
                    set.attributes.iter().all(|a| {
                        args.get(&a.name)
                            .is_some_and(|v| a.values.is_empty() || a.values.contains(v))
                    })
                }))
    })
}

/// The findings of a list of forbidden markers, on types and fields.
pub fn check(rule: &'static str, cx: &Cx<'_>, list: &[Forbidden]) -> Vec<Finding> {
    let mut out = Vec::new();
    for t in cx.types() {
        for m in t.markers().markers.iter().filter(|m| forbidden(m, list)) {
            let shown = m.text[1..].to_owned();
            let f = t
                .finding(
                    rule,
                    format!("type {} has forbidden marker \"{shown}\"", t.ty.name),
                )
                .with_fix(
                    format!("remove forbidden marker \"{shown}\""),
                    vec![remove_marker(&t.file.path, m)],
                );
            out.push(f);
        }
    }
    for f in cx.fields() {
        for m in f.markers().markers.iter().filter(|m| forbidden(m, list)) {
            let shown = m.text[1..].to_owned();
            out.push(
                f.finding_at(
                    rule,
                    format!("field {} has forbidden marker \"{shown}\"", f.qualified()),
                    m,
                )
                .with_fix(
                    format!("remove forbidden marker \"{shown}\""),
                    vec![remove_marker(&f.owner.file.path, m)],
                ),
            );
        }
    }
    out
}
