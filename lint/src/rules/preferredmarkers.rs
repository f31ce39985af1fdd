//! `preferredmarkers`: one spelling of equivalent markers. Configured only.
//! Fix: the first equivalent marker becomes the preferred one (its
//! expression kept, `:=` written `=`), the others are removed.

use serde::Deserialize;
use serde_json::Value;

use crate::context::{Cx, remove_marker, replace_marker};
use crate::finding::{Edit, Finding};
use crate::settings::{self, ConfigError};
use crate::source::{Attached, LintMarker};

pub const NAME: &str = "preferredmarkers";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Settings {
    #[serde(default)]
    markers: Vec<Preferred>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Preferred {
    preferred_identifier: String,
    equivalent_identifiers: Vec<Equivalent>,
    #[serde(default)]
    message: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Equivalent {
    identifier: String,
}

fn found<'a>(attached: &'a Attached, p: &Preferred) -> Vec<&'a LintMarker> {
    attached
        .markers
        .iter()
        .filter(|m| {
            p.equivalent_identifiers
                .iter()
                .any(|e| e.identifier == m.identifier)
        })
        .collect()
}

fn describe(what: &str, name: &str, p: &Preferred, found: &[&LintMarker]) -> String {
    let names: Vec<String> = found
        .iter()
        .map(|m| format!("\"{}\"", m.identifier))
        .collect();
    let noun = if found.len() == 1 {
        "marker"
    } else {
        "markers"
    };
    let mut message = format!(
        "{what} {name} uses {noun} {}, should use preferred marker \"{}\" instead",
        names.join(", "),
        p.preferred_identifier
    );
    if let Some(extra) = &p.message {
        message.push_str(&format!(": {extra}"));
    }
    message
}

fn edits(
    file: &std::path::Path,
    attached: &Attached,
    p: &Preferred,
    found: &[&LintMarker],
) -> Vec<Edit> {
    if attached.has(&p.preferred_identifier) {
        return found.iter().map(|m| remove_marker(file, m)).collect();
    }
    let mut out = vec![replace_marker(file, found[0], &p.preferred_identifier)];
    out.extend(found[1..].iter().map(|m| remove_marker(file, m)));
    out
}

pub fn run(cx: &Cx<'_>, settings: &Value) -> Result<Vec<Finding>, ConfigError> {
    let s: Settings = settings::read(NAME, settings)?;
    if s.markers.is_empty() {
        return Err(ConfigError {
            file: "lintersConfig".to_owned(),
            message: "`preferredmarkers`: at least one marker must be configured under `markers`"
                .to_owned(),
        });
    }
    let mut out = Vec::new();
    for t in cx.types() {
        for p in &s.markers {
            let found = found(t.markers(), p);
            if found.is_empty() {
                continue;
            }
            let fix = format!("replace with \"{}\"", p.preferred_identifier);
            let f = t
                .finding(NAME, describe("type", &t.ty.name, p, &found))
                .with_fix(fix, edits(&t.file.path, t.markers(), p, &found));
            out.push(f);
        }
    }
    for f in cx.fields() {
        for p in &s.markers {
            let found = found(f.markers(), p);
            if found.is_empty() {
                continue;
            }
            let fix = format!("replace with \"{}\"", p.preferred_identifier);
            out.push(
                f.finding_at(NAME, describe("field", &f.qualified(), p, &found), found[0])
                    .with_fix(fix, edits(&f.owner.file.path, f.markers(), p, &found)),
            );
        }
    }
    Ok(out)
}
