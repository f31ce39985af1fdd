//! `uniquemarkers`: markers that mean one value are written once on a
//! field or type (KAL's list of them, plus configured ones, which may count
//! markers with different other attributes as distinct). The generator
//! takes the last of two differing copies with a warning; this says it is
//! an error. No fix: which copy was meant is not known.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use crate::context::Cx;
use crate::finding::Finding;
use crate::settings::{self, ConfigError};
use crate::source::LintMarker;

pub const NAME: &str = "uniquemarkers";

const UNIQUE: &[&str] = &[
    "default",
    "kubebuilder:default",
    "kubebuilder:example",
    "kubebuilder:validation:Enum",
    "kubebuilder:validation:ExclusiveMaximum",
    "kubebuilder:validation:ExclusiveMinimum",
    "kubebuilder:validation:Format",
    "kubebuilder:validation:MaxItems",
    "kubebuilder:validation:MaxLength",
    "kubebuilder:validation:MaxProperties",
    "kubebuilder:validation:Maximum",
    "kubebuilder:validation:MinItems",
    "kubebuilder:validation:MinLength",
    "kubebuilder:validation:MinProperties",
    "kubebuilder:validation:Minimum",
    "kubebuilder:validation:MultipleOf",
    "kubebuilder:validation:Pattern",
    "kubebuilder:validation:Type",
    "kubebuilder:validation:UniqueItems",
    "kubebuilder:validation:items:Enum",
    "kubebuilder:validation:items:Format",
    "kubebuilder:validation:items:MaxLength",
    "kubebuilder:validation:items:MaxItems",
    "kubebuilder:validation:items:MaxProperties",
    "kubebuilder:validation:items:Maximum",
    "kubebuilder:validation:items:MinLength",
    "kubebuilder:validation:items:MinItems",
    "kubebuilder:validation:items:MinProperties",
    "kubebuilder:validation:items:Minimum",
    "kubebuilder:validation:items:ExclusiveMaximum",
    "kubebuilder:validation:items:ExclusiveMinimum",
    "kubebuilder:validation:items:MultipleOf",
    "kubebuilder:validation:items:Pattern",
    "kubebuilder:validation:items:Type",
    "kubebuilder:validation:items:UniqueItems",
    "listType",
    "k8s:listType",
    "mapType",
    "structType",
];

/// Markers whose attributes tell copies apart (XValidation by its rule).
const BY_ATTRIBUTES: &[(&str, &[&str])] = &[
    ("kubebuilder:validation:XValidation", &["rule"]),
    ("kubebuilder:validation:items:XValidation", &["rule"]),
];

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Settings {
    #[serde(default)]
    custom_markers: Vec<Custom>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Custom {
    identifier: String,
    #[serde(default)]
    attributes: Vec<String>,
}

/// The key two copies share when they count as one marker: the identifier,
/// with the listed attributes' values.
fn key(m: &LintMarker, attributes: &[String]) -> String {
    if attributes.is_empty() {
        return m.identifier.clone();
    }
    let args = m.args();
    let parts: Vec<String> = attributes
        .iter()
        .map(|a| format!("{a}={}", args.get(a).map_or("", String::as_str)))
        .collect();
    format!("{}:{}", m.identifier, parts.join(","))
}

fn repeated<'a>(
    markers: &'a [LintMarker],
    unique: &BTreeMap<String, Vec<String>>,
) -> Vec<(String, &'a LintMarker)> {
    let mut counts: BTreeMap<String, Vec<&LintMarker>> = BTreeMap::new();
    for m in markers {
        if let Some(attrs) = unique.get(&m.identifier) {
            counts.entry(key(m, attrs)).or_default().push(m);
        }
    }
    counts
        .into_iter()
        .filter(|(_, ms)| ms.len() > 1)
        .map(|(k, ms)| (k, ms[1]))
        .collect()
}

pub fn run(cx: &Cx<'_>, settings: &Value) -> Result<Vec<Finding>, ConfigError> {
    let s: Settings = settings::read(NAME, settings)?;
    let mut unique: BTreeMap<String, Vec<String>> = UNIQUE
        .iter()
        .map(|m| ((*m).to_owned(), Vec::new()))
        .collect();
    for (m, attrs) in BY_ATTRIBUTES {
        unique.insert(
            (*m).to_owned(),
            attrs.iter().map(|a| (*a).to_owned()).collect(),
        );
    }
    for c in s.custom_markers {
        unique.insert(c.identifier, c.attributes);
    }
    let mut out = Vec::new();
    for t in cx.types() {
        for (k, _) in repeated(&t.markers().markers, &unique) {
            let f = t.finding(
                NAME,
                format!("type {} has multiple definitions of marker {k} when only a single definition should exist", t.ty.name),
            );
            out.push(f.with_help("keep one of them"));
        }
    }
    for f in cx.fields() {
        // The field's markers and its named type's count together, as KAL's do.
        let all: Vec<LintMarker> = f.all_markers().into_iter().cloned().collect();
        for (k, m) in repeated(&all, &unique) {
            out.push(
                f.finding_at(
                    NAME,
                    format!("field {} has multiple definitions of marker {k} when only a single definition should exist", f.qualified()),
                    m,
                )
                .with_help("keep one of them"),
            );
        }
    }
    Ok(out)
}
