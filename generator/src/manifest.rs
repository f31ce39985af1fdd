//! An output crate's `Cargo.toml` as the generator reads it: its text, and
//! diagnostics that point into it.

use std::ops::Range;
use std::path::Path;

use toml_edit::Document;

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::Location;

/// A manifest and where in it a problem is.
pub(crate) struct Manifest<'a> {
    pub path: &'a Path,
    pub text: &'a str,
}

impl<'a> Manifest<'a> {
    /// The manifest's TOML, or an error at what does not parse.
    pub fn document(&self) -> Result<Document<&'a str>, Diagnostics> {
        Document::parse(self.text).map_err(|e| {
            Diagnostics(vec![
                self.error(format!("invalid TOML: {}", e.message()), e.span()),
            ])
        })
    }

    /// An error at `span` of the manifest (the whole file without one).
    pub fn error(&self, message: impl Into<String>, span: Option<Range<usize>>) -> Diagnostic {
        let location = match &span {
            Some(span) => {
                let before = &self.text[..span.start.min(self.text.len())];
                let line = before.matches('\n').count() + 1;
                let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
                Location {
                    file: self.path.to_owned(),
                    line,
                    column,
                }
            }
            None => Location {
                file: self.path.to_owned(),
                line: 0,
                column: 0,
            },
        };
        let len = span.map_or(1, |s| self.text.get(s).map_or(1, |t| t.chars().count()));
        let mut diagnostic = Diagnostic::error(message, location);
        if diagnostic.location.line > 0 {
            let line = self.text.lines().nth(diagnostic.location.line - 1);
            diagnostic = diagnostic
                .with_source_line(line.unwrap_or_default())
                .with_span(len.max(1));
        }
        diagnostic
    }
}

/// The text of the manifest at `path`.
pub(crate) fn read(path: &Path) -> Result<String, Diagnostics> {
    std::fs::read_to_string(path).map_err(|e| {
        Diagnostics(vec![Diagnostic::error(
            format!("cannot read {}: {e}", path.display()),
            Location {
                file: path.to_owned(),
                line: 0,
                column: 0,
            },
        )])
    })
}

/// The workspace a crate belongs to: the nearest `Cargo.toml` with a
/// `[workspace]` table, from the crate's own manifest (a root package) up,
/// as cargo finds it; its path and text.
pub(crate) fn workspace_root(manifest: &Path) -> Option<(std::path::PathBuf, String)> {
    let start = std::path::absolute(manifest).unwrap_or_else(|_| manifest.to_owned());
    start.parent()?.ancestors().find_map(|dir| {
        let candidate = dir.join("Cargo.toml");
        let text = std::fs::read_to_string(&candidate).ok()?;
        let document = Document::parse(text.as_str()).ok()?;
        document
            .get("workspace")
            .is_some_and(toml_edit::Item::is_table)
            .then(|| (candidate.clone(), text.clone()))
    })
}

/// The names in `[workspace.dependencies]` of the workspace of the crate
/// whose manifest is at `manifest` (none outside a workspace).
pub fn workspace_dependencies(manifest: &Path) -> std::collections::BTreeSet<String> {
    let Some((_, text)) = workspace_root(manifest) else {
        return Default::default();
    };
    let Ok(document) = Document::parse(text.as_str()) else {
        return Default::default();
    };
    document
        .get("workspace")
        .and_then(|w| w.get("dependencies"))
        .and_then(toml_edit::Item::as_table_like)
        .map(|deps| deps.iter().map(|(name, _)| name.to_owned()).collect())
        .unwrap_or_default()
}
