//! CEL syntax of `+kubebuilder:validation:XValidation` rules, checked when the
//! markers are read: controller-gen leaves a typo in a rule to the API server,
//! which rejects the whole CRD at install time; here it is an error that points
//! at the column of the rule where the parser stopped.
//!
//! Only the syntax is checked here; the fields a rule selects, the types of its
//! operands and its cost are checked against the generated schema by
//! `emit::crd::cel`.

use std::cell::RefCell;
use std::collections::HashMap;

use cel::common::ast::IdedExpr;

use super::markers::Marker;
use crate::diag::Diagnostic;

thread_local! {
    /// Every expression parsed on this thread: a rule is parsed when its marker
    /// is read and again when it is checked against the schema, and an API
    /// repeats its rules (every kind of a generated API may carry the same).
    static PARSED: RefCell<HashMap<String, Result<IdedExpr, CelError>>> =
        RefCell::new(HashMap::new());
}

/// `expression` parsed as the API server parses rules (standard macros,
/// optional syntax `self.?field`), or its first syntax error; each
/// expression is parsed once per thread.
pub(crate) fn parsed(expression: &str) -> Result<IdedExpr, CelError> {
    PARSED.with(|cache| {
        if let Some(found) = cache.borrow().get(expression) {
            return found.clone();
        }
        let result = parse_uncached(expression);
        cache
            .borrow_mut()
            .insert(expression.to_owned(), result.clone());
        result
    })
}

/// A syntax error in the CEL expression of argument `key` of `m` (`rule` or
/// `messageExpression`), if it has one.
pub(crate) fn check(m: &Marker, key: &str) -> Option<Diagnostic> {
    let arg = m.arg(key)?;
    let expression = arg.value.as_str()?;
    let error = first_error(expression)?;
    // The argument's offset is that of the value as written: skip its opening quote.
    let written = m.text.chars().skip(arg.offset).take(arg.len);
    let quoted = written.clone().next().is_some_and(|c| c == '"' || c == '`');
    let start = arg.offset + usize::from(quoted);
    let content_len = arg.len.saturating_sub(2 * usize::from(quoted)).max(1);
    let column = error.column.min(content_len.saturating_sub(1));
    Some(
        m.error_at(
            start + column,
            1,
            format!("`{key}` is not valid CEL: {}", error.message),
        )
        .with_help(
            "the API server rejects a CRD whose rules do not parse; see \
             https://kubernetes.io/docs/reference/using-api/cel/ for the syntax",
        ),
    )
}

/// Where and why a CEL expression does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CelError {
    /// 0-based character offset in the expression (on its first line).
    pub column: usize,
    pub message: String,
}

/// The first syntax error of `expression`, if any.
pub(crate) fn first_error(expression: &str) -> Option<CelError> {
    parsed(expression).err()
}

/// CEL's parser as the API server configures it: standard macros and the
/// optional syntax (`self.?field`). Admission match conditions use it
/// directly; rules go through [`parsed`], which caches them.
pub(crate) fn parser() -> cel::parser::Parser {
    cel::parser::Parser::new().enable_optional_syntax(true)
}

fn parse_uncached(expression: &str) -> Result<IdedExpr, CelError> {
    let errors = match parser().parse(expression) {
        Ok(ast) => return Ok(ast),
        Err(errors) => errors,
    };
    let Some(first) = errors.errors.first() else {
        return Err(CelError {
            column: 0,
            message: "does not parse".to_owned(),
        });
    };
    let (line, column) = first.pos;
    // Errors past the first line (a rule with a newline) point at its start.
    let column = if line <= 1 {
        usize::try_from(column.max(1) - 1).unwrap_or(0)
    } else {
        0
    };
    Err(CelError {
        column,
        message: first.msg.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_rules_parse() {
        for rule in [
            "self.minReplicas <= self.maxReplicas",
            "self.all(x, x.name != '')",
            "!has(oldSelf.immutable) || self.immutable == oldSelf.immutable",
            "'replicas must be ' + string(self.max)",
        ] {
            assert_eq!(first_error(rule), None, "{rule}");
        }
    }

    #[test]
    fn syntax_errors_have_a_column() {
        let e = first_error("self.a >= ").expect("an error");
        assert!(!e.message.is_empty());
        assert!(e.column <= 10, "{e:?}");
        let e = first_error("self.a == 'x").expect("an error");
        assert!(!e.message.is_empty());
    }
}
