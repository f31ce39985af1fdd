//! One finding of a rule, and the fix it suggests: text edits at byte ranges
//! of the source (KAL's `SuggestedFix`), applied by [`super::fix`].

use std::ops::Range;
use std::path::PathBuf;

use serde::Serialize;

use kube_codegen::diag::Diagnostic;
use kube_codegen::model::Location;

/// What a rule found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The rule, by its kube-api-linter name (`optionalorrequired`).
    pub rule: &'static str,
    /// What is wrong, in one line, naming the field or type.
    pub message: String,
    /// Where: the field's or type's name, or the marker or doc line at fault.
    pub location: Location,
    /// How many characters to underline.
    pub span_len: usize,
    /// The field or type the finding is about: `AppSpec.replicas` (the type's
    /// Rust name, the field's JSON name), or `App`.
    pub subject: String,
    /// The Rust name of the field the finding is about (`min_replicas`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// How to fix it by hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    /// What `--fix` does about it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<Fix>,
    /// The rules a `+kube-codegen:lint:ignore` at the field or its type turns
    /// off here (read by the suppression step, not shown).
    #[serde(skip)]
    pub(crate) ignored_here: Vec<String>,
}

impl Finding {
    /// A finding of `rule` at `location`.
    pub fn new(rule: &'static str, message: impl Into<String>, location: Location) -> Self {
        Finding {
            rule,
            message: message.into(),
            location,
            span_len: 1,
            subject: String::new(),
            field: None,
            help: None,
            fix: None,
            ignored_here: Vec::new(),
        }
    }

    /// Underlines `len` characters.
    pub fn with_span(mut self, len: usize) -> Self {
        self.span_len = len.max(1);
        self
    }

    /// How to fix it by hand.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Attaches a fix, unless it has no edits.
    pub fn with_fix(mut self, description: impl Into<String>, edits: Vec<Edit>) -> Self {
        if !edits.is_empty() {
            self.fix = Some(Fix {
                description: description.into(),
                edits,
            });
        }
        self
    }

    /// Attaches a fix when `suggest` is true (a rule whose policy is `SuggestFix`).
    pub fn with_fix_if(
        self,
        suggest: bool,
        description: impl Into<String>,
        edits: Vec<Edit>,
    ) -> Self {
        if suggest {
            self.with_fix(description, edits)
        } else {
            self
        }
    }

    /// The finding as a diagnostic (an error, or a warning when findings do
    /// not block), named by its rule, with the fix as help when there is no
    /// other.
    pub fn to_diagnostic(&self, blocking: bool) -> Diagnostic {
        let d = if blocking {
            Diagnostic::error(&self.message, self.location.clone())
        } else {
            Diagnostic::warning(&self.message, self.location.clone())
        }
        .with_span(self.span_len)
        .with_code(self.rule);
        let help = match (&self.help, &self.fix) {
            (Some(help), _) => Some(help.clone()),
            (None, Some(fix)) => Some(format!("`kube-codegen lint --fix` can {}", fix.description)),
            (None, None) => None,
        };
        match help {
            Some(help) => d.with_help(help),
            None => d,
        }
    }
}

/// A suggested fix: edits of the source that resolve the finding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fix {
    /// What it does ("replace `+kubebuilder:validation:Optional` with `+optional`").
    pub description: String,
    /// The edits, applied together.
    pub edits: Vec<Edit>,
}

/// Replace the bytes `range` of `file` with `text`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Edit {
    /// The file.
    pub file: PathBuf,
    /// The bytes replaced (empty: an insertion).
    pub range: Range<usize>,
    /// What replaces them.
    pub text: String,
}

impl Edit {
    /// Replace `range` with `text`.
    pub fn replace(file: &std::path::Path, range: Range<usize>, text: impl Into<String>) -> Self {
        Edit {
            file: file.to_owned(),
            range,
            text: text.into(),
        }
    }

    /// Insert `text` at `at`.
    pub fn insert(file: &std::path::Path, at: usize, text: impl Into<String>) -> Self {
        Edit::replace(file, at..at, text)
    }

    /// Delete `range`.
    pub fn delete(file: &std::path::Path, range: Range<usize>) -> Self {
        Edit::replace(file, range, "")
    }
}
