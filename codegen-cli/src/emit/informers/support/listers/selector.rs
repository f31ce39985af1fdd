//! Parsing label selectors written the way `kubectl -l` and the API's
//! `labelSelector` parameter take them (`app=web,tier!=db,env in (prod,qa),!canary`)
//! into [`kube::core::Selector`], which listers match against cached objects.

use std::fmt;

use kube::core::{Expression, Selector};

/// A label selector string that could not be parsed; says where and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectorParseError {
    input: String,
    message: String,
}

impl fmt::Display for SelectorParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid label selector {:?}: {}",
            self.input, self.message
        )
    }
}

impl std::error::Error for SelectorParseError {}

/// Parses a label selector in the Kubernetes text syntax.
///
/// Requirements are separated by commas and must all hold: `key` (exists), `!key`
/// (does not exist), `key=value` or `key==value`, `key!=value`, `key in (a,b)` and
/// `key notin (a,b)`. The empty string selects everything. The numeric `key>1` and
/// `key<1` forms are rejected, since `kube::core::Selector` cannot express them.
///
/// ```
/// use std::collections::BTreeMap;
/// use kube::core::SelectorExt;
///
/// let selector = __CRATE__::listers::parse_selector("app=web, env in (prod,qa), !canary")?;
/// let labels = BTreeMap::from([
///     ("app".to_string(), "web".to_string()),
///     ("env".to_string(), "qa".to_string()),
/// ]);
/// assert!(selector.matches(&labels));
/// assert!(__CRATE__::listers::parse_selector("app in ()").is_err());
/// # Ok::<(), __CRATE__::listers::SelectorParseError>(())
/// ```
pub fn parse_selector(input: &str) -> Result<Selector, SelectorParseError> {
    let error = |message: String| SelectorParseError {
        input: input.to_owned(),
        message,
    };
    let tokens = lex(input).map_err(error)?;
    Parser { tokens, pos: 0 }.selector().map_err(error)
}

/// One lexical token of the selector syntax.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Word(String),
    Equals,
    DoubleEquals,
    NotEquals,
    Not,
    Open,
    Close,
    Comma,
    Greater,
    Less,
    In,
    NotIn,
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Token::Word(word) => return write!(f, "{word:?}"),
            Token::Equals => "=",
            Token::DoubleEquals => "==",
            Token::NotEquals => "!=",
            Token::Not => "!",
            Token::Open => "(",
            Token::Close => ")",
            Token::Comma => ",",
            Token::Greater => ">",
            Token::Less => "<",
            Token::In => "in",
            Token::NotIn => "notin",
        };
        write!(f, "`{text}`")
    }
}

/// Characters that end a word.
fn is_special(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '(' | ')' | '=' | '!' | '<' | '>')
}

fn lex(input: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    let mut chars = input.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        let token = match c {
            c if c.is_whitespace() => continue,
            ',' => Token::Comma,
            '(' => Token::Open,
            ')' => Token::Close,
            '<' => Token::Less,
            '>' => Token::Greater,
            '=' if chars.next_if(|(_, c)| *c == '=').is_some() => Token::DoubleEquals,
            '=' => Token::Equals,
            '!' if chars.next_if(|(_, c)| *c == '=').is_some() => Token::NotEquals,
            '!' => Token::Not,
            _ => {
                let mut end = start + c.len_utf8();
                while let Some((i, c)) = chars.next_if(|(_, c)| !is_special(*c)) {
                    end = i + c.len_utf8();
                }
                match &input[start..end] {
                    "in" => Token::In,
                    "notin" => Token::NotIn,
                    word => Token::Word(word.to_owned()),
                }
            }
        };
        tokens.push(token);
    }
    Ok(tokens)
}

/// A recursive-descent parser over the tokens.
struct Parser {
    tokens: Vec<Token>,
    pos: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn next(&mut self) -> Option<Token> {
        let token = self.tokens.get(self.pos).cloned();
        self.pos += 1;
        token
    }

    fn selector(mut self) -> Result<Selector, String> {
        let mut expressions = Vec::new();
        if self.tokens.is_empty() {
            return Ok(Selector::default());
        }
        loop {
            expressions.push(self.requirement()?);
            match self.next() {
                None => break,
                Some(Token::Comma) if self.peek().is_some() => continue,
                Some(Token::Comma) => return Err("trailing `,`".to_owned()),
                Some(other) => return Err(format!("expected `,` but found {other}")),
            }
        }
        Ok(expressions.into_iter().collect())
    }

    fn requirement(&mut self) -> Result<Expression, String> {
        if self.peek() == Some(&Token::Not) {
            self.pos += 1;
            let key = self.key()?;
            return Ok(Expression::DoesNotExist(key));
        }
        let key = self.key()?;
        match self.peek() {
            None | Some(Token::Comma) => Ok(Expression::Exists(key)),
            Some(Token::Equals | Token::DoubleEquals) => {
                self.pos += 1;
                Ok(Expression::Equal(key, self.value()?))
            }
            Some(Token::NotEquals) => {
                self.pos += 1;
                Ok(Expression::NotEqual(key, self.value()?))
            }
            Some(Token::In) => {
                self.pos += 1;
                Ok(Expression::In(key, self.value_set()?))
            }
            Some(Token::NotIn) => {
                self.pos += 1;
                Ok(Expression::NotIn(key, self.value_set()?))
            }
            Some(Token::Greater | Token::Less) => Err(format!(
                "the numeric comparisons `>` and `<` (on key {key:?}) are not supported"
            )),
            Some(other) => Err(format!(
                "expected an operator after {key:?} but found {other}"
            )),
        }
    }

    fn key(&mut self) -> Result<String, String> {
        match self.next() {
            Some(Token::Word(key)) => {
                validate_key(&key)?;
                Ok(key)
            }
            Some(other) => Err(format!("expected a label key but found {other}")),
            None => Err("expected a label key but the selector ended".to_owned()),
        }
    }

    /// A value after `=`/`!=`; may be empty (`app=` selects an empty label value).
    fn value(&mut self) -> Result<String, String> {
        match self.peek() {
            Some(Token::Word(value)) => {
                let value = value.clone();
                self.pos += 1;
                validate_value(&value)?;
                Ok(value)
            }
            None | Some(Token::Comma) => Ok(String::new()),
            Some(other) => Err(format!("expected a label value but found {other}")),
        }
    }

    /// `( value, value, ... )` after `in`/`notin`; must not be empty.
    fn value_set(&mut self) -> Result<std::collections::BTreeSet<String>, String> {
        if self.next() != Some(Token::Open) {
            return Err("expected `(` after `in`/`notin`".to_owned());
        }
        let mut values = std::collections::BTreeSet::new();
        if self.peek() == Some(&Token::Close) {
            return Err("the value set of `in`/`notin` must not be empty".to_owned());
        }
        loop {
            match self.peek() {
                Some(Token::Word(_)) => {
                    values.insert(self.value()?);
                }
                // `(a,,b)` and `(a,)` hold an empty value, as in Kubernetes.
                Some(Token::Comma | Token::Close) => {
                    values.insert(String::new());
                }
                _ => {}
            }
            match self.next() {
                Some(Token::Comma) => continue,
                Some(Token::Close) => return Ok(values),
                Some(other) => return Err(format!("expected `,` or `)` but found {other}")),
                None => return Err("missing `)`".to_owned()),
            }
        }
    }
}

/// A label name segment: at most 63 characters, alphanumeric at both ends,
/// `-`, `_` and `.` inside.
fn valid_name(name: &str) -> bool {
    let alnum = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    !name.is_empty()
        && name.len() <= 63
        && alnum(name.chars().next())
        && alnum(name.chars().last())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// A key is `[prefix/]name` with a DNS subdomain prefix of at most 253 characters.
fn validate_key(key: &str) -> Result<(), String> {
    let (prefix, name) = match key.split_once('/') {
        Some((prefix, name)) => (Some(prefix), name),
        None => (None, key),
    };
    if let Some(prefix) = prefix {
        let valid_prefix = !prefix.is_empty()
            && prefix.len() <= 253
            && prefix.split('.').all(|label| {
                !label.is_empty()
                    && label.len() <= 63
                    && label.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
                    && label.ends_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
                    && label
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            });
        if !valid_prefix {
            return Err(format!(
                "label key {key:?} has an invalid prefix (a DNS subdomain)"
            ));
        }
    }
    if !valid_name(name) {
        return Err(format!(
            "invalid label key {key:?}: the name must be 1-63 characters, alphanumeric at both ends, with `-`, `_` or `.` inside"
        ));
    }
    Ok(())
}

/// A value is empty or a valid name segment.
fn validate_value(value: &str) -> Result<(), String> {
    if value.is_empty() || valid_name(value) {
        Ok(())
    } else {
        Err(format!(
            "invalid label value {value:?}: at most 63 characters, alphanumeric at both ends, with `-`, `_` or `.` inside"
        ))
    }
}
