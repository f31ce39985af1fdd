//! `duplicatemarkers`: the same marker written twice, exactly (the generator
//! reads such a pair as one). Fix: the duplicates are removed; between a
//! field and the type it names, the field's copy goes.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::context::{Cx, remove_marker};
use crate::finding::Finding;
use crate::settings::ConfigError;
use crate::source::LintMarker;

pub const NAME: &str = "duplicatemarkers";

/// The second and later copies of each marker.
fn duplicates<'a>(markers: impl Iterator<Item = &'a LintMarker>) -> Vec<&'a LintMarker> {
    let mut seen = BTreeSet::new();
    markers.filter(|m| !seen.insert(m.normalized())).collect()
}

pub fn run(cx: &Cx<'_>, _: &Value) -> Result<Vec<Finding>, ConfigError> {
    let mut out = Vec::new();
    for t in cx.types() {
        for m in duplicates(t.markers().markers.iter()) {
            let f = t
                .finding(
                    NAME,
                    format!("{} has duplicated markers {}", t.ty.name, m.normalized()),
                )
                .with_fix(
                    format!("remove the duplicated `{}`", m.text),
                    vec![remove_marker(&t.file.path, m)],
                );
            out.push(f);
        }
    }
    for f in cx.fields() {
        let mut dups = duplicates(f.markers().markers.iter());
        if let Some(named) = f.named_type() {
            let on_type: BTreeSet<String> = named
                .markers()
                .markers
                .iter()
                .map(|m| m.normalized())
                .collect();
            for m in &f.markers().markers {
                if on_type.contains(&m.normalized()) && !dups.iter().any(|d| std::ptr::eq(*d, m)) {
                    dups.push(m);
                }
            }
        }
        for m in dups {
            out.push(
                f.finding_at(
                    NAME,
                    format!(
                        "{} has duplicated markers {}",
                        f.qualified(),
                        m.normalized()
                    ),
                    m,
                )
                .with_fix(
                    format!("remove the duplicated `{}`", m.text),
                    vec![remove_marker(&f.owner.file.path, m)],
                ),
            );
        }
    }
    Ok(out)
}
