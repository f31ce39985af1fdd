//! Finds the RBAC markers in every `.rs` file under a directory, in any
//! `//`, `///` or `//!` comment (controller-gen reads Go comments anywhere in a
//! package the same way), and tells a misspelt RBAC marker from the markers of
//! the other generators.

use std::path::{Path, PathBuf};

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::Location;
use crate::parse::comments::Comments;
use crate::parse::marker_registry::{self, MarkerId};
use crate::parse::markers::{RawMarker, raw_marker};
use crate::parse::suggest;

use super::Rule;
use super::marker::{NAME, parse_rule};

/// The rules of a directory, in file and line order.
pub(super) struct Scanned {
    pub rules: Vec<Rule>,
    pub warnings: Diagnostics,
    pub files: Vec<PathBuf>,
}

/// Reads every `.rs` file under `dir` (sorted, so output and diagnostics are
/// stable) and parses its RBAC markers.
pub(super) fn scan_dir(dir: &Path) -> Result<Scanned, Diagnostics> {
    let files = rust_files(dir).map_err(|e| io_error(dir, &e))?;
    let mut scanned = Scanned {
        rules: Vec::new(),
        warnings: Diagnostics::new(),
        files: Vec::new(),
    };
    let mut errors = Diagnostics::new();
    for path in files {
        let text = std::fs::read_to_string(&path).map_err(|e| io_error(&path, &e))?;
        // A byte-order mark would shift every column of the first line.
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        for comment in Comments::scan(text).all() {
            let Some(raw) = raw_marker(comment, &path) else {
                continue;
            };
            let source_line = text.lines().nth(comment.line - 1).unwrap_or_default();
            match classify(&raw) {
                Kind::Rbac => match parse_rule(&raw) {
                    Ok(rule) => scanned.rules.push(rule),
                    Err(diags) => {
                        errors.extend(diags.into_iter().map(|d| d.with_source_line(source_line)))
                    }
                },
                Kind::Misspelt(d) => errors.push(d.with_source_line(source_line)),
                Kind::Foreign(d) => scanned.warnings.push(d.with_source_line(source_line)),
                Kind::Other => {}
            }
        }
        scanned.files.push(path);
    }
    if errors.is_empty() {
        Ok(scanned)
    } else {
        Err(errors)
    }
}

/// What a marker found in controller code is to the RBAC generator.
enum Kind {
    /// `+kubebuilder:rbac...`: ours.
    Rbac,
    /// Close enough to `+kubebuilder:rbac` to be a typo of it: an error, since
    /// dropping it would silently withhold a permission.
    Misspelt(Diagnostic),
    /// A marker no generator of ours uses in controller code: a warning that
    /// it is ignored.
    Foreign(Diagnostic),
    /// A marker of the type generator (`+genclient`, ...): not ours to judge.
    Other,
}

/// How many edits from `kubebuilder:rbac` a marker name may be to count as a
/// typo of it (`kubebuilder:rback`, `kubebuilder:rabc`, `kubebuider:rbac`).
const MAX_TYPO: usize = 3;

fn classify(raw: &RawMarker) -> Kind {
    let body = &raw.text[1..];
    let name_end = body
        .find(|c: char| c == '=' || c.is_whitespace())
        .unwrap_or(body.len());
    let name = &body[..name_end];
    // `kubebuilder:rbac:groups` → `kubebuilder:rbac`: the name is two parts.
    let head: Vec<&str> = name.splitn(3, ':').take(2).collect();
    let head = head.join(":");
    if head == NAME {
        return Kind::Rbac;
    }
    let span = raw.text.chars().count();
    let known = marker_registry::lookup(body);
    if known.is_some_and(|d| d.id != MarkerId::Foreign) {
        return Kind::Other;
    }
    if known.is_none() && suggest::edit_distance(&head.to_lowercase(), NAME) <= MAX_TYPO {
        return Kind::Misspelt(
            Diagnostic::error(format!("unknown marker `+{head}`"), raw.location.clone())
                .with_span(span)
                .with_help(format!("did you mean `+{NAME}`?")),
        );
    }
    let name = known.map_or(name, |d| d.name);
    Kind::Foreign(
        Diagnostic::warning(
            format!("`+{name}` is not an RBAC marker; ignored"),
            raw.location.clone(),
        )
        .with_span(span)
        .with_help(format!(
            "the RBAC generator reads `+{NAME}:groups=...,resources=...,verbs=...` markers only"
        )),
    )
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
