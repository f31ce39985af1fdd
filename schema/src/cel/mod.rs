//! `x-kubernetes-validations`: CEL rules compiled once with the maintained
//! `cel` crate, evaluated as the API server evaluates them (`self`,
//! `oldSelf` transition rules only on update with an old value unless
//! `optionalOldSelf`, `messageExpression`, `reason`, `fieldPath`,
//! ratcheting of unchanged values).
//!
//! Values are converted as Kubernetes converts them: `date-time` and `date`
//! strings are timestamps, `duration` strings durations, `byte` strings
//! bytes, `number` values doubles, property names escaped (`foo-bar` is
//! `self.foo__dash__bar`), and the resource root shows `apiVersion`, `kind`
//! and `metadata.name`/`generateName`.
//!
//! Besides the CEL standard library and the `strings` and `lists`
//! extensions, the Kubernetes functions implemented are the list library
//! (`isSorted`, `sum`, `min`, `max`, `indexOf`, `lastIndexOf`), the regex
//! library (`find`, `findAll`), the sets extension (`sets.contains`,
//! `sets.equivalent`, `sets.intersects`), the quantity, semver,
//! IP and CIDR libraries. A rule using another function of
//! Kubernetes' CEL library ([`UNSUPPORTED_FUNCTIONS`]) is refused when the
//! schema is compiled, naming the function.

mod library;
mod network;
mod quantity;
pub(crate) mod rule;
mod semver;
mod values;

use std::sync::Arc;

use cel::common::types::{self as celtypes, CelOptional};
use cel::common::value::Val;
use cel::{Context, ExecutionError, Program, Value as CelValue};
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::ValidationRule;
use serde_json::Value;

use crate::errors::{BadValue, ErrorType, FieldError};
use crate::structural::Node;
use library::ENV;
pub use library::UNSUPPORTED_FUNCTIONS;
pub use values::escape;
use values::to_cel;

/// The nearest node with an old value on update: a rule without `oldSelf`
/// that fails below it fails nothing if that node did not change
/// (ratcheting). Compared only when a rule fails.
#[derive(Clone, Copy)]
pub(crate) struct Correlated<'a> {
    node: &'a Node,
    old: &'a Value,
    new: &'a Value,
}

impl Correlated<'_> {
    fn unchanged(&self) -> bool {
        crate::openapi::deep_equal(self.node, self.old, self.new)
    }
}

/// Validates the rules of `node` and below on `obj` (`old`: the correlated
/// old value on update; `ancestor`: the nearest correlated ancestor).
/// `resource_root`: the node is a resource or embedded resource.
#[allow(clippy::too_many_arguments)]
pub(crate) fn validate<'a>(
    node: &'a Node,
    obj: &'a Value,
    old: Option<&'a Value>,
    path: &str,
    ancestor: Option<Correlated<'a>>,
    resource_root: bool,
    errors: &mut Vec<FieldError>,
) {
    if obj.is_null() || !node.rules_below {
        return;
    }
    let parent = ancestor;
    let ancestor = match old {
        Some(old) => Some(Correlated {
            node,
            old,
            new: obj,
        }),
        None => ancestor,
    };
    evaluate(node, node, obj, old, path, ancestor, resource_root, errors);
    for all_of in &node.all_of {
        if !all_of.rules.is_empty() {
            // allOf rules ratchet on the parent's correlation, as on the server.
            evaluate(all_of, node, obj, old, path, parent, resource_root, errors);
        }
    }
    match obj {
        Value::Array(items) => {
            let Some(item) = node.items.as_deref() else {
                return;
            };
            let olds = old.and_then(Value::as_array);
            for (i, v) in items.iter().enumerate() {
                let o = olds.and_then(|olds| crate::openapi::correlate_item(node, v, olds));
                validate(
                    item,
                    v,
                    o,
                    &format!("{path}[{i}]"),
                    ancestor,
                    item.embedded,
                    errors,
                );
            }
        }
        Value::Object(map) => {
            let correlatable = matches!(
                node.map_type.as_deref(),
                None | Some("granular") | Some("atomic")
            );
            let olds = old.and_then(Value::as_object).filter(|_| correlatable);
            for (k, v) in map {
                let (child, child_path) = match (node.properties.get(k), node.additional_schema()) {
                    (Some(p), _) => (p, join(path, k)),
                    (None, Some(a)) => (a, format!("{path}[{k}]")),
                    _ => continue,
                };
                let o = olds.and_then(|m| m.get(k));
                validate(child, v, o, &child_path, ancestor, child.embedded, errors);
            }
        }
        _ => {}
    }
}

fn join(path: &str, name: &str) -> String {
    if path.is_empty() {
        name.to_owned()
    } else {
        format!("{path}.{name}")
    }
}

/// Runs the rules of `rules_of` (the node or one of its `allOf`) with the
/// types of `node`.
#[allow(clippy::too_many_arguments)]
fn evaluate(
    rules_of: &Node,
    node: &Node,
    obj: &Value,
    old: Option<&Value>,
    path: &str,
    ancestor: Option<Correlated<'_>>,
    resource_root: bool,
    errors: &mut Vec<FieldError>,
) {
    if rules_of.rules.is_empty() {
        return;
    }
    let type_name = node.type_.clone().unwrap_or_default();
    let bad = || BadValue::Json(Value::String(type_name.clone()));
    let field = if path.is_empty() {
        "<nil>".to_owned()
    } else {
        path.to_owned()
    };
    let this = to_cel(node, obj, resource_root);
    let previous = old.map(|o| to_cel(node, o, resource_root));
    for rule in &rules_of.rules {
        let program = match &rule.program {
            Ok(p) => p,
            Err(e) => {
                errors.push(FieldError::new(
                    ErrorType::Invalid,
                    &field,
                    bad(),
                    format!("rule compile error: {e}"),
                ));
                continue;
            }
        };
        let optional = rule.source.optional_old_self == Some(true);
        if rule.uses_old_self && previous.is_none() && !optional {
            continue;
        }
        let mut ctx = Context::with_env(Arc::clone(&ENV));
        ctx.add_variable_from_value("self", this.clone());
        if optional {
            let opt = match &previous {
                Some(p) => CelOptional::of(boxed(p.clone())),
                None => CelOptional::none(),
            };
            ctx.add_variable_as_val("oldSelf", Box::new(opt));
        } else if let Some(p) = &previous {
            ctx.add_variable_from_value("oldSelf", p.clone());
        }
        let rule_text = rule_error_string(&rule.source);
        match program.execute(&ctx) {
            Err(e) => {
                let text = go_error(&e);
                let detail = if text.starts_with("no such overload") {
                    format!(
                        "'{text}': call arguments did not match a supported operator, function or macro signature for rule: {rule_text}"
                    )
                } else {
                    format!("{text} evaluating rule: {rule_text}")
                };
                errors.push(FieldError::new(ErrorType::Invalid, &field, bad(), detail));
            }
            Ok(CelValue::Bool(true)) => {}
            Ok(_) => {
                let at = match &rule.field_path {
                    Some(p) => join(path, p),
                    None => field.clone(),
                };
                // A rule without oldSelf does not fail an unchanged value.
                if !rule.uses_old_self && ancestor.is_some_and(|a| a.unchanged()) {
                    continue;
                }
                let message = rule
                    .message
                    .as_ref()
                    .and_then(|m| m.as_ref().ok())
                    .and_then(|m| message_expression(m, &this, previous.as_ref()))
                    .unwrap_or_else(|| rule_message_or_default(&rule.source));
                let e = match rule.source.reason.as_deref() {
                    Some("FieldValueForbidden") => {
                        FieldError::new(ErrorType::Forbidden, at, BadValue::Omitted, message)
                    }
                    Some("FieldValueRequired") => {
                        FieldError::new(ErrorType::Required, at, BadValue::Omitted, message)
                    }
                    Some("FieldValueDuplicate") => {
                        FieldError::new(ErrorType::Duplicate, at, bad(), "")
                    }
                    _ => FieldError::new(ErrorType::Invalid, at, bad(), message),
                };
                errors.push(e);
            }
        }
    }
}

fn boxed(v: CelValue) -> Box<dyn Val> {
    Box::<dyn Val>::try_from(v).unwrap_or_else(|_| Box::new(celtypes::CelNull))
}

/// A `messageExpression`'s message, `None` to fall back to the rule's.
fn message_expression(
    program: &Program,
    this: &CelValue,
    old: Option<&CelValue>,
) -> Option<String> {
    let mut ctx = Context::with_env(Arc::clone(&ENV));
    ctx.add_variable_from_value("self", this.clone());
    if let Some(o) = old {
        ctx.add_variable_from_value("oldSelf", o.clone());
    }
    match program.execute(&ctx) {
        Ok(CelValue::String(s)) => {
            let s = s.trim();
            (!s.is_empty() && !s.contains('\n') && s.len() <= 5 * 1024).then(|| s.to_owned())
        }
        _ => None,
    }
}

fn rule_error_string(rule: &ValidationRule) -> String {
    match rule
        .message
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty())
    {
        Some(m) => m.to_owned(),
        None => rule.rule.trim().to_owned(),
    }
}

fn rule_message_or_default(rule: &ValidationRule) -> String {
    match rule
        .message
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty())
    {
        Some(m) => m.to_owned(),
        None => format!("failed rule: {}", rule.rule.trim()),
    }
}

/// The error text cel-go would give for an evaluation error.
fn go_error(e: &ExecutionError) -> String {
    match e {
        ExecutionError::NoSuchKey(k) => format!("no such key: {k}"),
        ExecutionError::NoSuchOverload(_) => "no such overload".to_owned(),
        ExecutionError::DivisionByZero(_) => "division by zero".to_owned(),
        ExecutionError::RemainderByZero(_) => "modulus by zero".to_owned(),
        ExecutionError::Overflow(..) => "integer overflow".to_owned(),
        ExecutionError::IndexOutOfBounds(i) => format!("index out of bounds: {}", cel_display(i)),
        // A library function's own error is its message, as in cel-go.
        ExecutionError::FunctionError { message, .. } => message.clone(),
        other => other.to_string(),
    }
}

fn cel_display(v: &CelValue) -> String {
    match v {
        CelValue::Int(i) => i.to_string(),
        CelValue::UInt(u) => u.to_string(),
        CelValue::String(s) => s.to_string(),
        other => format!("{other:?}"),
    }
}
