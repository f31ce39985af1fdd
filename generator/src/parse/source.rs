//! The text of one input file and conversions from proc-macro2 spans to
//! [`Location`]s, underline lengths and source slices.

use std::path::PathBuf;

use proc_macro2::{LineColumn, Span};

use crate::model::Location;

/// One input file: the path diagnostics show, and its text split into lines.
pub(crate) struct SourceText {
    pub path: PathBuf,
    pub text: String,
    /// Byte offset of the start of each line.
    line_starts: Vec<usize>,
}

impl SourceText {
    pub fn new(path: PathBuf, text: String) -> Self {
        // syn skips a byte-order mark; drop it here too so columns agree.
        let text = match text.strip_prefix('\u{feff}') {
            Some(rest) => rest.to_owned(),
            None => text,
        };
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        SourceText {
            path,
            text,
            line_starts,
        }
    }

    /// The text of a 1-based line, without its line break.
    pub fn line(&self, line: usize) -> Option<&str> {
        let start = *self.line_starts.get(line.checked_sub(1)?)?;
        let end = self
            .line_starts
            .get(line)
            .map_or(self.text.len(), |next| next - 1);
        Some(self.text[start..end].trim_end_matches('\r'))
    }

    /// Byte offset of a proc-macro2 position (1-based line, 0-based char column).
    pub fn offset(&self, at: LineColumn) -> usize {
        let Some(&start) = self.line_starts.get(at.line.saturating_sub(1)) else {
            return self.text.len();
        };
        let line = &self.text[start..];
        start
            + line
                .char_indices()
                .nth(at.column)
                .map_or(line.len(), |(i, _)| i)
    }

    /// Location of a 1-based line and 1-based column in this file.
    pub fn at(&self, line: usize, column: usize) -> Location {
        Location {
            file: self.path.clone(),
            line,
            column,
        }
    }

    /// Start of a span as a location, and how many characters of its first line it covers.
    pub fn span(&self, span: Span) -> (Location, usize) {
        let (start, end) = (span.start(), span.end());
        let len = if end.line == start.line {
            end.column.saturating_sub(start.column)
        } else {
            self.line(start.line)
                .map_or(1, |l| l.chars().count().saturating_sub(start.column))
        };
        (self.at(start.line, start.column + 1), len.max(1))
    }

    /// The source text a span covers.
    pub fn slice(&self, span: Span) -> &str {
        let (start, end) = (self.offset(span.start()), self.offset(span.end()));
        &self.text[start.min(end)..end]
    }

    /// The text from the start of `from`'s line to the end of `to`: an item with
    /// its indentation, attributes and doc comments.
    pub fn lines_between(&self, from_line: usize, to: LineColumn) -> &str {
        let start = self
            .line_starts
            .get(from_line.saturating_sub(1))
            .copied()
            .unwrap_or(0);
        let end = self.offset(to);
        &self.text[start.min(end)..end]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_offsets() {
        let s = SourceText::new("f.rs".into(), "ab\r\nçd\n\nx".into());
        assert_eq!(s.line(1), Some("ab"));
        assert_eq!(s.line(2), Some("çd"));
        assert_eq!(s.line(3), Some(""));
        assert_eq!(s.line(4), Some("x"));
        assert_eq!(s.line(5), None);
        assert_eq!(s.offset(LineColumn { line: 2, column: 1 }), 6);
    }
}
