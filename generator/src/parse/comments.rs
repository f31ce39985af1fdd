//! Comment scanner: finds the `//`, `///` and `//!` comments that stand on a
//! line of their own, and tells which of them belong to the item below.
//!
//! syn keeps `///` doc comments but drops plain `//` comments, and markers may be
//! written with either, so the file text is scanned here with a small lexer that
//! knows enough Rust (strings, raw strings, chars, lifetimes, nested block
//! comments) not to mistake `"// +x"` inside a literal for a comment.

use std::collections::BTreeMap;

/// Which kind of line comment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommentStyle {
    /// `// text` (also `//// text`, which Rust treats as a plain comment).
    Plain,
    /// `/// text`: an outer doc comment.
    OuterDoc,
    /// `//! text`: an inner doc comment, i.e. about the module.
    InnerDoc,
}

/// A line comment that is the only thing on its line.
#[derive(Clone, Debug)]
pub struct LineComment {
    pub line: usize,
    pub style: CommentStyle,
    /// The text after `//`, `///` or `//!`.
    pub text: String,
    /// 1-based column (in characters) of the first character of `text`.
    pub text_column: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineKind {
    Blank,
    Comment,
    /// Code, attributes, block comments, trailing comments, string contents.
    Other,
}

/// The own-line comments of a file and the kind of every line.
pub struct Comments {
    kinds: Vec<LineKind>,
    comments: BTreeMap<usize, LineComment>,
}

impl Comments {
    pub fn scan(text: &str) -> Comments {
        Lexer::new(text).run()
    }

    fn kind(&self, line: usize) -> LineKind {
        self.kinds
            .get(line.wrapping_sub(1))
            .copied()
            .unwrap_or(LineKind::Blank)
    }

    /// Every own-line comment, in line order.
    pub fn all(&self) -> impl Iterator<Item = &LineComment> {
        self.comments.values()
    }

    /// The `//!` comments (markers and docs of the module).
    pub fn inner(&self) -> impl Iterator<Item = &LineComment> {
        self.all().filter(|c| c.style == CommentStyle::InnerDoc)
    }

    /// The comments that belong to an item whose first non-attribute token is on
    /// `item_line`, looking no further up than `after_line` (the end of the
    /// previous item, or the opening brace of the enclosing struct or enum).
    ///
    /// Like gengo, this is the comment block right above the item (attribute lines
    /// do not interrupt it) plus the block above that when exactly one blank line
    /// separates them, so markers may sit apart from the doc comment:
    ///
    /// ```text
    /// // +genclient
    /// // +kubebuilder:subresource:status
    ///
    /// /// App is an application.
    /// #[derive(Debug, Serialize, Deserialize)]
    /// pub struct App { ... }
    /// ```
    pub fn attached(&self, after_line: usize, item_line: usize) -> Vec<&LineComment> {
        let mut closest = Vec::new();
        let mut line = item_line.saturating_sub(1);
        line = self.collect_block(after_line, line, &mut closest);
        let mut second = Vec::new();
        if line > after_line
            && self.kind(line) == LineKind::Blank
            && line - 1 > after_line
            && self.kind(line - 1) == LineKind::Comment
        {
            self.collect_block(after_line, line - 1, &mut second);
        }
        second.reverse();
        closest.reverse();
        second.extend(closest);
        second
    }

    /// Walks up from `line` while lines are comments or attributes, collecting the
    /// comments (bottom-up); returns the line it stopped at.
    fn collect_block<'a>(
        &'a self,
        after_line: usize,
        mut line: usize,
        out: &mut Vec<&'a LineComment>,
    ) -> usize {
        while line > after_line && self.kind(line) != LineKind::Blank {
            if let Some(c) = self.comments.get(&line)
                && c.style != CommentStyle::InnerDoc
            {
                out.push(c);
            }
            line -= 1;
        }
        line
    }

    /// Lines of the own-line comments directly above `line` (no blank line in
    /// between), for copying an item together with its comments.
    pub fn leading_comment_start(&self, line: usize) -> usize {
        let mut start = line;
        while start > 1 && self.kind(start - 1) == LineKind::Comment {
            match self.comments.get(&(start - 1)) {
                Some(c) if c.style != CommentStyle::InnerDoc => start -= 1,
                _ => break,
            }
        }
        start
    }
}

/// The scanner, over the file's bytes: everything it looks for (`/`, `*`,
/// quotes, `#`, newlines) is ASCII, and columns count characters (bytes that
/// do not continue a UTF-8 sequence).
struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    line: usize,
    column: usize,
    /// Whether anything but whitespace came before `pos` on the current line.
    line_has_code: bool,
    kinds: Vec<LineKind>,
    comments: BTreeMap<usize, LineComment>,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Self {
        Lexer {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            line: 1,
            column: 1,
            line_has_code: false,
            kinds: vec![LineKind::Blank],
            comments: BTreeMap::new(),
        }
    }

    fn peek(&self, ahead: usize) -> Option<u8> {
        self.bytes.get(self.pos + ahead).copied()
    }

    /// Moves one byte on; `code` marks the current line as holding code.
    fn bump(&mut self, code: bool) -> Option<u8> {
        let c = self.peek(0)?;
        if code {
            self.mark_code();
        }
        self.pos += 1;
        if c == b'\n' {
            self.line += 1;
            self.column = 1;
            self.line_has_code = false;
            self.kinds.push(LineKind::Blank);
        } else if c & 0xC0 != 0x80 {
            self.column += 1;
        }
        Some(c)
    }

    fn mark_code(&mut self) {
        self.line_has_code = true;
        if let Some(k) = self.kinds.last_mut() {
            *k = LineKind::Other;
        }
    }

    fn run(mut self) -> Comments {
        while let Some(c) = self.peek(0) {
            match c {
                b'/' if self.peek(1) == Some(b'/') => self.line_comment(),
                b'/' if self.peek(1) == Some(b'*') => self.block_comment(),
                b'"' => self.string(),
                b'\'' => self.quote(),
                c if is_ident_byte(c) && !c.is_ascii_digit() => self.ident(),
                c if c.is_ascii_whitespace() => {
                    self.bump(false);
                }
                _ => {
                    self.bump(true);
                }
            }
        }
        Comments {
            kinds: self.kinds,
            comments: self.comments,
        }
    }

    fn line_comment(&mut self) {
        let own_line = !self.line_has_code;
        let start_column = self.column;
        let line = self.line;
        let end = self.bytes[self.pos..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(self.bytes.len(), |at| self.pos + at);
        let body = &self.text[self.pos + 2..end];
        let (style, text) = if let Some(rest) = body.strip_prefix('!') {
            (CommentStyle::InnerDoc, rest)
        } else if body.starts_with('/') && !body.starts_with("//") {
            (CommentStyle::OuterDoc, &body[1..])
        } else {
            (CommentStyle::Plain, body)
        };
        let prefix = if style == CommentStyle::Plain { 2 } else { 3 };
        let text = text.trim_end_matches('\r').to_owned();
        while self.pos < end {
            self.bump(!own_line);
        }
        if own_line {
            if let Some(k) = self.kinds.last_mut() {
                *k = LineKind::Comment;
            }
            self.comments.insert(
                line,
                LineComment {
                    line,
                    style,
                    text,
                    text_column: start_column + prefix,
                },
            );
        }
    }

    fn block_comment(&mut self) {
        let mut depth = 0usize;
        while let Some(c) = self.peek(0) {
            if c == b'/' && self.peek(1) == Some(b'*') {
                depth += 1;
                self.bump(true);
                self.bump(true);
            } else if c == b'*' && self.peek(1) == Some(b'/') {
                depth -= 1;
                self.bump(true);
                self.bump(true);
                if depth == 0 {
                    return;
                }
            } else {
                self.bump(c != b'\n');
                if c == b'\n' {
                    self.mark_code();
                }
            }
        }
    }

    /// A `"..."` string with escapes; the lines it spans hold code.
    fn string(&mut self) {
        self.bump(true);
        while let Some(c) = self.bump(true) {
            match c {
                b'\\' => {
                    self.bump(true);
                }
                b'"' => return,
                b'\n' => self.mark_code(),
                _ => {}
            }
        }
    }

    /// `r"..."`, `r#"..."#` and friends, after the `r`.
    fn raw_string(&mut self) {
        let mut hashes = 0;
        while self.peek(0) == Some(b'#') {
            hashes += 1;
            self.bump(true);
        }
        self.bump(true); // the opening quote
        while let Some(c) = self.bump(true) {
            if c == b'\n' {
                self.mark_code();
            }
            if c == b'"' && (0..hashes).all(|i| self.peek(i) == Some(b'#')) {
                for _ in 0..hashes {
                    self.bump(true);
                }
                return;
            }
        }
    }

    /// A char literal (`'a'`, `'\n'`, `'\u{1F600}'`) or a lifetime (`'a`).
    fn quote(&mut self) {
        self.bump(true);
        if self.peek(0) == Some(b'\\') {
            while let Some(c) = self.bump(true) {
                if c == b'\'' || c == b'\n' {
                    break;
                }
                if c == b'\\' {
                    self.bump(true);
                }
            }
            return;
        }
        // One character, however many bytes it takes, then the closing quote.
        let len = self.text[self.pos..]
            .chars()
            .next()
            .map_or(0, char::len_utf8);
        if len > 0 && self.peek(len) == Some(b'\'') {
            for _ in 0..=len {
                self.bump(true);
            }
        }
        // Otherwise a lifetime: its name is lexed as an identifier next.
    }

    /// An identifier, which may start a raw string (`r"`, `br#"`) or a byte
    /// string/char (`b"`, `b'`).
    fn ident(&mut self) {
        let start = self.pos;
        while self.peek(0).is_some_and(is_ident_byte) {
            self.bump(true);
        }
        let next = self.peek(0);
        // Only the prefixes of literals matter: no string for every word.
        match &self.bytes[start..self.pos] {
            b"r" | b"br" | b"cr" if next == Some(b'"') || next == Some(b'#') => {
                // `r#ident` is a raw identifier, not a raw string.
                let mut ahead = 0;
                while self.peek(ahead) == Some(b'#') {
                    ahead += 1;
                }
                if self.peek(ahead) == Some(b'"') {
                    self.raw_string();
                }
            }
            b"b" | b"c" if next == Some(b'"') => self.string(),
            b"b" if next == Some(b'\'') => self.quote(),
            _ => {}
        }
    }
}

/// A byte of an identifier: ASCII letters, digits and `_`, and any byte of a
/// non-ASCII character (letters, in identifiers).
fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(c: &[&LineComment]) -> Vec<String> {
        c.iter().map(|c| c.text.trim().to_owned()).collect()
    }

    #[test]
    fn finds_own_line_comments_of_each_style() {
        let src = "//! +groupName=a.io\n// plain\n/// doc\n//// four\nlet x = 1; // trailing\n";
        let c = Comments::scan(src);
        let all: Vec<_> = c.all().map(|c| (c.line, c.style, c.text.clone())).collect();
        assert_eq!(
            all,
            vec![
                (1, CommentStyle::InnerDoc, " +groupName=a.io".to_owned()),
                (2, CommentStyle::Plain, " plain".to_owned()),
                (3, CommentStyle::OuterDoc, " doc".to_owned()),
                (4, CommentStyle::Plain, "// four".to_owned()),
            ]
        );
        assert_eq!(c.all().next().unwrap().text_column, 4);
    }

    #[test]
    fn ignores_comment_lookalikes_in_literals() {
        let src = "const A: &str = \"\n// +genclient\n\";\nconst B: &str = r#\"\n// +x\n\"#;\nconst C: char = '\"';\nfn f<'a>(x: &'a str) {}\n/* outer /* nested */\n// +inside\n*/\n// +real\n";
        let c = Comments::scan(src);
        let lines: Vec<_> = c.all().map(|c| c.line).collect();
        assert_eq!(lines, vec![12]);
    }

    #[test]
    fn attaches_closest_block_and_one_blank_line_above() {
        let src = "\
use x;
// +far

// +second
// +second2

// +closest
/// doc
#[derive(Debug)]
// +after-attr
pub struct A;
";
        let c = Comments::scan(src);
        assert_eq!(
            texts(&c.attached(1, 11)),
            vec!["+second", "+second2", "+closest", "doc", "+after-attr"]
        );
    }

    #[test]
    fn attaches_the_block_one_blank_line_above_when_nothing_is_closer() {
        let src = "// +genclient\n\n#[derive(Debug)]\npub struct A;\n";
        let c = Comments::scan(src);
        assert_eq!(texts(&c.attached(0, 4)), vec!["+genclient"]);
        let far = "// +genclient\n\n\npub struct A;\n";
        assert!(Comments::scan(far).attached(0, 4).is_empty());
    }

    #[test]
    fn stops_at_the_previous_item() {
        let src = "struct A;\n// +x\nstruct B;\n";
        let c = Comments::scan(src);
        assert_eq!(texts(&c.attached(1, 3)), vec!["+x"]);
        assert!(c.attached(3, 3).is_empty());
    }
}
