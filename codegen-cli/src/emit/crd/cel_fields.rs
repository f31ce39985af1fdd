//! The fields a CEL rule names, checked against the schema it runs on.
//!
//! The API server compiles every `x-kubernetes-validations` rule against the
//! schema of the node that carries it and rejects the CRD when a rule selects a
//! field the schema does not have (`self.min_replicas` on a `minReplicas`
//! property: "undefined field"). Here the same mistake is found at generate
//! time and reported with the property it most likely meant.
//!
//! Only field selection is checked (`a.b`, `has(a.b)`, `a.?b`, through `self`,
//! `oldSelf`, list and map items, and the variables of `all`/`exists`/`map`/
//! `filter`); where the schema does not say what fields exist (maps of unknown
//! values, `x-kubernetes-preserve-unknown-fields`, int-or-string, embedded
//! resources, the root `metadata`) the walk stops rather than guess.

use std::collections::HashMap;

use cel::common::ast::{Expr, IdedExpr};
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool,
};

use crate::parse::suggest;

/// CEL's reserved words: a property with one of these names is `__name__` in rules.
const RESERVED: [&str; 21] = [
    "true",
    "false",
    "null",
    "in",
    "as",
    "break",
    "const",
    "continue",
    "else",
    "for",
    "function",
    "if",
    "import",
    "let",
    "loop",
    "package",
    "namespace",
    "return",
    "var",
    "void",
    "while",
];

/// Every rule of `schema` (and of its sub-schemas) that selects a field its
/// node does not have, as `<path>.x-kubernetes-validations[i].<key>: <message>`.
pub(crate) fn check(schema: &JSONSchemaProps, path: &str) -> Vec<String> {
    let mut problems = Vec::new();
    walk(schema, path, true, &mut problems);
    problems
}

fn walk(node: &JSONSchemaProps, path: &str, root: bool, problems: &mut Vec<String>) {
    for (i, rule) in node.x_kubernetes_validations.iter().flatten().enumerate() {
        let expressions = [
            ("rule", Some(&rule.rule)),
            ("messageExpression", rule.message_expression.as_ref()),
        ];
        for (key, expression) in expressions {
            let Some(expression) = expression else {
                continue;
            };
            // Syntax errors are reported where the marker is read.
            let Ok(ast) = parser().parse(expression) else {
                continue;
            };
            let mut checker = Checker {
                root,
                scopes: vec![HashMap::from([
                    ("self".to_owned(), Some(node)),
                    ("oldSelf".to_owned(), Some(node)),
                ])],
                errors: Vec::new(),
            };
            checker.expr(&ast);
            for error in checker.errors {
                problems.push(format!(
                    "{path}.x-kubernetes-validations[{i}].{key}: Invalid value: {expression:?}: \
                     compilation failed: {error}"
                ));
            }
        }
    }
    for (name, property) in node.properties.iter().flatten() {
        walk(
            property,
            &format!("{path}.properties[{name}]"),
            false,
            problems,
        );
    }
    if let Some(JSONSchemaPropsOrArray::Schema(items)) = &node.items {
        walk(items, &format!("{path}.items"), false, problems);
    }
    if let Some(JSONSchemaPropsOrBool::Schema(values)) = &node.additional_properties {
        walk(
            values,
            &format!("{path}.additionalProperties"),
            false,
            problems,
        );
    }
}

/// The parser the API server uses: standard macros and optional syntax (`a.?b`).
pub(crate) fn parser() -> cel::parser::Parser {
    cel::parser::Parser::new().enable_optional_syntax(true)
}

struct Checker<'s> {
    /// Whether `self` is the root of the object (its `metadata` is not checked).
    root: bool,
    /// Variables in scope, innermost last; `None`: a value whose fields are unknown.
    scopes: Vec<HashMap<String, Option<&'s JSONSchemaProps>>>,
    errors: Vec<String>,
}

impl<'s> Checker<'s> {
    /// The schema of what `e` evaluates to, when it is a schema node whose
    /// fields are known; checks every field selection inside `e`.
    fn expr(&mut self, e: &IdedExpr) -> Option<&'s JSONSchemaProps> {
        match &e.expr {
            Expr::Ident(name) => self
                .scopes
                .iter()
                .rev()
                .find_map(|scope| scope.get(name))
                .copied()
                .flatten(),
            Expr::Select(select) => {
                let operand = self.expr(&select.operand);
                self.field(operand, &select.operand, &select.field)
            }
            Expr::Call(call) => {
                let target = call.target.as_deref().and_then(|t| self.expr(t));
                let args: Vec<_> = call.args.iter().map(|a| self.expr(a)).collect();
                match call.func_name.as_str() {
                    // `list[i]`, `map[key]`.
                    "_[_]" => args.first().copied().flatten().and_then(element),
                    // `a.?b`: the field, if set.
                    "_?._" => match (call.args.first(), call.args.get(1)) {
                        (
                            Some(operand),
                            Some(IdedExpr {
                                expr: Expr::Literal(cel::common::ast::LiteralValue::String(field)),
                                ..
                            }),
                        ) => {
                            let operand_schema = args[0];
                            self.field(operand_schema, operand, field)
                        }
                        _ => None,
                    },
                    _ => {
                        let _ = target;
                        None
                    }
                }
            }
            Expr::Comprehension(c) => {
                let range = self.expr(&c.iter_range);
                self.expr(&c.accu_init);
                let mut scope = HashMap::new();
                // Over a list the variable is an item (the second, if any, the
                // index); over a map it is a key (the second the value).
                let is_map = range.is_some_and(|r| r.additional_properties.is_some());
                let (first, second) = match range {
                    Some(r) if !is_map => (element(r), None),
                    Some(r) => (None, element(r)),
                    None => (None, None),
                };
                scope.insert(
                    c.iter_var.clone(),
                    if c.iter_var2.is_some() { None } else { first },
                );
                if let Some(var2) = &c.iter_var2 {
                    scope.insert(var2.clone(), if is_map { second } else { first });
                }
                scope.insert(c.accu_var.clone(), None);
                self.scopes.push(scope);
                self.expr(&c.loop_cond);
                self.expr(&c.loop_step);
                self.expr(&c.result);
                self.scopes.pop();
                None
            }
            Expr::List(list) => {
                for element in &list.elements {
                    self.expr(element);
                }
                None
            }
            Expr::Map(map) => {
                for entry in &map.entries {
                    if let cel::common::ast::EntryExpr::MapEntry(entry) = &entry.expr {
                        self.expr(&entry.key);
                        self.expr(&entry.value);
                    }
                }
                None
            }
            Expr::Struct(s) => {
                for entry in &s.entries {
                    if let cel::common::ast::EntryExpr::StructField(field) = &entry.expr {
                        self.expr(&field.value);
                    }
                }
                None
            }
            Expr::Literal(_) | Expr::Unspecified => None,
        }
    }

    /// Field `name` of a value with schema `node` (written as `operand.name`).
    fn field(
        &mut self,
        node: Option<&'s JSONSchemaProps>,
        operand: &IdedExpr,
        name: &str,
    ) -> Option<&'s JSONSchemaProps> {
        let node = node?;
        if opaque(node) {
            return None;
        }
        // A map's keys are selected like fields.
        if let Some(JSONSchemaPropsOrBool::Schema(values)) = &node.additional_properties {
            return Some(values);
        }
        let properties = node.properties.as_ref()?;
        if let Some((_, schema)) = properties
            .iter()
            .find(|(property, _)| escape(property).as_deref() == Some(name))
        {
            return Some(schema);
        }
        let is_root_self =
            self.root && matches!(&operand.expr, Expr::Ident(n) if n == "self" || n == "oldSelf");
        if is_root_self && name == "metadata" {
            return None;
        }
        let names: Vec<String> = properties.keys().filter_map(|p| escape(p)).collect();
        let hint = suggest::closest(name, names.iter().map(String::as_str))
            .map(|known| format!("; did you mean `{known}`?"))
            .unwrap_or_default();
        self.errors.push(format!("undefined field '{name}'{hint}"));
        None
    }
}

/// A node whose fields the schema does not pin down.
fn opaque(node: &JSONSchemaProps) -> bool {
    node.x_kubernetes_preserve_unknown_fields == Some(true)
        || node.x_kubernetes_int_or_string == Some(true)
        || node.x_kubernetes_embedded_resource == Some(true)
}

/// The schema of a list's items or a map's values.
fn element(node: &JSONSchemaProps) -> Option<&JSONSchemaProps> {
    match (&node.items, &node.additional_properties) {
        (Some(JSONSchemaPropsOrArray::Schema(items)), _) => Some(items),
        (_, Some(JSONSchemaPropsOrBool::Schema(values))) => Some(values),
        _ => None,
    }
}

/// How a property name is written in CEL (Kubernetes' escaping), or `None`
/// when it cannot be (the property is not accessible from rules).
fn escape(name: &str) -> Option<String> {
    if RESERVED.contains(&name) {
        return Some(format!("__{name}__"));
    }
    let mut out = String::with_capacity(name.len());
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '_' if chars.peek() == Some(&'_') => {
                chars.next();
                out.push_str("__underscores__");
            }
            '.' => out.push_str("__dot__"),
            '-' => out.push_str("__dash__"),
            '/' => out.push_str("__slash__"),
            c if c.is_ascii_alphanumeric() || c == '_' => out.push(c),
            _ => return None,
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema(value: serde_json::Value) -> JSONSchemaProps {
        serde_json::from_value(value).unwrap()
    }

    fn problems(rule: &str) -> Vec<String> {
        let spec = schema(json!({
            "type": "object",
            "properties": {
                "minReplicas": {"type": "integer"},
                "maxReplicas": {"type": "integer"},
                "ports": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}, "port": {"type": "integer"}}}},
                "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                "zones": {"type": "object", "additionalProperties": {"type": "object", "properties": {"weight": {"type": "integer"}}}},
                "raw": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
                "namespace": {"type": "string"},
                "dns-name": {"type": "string"},
            },
            "x-kubernetes-validations": [{"rule": rule}],
        }));
        check(&spec, "spec")
    }

    #[test]
    fn rules_that_name_existing_fields_pass() {
        for rule in [
            "self.minReplicas <= self.maxReplicas",
            "has(self.minReplicas)",
            "self.ports.all(p, p.port > 0 && p.name != '')",
            "self.ports.exists(p, has(p.name))",
            "self.ports[0].port > 0",
            "self.labels.all(k, k != '') && self.labels.exists(k, self.labels[k] == 'x')",
            "self.zones.all(z, self.zones[z].weight >= 0)",
            "self.raw.anything.goes",
            "self.__namespace__ != '' && self.dns__dash__name != ''",
            "!has(oldSelf.minReplicas) || self.minReplicas >= oldSelf.minReplicas",
            "self.?minReplicas.orValue(1) > 0",
            "self.ports.map(p, p.port).all(n, n > 0)",
        ] {
            assert_eq!(problems(rule), Vec::<String>::new(), "{rule}");
        }
    }

    #[test]
    fn unknown_fields_are_found_with_a_suggestion() {
        assert_eq!(
            problems("self.min_replicas > 0"),
            vec![
                "spec.x-kubernetes-validations[0].rule: Invalid value: \"self.min_replicas > 0\": \
                 compilation failed: undefined field 'min_replicas'; did you mean `minReplicas`?"
            ]
        );
        let found = problems("self.ports.all(p, p.prt > 0)");
        assert!(
            found[0].ends_with("undefined field 'prt'; did you mean `port`?"),
            "{found:?}"
        );
        let found = problems("has(oldSelf.maxReplica)");
        assert!(
            found[0].contains("undefined field 'maxReplica'"),
            "{found:?}"
        );
        // A reserved word must be escaped, as the API server requires.
        let found = problems("self.namespace != ''");
        assert!(
            found[0].contains("did you mean `__namespace__`?"),
            "{found:?}"
        );
    }

    #[test]
    fn the_root_metadata_is_not_checked() {
        let root = schema(json!({
            "type": "object",
            "properties": {"metadata": {"type": "object"}, "spec": {"type": "object", "properties": {"a": {"type": "string"}}}},
            "x-kubernetes-validations": [{"rule": "self.metadata.name.startsWith('x') && self.spec.a != ''"}],
        }));
        assert!(check(&root, "root").is_empty());
    }
}
