//! Tokens back to source text for the parser, remembering where each token went.
//!
//! The parser reads files: it finds markers in `///` comment lines and reports
//! problems by line and column. A proc macro gets tokens, where `/// +marker`
//! has become `#[doc = " +marker"]` and `//` comments are gone. So the tokens
//! are printed as text, doc attributes as `///` (or `//!`) lines again, and
//! every token's place in that text is recorded with its span; a diagnostic's
//! line and column then leads back to the span of the token the user wrote,
//! which is where `compile_error!` points.

use proc_macro2::{Delimiter, Spacing, Span, TokenStream, TokenTree};

/// Text printed from tokens, and the span of what is at each place of it.
#[derive(Default)]
pub struct SourceMap {
    text: String,
    /// 1-based line of the end of `text`.
    line: usize,
    /// 0-based column (in chars) of the end of `text`.
    column: usize,
    /// (line, first column, end column, span), in text order.
    spans: Vec<(usize, usize, usize, Span)>,
}

impl SourceMap {
    pub fn new() -> Self {
        SourceMap {
            line: 1,
            ..SourceMap::default()
        }
    }

    /// The text printed so far.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Appends text that comes from no token (synthesised lines).
    pub fn raw(&mut self, text: &str) {
        for c in text.chars() {
            self.text.push(c);
            if c == '\n' {
                self.line += 1;
                self.column = 0;
            } else {
                self.column += 1;
            }
        }
    }

    fn newline(&mut self) {
        if self.column > 0 {
            self.raw("\n");
        }
    }

    /// Appends `text` as coming from `span`.
    fn spanned(&mut self, text: &str, span: Span) {
        let (line, start) = (self.line, self.column);
        self.raw(text);
        self.spans.push((line, start, self.column, span));
    }

    /// `///`-style lines for a doc string (`//!` when inner), all mapped to `span`.
    pub fn doc(&mut self, value: &str, inner: bool, span: Span) {
        self.newline();
        let prefix = if inner { "//!" } else { "///" };
        for line in value.split('\n') {
            self.spanned(&format!("{prefix}{}", line.trim_end_matches('\r')), span);
            self.raw("\n");
        }
    }

    /// Prints tokens, with attributes and comments on lines of their own.
    pub fn tokens(&mut self, tokens: TokenStream) {
        self.stream(tokens, false);
    }

    fn stream(&mut self, tokens: TokenStream, in_braces: bool) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < trees.len() {
            if let Some((doc, inner, used)) = doc_attribute(&trees[i..]) {
                self.doc(&doc.0, inner, doc.1);
                i += used;
                continue;
            }
            let tree = &trees[i];
            if is_attribute_start(&trees[i..]) {
                self.newline();
            }
            match tree {
                TokenTree::Group(group) => {
                    let (open, close) = match group.delimiter() {
                        Delimiter::Brace => ("{", "}"),
                        Delimiter::Bracket => ("[", "]"),
                        Delimiter::Parenthesis => ("(", ")"),
                        Delimiter::None => ("", ""),
                    };
                    let braces = group.delimiter() == Delimiter::Brace;
                    // The whole group: an error at its opening delimiter is
                    // about all of it (a tuple type, a list).
                    self.spanned(open, group.span());
                    if braces {
                        self.raw("\n");
                    } else {
                        self.raw(" ");
                    }
                    self.stream(group.stream(), braces);
                    if braces {
                        self.newline();
                    }
                    self.spanned(close, group.span_close());
                    self.raw(" ");
                    // An attribute (`#[...]` or `#![...]`) ends its line.
                    let outer = group.delimiter() == Delimiter::Bracket
                        && i > 0
                        && is_attribute_start(&trees[i - 1..]);
                    let inner = i > 1
                        && is_attribute_start(&trees[i - 2..])
                        && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == '!');
                    if outer || inner {
                        self.raw("\n");
                    }
                }
                TokenTree::Ident(ident) => {
                    self.spanned(&ident.to_string(), ident.span());
                    self.raw(" ");
                }
                TokenTree::Literal(lit) => {
                    self.spanned(&lit.to_string(), lit.span());
                    self.raw(" ");
                }
                TokenTree::Punct(punct) => {
                    self.spanned(&punct.as_char().to_string(), punct.span());
                    if punct.spacing() == Spacing::Alone {
                        self.raw(" ");
                    }
                    let ends_line =
                        matches!(punct.as_char(), ';') || (punct.as_char() == ',' && in_braces);
                    if ends_line && punct.spacing() == Spacing::Alone {
                        self.raw("\n");
                    }
                }
            }
            i += 1;
        }
    }

    /// The span of the token at 1-based `line` and `column`: the token covering
    /// that place, else the next one on the line, else the last one before it.
    pub fn span_at(&self, line: usize, column: usize) -> Option<Span> {
        let col = column.saturating_sub(1);
        let on_line = || self.spans.iter().filter(|s| s.0 == line);
        on_line()
            .find(|s| s.1 <= col && col < s.2.max(s.1 + 1))
            .or_else(|| on_line().find(|s| s.1 >= col))
            .or_else(|| self.spans.iter().rev().find(|s| (s.0, s.1) <= (line, col)))
            .or(self.spans.first())
            .map(|s| s.3)
    }
}

/// `#` `[...]` or `#` `!` `[...]` starts here.
fn is_attribute_start(trees: &[TokenTree]) -> bool {
    match trees {
        [TokenTree::Punct(p), TokenTree::Group(g), ..] if p.as_char() == '#' => {
            g.delimiter() == Delimiter::Bracket
        }
        [
            TokenTree::Punct(p),
            TokenTree::Punct(bang),
            TokenTree::Group(g),
            ..,
        ] if p.as_char() == '#' && bang.as_char() == '!' => g.delimiter() == Delimiter::Bracket,
        _ => false,
    }
}

/// A `#[doc = "..."]` (or `#![doc = "..."]`) at the start of `trees`: its text
/// and the literal's span, whether it is inner, and how many trees it takes.
fn doc_attribute(trees: &[TokenTree]) -> Option<((String, Span), bool, usize)> {
    let (inner, group, used) = match trees {
        [TokenTree::Punct(p), TokenTree::Group(g), ..] if p.as_char() == '#' => (false, g, 2),
        [
            TokenTree::Punct(p),
            TokenTree::Punct(bang),
            TokenTree::Group(g),
            ..,
        ] if p.as_char() == '#' && bang.as_char() == '!' => (true, g, 3),
        _ => return None,
    };
    if group.delimiter() != Delimiter::Bracket {
        return None;
    }
    let inside: Vec<TokenTree> = group.stream().into_iter().collect();
    match inside.as_slice() {
        [
            TokenTree::Ident(name),
            TokenTree::Punct(eq),
            TokenTree::Literal(lit),
        ] if name == "doc" && eq.as_char() == '=' => {
            let value = syn::parse_str::<syn::LitStr>(&lit.to_string())
                .ok()?
                .value();
            Some(((value, lit.span()), inner, used))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doc_attributes_become_comment_lines_and_code_reparses() {
        let tokens: TokenStream = "#![doc = \" +groupName=a.b\"]
            use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
            /// A thing.
            /// +genclient
            #[derive(Debug)]
            pub struct A<'a> { /// Size.
                /// +kubebuilder:validation:Minimum=-1
                pub size: i32, pub r#type: &'a str }"
            .parse()
            .unwrap();
        let mut map = SourceMap::new();
        map.tokens(tokens);
        let text = map.text();
        assert!(text.starts_with("//! +groupName=a.b\nuse "), "{text}");
        assert!(
            text.contains("\n/// A thing.\n/// +genclient\n# [ derive ( Debug ) ] \npub struct A <'a > {\n/// Size.\n"),
            "{text}"
        );
        assert!(
            text.contains(
                "\n/// +kubebuilder:validation:Minimum=-1\npub size : i32 , \npub r#type : &'a str"
            ),
            "{text}"
        );
        syn::parse_file(text).expect("the text is Rust");
    }

    #[test]
    fn places_lead_back_to_tokens() {
        let tokens: TokenStream = "/// +bad\nstruct S { x: (i32, i32) }".parse().unwrap();
        let mut map = SourceMap::new();
        map.tokens(tokens);
        // Line 1 is the doc line; anything on it maps to the doc literal.
        let doc = map.span_at(1, 5).unwrap();
        let lit = map.span_at(1, 1).unwrap();
        assert_eq!(format!("{doc:?}"), format!("{lit:?}"));
        let text = map.text().to_owned();
        let line = text.lines().position(|l| l.contains("x :")).unwrap() + 1;
        let col = text.lines().nth(line - 1).unwrap().find('(').unwrap() + 1;
        assert!(map.span_at(line, col).is_some());
    }
}
