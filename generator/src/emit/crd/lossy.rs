//! Versions that would silently lose data. Without a conversion the API server
//! only rewrites `apiVersion` when an object moves between the versions of a
//! kind (written in one, stored in the storage version, read in another), so
//! every difference between their schemas is data that disappears, or an
//! object that a version's client cannot decode.
//!
//! The versions are compared on the structural schemas the CRD carries (the
//! types as the API server sees them, not their Rust spelling), each
//! non-storage version against the storage version, in both directions. Each
//! difference is an error at the field it concerns, unless the kind declares a
//! conversion or a field on the way is marked `+kubebuilder:conversion:lossless`.

use std::collections::BTreeMap;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool,
};

use super::CrdError;
use super::locate::{Source, Step, fields_along};

/// Root properties every version has from the API server, never compared.
const SERVER_OWNED: [&str; 3] = ["apiVersion", "kind", "metadata"];

/// One way data is lost moving an object from one version to another.
#[derive(Clone, Debug, PartialEq)]
enum Loss {
    /// The target version has no such field.
    Missing,
    /// Different types (`string` and `object`, ...).
    Retyped { from: String, to: String },
    /// The target requires a field the source does not have at all.
    RequiredAbsent,
    /// The target requires a field the source leaves optional.
    RequiredOptional,
    /// The target accepts fewer enum values.
    EnumNarrowed(Vec<String>),
    /// A tighter validation (`maxLength`, `pattern`, a CEL rule, ...).
    Stricter(String),
    /// The source keeps unknown fields here and the target prunes them.
    Pruned,
}

/// Where a loss is: the path from the root, and whether the target version's
/// field (a constraint) or the source version's (the data) is the place to show.
struct Found {
    path: Vec<OwnedStep>,
    loss: Loss,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum OwnedStep {
    Property(String),
    Items,
    MapValues,
}

impl OwnedStep {
    fn borrowed(&self) -> Step<'_> {
        match self {
            OwnedStep::Property(name) => Step::Property(name),
            OwnedStep::Items => Step::Items,
            OwnedStep::MapValues => Step::MapValues,
        }
    }
}

/// Errors for every difference between each served version and the storage
/// version of a kind without a declared conversion. `schemas[i]` is the schema
/// of `sources[i]`, `served[i]` whether it is served: the API server never
/// converts to or from a version nobody can read or write
/// (`+kubebuilder:unservedversion`), so it loses nothing.
pub(super) fn check(
    kind_name: &str,
    sources: &[Source<'_>],
    schemas: &[&JSONSchemaProps],
    served: &[bool],
    storage: usize,
) -> Vec<CrdError> {
    let mut errors = Vec::new();
    let compared = (0..sources.len()).filter(|&i| i != storage && served.get(i) != Some(&false));
    for i in compared {
        for (from, to) in [(i, storage), (storage, i)] {
            let mut found = Vec::new();
            compare(schemas[from], schemas[to], &mut Vec::new(), &mut found);
            for f in found {
                if acknowledged(&sources[from], &sources[to], &f.path) {
                    continue;
                }
                errors.push(error(kind_name, &sources[from], &sources[to], f));
            }
        }
    }
    errors
}

/// A `+kubebuilder:conversion:lossless` on a field along the path, in either version.
fn acknowledged(from: &Source<'_>, to: &Source<'_>, path: &[OwnedStep]) -> bool {
    [from, to].iter().any(|source| {
        fields_along(source, path.iter().map(OwnedStep::borrowed))
            .iter()
            .any(|f| f.lossless)
    })
}

fn error(kind_name: &str, from: &Source<'_>, to: &Source<'_>, found: Found) -> CrdError {
    let (a, b) = (&from.version.name, &to.version.name);
    let path = render(&found.path);
    let (verb, why, at_target) = match &found.loss {
        Loss::Missing => ("loses", format!("{b} has no such field"), false),
        Loss::Retyped { from: x, to: y } => (
            "loses",
            format!("it is {} in {a} and {} in {b}", article(x), article(y)),
            false,
        ),
        Loss::RequiredAbsent => (
            "leaves out",
            format!("{b} requires it and {a} has no such field"),
            true,
        ),
        Loss::RequiredOptional => (
            "may leave out",
            format!("{b} requires it and {a} does not"),
            true,
        ),
        Loss::EnumNarrowed(values) => (
            "may break",
            format!("{b} does not accept {} ({a} does)", values.join(", ")),
            true,
        ),
        Loss::Stricter(what) => ("may break", format!("{b} {what}"), true),
        Loss::Pruned => (
            "loses the unknown fields of",
            format!("{a} keeps them and {b} prunes them"),
            false,
        ),
    };
    let place = if at_target { to } else { from };
    let (location, span) =
        match fields_along(place, found.path.iter().map(OwnedStep::borrowed)).last() {
            Some(field) => (field.location.clone(), field.name.chars().count()),
            None => (place.kind.location.clone(), place.kind.name.chars().count()),
        };
    CrdError::new(
        &location,
        format!("converting `{kind_name}` from {a} to {b} {verb} `{path}`: {why}"),
    )
    .with_span(span)
    .with_help(format!(
        "without a conversion the API server only rewrites `apiVersion`: declare one \
         (`// +kubebuilder:conversion:strategy=Webhook` above `{kind_name}`, conversions in \
         Rust), or acknowledge a change that loses no data with \
         `// +kubebuilder:conversion:lossless` above the field"
    ))
}

fn article(ty: &str) -> String {
    match ty.chars().next() {
        Some('a' | 'e' | 'i' | 'o' | 'u') => format!("an {ty}"),
        _ => format!("a {ty}"),
    }
}

/// `spec.notify[*].url`, `spec.env.*`.
fn render(path: &[OwnedStep]) -> String {
    let mut out = String::new();
    for step in path {
        match step {
            OwnedStep::Property(name) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(name);
            }
            OwnedStep::Items => out.push_str("[*]"),
            OwnedStep::MapValues => out.push_str(".*"),
        }
    }
    out
}

/// What moving an object from schema `a` to schema `b` loses, below `path`.
fn compare(
    a: &JSONSchemaProps,
    b: &JSONSchemaProps,
    path: &mut Vec<OwnedStep>,
    out: &mut Vec<Found>,
) {
    let mut push = |path: &Vec<OwnedStep>, loss| {
        out.push(Found {
            path: path.clone(),
            loss,
        })
    };
    let (ta, tb) = (type_of(a), type_of(b));
    if ta != tb && tb != "any" {
        push(path, Loss::Retyped { from: ta, to: tb });
        return;
    }
    let tighter = stricter(a, b);
    if !tighter.is_empty() {
        push(path, Loss::Stricter(tighter.join(" and ")));
    }
    if let Some(values) = narrowed_enum(a, b) {
        push(path, Loss::EnumNarrowed(values));
    }
    if preserves_unknown(a) && !preserves_unknown(b) {
        push(path, Loss::Pruned);
    }
    let (pa, pb) = (properties(a), properties(b));
    let (ra, rb) = (required(a), required(b));
    let root = path.is_empty();
    for (name, sa) in &pa {
        if root && SERVER_OWNED.contains(&name.as_str()) {
            continue;
        }
        path.push(OwnedStep::Property((*name).clone()));
        match pb.get(name) {
            Some(sb) => compare(sa, sb, path, out),
            // A target that keeps unknown fields keeps this one too.
            None if preserves_unknown(b) => {}
            None => out.push(Found {
                path: path.clone(),
                loss: Loss::Missing,
            }),
        }
        path.pop();
    }
    for name in rb.iter().filter(|n| !ra.contains(n)) {
        path.push(OwnedStep::Property((*name).clone()));
        let loss = if pa.contains_key(*name) {
            Loss::RequiredOptional
        } else {
            Loss::RequiredAbsent
        };
        out.push(Found {
            path: path.clone(),
            loss,
        });
        path.pop();
    }
    if let (Some(ia), Some(ib)) = (items(a), items(b)) {
        path.push(OwnedStep::Items);
        compare(ia, ib, path, out);
        path.pop();
    }
    match (map_values(a), map_values(b)) {
        (Some(va), Some(vb)) => {
            path.push(OwnedStep::MapValues);
            compare(va, vb, path, out);
            path.pop();
        }
        (Some(_), None) if !preserves_unknown(b) => out.push(Found {
            path: path.clone(),
            loss: Loss::Stricter("accepts no map entries".to_owned()),
        }),
        _ => {}
    }
}

/// `string`, `integer`, ..., `int-or-string`, or `any` (no type: anything goes).
fn type_of(s: &JSONSchemaProps) -> String {
    if s.x_kubernetes_int_or_string == Some(true) {
        return "int-or-string".to_owned();
    }
    s.type_.clone().unwrap_or_else(|| "any".to_owned())
}

fn properties(s: &JSONSchemaProps) -> BTreeMap<&String, &JSONSchemaProps> {
    s.properties.iter().flatten().collect()
}

fn required(s: &JSONSchemaProps) -> Vec<&String> {
    s.required.iter().flatten().collect()
}

fn items(s: &JSONSchemaProps) -> Option<&JSONSchemaProps> {
    match s.items.as_ref()? {
        JSONSchemaPropsOrArray::Schema(item) => Some(item),
        JSONSchemaPropsOrArray::Schemas(items) => items.first(),
    }
}

fn map_values(s: &JSONSchemaProps) -> Option<&JSONSchemaProps> {
    match s.additional_properties.as_ref()? {
        JSONSchemaPropsOrBool::Schema(value) => Some(value),
        JSONSchemaPropsOrBool::Bool(_) => None,
    }
}

fn preserves_unknown(s: &JSONSchemaProps) -> bool {
    s.x_kubernetes_preserve_unknown_fields == Some(true)
}

/// The schema and the subschemas of its `allOf` (controller-gen puts a field's
/// and its type's validations there): every constraint that applies to a value.
fn constraints(s: &JSONSchemaProps) -> impl Iterator<Item = &JSONSchemaProps> {
    std::iter::once(s).chain(s.all_of.iter().flatten())
}

/// The enum values of `a` that `b` refuses, when `b` has an enum.
fn narrowed_enum(a: &JSONSchemaProps, b: &JSONSchemaProps) -> Option<Vec<String>> {
    let allowed = |s: &JSONSchemaProps| -> Option<Vec<serde_json::Value>> {
        constraints(s)
            .filter_map(|c| c.enum_.as_ref())
            .map(|values| values.iter().map(|v| v.0.clone()).collect::<Vec<_>>())
            .reduce(|x, y| x.into_iter().filter(|v| y.contains(v)).collect())
    };
    let in_b = allowed(b)?;
    let missing: Vec<String> = match allowed(a) {
        Some(in_a) => in_a
            .iter()
            .filter(|v| !in_b.contains(v))
            .map(|v| format!("`{v}`"))
            .collect(),
        // `a` takes any value; `b` only its list.
        None => vec![format!("values other than {}", list(&in_b))],
    };
    (!missing.is_empty()).then_some(missing)
}

fn list(values: &[serde_json::Value]) -> String {
    values
        .iter()
        .map(|v| format!("`{v}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The validations of `b` that are tighter than those of `a`, described.
fn stricter(a: &JSONSchemaProps, b: &JSONSchemaProps) -> Vec<String> {
    let mut out = Vec::new();
    let upper = |s: &JSONSchemaProps, get: fn(&JSONSchemaProps) -> Option<f64>| {
        constraints(s).filter_map(get).reduce(f64::min)
    };
    let lower = |s: &JSONSchemaProps, get: fn(&JSONSchemaProps) -> Option<f64>| {
        constraints(s).filter_map(get).reduce(f64::max)
    };
    type Get = fn(&JSONSchemaProps) -> Option<f64>;
    // `{}` is the limit of `b`.
    let uppers: [(&str, Get); 4] = [
        ("allows at most {}", |s| s.maximum),
        ("allows strings of at most {} characters", |s| {
            s.max_length.map(|n| n as f64)
        }),
        ("allows at most {} items", |s| s.max_items.map(|n| n as f64)),
        ("allows at most {} properties", |s| {
            s.max_properties.map(|n| n as f64)
        }),
    ];
    for (what, get) in uppers {
        if let Some(limit_b) = upper(b, get)
            && upper(a, get).is_none_or(|limit_a| limit_b < limit_a)
        {
            out.push(what.replace("{}", &limit_b.to_string()));
        }
    }
    let lowers: [(&str, Get); 4] = [
        ("allows at least {}", |s| s.minimum),
        ("allows strings of at least {} characters", |s| {
            s.min_length.map(|n| n as f64)
        }),
        ("allows at least {} items", |s| {
            s.min_items.map(|n| n as f64)
        }),
        ("allows at least {} properties", |s| {
            s.min_properties.map(|n| n as f64)
        }),
    ];
    for (what, get) in lowers {
        if let Some(limit_b) = lower(b, get)
            && lower(a, get).is_none_or(|limit_a| limit_b > limit_a)
        {
            out.push(what.replace("{}", &limit_b.to_string()));
        }
    }
    let set = |s: &JSONSchemaProps, get: fn(&JSONSchemaProps) -> Vec<String>| -> Vec<String> {
        constraints(s).flat_map(get).collect()
    };
    type Texts = fn(&JSONSchemaProps) -> Vec<String>;
    let texts: [(&str, Texts); 3] = [
        ("requires the pattern", |s| {
            s.pattern.iter().cloned().collect()
        }),
        ("requires the format", |s| {
            s.format
                .iter()
                .filter(|f| !matches!(f.as_str(), "int32" | "int64" | "double" | "float"))
                .cloned()
                .collect()
        }),
        ("checks the rule", |s| {
            s.x_kubernetes_validations
                .iter()
                .flatten()
                .map(|r| r.rule.clone())
                .collect()
        }),
    ];
    for (what, get) in texts {
        let in_a = set(a, get);
        for text in set(b, get).into_iter().filter(|t| !in_a.contains(t)) {
            out.push(format!("{what} `{text}`"));
        }
    }
    if type_of(a) == "integer"
        && a.format.as_deref() != Some("int32")
        && b.format.as_deref() == Some("int32")
    {
        out.push("holds 32-bit integers only".to_owned());
    }
    if a.nullable == Some(true) && b.nullable != Some(true) {
        out.push("does not accept `null`".to_owned());
    }
    if a.unique_items != Some(true) && b.unique_items == Some(true) {
        out.push("requires unique items".to_owned());
    }
    out
}
