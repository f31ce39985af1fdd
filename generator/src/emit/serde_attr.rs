//! A serde attribute of the input, re-emitted: the model keeps each as the
//! user wrote it (`#[serde(rename = "x")]`, or only its inside); this reads it
//! into its arguments and writes it spaced as prettyplease spaces attribute
//! tokens, with a lexer of its own (the attribute's text is all there is to
//! read: words, punctuation, literals and delimited groups).

use std::cell::RefCell;
use std::collections::HashMap;

use crate::emit::code::Code;

thread_local! {
    static PARSED: RefCell<HashMap<String, Result<SerdeAttr, String>>> =
        RefCell::new(HashMap::new());
}

/// One serde attribute: `#[path(args)]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SerdeAttr {
    /// `serde`.
    path: String,
    /// The top-level arguments (`rename = "x"`); `None` for a bare `#[serde]`.
    args: Option<Vec<String>>,
    /// The arguments ended with a comma.
    trailing_comma: bool,
}

impl SerdeAttr {
    /// `#[serde(<arg>)]`.
    pub(crate) fn serde(arg: &str) -> SerdeAttr {
        SerdeAttr {
            path: "serde".to_owned(),
            args: Some(vec![arg.to_owned()]),
            trailing_comma: false,
        }
    }

    /// Reads a whole attribute (`#[serde(default)]`), `serde(default)`, or
    /// only the inside (`default`); each text once per thread (fields repeat
    /// the same few attributes).
    pub(crate) fn parse(text: &str) -> Result<SerdeAttr, String> {
        PARSED.with(|cache| {
            if let Some(found) = cache.borrow().get(text) {
                return found.clone();
            }
            let result = SerdeAttr::parse_uncached(text);
            cache.borrow_mut().insert(text.to_owned(), result.clone());
            result
        })
    }

    fn parse_uncached(text: &str) -> Result<SerdeAttr, String> {
        let text = text.trim();
        let meta = if text.starts_with("#[") {
            match lex(text)?.as_slice() {
                [Tok::Punct('#'), Tok::Group('[', inner)] => inner.clone(),
                _ => return Err("expected one attribute".to_owned()),
            }
        } else if text.starts_with("serde") && text[5..].trim_start().starts_with('(') {
            lex(text)?
        } else {
            lex(&format!("serde({text})"))?
        };
        let mut path = String::new();
        let mut args = None;
        let mut trailing_comma = false;
        let last = meta.len().saturating_sub(1);
        for (i, tok) in meta.into_iter().enumerate() {
            match tok {
                Tok::Word(word) if args.is_none() => path.push_str(&word),
                Tok::Punct(':') if args.is_none() => path.push(':'),
                Tok::Group('(', inner) if args.is_none() && i == last => {
                    let (list, trailing) = split_args(inner);
                    trailing_comma = trailing;
                    args = Some(list);
                }
                _ => return Err("not an attribute".to_owned()),
            }
        }
        if path.is_empty() {
            return Err("expected an attribute path".to_owned());
        }
        Ok(SerdeAttr {
            path,
            args,
            trailing_comma,
        })
    }

    /// The keys (`rename`, `default`, `flatten`, ...) the attribute sets.
    pub(crate) fn keys(&self) -> impl Iterator<Item = &str> {
        self.args.iter().flatten().filter_map(|arg| {
            let arg = arg.strip_prefix("r#").unwrap_or(arg);
            let end = arg
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(arg.len());
            (end > 0).then(|| &arg[..end])
        })
    }

    /// The attribute on a line of its own, or its arguments one per line.
    pub(crate) fn write(&self, code: &mut Code) {
        match &self.args {
            None => code.line(format_args!("#[{}]", self.path)),
            Some(args) => code.list(
                &format!("#[{}(", self.path),
                args,
                ")]",
                self.trailing_comma,
            ),
        }
    }
}

/// A token of attribute text: a word (identifier, keyword, `r#raw`), a
/// punctuation character, a literal as written, or a delimited group.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Word(String),
    Punct(char),
    Literal(String),
    /// The opening delimiter and what is inside.
    Group(char, Vec<Tok>),
}

/// The tokens of `text`; an error for unbalanced delimiters or an
/// unterminated literal.
fn lex(text: &str) -> Result<Vec<Tok>, String> {
    let mut stack: Vec<(char, Vec<Tok>)> = vec![(' ', Vec::new())];
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let c = rest.chars().next().unwrap_or(' ');
        let len = if c.is_whitespace() {
            c.len_utf8()
        } else if rest.starts_with("//") {
            rest.find('\n').unwrap_or(rest.len())
        } else if rest.starts_with("/*") {
            rest.find("*/").ok_or("unterminated comment")? + 2
        } else if let Some(len) = literal_len(rest)? {
            push(&mut stack, Tok::Literal(rest[..len].to_owned()));
            len
        } else if c.is_alphabetic() || c == '_' {
            let mut len = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            if &rest[..len] == "r" && rest[1..].starts_with('#') {
                len = 2 + rest[2..]
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len() - 2);
            }
            push(&mut stack, Tok::Word(rest[..len].to_owned()));
            len
        } else if matches!(c, '(' | '[' | '{') {
            stack.push((c, Vec::new()));
            1
        } else if matches!(c, ')' | ']' | '}') {
            let open = match c {
                ')' => '(',
                ']' => '[',
                _ => '{',
            };
            match stack.pop() {
                Some((o, inner)) if o == open && !stack.is_empty() => {
                    push(&mut stack, Tok::Group(open, inner))
                }
                _ => return Err(format!("unbalanced `{c}`")),
            }
            1
        } else {
            push(&mut stack, Tok::Punct(c));
            c.len_utf8()
        };
        i += len;
        debug_assert!(i <= bytes.len());
    }
    match stack.pop() {
        Some((' ', tokens)) if stack.is_empty() => Ok(tokens),
        _ => Err("unclosed delimiter".to_owned()),
    }
}

fn push(stack: &mut [(char, Vec<Tok>)], tok: Tok) {
    if let Some((_, tokens)) = stack.last_mut() {
        tokens.push(tok);
    }
}

/// The length of the literal `rest` starts with (string, raw string, byte
/// string, character, number), if it starts with one.
fn literal_len(rest: &str) -> Result<Option<usize>, String> {
    let unterminated = || "unterminated literal".to_owned();
    let prefix = ["br", "b", "cr", "c", "r", ""]
        .into_iter()
        .find(|p| {
            rest.starts_with(p) && matches!(rest[p.len()..].chars().next(), Some('"' | '#' | '\''))
        })
        .filter(|p| !rest[p.len()..].starts_with('#') || p.ends_with('r'));
    let Some(prefix) = prefix else {
        return Ok(rest
            .starts_with(|c: char| c.is_ascii_digit())
            .then(|| number_len(rest)));
    };
    let body = &rest[prefix.len()..];
    if prefix.ends_with('r') {
        // `r#type` is a raw identifier, `r#"..."#` a raw string.
        if !body.trim_start_matches('#').starts_with('"') {
            return Ok(None);
        }
        let hashes = body.len() - body.trim_start_matches('#').len();
        let close = format!("\"{}", "#".repeat(hashes));
        let open = hashes + 1;
        let end = body[open..].find(&close).ok_or_else(unterminated)?;
        return Ok(Some(prefix.len() + open + end + close.len()));
    }
    let quote = body.chars().next().unwrap_or('"');
    let mut escaped = false;
    for (at, c) in body.char_indices().skip(1) {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            c if c == quote => return Ok(Some(prefix.len() + at + 1)),
            _ => {}
        }
    }
    Err(unterminated())
}

/// `1`, `0x1F`, `1.5e3`, `2u8`: digits, letters, `_` and a decimal point
/// followed by a digit.
fn number_len(rest: &str) -> usize {
    let mut len = 0;
    for (at, c) in rest.char_indices() {
        let point = c == '.' && rest[at + 1..].starts_with(|c: char| c.is_ascii_digit());
        if !(c.is_alphanumeric() || c == '_' || point) {
            break;
        }
        len = at + c.len_utf8();
    }
    len
}

/// An attribute's arguments split at top-level commas, each spaced as
/// prettyplease spaces attribute tokens; and whether a comma ended them.
fn split_args(tokens: Vec<Tok>) -> (Vec<String>, bool) {
    let mut args = Vec::new();
    let mut current = Vec::new();
    let mut trailing = false;
    for tok in tokens {
        if tok == Tok::Punct(',') {
            args.push(spaced(&std::mem::take(&mut current)));
            trailing = true;
        } else {
            current.push(tok);
            trailing = false;
        }
    }
    if !current.is_empty() {
        args.push(spaced(&current));
    }
    (args, trailing)
}

/// Tokens as prettyplease writes attribute tokens (`attr_tokens`): a space
/// between words, around `=` after a word and after `=`, after commas; none
/// around other punctuation or inside delimiters; a trailing comma dropped.
fn spaced(tokens: &[Tok]) -> String {
    fn walk(tokens: &[Tok], out: &mut String) {
        let mut after_word = false;
        for (i, tok) in tokens.iter().enumerate() {
            match tok {
                Tok::Word(text) | Tok::Literal(text) => {
                    if after_word {
                        out.push(' ');
                    }
                    out.push_str(text);
                    after_word = true;
                }
                Tok::Punct(',') if i + 1 == tokens.len() => {}
                Tok::Punct(c) => {
                    if after_word && *c == '=' {
                        out.push(' ');
                    }
                    out.push(*c);
                    if matches!(c, '=' | ',') {
                        out.push(' ');
                    }
                    after_word = false;
                }
                Tok::Group(open, inner) => {
                    let close = match open {
                        '(' => ')',
                        '[' => ']',
                        _ => '}',
                    };
                    out.push(*open);
                    walk(inner, out);
                    out.push(close);
                    after_word = false;
                }
            }
        }
    }
    let mut out = String::new();
    walk(tokens, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(text: &str) -> String {
        let mut code = Code::new();
        SerdeAttr::parse(text).unwrap().write(&mut code);
        code.finish()
    }

    #[test]
    fn every_form_the_model_holds_is_read_and_spaced_as_prettyplease_spaces_it() {
        for text in [
            "#[serde(rename=\"a\",default)]",
            "serde( rename = \"a\" , default )",
            "rename = \"a\", default",
        ] {
            assert_eq!(
                written(text),
                "#[serde(rename = \"a\", default)]\n",
                "{text}"
            );
        }
        assert_eq!(
            written("#[serde(rename(serialize=\"a\", deserialize = r#\"b\"#), with=\"x::y\")]"),
            "#[serde(rename(serialize = \"a\", deserialize = r#\"b\"#), with = \"x::y\")]\n"
        );
        assert_eq!(
            written("#[serde(default = \"crate::d\" /* why */, bound(serialize = \"T: X,\"),)]"),
            "#[serde(default = \"crate::d\", bound(serialize = \"T: X,\"))]\n"
        );
        let attr = SerdeAttr::parse("#[serde(skip_serializing_if = \"Option::is_none\", r#type)]")
            .unwrap();
        assert_eq!(
            attr.keys().collect::<Vec<_>>(),
            ["skip_serializing_if", "type"]
        );
    }

    #[test]
    fn long_attributes_break_their_arguments() {
        let long = format!("#[serde(rename = \"{}\", default)]", "a".repeat(80));
        assert_eq!(
            written(&long),
            format!(
                "#[serde(\n    rename = \"{}\",\n    default\n)]\n",
                "a".repeat(80)
            )
        );
    }

    #[test]
    fn what_is_no_attribute_is_an_error() {
        for bad in [
            "#[serde(rename = \"a)]",
            "#[serde(x]",
            "#[a] #[b]",
            "serde(x) y",
        ] {
            assert!(SerdeAttr::parse(bad).is_err(), "{bad}");
        }
    }
}
