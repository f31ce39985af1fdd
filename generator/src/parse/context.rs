//! The state shared while one file of a version module is turned into model
//! types: its text and comments, its imports, the version's type names, and the
//! diagnostics found so far. Also reads the markers attached to an item.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::Span;
use syn::spanned::Spanned;

use super::comments::{Comments, LineComment};
use super::marker_registry::{MarkerId, Targets};
use super::markers::{Marker, parse_marker, raw_marker};
use super::source::SourceText;
use super::types::{Alias, Scope, Shape};
use super::uses::UseMap;
use crate::diag::Diagnostic;
use crate::model::Location;

/// What every file of a version module shares.
pub(crate) struct VersionScope {
    pub group_module: String,
    pub version_module: String,
    /// Every struct and enum declared in the version module.
    pub locals: BTreeMap<String, Shape>,
    /// Every type alias declared in the version module.
    pub aliases: BTreeMap<String, Alias>,
    /// A file of the version failed to parse.
    pub incomplete: bool,
    /// `//! +kubebuilder:validation:Optional`: fields are optional unless marked.
    pub optional_by_default: bool,
    /// `//! +k8s:deepcopy-gen=package` (the default) or `=false`.
    pub deepcopy_default: bool,
    pub plural_exceptions: BTreeMap<String, String>,
}

pub(crate) struct FileCx<'a> {
    pub src: &'a SourceText,
    pub comments: &'a Comments,
    pub uses: UseMap,
    pub version: &'a VersionScope,
    /// Lines of comments attached to some item.
    pub consumed: BTreeSet<usize>,
    pub diags: &'a mut Vec<Diagnostic>,
}

impl FileCx<'_> {
    /// Location and underline length of a span.
    pub fn span(&self, span: Span) -> (Location, usize) {
        self.src.span(span)
    }

    /// Location of `from` and the underline length up to the end of `to`, when
    /// both are on one line (else the rest of the line).
    pub fn span_between(&self, from: Span, to: Span) -> (Location, usize) {
        let (loc, first_len) = self.src.span(from);
        let (start, end) = (from.start(), to.end());
        if start.line == end.line {
            (loc, end.column.saturating_sub(start.column).max(1))
        } else {
            (loc, first_len)
        }
    }

    pub fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// Reports an error underlining `span`.
    pub fn error(&mut self, span: Span, message: impl Into<String>, help: impl Into<String>) {
        let (loc, len) = self.span(span);
        self.push(
            Diagnostic::error(message, loc)
                .with_span(len)
                .with_help(help),
        );
    }

    pub fn scope<'b>(&'b self, generics: &'b [String]) -> Scope<'b> {
        Scope {
            uses: &self.uses,
            locals: &self.version.locals,
            aliases: &self.version.aliases,
            generics,
            group_module: &self.version.group_module,
            version_module: &self.version.version_module,
            incomplete: self.version.incomplete,
            alias_depth: 0,
        }
    }

    /// An attribute as written in the file.
    pub fn text_of(&self, node: &impl Spanned) -> String {
        self.src.slice(node.span()).to_owned()
    }

    /// The markers attached to an item whose first token after its attributes is
    /// on `item_line`, the previous item ending on `after_line`. Markers that are
    /// unknown, malformed or not meant for `target` are reported and left out.
    pub fn markers(&mut self, after_line: usize, item_line: usize, target: Targets) -> Vec<Marker> {
        let attached: Vec<LineComment> = self
            .comments
            .attached(after_line, item_line)
            .into_iter()
            .cloned()
            .collect();
        // `+patchStrategy`/`+patchMergeKey` beside `+listType=map` (how Go
        // APIs write conditions): the merge they ask for is already there, so
        // their warning would have nothing left to fix.
        let map_list = attached.iter().any(|c| {
            let text = c.text.trim();
            ["+listType=map", "+k8s:listType=map"].contains(&text)
        });
        let mut out: Vec<Marker> = Vec::new();
        for comment in attached {
            self.consumed.insert(comment.line);
            if map_list && is_patch_marker(&comment.text) {
                continue;
            }
            if let Some(m) = read_marker(&comment, self.src, Some(target), self.diags) {
                if let Some(i) = out
                    .iter()
                    .position(|o| o.id() == m.id() && o.items == m.items && !m.def.repeatable)
                {
                    // Two spellings of one marker saying the same
                    // (`+listType=map` and `+k8s:listType=map`, as k8s.io/api
                    // writes them) are one marker.
                    if out[i].value == m.value {
                        continue;
                    }
                    self.diags.push(
                        Diagnostic::warning(
                            format!(
                                "`{}` is given more than once; the last one counts",
                                m.name()
                            ),
                            m.location.clone(),
                        )
                        .with_span(m.text.chars().count()),
                    );
                    out.remove(i);
                }
                out.push(m);
            }
        }
        out
    }
}

/// `+patchStrategy=...` or `+patchMergeKey=...`: strategic merge patch's.
fn is_patch_marker(text: &str) -> bool {
    let text = text.trim_start();
    text.starts_with("+patchStrategy=") || text.starts_with("+patchMergeKey=")
}

/// Parses the marker on a comment line for an item of kind `target` (`None`:
/// any). Returns `None` for prose, and for markers that are reported instead:
/// unknown, malformed, unsupported, foreign (a warning) or on the wrong target.
pub(crate) fn read_marker(
    comment: &LineComment,
    src: &SourceText,
    target: Option<Targets>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Marker> {
    let raw = raw_marker(comment, &src.path)?;
    let m = match parse_marker(&raw) {
        Ok(m) => m,
        Err(errors) => {
            diags.extend(errors);
            return None;
        }
    };
    let written_name = || {
        let end = m
            .text
            .find(|c: char| c == '=' || c.is_whitespace())
            .unwrap_or(m.text.len());
        m.text[..end].to_owned()
    };
    let len = m.text.chars().count();
    match m.id() {
        // Read by `kube-codegen lint`, nothing the generator does.
        MarkerId::LintIgnore if target.is_none_or(|t| m.def.targets.contains(t)) => None,
        MarkerId::Foreign => {
            diags.push(
                Diagnostic::warning(format!("`{}` is ignored", m.name()), m.location.clone())
                    .with_span(len)
                    .with_help(format!(
                        "kube-codegen does not use `+{}` markers: {}",
                        m.def.name, m.def.note
                    )),
            );
            None
        }
        // Addressed to another tool, or to readers: nothing to say (docs/src/markers.md).
        MarkerId::OtherTool => None,
        MarkerId::Ignored => {
            diags.push(
                Diagnostic::warning(
                    format!("`{}` is ignored", written_name()),
                    m.location.clone(),
                )
                .with_span(len)
                .with_help(m.def.note),
            );
            None
        }
        MarkerId::Unsupported => {
            diags.push(
                m.error(format!(
                    "`{}` is not supported by kube-codegen",
                    written_name()
                ))
                .with_help(m.def.note),
            );
            None
        }
        _ if target.is_some_and(|t| !m.def.targets.contains(t)) => {
            let target = target.unwrap_or(Targets::ANY);
            diags.push(
                m.error(format!(
                    "`{}` cannot be used on {}",
                    m.name(),
                    target.describe()
                ))
                .with_help(format!(
                    "`{}` belongs {}",
                    m.name(),
                    m.def.targets.allowed_places()
                )),
            );
            None
        }
        _ => Some(m),
    }
}
