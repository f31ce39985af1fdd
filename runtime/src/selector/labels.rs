//! Label selectors: `k8s.io/apimachinery/pkg/labels.Parse` and `Matches`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::str::FromStr;

use k8s_openapi::apimachinery::pkg::apis::meta::v1 as metav1;

use super::SelectorError;
use super::validation::{go_quote, label_value, qualified_name};

/// A parsed label selector: every requirement must hold. The empty selector
/// selects everything.
///
/// ```
/// use std::collections::BTreeMap;
/// use kube_codegen_runtime::selector::LabelSelector;
///
/// let selector: LabelSelector = "app=web, env in (prod,qa), !canary, replicas>1".parse()?;
/// let labels = BTreeMap::from([
///     ("app".to_owned(), "web".to_owned()),
///     ("env".to_owned(), "qa".to_owned()),
///     ("replicas".to_owned(), "3".to_owned()),
/// ]);
/// assert!(selector.matches(&labels));
/// assert_eq!(selector.to_string(), "app=web,!canary,env in (prod,qa),replicas>1");
/// assert!(LabelSelector::default().matches(&BTreeMap::new()));
/// # Ok::<(), kube_codegen_runtime::selector::SelectorError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LabelSelector {
    requirements: Vec<Requirement>,
}

/// One requirement of a [`LabelSelector`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Requirement {
    key: String,
    operator: Operator,
    values: BTreeSet<String>,
}

/// How a requirement compares a label with its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operator {
    /// `key`: the label exists.
    Exists,
    /// `!key`: the label does not exist.
    DoesNotExist,
    /// `key=value`.
    Equals,
    /// `key==value` (the same as `=`).
    DoubleEquals,
    /// `key!=value`: a missing label also matches.
    NotEquals,
    /// `key in (a,b)`.
    In,
    /// `key notin (a,b)`: a missing label also matches.
    NotIn,
    /// `key>n`: the label is an integer greater than `n`.
    GreaterThan,
    /// `key<n`: the label is an integer less than `n`.
    LessThan,
}

/// A set of labels a selector can look at.
pub trait Labels {
    /// The value of label `key`, if there is one.
    fn label(&self, key: &str) -> Option<&str>;
}

impl Labels for BTreeMap<String, String> {
    fn label(&self, key: &str) -> Option<&str> {
        self.get(key).map(String::as_str)
    }
}

impl Labels for std::collections::HashMap<String, String> {
    fn label(&self, key: &str) -> Option<&str> {
        self.get(key).map(String::as_str)
    }
}

impl Labels for serde_json::Map<String, serde_json::Value> {
    fn label(&self, key: &str) -> Option<&str> {
        self.get(key).and_then(serde_json::Value::as_str)
    }
}

impl<L: Labels> Labels for Option<&L> {
    fn label(&self, key: &str) -> Option<&str> {
        self.and_then(|labels| labels.label(key))
    }
}

impl Requirement {
    /// The label key.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// The operator.
    pub fn operator(&self) -> Operator {
        self.operator
    }

    /// The values, sorted (empty for `Exists` and `DoesNotExist`).
    pub fn values(&self) -> impl Iterator<Item = &str> {
        self.values.iter().map(String::as_str)
    }

    /// Whether `labels` satisfy the requirement (Go's `Requirement.Matches`).
    pub fn matches(&self, labels: &(impl Labels + ?Sized)) -> bool {
        let value = labels.label(&self.key);
        match self.operator {
            Operator::In | Operator::Equals | Operator::DoubleEquals => {
                value.is_some_and(|v| self.values.contains(v))
            }
            Operator::NotIn | Operator::NotEquals => value.is_none_or(|v| !self.values.contains(v)),
            Operator::Exists => value.is_some(),
            Operator::DoesNotExist => value.is_none(),
            Operator::GreaterThan | Operator::LessThan => {
                let (Some(actual), Some(bound)) = (
                    value.and_then(|v| v.parse::<i64>().ok()),
                    self.values.first().and_then(|v| v.parse::<i64>().ok()),
                ) else {
                    return false;
                };
                if self.operator == Operator::GreaterThan {
                    actual > bound
                } else {
                    actual < bound
                }
            }
        }
    }
}

impl fmt::Display for Requirement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.operator == Operator::DoesNotExist {
            return write!(f, "!{}", self.key);
        }
        f.write_str(&self.key)?;
        let op = match self.operator {
            Operator::Exists | Operator::DoesNotExist => return Ok(()),
            Operator::Equals => "=",
            Operator::DoubleEquals => "==",
            Operator::NotEquals => "!=",
            Operator::In => " in ",
            Operator::NotIn => " notin ",
            Operator::GreaterThan => ">",
            Operator::LessThan => "<",
        };
        f.write_str(op)?;
        let values: Vec<&str> = self.values().collect();
        if matches!(self.operator, Operator::In | Operator::NotIn) {
            write!(f, "({})", values.join(","))
        } else {
            f.write_str(&values.join(","))
        }
    }
}

impl LabelSelector {
    /// Parses a selector as the API server's `labelSelector` parameter does.
    ///
    /// # Errors
    ///
    /// When the server would reject it; the message is the server's.
    pub fn parse(selector: &str) -> Result<LabelSelector, SelectorError> {
        let items = lex(selector);
        let mut requirements = Parser { items, position: 0 }
            .parse()
            .map_err(|message| SelectorError::new(selector, message))?;
        // Sorted by key, as labels.Parse does, for a deterministic string form.
        requirements.sort_by(|a, b| a.key.cmp(&b.key));
        Ok(LabelSelector { requirements })
    }

    /// The selector that selects everything.
    pub fn everything() -> LabelSelector {
        LabelSelector::default()
    }

    /// Whether it selects everything (has no requirement).
    pub fn is_empty(&self) -> bool {
        self.requirements.is_empty()
    }

    /// The requirements, sorted by key.
    pub fn requirements(&self) -> &[Requirement] {
        &self.requirements
    }

    /// Whether `labels` satisfy every requirement.
    pub fn matches(&self, labels: &(impl Labels + ?Sized)) -> bool {
        self.requirements.iter().all(|r| r.matches(labels))
    }
}

impl fmt::Display for LabelSelector {
    /// The selector in the syntax it is parsed from (requirements sorted by key).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, requirement) in self.requirements.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{requirement}")?;
        }
        Ok(())
    }
}

impl FromStr for LabelSelector {
    type Err = SelectorError;

    fn from_str(selector: &str) -> Result<Self, Self::Err> {
        LabelSelector::parse(selector)
    }
}

impl From<kube::core::Selector> for LabelSelector {
    /// The same selection as kube's `Selector` (which has no `>` or `<`).
    fn from(selector: kube::core::Selector) -> Self {
        use kube::core::Expression;
        let mut requirements: Vec<Requirement> = selector
            .into_iter()
            .map(|expression| {
                let (key, operator, values): (String, Operator, BTreeSet<String>) = match expression
                {
                    Expression::In(key, values) => (key, Operator::In, values),
                    Expression::NotIn(key, values) => (key, Operator::NotIn, values),
                    Expression::Equal(key, value) => (key, Operator::Equals, [value].into()),
                    Expression::NotEqual(key, value) => (key, Operator::NotEquals, [value].into()),
                    Expression::Exists(key) => (key, Operator::Exists, BTreeSet::new()),
                    Expression::DoesNotExist(key) => (key, Operator::DoesNotExist, BTreeSet::new()),
                };
                Requirement {
                    key,
                    operator,
                    values,
                }
            })
            .collect();
        requirements.sort_by(|a, b| a.key.cmp(&b.key));
        LabelSelector { requirements }
    }
}

impl TryFrom<&metav1::LabelSelector> for LabelSelector {
    type Error = SelectorError;

    /// The selector an API object spells as `matchLabels` and `matchExpressions`
    /// (a Deployment's `spec.selector`, say).
    fn try_from(selector: &metav1::LabelSelector) -> Result<Self, Self::Error> {
        let converted = kube::core::Selector::try_from(selector.clone())
            .map_err(|e| SelectorError::new("", e.to_string()))?;
        Ok(LabelSelector::from(converted))
    }
}

/// A token of the selector syntax (Go's `Token`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Error,
    EndOfString,
    ClosedPar,
    Comma,
    DoesNotExist,
    DoubleEquals,
    Equals,
    GreaterThan,
    Identifier,
    In,
    LessThan,
    NotEquals,
    NotIn,
    OpenPar,
}

fn keyword(literal: &[u8]) -> Option<Token> {
    Some(match literal {
        b")" => Token::ClosedPar,
        b"," => Token::Comma,
        b"!" => Token::DoesNotExist,
        b"==" => Token::DoubleEquals,
        b"=" => Token::Equals,
        b">" => Token::GreaterThan,
        b"in" => Token::In,
        b"<" => Token::LessThan,
        b"!=" => Token::NotEquals,
        b"notin" => Token::NotIn,
        b"(" => Token::OpenPar,
        _ => return None,
    })
}

fn is_whitespace(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

fn is_special(b: u8) -> bool {
    matches!(b, b'=' | b'!' | b'(' | b')' | b',' | b'>' | b'<')
}

/// Splits the selector into tokens, ending with `EndOfString` (Go's `Lexer`).
fn lex(input: &str) -> Vec<(Token, String)> {
    let bytes = input.as_bytes();
    let text = |from: usize, to: usize| String::from_utf8_lossy(&bytes[from..to]).into_owned();
    let mut items = Vec::new();
    let mut pos = 0;
    loop {
        while pos < bytes.len() && is_whitespace(bytes[pos]) {
            pos += 1;
        }
        if pos >= bytes.len() {
            items.push((Token::EndOfString, String::new()));
            return items;
        }
        let start = pos;
        if is_special(bytes[pos]) {
            // The longest run of special characters that is a token.
            let mut last = None;
            while pos < bytes.len() && is_special(bytes[pos]) {
                match keyword(&bytes[start..=pos]) {
                    Some(token) => last = Some((token, pos + 1)),
                    None if last.is_some() => break,
                    None => {}
                }
                pos += 1;
            }
            match last {
                Some((token, end)) => {
                    pos = end;
                    items.push((token, text(start, end)));
                }
                None => items.push((
                    Token::Error,
                    format!("error expected: keyword found '{}'", text(start, pos)),
                )),
            }
        } else {
            while pos < bytes.len() && !is_special(bytes[pos]) && !is_whitespace(bytes[pos]) {
                pos += 1;
            }
            let literal = &bytes[start..pos];
            let token = keyword(literal).unwrap_or(Token::Identifier);
            items.push((token, text(start, pos)));
        }
    }
}

/// Where the parser is: after a key, `in`/`notin` are operators; among values
/// they are identifiers (Go's `ParserContext`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    KeyAndOperator,
    Values,
}

struct Parser {
    items: Vec<(Token, String)>,
    position: usize,
}

impl Parser {
    fn item(&self, index: usize, context: Context) -> (Token, String) {
        let (token, literal) = self
            .items
            .get(index)
            .cloned()
            .unwrap_or((Token::EndOfString, String::new()));
        match token {
            Token::In | Token::NotIn if context == Context::Values => (Token::Identifier, literal),
            _ => (token, literal),
        }
    }

    fn lookahead(&self, context: Context) -> (Token, String) {
        self.item(self.position, context)
    }

    fn consume(&mut self, context: Context) -> (Token, String) {
        self.position += 1;
        self.item(self.position - 1, context)
    }

    fn parse(&mut self) -> Result<Vec<Requirement>, String> {
        let mut requirements = Vec::new();
        loop {
            let (token, literal) = self.lookahead(Context::Values);
            match token {
                Token::Identifier | Token::DoesNotExist => {
                    let requirement = self
                        .requirement()
                        .map_err(|e| format!("unable to parse requirement: {e}"))?;
                    requirements.push(requirement);
                    let (token, literal) = self.consume(Context::Values);
                    match token {
                        Token::EndOfString => return Ok(requirements),
                        Token::Comma => {
                            let (next, literal) = self.lookahead(Context::Values);
                            if next != Token::Identifier && next != Token::DoesNotExist {
                                return Err(format!(
                                    "found '{literal}', expected: identifier after ','"
                                ));
                            }
                        }
                        _ => {
                            return Err(format!(
                                "found '{literal}', expected: ',' or 'end of string'"
                            ));
                        }
                    }
                }
                Token::EndOfString => return Ok(requirements),
                _ => {
                    return Err(format!(
                        "found '{literal}', expected: !, identifier, or 'end of string'"
                    ));
                }
            }
        }
    }

    fn requirement(&mut self) -> Result<Requirement, String> {
        let (key, operator) = self.key_and_inferred_operator()?;
        if let Some(operator) = operator {
            return new_requirement(key, operator, BTreeSet::new());
        }
        let operator = self.operator()?;
        let values = match operator {
            Operator::In | Operator::NotIn => self.values()?,
            _ => self.exact_value()?,
        };
        new_requirement(key, operator, values)
    }

    /// The key; `Exists` or `DoesNotExist` when no binary operator follows.
    fn key_and_inferred_operator(&mut self) -> Result<(String, Option<Operator>), String> {
        let mut operator = None;
        let (mut token, mut literal) = self.consume(Context::Values);
        if token == Token::DoesNotExist {
            operator = Some(Operator::DoesNotExist);
            (token, literal) = self.consume(Context::Values);
        }
        if token != Token::Identifier {
            return Err(format!("found '{literal}', expected: identifier"));
        }
        let errors = qualified_name(&literal);
        if !errors.is_empty() {
            // labels.Parse validates the key without a field path: Go prints `<nil>`.
            return Err(format!(
                "<nil>: Invalid value: {}: {}",
                go_quote(&literal),
                errors.join("; ")
            ));
        }
        let (next, _) = self.lookahead(Context::Values);
        if (next == Token::EndOfString || next == Token::Comma) && operator.is_none() {
            operator = Some(Operator::Exists);
        }
        Ok((literal, operator))
    }

    fn operator(&mut self) -> Result<Operator, String> {
        let (token, literal) = self.consume(Context::KeyAndOperator);
        Ok(match token {
            Token::In => Operator::In,
            Token::Equals => Operator::Equals,
            Token::DoubleEquals => Operator::DoubleEquals,
            Token::GreaterThan => Operator::GreaterThan,
            Token::LessThan => Operator::LessThan,
            Token::NotIn => Operator::NotIn,
            Token::NotEquals => Operator::NotEquals,
            _ => {
                return Err(format!(
                    "found '{literal}', expected: in, notin, =, ==, !=, gt, lt"
                ));
            }
        })
    }

    /// `( values )` after `in`/`notin`; `()` is the set of the empty value.
    fn values(&mut self) -> Result<BTreeSet<String>, String> {
        let (token, literal) = self.consume(Context::Values);
        if token != Token::OpenPar {
            return Err(format!("found '{literal}' expected: '('"));
        }
        let (token, literal) = self.lookahead(Context::Values);
        match token {
            Token::Identifier | Token::Comma => {
                let values = self.identifiers()?;
                let (token, _) = self.consume(Context::Values);
                if token != Token::ClosedPar {
                    return Err(format!("found '{literal}', expected: ')'"));
                }
                Ok(values)
            }
            Token::ClosedPar => {
                self.consume(Context::Values);
                Ok(BTreeSet::from([String::new()]))
            }
            _ => Err(format!(
                "found '{literal}', expected: ',', ')' or identifier"
            )),
        }
    }

    /// A list of comma-separated, possibly empty, values (Kubernetes 1.34's
    /// `parseIdentifiersList`, which skips the second comma of `,,`).
    fn identifiers(&mut self) -> Result<BTreeSet<String>, String> {
        let mut values = BTreeSet::new();
        loop {
            let (token, literal) = self.consume(Context::Values);
            match token {
                Token::Identifier => {
                    values.insert(literal);
                    let (next, next_literal) = self.lookahead(Context::Values);
                    match next {
                        Token::Comma => continue,
                        Token::ClosedPar => return Ok(values),
                        _ => return Err(format!("found '{next_literal}', expected: ',' or ')'")),
                    }
                }
                Token::Comma => {
                    if values.is_empty() {
                        values.insert(String::new());
                    }
                    let (next, _) = self.lookahead(Context::Values);
                    if next == Token::ClosedPar {
                        values.insert(String::new());
                        return Ok(values);
                    }
                    if next == Token::Comma {
                        self.consume(Context::Values);
                        values.insert(String::new());
                    }
                }
                _ => return Err(format!("found '{literal}', expected: ',', or identifier")),
            }
        }
    }

    /// The value after `=`, `==`, `!=`, `>` or `<`; may be empty (`app=`).
    fn exact_value(&mut self) -> Result<BTreeSet<String>, String> {
        let (token, _) = self.lookahead(Context::Values);
        if token == Token::EndOfString || token == Token::Comma {
            return Ok(BTreeSet::from([String::new()]));
        }
        let (token, literal) = self.consume(Context::Values);
        if token == Token::Identifier {
            Ok(BTreeSet::from([literal]))
        } else {
            Err(format!("found '{literal}', expected: identifier"))
        }
    }
}

/// Go's `NewRequirement`: the checks of values by operator, errors aggregated
/// as Go's `ErrorList.ToAggregate` prints them.
fn new_requirement(
    key: String,
    operator: Operator,
    values: BTreeSet<String>,
) -> Result<Requirement, String> {
    let mut errors: Vec<String> = Vec::new();
    let key_errors = qualified_name(&key);
    if !key_errors.is_empty() {
        errors.push(format!(
            "key: Invalid value: {}: {}",
            go_quote(&key),
            key_errors.join("; ")
        ));
    }
    let listed = || {
        let quoted: Vec<String> = values.iter().map(|v| go_quote(v)).collect();
        format!("[{}]", quoted.join(","))
    };
    match operator {
        Operator::In | Operator::NotIn if values.is_empty() => errors.push(format!(
            "values: Invalid value: {}: for 'in', 'notin' operators, values set can't be empty",
            listed()
        )),
        Operator::Equals | Operator::DoubleEquals | Operator::NotEquals if values.len() != 1 => {
            errors.push(format!(
                "values: Invalid value: {}: exact-match compatibility requires one single value",
                listed()
            ))
        }
        Operator::GreaterThan | Operator::LessThan => {
            if values.len() != 1 {
                errors.push(format!(
                    "values: Invalid value: {}: for 'Gt', 'Lt' operators, exactly one value is required",
                    listed()
                ));
            }
            for (i, value) in values.iter().enumerate() {
                if value.parse::<i64>().is_err() {
                    errors.push(format!(
                        "values[{i}]: Invalid value: {}: for 'Gt', 'Lt' operators, the value must be an integer",
                        go_quote(value)
                    ));
                }
            }
        }
        _ => {}
    }
    for (i, value) in values.iter().enumerate() {
        let value_errors = label_value(value);
        if !value_errors.is_empty() {
            errors.push(format!(
                "values[{i}][{key}]: Invalid value: {}: {}",
                go_quote(value),
                value_errors.join("; ")
            ));
        }
    }
    let mut seen = BTreeSet::new();
    errors.retain(|e| seen.insert(e.clone()));
    match errors.len() {
        0 => Ok(Requirement {
            key,
            operator,
            values,
        }),
        1 => Err(errors.remove(0)),
        _ => Err(format!("[{}]", errors.join(", "))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    fn error(selector: &str) -> String {
        LabelSelector::parse(selector).unwrap_err().to_string()
    }

    #[test]
    fn operators_match_like_the_server() {
        let l = labels(&[("app", "web"), ("n", "3"), ("empty", "")]);
        let yes = [
            "",
            "app",
            "app=web",
            "app==web",
            "app!=db",
            "missing!=x",
            "app in (web,db)",
            "app notin (db)",
            "missing notin (x)",
            "!missing",
            "n>2",
            "n<4",
            "empty=",
            "empty in ()",
            "empty in (,x)",
            " app = web , n > 2 ",
        ];
        for s in yes {
            assert!(LabelSelector::parse(s).unwrap().matches(&l), "{s:?}");
        }
        let no = [
            "missing",
            "app=db",
            "app!=web",
            "!app",
            "app in (db)",
            "app notin (web)",
            "n>3",
            "n<3",
            "app>1",
            "missing<9",
            "app in ()",
        ];
        for s in no {
            assert!(!LabelSelector::parse(s).unwrap().matches(&l), "{s:?}");
        }
    }

    #[test]
    fn keywords_are_values_inside_sets() {
        let selector = LabelSelector::parse("in in (in,notin)").unwrap();
        assert!(selector.matches(&labels(&[("in", "notin")])));
        assert_eq!(selector.to_string(), "in in (in,notin)");
    }

    #[test]
    fn empty_values_in_sets_follow_kubernetes_1_34() {
        let values = |s: &str| {
            LabelSelector::parse(s).unwrap().requirements()[0]
                .values()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        assert_eq!(values("x in (a,,b)"), ["", "a", "b"]);
        assert_eq!(values("x in (,a)"), ["", "a"]);
        assert_eq!(values("x in (a,)"), ["", "a"]);
        assert_eq!(
            error("x in (,,)"),
            "unable to parse requirement: found ')', expected: ',', or identifier"
        );
    }

    #[test]
    fn errors_are_the_servers() {
        assert_eq!(
            error("app=web,"),
            "found '', expected: identifier after ','"
        );
        assert_eq!(
            error("app web"),
            "unable to parse requirement: found 'web', expected: in, notin, =, ==, !=, gt, lt"
        );
        assert_eq!(
            error("=web"),
            "found '=', expected: !, identifier, or 'end of string'"
        );
        assert_eq!(
            error("app=(web)"),
            "unable to parse requirement: found '(', expected: identifier"
        );
        assert_eq!(
            error("app in web"),
            "unable to parse requirement: found 'web' expected: '('"
        );
        assert_eq!(
            error("n>two"),
            "unable to parse requirement: values[0]: Invalid value: \"two\": for 'Gt', 'Lt' operators, the value must be an integer"
        );
        assert_eq!(
            error("app=we b"),
            "found 'b', expected: ',' or 'end of string'"
        );
        assert!(
            error("app=-web").starts_with(
                "unable to parse requirement: values[0][app]: Invalid value: \"-web\": a valid label must be"
            ),
            "{}",
            error("app=-web")
        );
        assert!(
            error("-app").starts_with(
                "unable to parse requirement: <nil>: Invalid value: \"-app\": name part must consist of"
            ),
            "{}",
            error("-app")
        );
        assert_eq!(
            error("app!"),
            "unable to parse requirement: found '!', expected: in, notin, =, ==, !=, gt, lt"
        );
    }

    #[test]
    fn kube_selectors_convert() {
        let kube: kube::core::Selector =
            kube::core::Expression::Equal("a".into(), "b".into()).into();
        let selector = LabelSelector::from(kube);
        assert_eq!(selector.to_string(), "a=b");
        let api = metav1::LabelSelector {
            match_labels: Some(BTreeMap::from([("app".into(), "web".into())])),
            match_expressions: Some(vec![metav1::LabelSelectorRequirement {
                key: "tier".into(),
                operator: "In".into(),
                values: Some(vec!["a".into(), "b".into()]),
            }]),
        };
        let selector = LabelSelector::try_from(&api).unwrap();
        assert!(selector.matches(&labels(&[("app", "web"), ("tier", "b")])));
        assert!(!selector.matches(&labels(&[("app", "web")])));
    }
}
