//! Field selectors: `k8s.io/apimachinery/pkg/fields.ParseSelector`.

use std::fmt;
use std::str::FromStr;

use super::SelectorError;

/// A parsed field selector: every term must hold. The empty selector selects
/// everything. Which fields exist is up to the resource: the fake checks them
/// against [`crate::ResourceInfo::is_selectable`], as the server does.
///
/// ```
/// use kube_codegen_runtime::selector::FieldSelector;
///
/// let selector = FieldSelector::parse("metadata.name=web,status.phase!=Failed")?;
/// let field = |path: &str| match path {
///     "metadata.name" => Some("web".to_owned()),
///     "status.phase" => Some("Running".to_owned()),
///     _ => None,
/// };
/// assert!(selector.matches(field));
/// assert_eq!(FieldSelector::parse(r"spec.note=a\,b")?.terms()[0].value, "a,b");
/// assert!(FieldSelector::parse("metadata.name").is_err());
/// # Ok::<(), kube_codegen_runtime::selector::SelectorError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct FieldSelector {
    terms: Vec<FieldTerm>,
}

/// One `field=value` or `field!=value` term.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FieldTerm {
    /// The field path, as written (`metadata.name`).
    pub field: String,
    /// `=`/`==` or `!=`.
    pub operator: FieldOperator,
    /// The value, unescaped.
    pub value: String,
}

/// How a term compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FieldOperator {
    /// `=` or `==`.
    Equals,
    /// `!=`.
    NotEquals,
}

impl FieldSelector {
    /// Parses a selector as the API server's `fieldSelector` parameter does.
    ///
    /// # Errors
    ///
    /// When the server would reject the syntax; the message is the server's.
    pub fn parse(selector: &str) -> Result<FieldSelector, SelectorError> {
        let mut parts = split_terms(selector);
        parts.sort_unstable();
        let mut terms = Vec::new();
        for part in parts.into_iter().filter(|p| !p.is_empty()) {
            let Some((field, operator, value)) = split_term(part) else {
                return Err(SelectorError::new(
                    selector,
                    format!("invalid selector: '{selector}'; can't understand '{part}'"),
                ));
            };
            let value = unescape(value).map_err(|message| SelectorError::new(selector, message))?;
            terms.push(FieldTerm {
                field: field.to_owned(),
                operator,
                value,
            });
        }
        Ok(FieldSelector { terms })
    }

    /// The terms, sorted as the server sorts them.
    pub fn terms(&self) -> &[FieldTerm] {
        &self.terms
    }

    /// Whether it selects everything.
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    /// Whether the object whose fields `field` reads satisfies every term; a
    /// missing field reads as the empty string, as the server renders it.
    pub fn matches(&self, field: impl Fn(&str) -> Option<String>) -> bool {
        self.terms.iter().all(|term| {
            let actual = field(&term.field).unwrap_or_default();
            (actual == term.value) == (term.operator == FieldOperator::Equals)
        })
    }
}

impl fmt::Display for FieldSelector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, term) in self.terms.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            let op = match term.operator {
                FieldOperator::Equals => "=",
                FieldOperator::NotEquals => "!=",
            };
            write!(f, "{}{op}{}", term.field, escape(&term.value))?;
        }
        Ok(())
    }
}

impl FromStr for FieldSelector {
    type Err = SelectorError;

    fn from_str(selector: &str) -> Result<Self, Self::Err> {
        FieldSelector::parse(selector)
    }
}

/// The comma-separated terms; `\,` does not split (Go's `splitTerms`).
fn split_terms(selector: &str) -> Vec<&str> {
    if selector.is_empty() {
        return Vec::new();
    }
    let mut terms = Vec::new();
    let mut start = 0;
    let mut in_slash = false;
    for (i, c) in selector.char_indices() {
        if in_slash {
            in_slash = false;
        } else if c == '\\' {
            in_slash = true;
        } else if c == ',' {
            terms.push(&selector[start..i]);
            start = i + 1;
        }
    }
    terms.push(&selector[start..]);
    terms
}

/// Field, operator and raw value, split at the first operator (Go's `splitTerm`).
fn split_term(term: &str) -> Option<(&str, FieldOperator, &str)> {
    for (i, _) in term.char_indices() {
        let rest = &term[i..];
        for (op, operator) in [
            ("!=", FieldOperator::NotEquals),
            ("==", FieldOperator::Equals),
            ("=", FieldOperator::Equals),
        ] {
            if let Some(value) = rest.strip_prefix(op) {
                return Some((&term[..i], operator, value));
            }
        }
    }
    None
}

/// Go's `UnescapeValue`, with its messages (an unescaped rune is printed as its
/// code point, as Go's `%v` of a rune does).
fn unescape(value: &str) -> Result<String, String> {
    if !value.contains(['\\', ',', '=']) {
        return Ok(value.to_owned());
    }
    let mut out = String::with_capacity(value.len());
    let mut in_slash = false;
    for c in value.chars() {
        if in_slash {
            match c {
                '\\' | ',' | '=' => out.push(c),
                other => {
                    return Err(format!(
                        "invalid field selector: invalid escape sequence: \\{other}"
                    ));
                }
            }
            in_slash = false;
            continue;
        }
        match c {
            '\\' => in_slash = true,
            ',' | '=' => {
                return Err(format!(
                    "invalid field selector: unescaped character in value: {}",
                    c as u32
                ));
            }
            other => out.push(other),
        }
    }
    if in_slash {
        return Err("invalid field selector: invalid escape sequence: \\".to_owned());
    }
    Ok(out)
}

fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace(',', "\\,")
        .replace('=', "\\=")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(selector: &str) -> String {
        FieldSelector::parse(selector).unwrap_err().to_string()
    }

    #[test]
    fn terms_split_at_the_first_operator_and_sort() {
        let selector = FieldSelector::parse("b!=2,a==1,,c=").unwrap();
        let terms: Vec<_> = selector
            .terms()
            .iter()
            .map(|t| (t.field.as_str(), t.operator, t.value.as_str()))
            .collect();
        assert_eq!(
            terms,
            [
                ("a", FieldOperator::Equals, "1"),
                ("b", FieldOperator::NotEquals, "2"),
                ("c", FieldOperator::Equals, ""),
            ]
        );
        assert_eq!(selector.to_string(), "a=1,b!=2,c=");
        // Whitespace is part of the field and the value, as on the server.
        assert_eq!(
            FieldSelector::parse(" a = 1").unwrap().terms()[0].field,
            " a "
        );
    }

    #[test]
    fn escapes_and_their_errors() {
        assert_eq!(
            FieldSelector::parse(r"a=x\=y\\z").unwrap().terms()[0].value,
            r"x=y\z"
        );
        assert_eq!(
            error("a=b=c"),
            "invalid field selector: unescaped character in value: 61"
        );
        assert_eq!(
            error(r"a=b\c"),
            r"invalid field selector: invalid escape sequence: \c"
        );
        assert_eq!(
            error("nope"),
            "invalid selector: 'nope'; can't understand 'nope'"
        );
        let round_trip = FieldSelector::parse(r"a=x\,y").unwrap().to_string();
        assert_eq!(round_trip, r"a=x\,y");
    }

    #[test]
    fn missing_fields_read_as_empty() {
        let selector = FieldSelector::parse("spec.x=,spec.y!=1").unwrap();
        assert!(selector.matches(|_| None));
        assert!(!selector.matches(|f| (f == "spec.y").then(|| "1".to_owned())));
    }
}
