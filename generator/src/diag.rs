//! Diagnostics about the input: errors and warnings with a place in a file, the
//! source line, and a hint how to fix it, rendered the way rustc renders its own:
//!
//! ```text
//! error: unknown marker `+kubebuilder:validation:Minimun`
//!   --> apis/src/myapp/v1/app.rs:31:8
//!    |
//! 31 |     // +kubebuilder:validation:Minimun=0
//!    |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
//!    = help: did you mean `+kubebuilder:validation:Minimum`?
//! ```

use std::fmt;
use std::path::Path;

use crate::model::Location;

/// How bad a diagnostic is: errors stop generation (exit code 2), warnings do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The input cannot be generated from as written; nothing is written.
    Error,
    /// Generation goes on, but something the user wrote is ignored or
    /// probably not what they meant.
    Warning,
}

/// One finding about the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Whether it stops generation.
    pub severity: Severity,
    /// What is wrong, in one line.
    pub message: String,
    /// File, 1-based line and column. Line 0 means "the file (or directory) as a whole".
    pub location: Location,
    /// The text of `location.line`, shown under the message when known.
    pub source_line: Option<String>,
    /// How many characters from `location.column` on to underline (at least one is shown).
    pub span_len: usize,
    /// How to fix it, shown as `= help: ...`.
    pub help: Option<String>,
    /// What reports it, shown as rustc shows an error code: `warning[nobools]: ...`
    /// (the rule of `kube-codegen lint`).
    pub code: Option<String>,
}

impl Diagnostic {
    /// An error at `location`, underlining one character until told otherwise.
    pub fn error(message: impl Into<String>, location: Location) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            location,
            source_line: None,
            span_len: 1,
            help: None,
            code: None,
        }
    }

    /// A warning at `location`.
    pub fn warning(message: impl Into<String>, location: Location) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(message, location)
        }
    }

    /// Underline `len` characters starting at the location's column.
    pub fn with_span(mut self, len: usize) -> Self {
        self.span_len = len;
        self
    }

    /// Adds the `= help:` line.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Names what reports it (`error[<code>]: ...`).
    pub fn with_code(mut self, code: impl Into<String>) -> Self {
        self.code = Some(code.into());
        self
    }

    /// Sets the source line shown under the location.
    pub fn with_source_line(mut self, line: impl Into<String>) -> Self {
        self.source_line = Some(line.into());
        self
    }

    /// Whether this diagnostic stops generation.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let label = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        match &self.code {
            Some(code) => write!(f, "{label}[{code}]: {}", self.message)?,
            None => write!(f, "{label}: {}", self.message)?,
        }

        let loc = &self.location;
        let has_line = loc.line > 0;
        let gutter = if has_line {
            loc.line.to_string().len()
        } else {
            1
        };
        let pad = " ".repeat(gutter);
        if has_line {
            write!(f, "\n{pad}--> {loc}")?;
        } else {
            write!(f, "\n{pad}--> {}", loc.file.display())?;
        }

        if let (true, Some(source)) = (has_line, &self.source_line) {
            // Tabs are shown as four spaces (as rustc does), so the caret offset
            // counts them as four columns too.
            let shown = source.replace('\t', "    ");
            let before: usize = source
                .chars()
                .take(loc.column.saturating_sub(1))
                .map(|c| if c == '\t' { 4 } else { 1 })
                .sum();
            let available = shown.chars().count().saturating_sub(before);
            let carets = self.span_len.min(available).max(1);
            write!(f, "\n{pad} |")?;
            write!(f, "\n{} | {}", loc.line, shown.trim_end())?;
            write!(f, "\n{pad} | {}{}", " ".repeat(before), "^".repeat(carets))?;
        }
        if let Some(help) = &self.help {
            write!(f, "\n{pad} = help: {help}")?;
        }
        Ok(())
    }
}

/// A list of diagnostics. `Display` renders each one followed by an empty line,
/// like rustc, so `eprint!("{diags}")` followed by a summary line reads naturally.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// No diagnostics.
    pub fn new() -> Self {
        Diagnostics(Vec::new())
    }

    /// Adds one diagnostic.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.0.push(diagnostic);
    }

    /// Adds several diagnostics.
    pub fn extend(&mut self, other: impl IntoIterator<Item = Diagnostic>) {
        self.0.extend(other);
    }

    /// Whether there are none at all.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many there are, errors and warnings.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The diagnostics in order.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    /// Whether any of them is an error.
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    /// How many errors (for "aborting due to N previous errors").
    pub fn error_count(&self) -> usize {
        self.0.iter().filter(|d| d.is_error()).count()
    }

    /// How many warnings.
    pub fn warning_count(&self) -> usize {
        self.0.len() - self.error_count()
    }

    /// Orders diagnostics by file, line and column (stable, so diagnostics at the
    /// same place keep the order they were found in).
    pub fn sort(&mut self) {
        self.0.sort_by(|a, b| a.location.cmp(&b.location));
    }

    /// Fills in `source_line` for diagnostics that lack it, from a lookup of
    /// (file, 1-based line) to the line's text.
    pub fn fill_source_lines(&mut self, lookup: impl Fn(&Path, usize) -> Option<String>) {
        for d in &mut self.0 {
            if d.source_line.is_none() && d.location.line > 0 {
                d.source_line = lookup(&d.location.file, d.location.line);
            }
        }
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.0 {
            writeln!(f, "{d}\n")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Self {
        Diagnostics(vec![d])
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_rustc() {
        let d = Diagnostic::error(
            "unknown marker `+kubebuilder:validation:Minimun`",
            Location {
                file: "apis/src/myapp/v1/app.rs".into(),
                line: 31,
                column: 8,
            },
        )
        .with_span(33)
        .with_source_line("    // +kubebuilder:validation:Minimun=0")
        .with_help("did you mean `+kubebuilder:validation:Minimum`?");
        assert_eq!(
            d.to_string(),
            "error: unknown marker `+kubebuilder:validation:Minimun`
  --> apis/src/myapp/v1/app.rs:31:8
   |
31 |     // +kubebuilder:validation:Minimun=0
   |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   = help: did you mean `+kubebuilder:validation:Minimum`?"
        );
    }

    #[test]
    fn renders_whole_file_diagnostics_without_snippet() {
        let d = Diagnostic::warning(
            "nothing here",
            Location {
                file: "apis/src".into(),
                line: 0,
                column: 0,
            },
        );
        assert_eq!(d.to_string(), "warning: nothing here\n --> apis/src");
    }

    #[test]
    fn clamps_carets_and_expands_tabs() {
        let d = Diagnostic::error(
            "x",
            Location {
                file: "f.rs".into(),
                line: 2,
                column: 2,
            },
        )
        .with_span(100)
        .with_source_line("\tab");
        assert_eq!(
            d.to_string(),
            "error: x\n --> f.rs:2:2\n  |\n2 |     ab\n  |     ^^"
        );
    }
}
