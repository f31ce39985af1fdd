//! Checking `default` values: the API server requires a default to validate
//! against its schema (its `x-kubernetes-validations` rules included) and to
//! contain nothing that pruning would remove.

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool,
};
use serde_json::Value;

/// Reports every way `value` (the default at `path`) breaks schema `s`.
pub(crate) fn check_default(
    value: &Value,
    s: &JSONSchemaProps,
    path: &str,
    problems: &mut Vec<String>,
) {
    let mut report =
        |at: &str, message: String| problems.push(format!("{at}: Invalid value: {message}"));
    check(value, s, path, &mut report);
}

fn check(value: &Value, s: &JSONSchemaProps, path: &str, report: &mut dyn FnMut(&str, String)) {
    if value.is_null() {
        if s.nullable != Some(true) {
            report(
                path,
                "null: must not be null (the schema is not nullable)".to_owned(),
            );
        }
        return;
    }
    if !type_matches(value, s) {
        let expected = s.type_.as_deref().unwrap_or("integer or string");
        report(path, format!("{value}: must be of type {expected}"));
        return;
    }
    if let Some(values) = &s.enum_
        && !values.iter().any(|v| json_eq(&v.0, value))
    {
        report(path, format!("{value}: must be one of the enum values"));
    }
    check_rules(value, s, path, report);
    match value {
        Value::Number(n) => check_number(n.as_f64().unwrap_or(f64::NAN), s, path, report),
        Value::String(text) => check_string(text, s, path, report),
        Value::Array(items) => check_array(items, s, path, report),
        Value::Object(_) => check_object(value, s, path, report),
        Value::Bool(_) | Value::Null => {}
    }
}

/// The node's CEL rules on the default, as the API server runs them when the
/// CRD is written. Only a rule that evaluates to `false` is reported: one that
/// cannot be evaluated here (a Kubernetes library function, a transition rule)
/// is left to the server.
fn check_rules(
    value: &Value,
    s: &JSONSchemaProps,
    path: &str,
    report: &mut dyn FnMut(&str, String),
) {
    for rule in s.x_kubernetes_validations.iter().flatten() {
        if rule.rule.contains("oldSelf") {
            continue;
        }
        let Ok(program) = cel::Program::compile(&rule.rule) else {
            continue;
        };
        let mut context = cel::Context::default();
        if context.add_variable("self", value.clone()).is_err() {
            continue;
        }
        if let Ok(cel::Value::Bool(false)) = program.execute(&context) {
            let kind = match value {
                Value::Object(_) => "object",
                Value::Array(_) => "array",
                Value::String(_) => "string",
                Value::Number(_) => "number",
                Value::Bool(_) => "boolean",
                Value::Null => "null",
            };
            let message = rule
                .message
                .clone()
                .unwrap_or_else(|| format!("failed rule: {}", rule.rule));
            report(path, format!("\"{kind}\": {message}"));
        }
    }
}

fn type_matches(value: &Value, s: &JSONSchemaProps) -> bool {
    if s.x_kubernetes_int_or_string == Some(true) {
        return value.is_i64() || value.is_u64() || value.is_string();
    }
    match s.type_.as_deref() {
        None => true,
        Some("object") => value.is_object(),
        Some("array") => value.is_array(),
        Some("string") => value.is_string(),
        Some("boolean") => value.is_boolean(),
        Some("number") => value.is_number(),
        Some("integer") => {
            value.is_i64() || value.is_u64() || value.as_f64().is_some_and(|f| f.fract() == 0.0)
        }
        Some(_) => false,
    }
}

/// Numbers compare by value (`1` equals `1.0`), everything else structurally.
fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

fn check_number(n: f64, s: &JSONSchemaProps, path: &str, report: &mut dyn FnMut(&str, String)) {
    if let Some(min) = s.minimum {
        let exclusive = s.exclusive_minimum == Some(true);
        if n < min || (exclusive && n == min) {
            let relation = if exclusive {
                "greater than"
            } else {
                "greater than or equal to"
            };
            report(path, format!("{n}: must be {relation} {min}"));
        }
    }
    if let Some(max) = s.maximum {
        let exclusive = s.exclusive_maximum == Some(true);
        if n > max || (exclusive && n == max) {
            let relation = if exclusive {
                "less than"
            } else {
                "less than or equal to"
            };
            report(path, format!("{n}: must be {relation} {max}"));
        }
    }
    if let Some(step) = s.multiple_of
        && step != 0.0
    {
        let ratio = n / step;
        if (ratio - ratio.round()).abs() > 1e-9 {
            report(path, format!("{n}: must be a multiple of {step}"));
        }
    }
}

fn check_string(text: &str, s: &JSONSchemaProps, path: &str, report: &mut dyn FnMut(&str, String)) {
    let length = i64::try_from(text.chars().count()).unwrap_or(i64::MAX);
    if s.min_length.is_some_and(|min| length < min) {
        report(
            path,
            format!(
                "{text:?}: must be at least {} chars long",
                s.min_length.unwrap_or(0)
            ),
        );
    }
    if s.max_length.is_some_and(|max| length > max) {
        report(
            path,
            format!(
                "{text:?}: must be at most {} chars long",
                s.max_length.unwrap_or(0)
            ),
        );
    }
    if let Some(pattern) = &s.pattern
        && let Ok(re) = super::patterns::compiled(pattern)
        && !re.is_match(text)
    {
        report(path, format!("{text:?}: must match {pattern:?}"));
    }
}

fn check_array(
    items: &[Value],
    s: &JSONSchemaProps,
    path: &str,
    report: &mut dyn FnMut(&str, String),
) {
    let count = i64::try_from(items.len()).unwrap_or(i64::MAX);
    if s.min_items.is_some_and(|min| count < min) {
        report(
            path,
            format!("must have at least {} items", s.min_items.unwrap_or(0)),
        );
    }
    if s.max_items.is_some_and(|max| count > max) {
        report(
            path,
            format!("must have at most {} items", s.max_items.unwrap_or(0)),
        );
    }
    if let Some(JSONSchemaPropsOrArray::Schema(item_schema)) = &s.items {
        for (i, item) in items.iter().enumerate() {
            check(item, item_schema, &format!("{path}[{i}]"), report);
        }
    }
}

fn check_object(
    value: &Value,
    s: &JSONSchemaProps,
    path: &str,
    report: &mut dyn FnMut(&str, String),
) {
    let Value::Object(object) = value else {
        return;
    };
    let count = i64::try_from(object.len()).unwrap_or(i64::MAX);
    if s.min_properties.is_some_and(|min| count < min) {
        report(
            path,
            format!(
                "must have at least {} properties",
                s.min_properties.unwrap_or(0)
            ),
        );
    }
    if s.max_properties.is_some_and(|max| count > max) {
        report(
            path,
            format!(
                "must have at most {} properties",
                s.max_properties.unwrap_or(0)
            ),
        );
    }
    for name in s.required.iter().flatten() {
        if !object.contains_key(name) {
            report(&format!("{path}.{name}"), "Required value".to_owned());
        }
    }
    let preserve = s.x_kubernetes_preserve_unknown_fields == Some(true);
    for (key, child) in object {
        let child_path = format!("{path}.{key}");
        if let Some(child_schema) = s.properties.as_ref().and_then(|p| p.get(key)) {
            check(child, child_schema, &child_path, report);
        } else if let Some(JSONSchemaPropsOrBool::Schema(additional)) = &s.additional_properties {
            check(child, additional, &child_path, report);
        } else if !preserve && s.additional_properties.is_none() {
            report(
                &child_path,
                "unknown field: the default would be pruned (it is not in the schema)".to_owned(),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn problems(value: Value, schema: Value) -> Vec<String> {
        let schema: JSONSchemaProps = serde_json::from_value(schema).unwrap();
        let mut out = Vec::new();
        check_default(&value, &schema, "d", &mut out);
        out
    }

    #[test]
    fn valid_defaults_pass() {
        let schema = json!({
            "type": "object",
            "required": ["a"],
            "properties": {
                "a": { "type": "integer", "minimum": 0 },
                "b": { "type": "string", "enum": ["x", "y"] },
            },
        });
        assert!(problems(json!({ "a": 1, "b": "x" }), schema).is_empty());
        assert!(problems(json!(3), json!({ "x-kubernetes-int-or-string": true })).is_empty());
    }

    #[test]
    fn invalid_defaults_are_reported() {
        let schema = json!({
            "type": "object",
            "properties": { "a": { "type": "integer", "maximum": 3 } },
        });
        assert_eq!(
            problems(json!({ "a": 5, "zzz": true }), schema),
            vec![
                "d.a: Invalid value: 5: must be less than or equal to 3",
                "d.zzz: Invalid value: unknown field: the default would be pruned (it is not in the schema)",
            ]
        );
        assert_eq!(
            problems(
                json!("abc"),
                json!({ "type": "string", "pattern": "^[0-9]+$" })
            ),
            vec!["d: Invalid value: \"abc\": must match \"^[0-9]+$\""]
        );
    }

    /// The API server runs a node's rules on its default (the external-secrets
    /// shape: `default: {}` on a spec that needs `data` or `dataFrom`).
    #[test]
    fn defaults_that_fail_their_rules_are_reported() {
        let schema = json!({
            "type": "object",
            "properties": {
                "data": { "type": "array", "items": { "type": "string" } },
                "dataFrom": { "type": "array", "items": { "type": "string" } },
                "nested": {
                    "type": "object",
                    "properties": { "n": { "type": "integer" } },
                    "x-kubernetes-validations": [{ "rule": "self.n < 10" }],
                },
            },
            "x-kubernetes-validations": [
                { "rule": "has(self.data) || has(self.dataFrom)", "message": "data or dataFrom is required" },
                { "rule": "!has(oldSelf.data) || self.data == oldSelf.data" },
                { "rule": "isURL('x')" },
            ],
        });
        assert_eq!(
            problems(json!({ "nested": { "n": 12 } }), schema.clone()),
            vec![
                "d: Invalid value: \"object\": data or dataFrom is required",
                "d.nested: Invalid value: \"object\": failed rule: self.n < 10",
            ]
        );
        // Transition rules and functions the evaluator lacks are the server's.
        assert!(problems(json!({ "data": ["x"] }), schema).is_empty());
    }
}
