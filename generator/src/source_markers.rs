//! Markers of controller code, shared by the generators that read them (RBAC,
//! webhooks): every `+marker` line of any `//`, `///` or `//!` comment of every
//! `.rs` file under a directory (controller-gen reads Go comments anywhere in a
//! package the same way), and which generator each marker belongs to.
//!
//! A marker that is close to one of a generator's names is a typo of it, an
//! error (dropping it would silently lose what it declares); a marker of the
//! type generator (`+genclient`, ...) or of the other source generator is not
//! the generator's business; any other marker is ignored with a warning.

use std::path::{Path, PathBuf};

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::Location;
use crate::parse::comments::Comments;
use crate::parse::marker_registry::{self, MarkerId};
use crate::parse::markers::{RawMarker, raw_marker};
use crate::parse::suggest;

/// A generator that reads markers from controller code.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct SourceGenerator {
    /// One of its markers, for messages: `an RBAC marker`.
    pub a_marker: &'static str,
    /// The marker names it reads (without `+`), each taking `:key=value` arguments.
    pub names: &'static [&'static str],
    /// The help for markers it ignores: what it reads instead.
    pub reads: &'static str,
}

/// controller-gen's `rbac` generator.
pub(crate) static RBAC: SourceGenerator = SourceGenerator {
    a_marker: "an RBAC marker",
    names: &["kubebuilder:rbac"],
    reads: "the RBAC generator reads `+kubebuilder:rbac:groups=...,resources=...,verbs=...` markers only",
};

/// controller-gen's `webhook` generator.
pub(crate) static WEBHOOK: SourceGenerator = SourceGenerator {
    a_marker: "a webhook marker",
    names: &["kubebuilder:webhook", "kubebuilder:webhookconfiguration"],
    reads: "the webhook generator reads `+kubebuilder:webhook:...` and \
            `+kubebuilder:webhookconfiguration:...` markers only",
};

static ALL: [&SourceGenerator; 2] = [&RBAC, &WEBHOOK];

/// One marker line of a source file.
pub(crate) struct SourceMarker {
    pub raw: RawMarker,
    /// The text of its line, for diagnostics.
    pub source_line: String,
}

/// The markers of a directory, in file and line order.
pub(crate) struct Scanned {
    pub markers: Vec<SourceMarker>,
    /// The `.rs` files read, sorted.
    pub files: Vec<PathBuf>,
}

/// Reads every `.rs` file under `dir` (sorted, so output and diagnostics are
/// stable) and collects its marker lines.
pub(crate) fn scan_dir(dir: &Path) -> Result<Scanned, Diagnostics> {
    let files = rust_files(dir).map_err(|e| io_error(dir, &e))?;
    let mut markers = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).map_err(|e| io_error(path, &e))?;
        // A byte-order mark would shift every column of the first line.
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        for comment in Comments::scan(text).all() {
            let Some(raw) = raw_marker(comment, path) else {
                continue;
            };
            let source_line = text
                .lines()
                .nth(comment.line - 1)
                .unwrap_or_default()
                .to_owned();
            markers.push(SourceMarker { raw, source_line });
        }
    }
    Ok(Scanned { markers, files })
}

/// What a marker found in controller code is to one generator.
pub(crate) enum Kind {
    /// One of its markers: the name it has (one of [`SourceGenerator::names`]).
    Ours(&'static str),
    /// Close enough to one of its names to be a typo of it: an error.
    Misspelt(Diagnostic),
    /// A marker no generator of ours reads from controller code: a warning
    /// that it is ignored.
    Foreign(Diagnostic),
    /// A marker of the type generator (`+genclient`, ...) or of another
    /// source generator: not this generator's to judge.
    Other,
}

/// How many edits from one of a generator's names a marker name may be to
/// count as a typo of it (`kubebuilder:rback`, `kubebuider:webhook`).
const MAX_TYPO: usize = 3;

/// What `raw` is to `generator`.
pub(crate) fn classify(raw: &RawMarker, generator: &SourceGenerator) -> Kind {
    let body = &raw.text[1..];
    let name_end = body
        .find(|c: char| c == '=' || c.is_whitespace())
        .unwrap_or(body.len());
    let name = &body[..name_end];
    // `kubebuilder:rbac:groups` → `kubebuilder:rbac`: every name is two parts.
    let head = name.splitn(3, ':').take(2).collect::<Vec<_>>().join(":");
    if let Some(ours) = generator.names.iter().find(|n| **n == head) {
        return Kind::Ours(ours);
    }
    if ALL
        .iter()
        .any(|other| *other != generator && other.names.contains(&head.as_str()))
    {
        return Kind::Other;
    }
    let span = raw.text.chars().count();
    let known = marker_registry::lookup(body);
    if known.is_some_and(|d| d.id != MarkerId::Foreign) {
        return Kind::Other;
    }
    if known.is_none()
        && let Some(meant) = typo_of(&head, generator)
    {
        return Kind::Misspelt(
            Diagnostic::error(format!("unknown marker `+{head}`"), raw.location.clone())
                .with_span(span)
                .with_help(format!("did you mean `+{meant}`?")),
        );
    }
    let name = known.map_or(name, |d| d.name);
    Kind::Foreign(
        Diagnostic::warning(
            format!("`+{name}` is not {}; ignored", generator.a_marker),
            raw.location.clone(),
        )
        .with_span(span)
        .with_help(generator.reads),
    )
}

/// The name of `generator` that `head` misspells, if it plausibly does: a few
/// edits away (case aside), cut short (`kubebuilder:webhookconfig`), or with
/// something added (`kubebuilder:webhooks`).
fn typo_of(head: &str, generator: &SourceGenerator) -> Option<&'static str> {
    let lower = head.to_lowercase();
    let (distance, closest) = generator
        .names
        .iter()
        .map(|name| (suggest::edit_distance(&lower, name), *name))
        .min()?;
    if distance <= MAX_TYPO {
        return Some(closest);
    }
    let names = generator.names.iter().copied();
    names
        .clone()
        .find(|name| name.starts_with(&lower))
        .or_else(|| {
            names
                .filter(|name| lower.starts_with(name))
                .max_by_key(|name| name.len())
        })
}

/// `.rs` files under `dir`, recursively, sorted by path.
fn rust_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}

fn io_error(path: &Path, error: &std::io::Error) -> Diagnostics {
    Diagnostic::error(
        format!("cannot read {}: {error}", path.display()),
        Location {
            file: path.to_path_buf(),
            line: 0,
            column: 0,
        },
    )
    .with_help("`--source-dir` names a directory of Rust sources, e.g. `controller/src`")
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(text: &str) -> RawMarker {
        RawMarker {
            text: text.to_owned(),
            location: Location {
                file: "f.rs".into(),
                line: 1,
                column: 4,
            },
        }
    }

    fn kind(text: &str, generator: &SourceGenerator) -> &'static str {
        match classify(&raw(text), generator) {
            Kind::Ours(_) => "ours",
            Kind::Misspelt(_) => "misspelt",
            Kind::Foreign(_) => "foreign",
            Kind::Other => "other",
        }
    }

    #[test]
    fn each_generator_leaves_the_others_markers_alone() {
        let webhook = "+kubebuilder:webhook:path=/x,mutating=true";
        let config = "+kubebuilder:webhookconfiguration:mutating=true,name=x";
        let rbac = "+kubebuilder:rbac:groups=apps,resources=x,verbs=get";
        assert_eq!(kind(webhook, &WEBHOOK), "ours");
        assert_eq!(kind(config, &WEBHOOK), "ours");
        assert_eq!(kind(rbac, &WEBHOOK), "other");
        assert_eq!(kind(rbac, &RBAC), "ours");
        assert_eq!(kind(webhook, &RBAC), "other");
        assert_eq!(kind("+genclient", &WEBHOOK), "other");
        // Another tool's marker that says nothing here: silent, as in type files.
        assert_eq!(kind("+k8s:openapi-gen=true", &WEBHOOK), "other");
        assert_eq!(kind("+patchStrategy=merge", &WEBHOOK), "foreign");
    }

    #[test]
    fn typos_are_told_from_other_markers() {
        for typo in [
            "+kubebuilder:webhok:path=/x",
            "+kubebuilder:Webhook:path=/x",
            "+kubebuilder:webhooks:path=/x",
            "+kubebuilder:webhookconfig:mutating=true",
            "+kubebuilder:webhook-configuration:mutating=true",
        ] {
            assert_eq!(kind(typo, &WEBHOOK), "misspelt", "{typo}");
        }
        let Kind::Misspelt(d) = classify(&raw("+kubebuilder:webhookconfig:name=x"), &WEBHOOK)
        else {
            panic!("a typo");
        };
        assert_eq!(
            d.help.as_deref(),
            Some("did you mean `+kubebuilder:webhookconfiguration`?")
        );
        assert_eq!(kind("+kubebuilder:rabc:groups=x", &RBAC), "misspelt");
    }
}
