//! What the lint reads from the source text beside the model: every marker
//! line as written (KAL's rules look at markers, not at what they mean), the
//! doc comment lines, and the byte ranges `--fix` edits (a field's name, its
//! type, its serde `rename`, the place a new marker line goes).
//!
//! Items and fields are found with syn and their comments with the parser's
//! own scanner, so a marker is attached here exactly as the generator
//! attaches it; the model's locations (the identifier's line and column) join
//! the two.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use proc_macro2::{LineColumn, Span};
use syn::spanned::Spanned;
use syn::{Fields, Item, Visibility};

use kube_codegen::model::Location;
use kube_codegen::parse::comments::{CommentStyle, Comments, LineComment};
use kube_codegen::parse::marker_registry;
use kube_codegen::parse::serde_attrs;

/// The identifier of the lint's own suppression marker.
pub const IGNORE_MARKER: &str = "kube-codegen:lint:ignore";

/// A marker line as written: `+identifier` followed by its expression.
#[derive(Clone, Debug)]
pub struct LintMarker {
    /// `kubebuilder:validation:MaxLength`, `optional`, `listMapKey`.
    pub identifier: String,
    /// What follows the identifier: `=10`, `:=10`, `:rule=...,message=...`, or nothing.
    pub expression: String,
    /// The whole marker from `+` to the end of the line.
    pub text: String,
    /// Where the `+` is.
    pub location: Location,
    /// The bytes of the whole line, its line break included (what removing it takes).
    pub line_range: Range<usize>,
    /// The bytes of `text`.
    pub text_range: Range<usize>,
}

impl LintMarker {
    /// The `key=value` arguments of `+name:key=value,key2=value2`.
    /// The value of `+name=value` (or `:=value`) is the argument named `""`
    /// (KAL's name for an unnamed argument; KAL keeps a kubebuilder marker's
    /// value apart, as its payload, so `forbiddenmarkers` and `uniquemarkers`
    /// can name it here and not in KAL).
    pub fn args(&self) -> BTreeMap<String, String> {
        let unnamed = self
            .expression
            .strip_prefix(":=")
            .or_else(|| self.expression.strip_prefix('='));
        if let Some(value) = unnamed {
            return BTreeMap::from([(String::new(), unquote(value.trim()).to_owned())]);
        }
        let Some(rest) = self.expression.strip_prefix(':') else {
            return BTreeMap::new();
        };
        split_args(rest)
            .into_iter()
            .filter_map(|arg| {
                let (k, v) = arg.split_once('=')?;
                Some((k.trim().to_owned(), unquote(v.trim()).to_owned()))
            })
            .collect()
    }

    /// Identifier and expression as KAL compares markers for exact duplicates:
    /// `:=` read as `=`.
    pub fn normalized(&self) -> String {
        let expr = self
            .expression
            .strip_prefix(":=")
            .map_or_else(|| self.expression.clone(), |v| format!("={v}"));
        format!("{}{}", self.identifier, expr.trim_end())
    }
}

/// Splits `a=1,b="x,y",c={1,2}` at top-level commas.
fn split_args(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut quote, mut start) = (0i32, None::<char>, 0);
    for (i, c) in s.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'' | '`') => quote = Some(c),
            (None, '{' | '[' | '(') => depth += 1,
            (None, '}' | ']' | ')') => depth -= 1,
            (None, ',') if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

fn unquote(v: &str) -> &str {
    for q in ['"', '`', '\''] {
        if let Some(inner) = v.strip_prefix(q).and_then(|r| r.strip_suffix(q)) {
            return inner;
        }
    }
    v
}

/// One `///` line of a doc comment.
#[derive(Clone, Debug)]
pub struct DocLine {
    /// The text after `///` (a leading space dropped).
    pub text: String,
    /// Where `text` starts.
    pub location: Location,
    /// The bytes of `text`.
    pub text_range: Range<usize>,
}

/// The comments above an item or field: its markers and doc lines.
#[derive(Clone, Debug, Default)]
pub struct Attached {
    pub markers: Vec<LintMarker>,
    pub docs: Vec<DocLine>,
}

impl Attached {
    /// The markers with this identifier.
    pub fn named<'a>(&'a self, identifier: &'a str) -> impl Iterator<Item = &'a LintMarker> + 'a {
        self.markers
            .iter()
            .filter(move |m| m.identifier == identifier)
    }

    pub fn has(&self, identifier: &str) -> bool {
        self.named(identifier).next().is_some()
    }
}

/// A struct, enum or type alias of a file.
#[derive(Clone, Debug)]
pub struct ItemSrc {
    /// The identifier (the model's `TypeDef::location`).
    pub location: Location,
    pub attached: Attached,
    /// Where a new marker line goes (the start of the line of the item's
    /// first non-doc attribute, or of its head), and its indentation.
    pub insert_at: usize,
    pub indent: String,
    pub fields: Vec<FieldSrc>,
}

/// A named field of a struct.
#[derive(Clone, Debug)]
pub struct FieldSrc {
    /// The identifier (the model's `Field::location`).
    pub location: Location,
    pub attached: Attached,
    pub insert_at: usize,
    pub indent: String,
    /// The bytes of the field's name.
    pub ident_range: Range<usize>,
    /// The bytes of the field's type.
    pub ty_range: Range<usize>,
    /// `#[serde(rename = "...")]`: the name and the bytes of the string literal.
    pub rename: Option<(String, Range<usize>)>,
}

/// One input file as the lint reads it.
#[derive(Clone, Debug)]
pub struct FileSrc {
    pub path: PathBuf,
    pub text: String,
    pub items: Vec<ItemSrc>,
    line_starts: Vec<usize>,
}

impl FileSrc {
    /// Reads a file's items; `None` when syn cannot parse it (the parser has
    /// reported that already).
    pub fn read(path: &Path, text: &str) -> Option<FileSrc> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text).to_owned();
        let file = syn::parse_file(&text).ok()?;
        let comments = Comments::scan(&text);
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        let mut src = FileSrc {
            path: path.to_owned(),
            text,
            items: Vec::new(),
            line_starts,
        };
        let mut after = 0;
        for item in &file.items {
            let end = item_end_line(item);
            if let Some(read) = src.item(item, after, &comments) {
                src.items.push(read);
            }
            after = end;
        }
        Some(src)
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

    fn offset(&self, at: LineColumn) -> usize {
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

    fn range(&self, span: Span) -> Range<usize> {
        self.offset(span.start())..self.offset(span.end())
    }

    fn location(&self, span: Span) -> Location {
        Location {
            file: self.path.clone(),
            line: span.start().line,
            column: span.start().column + 1,
        }
    }

    /// The item whose identifier is at `location`.
    pub fn item_at(&self, location: &Location) -> Option<&ItemSrc> {
        self.items.iter().find(|i| i.location == *location)
    }

    fn item(&self, item: &Item, after: usize, comments: &Comments) -> Option<ItemSrc> {
        let (attrs, vis, keyword, ident) = match item {
            Item::Struct(s) => (&s.attrs, &s.vis, s.struct_token.span, &s.ident),
            Item::Enum(e) => (&e.attrs, &e.vis, e.enum_token.span, &e.ident),
            Item::Type(t) => (&t.attrs, &t.vis, t.type_token.span, &t.ident),
            _ => return None,
        };
        let head = head_line(vis, keyword);
        let (insert_at, indent) = self.insert_point(attrs, head);
        let mut out = ItemSrc {
            location: self.location(ident.span()),
            attached: self.attached(comments, after, head),
            insert_at,
            indent,
            fields: Vec::new(),
        };
        if let Item::Struct(s) = item
            && let Fields::Named(named) = &s.fields
        {
            let mut after = named.brace_token.span.open().start().line;
            for pair in named.named.pairs() {
                let f = pair.value();
                let end = pair
                    .punct()
                    .map_or_else(|| f.span().end().line, |c| c.span.end().line);
                if let Some(ident) = &f.ident {
                    let head = head_line(&f.vis, ident.span());
                    let (insert_at, indent) = self.insert_point(&f.attrs, head);
                    out.fields.push(FieldSrc {
                        location: self.location(ident.span()),
                        attached: self.attached(comments, after, head),
                        insert_at,
                        indent,
                        ident_range: self.range(ident.span()),
                        ty_range: self.range(f.ty.span()),
                        rename: serde_attrs::rename_literal(&f.attrs)
                            .map(|(name, span)| (name, self.range(span))),
                    });
                }
                after = end;
            }
        }
        Some(out)
    }

    /// The start of the first line of non-doc attributes (or of the head),
    /// and that line's indentation.
    fn insert_point(&self, attrs: &[syn::Attribute], head: usize) -> (usize, String) {
        let line = attrs
            .iter()
            .filter(|a| !a.path().is_ident("doc"))
            .map(|a| a.span().start().line)
            .min()
            .unwrap_or(head)
            .min(head);
        let start = self.line_starts.get(line - 1).copied().unwrap_or(0);
        let text = self.line(line).unwrap_or("");
        let indent = &text[..text.len() - text.trim_start().len()];
        (start, indent.to_owned())
    }

    fn attached(&self, comments: &Comments, after: usize, head: usize) -> Attached {
        let mut out = Attached::default();
        for c in comments.attached(after, head) {
            let (content_start, content_end) = self.comment_text_range(c);
            let trimmed = c.text.trim_start();
            let indent = c.text.len() - trimmed.len();
            let mut chars = trimmed.chars();
            let is_marker = chars.next() == Some('+')
                && chars.next().is_some_and(|ch| ch.is_ascii_alphabetic());
            if is_marker {
                let text = trimmed.trim_end().to_owned();
                let start = content_start + indent;
                let line_start = self.line_starts[c.line - 1];
                let line_end = self
                    .line_starts
                    .get(c.line)
                    .copied()
                    .unwrap_or(self.text.len());
                let (identifier, expression) = split_marker(&text[1..]);
                out.markers.push(LintMarker {
                    identifier,
                    expression,
                    location: Location {
                        file: self.path.clone(),
                        line: c.line,
                        column: c.text_column + c.text[..indent].chars().count(),
                    },
                    line_range: line_start..line_end,
                    text_range: start..start + text.len(),
                    text,
                });
            } else if c.style == CommentStyle::OuterDoc {
                let lead = usize::from(c.text.starts_with(' '));
                out.docs.push(DocLine {
                    text: c.text[lead..].trim_end().to_owned(),
                    location: Location {
                        file: self.path.clone(),
                        line: c.line,
                        column: c.text_column + lead,
                    },
                    text_range: content_start + lead..content_end,
                });
            }
        }
        out
    }

    /// The bytes of a comment's text (after `//`, `///` or `//!`).
    fn comment_text_range(&self, c: &LineComment) -> (usize, usize) {
        let line = self.line(c.line).unwrap_or("");
        let line_start = self.line_starts[c.line - 1];
        let end = line_start + line.len();
        (end - c.text.len(), end)
    }
}

/// Splits a marker (without `+`) into its identifier and expression: the
/// longest name the generator knows that the text starts with, else the text
/// up to the first `=` or space.
fn split_marker(text: &str) -> (String, String) {
    let items = text.strip_prefix("kubebuilder:validation:items:");
    let known = match items {
        Some(rest) => marker_registry::lookup(&format!("kubebuilder:validation:{rest}"))
            .map(|d| format!("kubebuilder:validation:items:{}", &d.name[23..])),
        None => marker_registry::lookup(text)
            .filter(|d| text.len() >= d.name.len())
            .map(|d| d.name.to_owned()),
    };
    let id = known.unwrap_or_else(|| {
        let end = text
            .find(|c: char| c == '=' || c.is_whitespace())
            .unwrap_or(text.len());
        text[..end].to_owned()
    });
    let expression = text[id.len().min(text.len())..].trim_end().to_owned();
    (id, expression)
}

/// The line of the first token after an item's attributes, as the parser finds it.
fn head_line(vis: &Visibility, keyword: Span) -> usize {
    match vis {
        Visibility::Inherited => keyword.start().line,
        v => v.span().start().line,
    }
}

fn item_end_line(item: &Item) -> usize {
    match item {
        Item::Struct(s) => kube_codegen::parse::struct_end_line(s),
        other => other.span().end().line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_markers_docs_and_ranges() {
        let text = "/// Foo is a thing.\n// +genclient\npub struct Foo {\n    /// bar is a bar.\n    // +kubebuilder:validation:MaxLength=10\n    // +kubebuilder:validation:XValidation:rule=\"self != 'a,b'\",message=\"no\"\n    #[serde(rename = \"baz\")]\n    pub bar: String,\n}\n";
        let f = FileSrc::read(Path::new("f.rs"), text).unwrap();
        let item = &f.items[0];
        assert_eq!(item.attached.markers[0].identifier, "genclient");
        assert_eq!(item.attached.docs[0].text, "Foo is a thing.");
        let field = &item.fields[0];
        let max = &field.attached.markers[0];
        assert_eq!(max.identifier, "kubebuilder:validation:MaxLength");
        assert_eq!(max.expression, "=10");
        assert_eq!(&text[max.text_range.clone()], max.text);
        assert_eq!(max.location.column, 8);
        let xv = &field.attached.markers[1];
        assert_eq!(xv.identifier, "kubebuilder:validation:XValidation");
        assert_eq!(xv.args()["rule"], "self != 'a,b'");
        assert_eq!(field.attached.docs[0].text, "bar is a bar.");
        assert_eq!(
            &text[field.attached.docs[0].text_range.clone()],
            "bar is a bar."
        );
        assert_eq!(&text[field.ty_range.clone()], "String");
        assert_eq!(&text[field.ident_range.clone()], "bar");
        assert_eq!(field.rename.as_ref().unwrap().0, "baz");
        assert_eq!(&text[field.insert_at..field.insert_at + 11], "    #[serde");
    }
}
