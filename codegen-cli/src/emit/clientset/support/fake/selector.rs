//! Label and field selectors, parsed and matched the way the API server does
//! (`k8s.io/apimachinery/pkg/labels` and `.../fields`).

use serde_json::Value;

use super::info::ResourceInfo;
use super::meta::{self, bad_request};
use crate::clientset::error::Result;

/// A parsed label selector: every requirement must hold.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LabelSelector {
    requirements: Vec<Requirement>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Requirement {
    Exists(String),
    NotExists(String),
    Equals(String, String),
    NotEquals(String, String),
    In(String, Vec<String>),
    NotIn(String, Vec<String>),
    GreaterThan(String, i64),
    LessThan(String, i64),
}

fn parse_error(detail: impl std::fmt::Display) -> crate::clientset::error::Error {
    bad_request(format!("unable to parse requirement: {detail}"))
}

fn valid_key(key: &str) -> bool {
    !key.is_empty()
        && key.len() <= 317
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/'))
}

fn valid_value(value: &str) -> bool {
    value.len() <= 63
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

fn key(text: &str) -> Result<String> {
    let key = text.trim();
    if valid_key(key) {
        Ok(key.to_owned())
    } else {
        Err(parse_error(format!("invalid label key \"{key}\"")))
    }
}

fn value(text: &str) -> Result<String> {
    let value = text.trim();
    if valid_value(value) {
        Ok(value.to_owned())
    } else {
        Err(parse_error(format!("invalid label value: \"{value}\"")))
    }
}

/// Splits at commas that are not inside `( ... )`.
fn split_requirements(selector: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, c) in selector.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(&selector[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&selector[start..]);
    parts
}

fn parse_set(text: &str) -> Result<Vec<String>> {
    let inner = text
        .trim()
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .ok_or_else(|| parse_error(format!("expected a set in parentheses, found \"{text}\"")))?;
    inner.split(',').map(value).collect()
}

/// `key in (...)` / `key notin (...)`: the operator is a separate word.
fn parse_set_requirement(text: &str) -> Option<Result<Requirement>> {
    let (key_part, rest) = text.split_once(char::is_whitespace)?;
    let rest = rest.trim_start();
    let (op, set) = if let Some(set) = rest.strip_prefix("notin") {
        ("notin", set)
    } else if let Some(set) = rest.strip_prefix("in") {
        ("in", set)
    } else {
        return None;
    };
    if !set.trim_start().starts_with('(') {
        return None;
    }
    Some((|| {
        let key = key(key_part)?;
        let values = parse_set(set)?;
        Ok(if op == "in" {
            Requirement::In(key, values)
        } else {
            Requirement::NotIn(key, values)
        })
    })())
}

fn parse_requirement(text: &str) -> Result<Requirement> {
    let text = text.trim();
    if text.is_empty() {
        return Err(parse_error("found '', expected: identifier"));
    }
    if let Some(rest) = text.strip_prefix('!') {
        return Ok(Requirement::NotExists(key(rest)?));
    }
    if let Some(requirement) = parse_set_requirement(text) {
        return requirement;
    }
    if let Some((k, v)) = text.split_once("!=") {
        return Ok(Requirement::NotEquals(key(k)?, value(v)?));
    }
    if let Some((k, v)) = text.split_once("==") {
        return Ok(Requirement::Equals(key(k)?, value(v)?));
    }
    if let Some((k, v)) = text.split_once('=') {
        return Ok(Requirement::Equals(key(k)?, value(v)?));
    }
    for (op, gt) in [('>', true), ('<', false)] {
        if let Some((k, v)) = text.split_once(op) {
            let n: i64 = v.trim().parse().map_err(|_| {
                parse_error(format!("for '{op}' operator, the value must be an integer"))
            })?;
            let k = key(k)?;
            return Ok(if gt {
                Requirement::GreaterThan(k, n)
            } else {
                Requirement::LessThan(k, n)
            });
        }
    }
    Ok(Requirement::Exists(key(text)?))
}

impl LabelSelector {
    /// Parses `app=web,tier in (a,b),!legacy`; an empty string selects everything.
    pub fn parse(selector: &str) -> Result<LabelSelector> {
        if selector.trim().is_empty() {
            return Ok(LabelSelector::default());
        }
        let requirements = split_requirements(selector)
            .into_iter()
            .map(parse_requirement)
            .collect::<Result<_>>()?;
        Ok(LabelSelector { requirements })
    }

    /// Whether labels satisfy every requirement.
    pub fn matches(&self, labels: &[(&str, &str)]) -> bool {
        let get = |k: &str| labels.iter().find(|(key, _)| *key == k).map(|(_, v)| *v);
        self.requirements.iter().all(|r| match r {
            Requirement::Exists(k) => get(k).is_some(),
            Requirement::NotExists(k) => get(k).is_none(),
            Requirement::Equals(k, v) => get(k) == Some(v.as_str()),
            Requirement::NotEquals(k, v) => get(k) != Some(v.as_str()),
            Requirement::In(k, vs) => get(k).is_some_and(|l| vs.iter().any(|v| v == l)),
            Requirement::NotIn(k, vs) => get(k).is_none_or(|l| vs.iter().all(|v| v != l)),
            Requirement::GreaterThan(k, n) => get(k)
                .and_then(|l| l.parse::<i64>().ok())
                .is_some_and(|l| l > *n),
            Requirement::LessThan(k, n) => get(k)
                .and_then(|l| l.parse::<i64>().ok())
                .is_some_and(|l| l < *n),
        })
    }
}

/// A parsed field selector (`metadata.name=x,metadata.namespace!=y`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldSelector {
    terms: Vec<(String, bool, String)>,
}

impl FieldSelector {
    /// Parses a field selector and checks that every field is one the server supports
    /// for the resource: `metadata.name`, `metadata.namespace` and its selectable fields.
    pub fn parse(selector: &str, info: &ResourceInfo) -> Result<FieldSelector> {
        let mut terms = Vec::new();
        for term in selector.split(',').map(str::trim).filter(|t| !t.is_empty()) {
            let (field, equal, value) = if let Some((f, v)) = term.split_once("!=") {
                (f, false, v)
            } else if let Some((f, v)) = term.split_once("==") {
                (f, true, v)
            } else if let Some((f, v)) = term.split_once('=') {
                (f, true, v)
            } else {
                return Err(bad_request(format!(
                    "invalid selector: '{selector}'; can't understand '{term}'"
                )));
            };
            let field = field.trim();
            let supported = field == "metadata.name"
                || field == "metadata.namespace"
                || info
                    .selectable_fields
                    .iter()
                    .any(|f| f.trim_start_matches('.') == field);
            if !supported {
                return Err(bad_request(format!("field label not supported: {field}")));
            }
            terms.push((field.to_owned(), equal, value.trim().to_owned()));
        }
        Ok(FieldSelector { terms })
    }

    /// Whether the object satisfies every term.
    pub fn matches(&self, object: &Value) -> bool {
        self.terms.iter().all(|(field, equal, value)| {
            let actual = match field.as_str() {
                "metadata.name" => meta::meta_str(object, "name").to_owned(),
                "metadata.namespace" => meta::meta_str(object, "namespace").to_owned(),
                path => field_value(object, path),
            };
            (actual == *value) == *equal
        })
    }
}

/// The value at a dotted path rendered as the server renders selectable fields
/// (strings as-is, numbers and booleans as text, missing as empty).
fn field_value(object: &Value, path: &str) -> String {
    let mut current = object;
    for segment in path.split('.') {
        match current.get(segment) {
            Some(next) => current = next,
            None => return String::new(),
        }
    }
    match current {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// A label and a field selector together, as list, watch and delete-collection take.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selectors {
    /// The label selector.
    pub labels: LabelSelector,
    /// The field selector.
    pub fields: FieldSelector,
}

impl Selectors {
    /// Parses the optional selectors of a request.
    pub fn parse(
        labels: Option<&str>,
        fields: Option<&str>,
        info: &ResourceInfo,
    ) -> Result<Selectors> {
        Ok(Selectors {
            labels: LabelSelector::parse(labels.unwrap_or(""))?,
            fields: FieldSelector::parse(fields.unwrap_or(""), info)?,
        })
    }

    /// Whether the object matches both selectors.
    pub fn matches(&self, object: &Value) -> bool {
        self.labels.matches(&meta::labels(object)) && self.fields.matches(object)
    }
}
