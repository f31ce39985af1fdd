//! CEL rules checked against the schema they run on: the fields they select
//! and the types of what they compare, add and call.
//!
//! The API server compiles every `x-kubernetes-validations` rule against the
//! schema of the node that carries it and rejects the CRD when a rule selects a
//! field the schema does not have (`self.min_replicas` on a `minReplicas`
//! property: "undefined field"), applies an operator or function to types it
//! has no overload for (`self.replicas == 'three'`: "found no matching overload
//! for '_==_' applied to '(int, string)'"), or does not evaluate to a bool.
//! Here the same mistakes are found at generate time, the fields with the
//! property they most likely meant.
//!
//! The checker only reports what it is sure of: any value whose type it does
//! not know (maps of unknown values, `x-kubernetes-preserve-unknown-fields`,
//! int-or-string, embedded resources, the root `metadata`, optionals, results
//! of functions it does not model, such as Kubernetes' library) is `dyn`, which
//! fits everything. The rule's cost is left to the API server.

use std::collections::HashMap;
use std::fmt;

use cel::common::ast::{EntryExpr, Expr, IdedExpr, LiteralValue};
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

/// Every problem of every rule of `schema` (and of its sub-schemas), as
/// `<path>.x-kubernetes-validations[i].<key>: <message>`.
pub(crate) fn check(schema: &JSONSchemaProps, path: &str) -> Vec<String> {
    let mut problems = Vec::new();
    walk(schema, path, true, &mut problems);
    problems
}

fn walk(node: &JSONSchemaProps, path: &str, root: bool, problems: &mut Vec<String>) {
    for (i, rule) in node.x_kubernetes_validations.iter().flatten().enumerate() {
        // With `optionalOldSelf`, `oldSelf` is an optional of the node.
        let old_self = if rule.optional_old_self == Some(true) {
            Ty::Dyn
        } else {
            Ty::of(node)
        };
        let expressions = [
            ("rule", Some(&rule.rule), Ty::Bool),
            (
                "messageExpression",
                rule.message_expression.as_ref(),
                Ty::String,
            ),
        ];
        for (key, expression, want) in expressions {
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
                    ("self".to_owned(), Ty::of(node)),
                    ("oldSelf".to_owned(), old_self.clone()),
                ])],
                errors: Vec::new(),
            };
            let result = checker.expr(&ast);
            if checker.errors.is_empty() && result.known() && !result.fits(&want) {
                checker.errors.push(format!(
                    "cel expression must evaluate to a {want}, not {result}"
                ));
            }
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

/// The CEL type of a value, as far as the checker knows it.
#[derive(Clone, Debug)]
enum Ty<'s> {
    Int,
    Uint,
    Double,
    String,
    Bool,
    Bytes,
    Null,
    Timestamp,
    Duration,
    List(Box<Ty<'s>>),
    Map(Box<Ty<'s>>),
    /// An object with known properties.
    Object(&'s JSONSchemaProps),
    /// Unknown: fits everything.
    Dyn,
}

impl<'s> Ty<'s> {
    /// The type the API server gives values of `node` (Kubernetes' mapping of
    /// OpenAPI schemas to CEL types).
    fn of(node: &'s JSONSchemaProps) -> Ty<'s> {
        if opaque(node) {
            return Ty::Dyn;
        }
        match node.type_.as_deref() {
            Some("integer") => Ty::Int,
            Some("number") => Ty::Double,
            Some("boolean") => Ty::Bool,
            Some("string") => match node.format.as_deref() {
                Some("byte") => Ty::Bytes,
                Some("duration") => Ty::Duration,
                Some("date" | "date-time") => Ty::Timestamp,
                _ => Ty::String,
            },
            Some("array") => Ty::List(Box::new(element(node).map_or(Ty::Dyn, Ty::of))),
            Some("object") => match (&node.additional_properties, &node.properties) {
                (Some(JSONSchemaPropsOrBool::Schema(values)), _) => {
                    Ty::Map(Box::new(Ty::of(values)))
                }
                (_, Some(_)) => Ty::Object(node),
                _ => Ty::Dyn,
            },
            _ => Ty::Dyn,
        }
    }

    fn known(&self) -> bool {
        !matches!(self, Ty::Dyn)
    }

    fn numeric(&self) -> bool {
        matches!(self, Ty::Int | Ty::Uint | Ty::Double)
    }

    /// Whether a value of this type is accepted where `want` is: the same kind
    /// of type (numbers with each other, as Kubernetes compares them across
    /// kinds), or either unknown.
    fn fits(&self, want: &Ty<'_>) -> bool {
        match (self, want) {
            (Ty::Dyn, _) | (_, Ty::Dyn) | (Ty::Null, _) | (_, Ty::Null) => true,
            (a, b) if a.numeric() && b.numeric() => true,
            (Ty::List(a), Ty::List(b)) | (Ty::Map(a), Ty::Map(b)) => a.fits(b),
            (Ty::Object(_), Ty::Object(_)) => true,
            (a, b) => std::mem::discriminant(a) == std::mem::discriminant(b),
        }
    }
}

impl fmt::Display for Ty<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Int => f.write_str("int"),
            Ty::Uint => f.write_str("uint"),
            Ty::Double => f.write_str("double"),
            Ty::String => f.write_str("string"),
            Ty::Bool => f.write_str("bool"),
            Ty::Bytes => f.write_str("bytes"),
            Ty::Null => f.write_str("null_type"),
            Ty::Timestamp => f.write_str("google.protobuf.Timestamp"),
            Ty::Duration => f.write_str("google.protobuf.Duration"),
            Ty::List(item) => write!(f, "list({item})"),
            Ty::Map(value) => write!(f, "map(string, {value})"),
            Ty::Object(_) => f.write_str("object"),
            Ty::Dyn => f.write_str("dyn"),
        }
    }
}

struct Checker<'s> {
    /// Whether `self` is the root of the object (its `metadata` is not checked).
    root: bool,
    /// Variables in scope, innermost last.
    scopes: Vec<HashMap<String, Ty<'s>>>,
    errors: Vec<String>,
}

impl<'s> Checker<'s> {
    /// The type of `e`, checking every selection, operator and call inside it.
    fn expr(&mut self, e: &IdedExpr) -> Ty<'s> {
        match &e.expr {
            Expr::Ident(name) => self
                .scopes
                .iter()
                .rev()
                .find_map(|scope| scope.get(name))
                .cloned()
                .unwrap_or(Ty::Dyn),
            Expr::Select(select) => {
                let operand = self.expr(&select.operand);
                let field = self.field(&operand, &select.operand, &select.field);
                if select.test { Ty::Bool } else { field }
            }
            Expr::Call(call) => {
                let target = call.target.as_deref().map(|t| self.expr(t));
                // `a.?b` selects like `a.b`, its second argument is the field name.
                if call.func_name == "_?._" {
                    if let (
                        Some(operand),
                        Some(IdedExpr {
                            expr: Expr::Literal(LiteralValue::String(field)),
                            ..
                        }),
                    ) = (call.args.first(), call.args.get(1))
                    {
                        let operand_ty = self.expr(operand);
                        self.field(&operand_ty, operand, field);
                    }
                    return Ty::Dyn;
                }
                let args: Vec<Ty<'s>> = call.args.iter().map(|a| self.expr(a)).collect();
                self.call(&call.func_name, target, &args)
            }
            Expr::Comprehension(c) => {
                let range = self.expr(&c.iter_range);
                let accu = self.expr(&c.accu_init);
                let (first, second) = match &range {
                    Ty::List(item) => (Ty::Int, (**item).clone()),
                    Ty::Map(value) => (Ty::String, (**value).clone()),
                    _ => (Ty::Dyn, Ty::Dyn),
                };
                let mut scope = HashMap::new();
                // One variable: a list's item or a map's key; two: index and
                // item, or key and value.
                match &c.iter_var2 {
                    None => {
                        let one = if matches!(range, Ty::Map(_)) {
                            first
                        } else {
                            second
                        };
                        scope.insert(c.iter_var.clone(), one);
                    }
                    Some(var2) => {
                        scope.insert(c.iter_var.clone(), first);
                        scope.insert(var2.clone(), second);
                    }
                }
                // The accumulator of `map`/`filter` holds what the step adds.
                let accu = match accu {
                    Ty::List(_) => Ty::List(Box::new(Ty::Dyn)),
                    other => other,
                };
                scope.insert(c.accu_var.clone(), accu);
                self.scopes.push(scope);
                self.expr(&c.loop_cond);
                self.expr(&c.loop_step);
                let result = self.expr(&c.result);
                self.scopes.pop();
                result
            }
            Expr::List(list) => {
                for element in &list.elements {
                    self.expr(element);
                }
                Ty::List(Box::new(Ty::Dyn))
            }
            Expr::Map(map) => {
                for entry in &map.entries {
                    if let EntryExpr::MapEntry(entry) = &entry.expr {
                        self.expr(&entry.key);
                        self.expr(&entry.value);
                    }
                }
                Ty::Map(Box::new(Ty::Dyn))
            }
            Expr::Struct(s) => {
                for entry in &s.entries {
                    if let EntryExpr::StructField(field) = &entry.expr {
                        self.expr(&field.value);
                    }
                }
                Ty::Dyn
            }
            Expr::Literal(literal) => match literal {
                LiteralValue::Boolean(_) => Ty::Bool,
                LiteralValue::Bytes(_) => Ty::Bytes,
                LiteralValue::Double(_) => Ty::Double,
                LiteralValue::Int(_) => Ty::Int,
                LiteralValue::Null => Ty::Null,
                LiteralValue::String(_) => Ty::String,
                LiteralValue::UInt(_) => Ty::Uint,
            },
            Expr::Unspecified => Ty::Dyn,
        }
    }

    /// The type of `func` applied to `args` (on `target` for a method call),
    /// reporting the overloads the API server does not have.
    fn call(&mut self, func: &str, target: Option<Ty<'s>>, args: &[Ty<'s>]) -> Ty<'s> {
        let arg = |i: usize| args.get(i).cloned().unwrap_or(Ty::Dyn);
        match (func, &target) {
            ("_==_" | "_!=_", None) => {
                self.same_kind(func, &arg(0), &arg(1));
                Ty::Bool
            }
            ("_<_" | "_<=_" | "_>_" | "_>=_", None) => {
                let (a, b) = (arg(0), arg(1));
                let ordered = |t: &Ty<'_>| {
                    !t.known()
                        || t.numeric()
                        || matches!(
                            t,
                            Ty::String | Ty::Bool | Ty::Bytes | Ty::Timestamp | Ty::Duration
                        )
                };
                if !ordered(&a) || !ordered(&b) || !a.fits(&b) {
                    self.no_overload(func, None, &[a, b]);
                }
                Ty::Bool
            }
            ("_&&_" | "_||_", None) => {
                if !arg(0).fits(&Ty::Bool) || !arg(1).fits(&Ty::Bool) {
                    self.no_overload(func, None, args);
                }
                Ty::Bool
            }
            ("!_", None) => {
                if !arg(0).fits(&Ty::Bool) {
                    self.no_overload(func, None, args);
                }
                Ty::Bool
            }
            ("-_", None) => arg(0),
            ("_+_", None) => {
                let (a, b) = (arg(0), arg(1));
                match (&a, &b) {
                    (Ty::Dyn, _) | (_, Ty::Dyn) => Ty::Dyn,
                    (x, y) if x.numeric() && y.numeric() => a,
                    (Ty::String, Ty::String)
                    | (Ty::Bytes, Ty::Bytes)
                    | (Ty::List(_), Ty::List(_)) => a,
                    (Ty::Timestamp | Ty::Duration, Ty::Timestamp | Ty::Duration) => Ty::Dyn,
                    _ => {
                        self.no_overload(func, None, &[a, b]);
                        Ty::Dyn
                    }
                }
            }
            ("_-_" | "_*_" | "_/_" | "_%_", None) => {
                let (a, b) = (arg(0), arg(1));
                let arithmetic = |t: &Ty<'_>| {
                    !t.known() || t.numeric() || matches!(t, Ty::Timestamp | Ty::Duration)
                };
                if !arithmetic(&a) || !arithmetic(&b) {
                    self.no_overload(func, None, &[a.clone(), b]);
                }
                if a.numeric() { a } else { Ty::Dyn }
            }
            ("_?_:_", None) => {
                if !arg(0).fits(&Ty::Bool) {
                    self.no_overload(func, None, args);
                }
                let (a, b) = (arg(1), arg(2));
                if a.known() && b.known() && a.fits(&b) {
                    a
                } else {
                    Ty::Dyn
                }
            }
            ("@in", None) => Ty::Bool,
            ("_[_]", None) => match arg(0) {
                Ty::List(item) => *item,
                Ty::Map(value) => *value,
                _ => Ty::Dyn,
            },
            ("size", _) => {
                let of = target.clone().unwrap_or_else(|| arg(0));
                if of.known() && !matches!(of, Ty::String | Ty::Bytes | Ty::List(_) | Ty::Map(_)) {
                    self.no_overload(func, target.as_ref(), args);
                }
                Ty::Int
            }
            ("startsWith" | "endsWith" | "matches", Some(on)) => {
                if !on.fits(&Ty::String) || !arg(0).fits(&Ty::String) {
                    self.no_overload(func, target.as_ref(), args);
                }
                Ty::Bool
            }
            ("lowerAscii" | "upperAscii" | "trim", Some(on)) => {
                if !on.fits(&Ty::String) {
                    self.no_overload(func, target.as_ref(), args);
                }
                Ty::String
            }
            ("int", None) => Ty::Int,
            ("uint", None) => Ty::Uint,
            ("double", None) => Ty::Double,
            ("string", None) => Ty::String,
            ("bool", None) => Ty::Bool,
            ("bytes", None) => Ty::Bytes,
            ("timestamp", None) => Ty::Timestamp,
            ("duration", None) => Ty::Duration,
            ("has", None) => Ty::Bool,
            // Kubernetes' libraries, optionals and anything else: not modelled.
            _ => Ty::Dyn,
        }
    }

    fn same_kind(&mut self, func: &str, a: &Ty<'s>, b: &Ty<'s>) {
        if !a.fits(b) {
            self.no_overload(func, None, &[a.clone(), b.clone()]);
        }
    }

    /// cel-go's message for a call without a matching overload.
    fn no_overload(&mut self, func: &str, target: Option<&Ty<'s>>, args: &[Ty<'s>]) {
        let list = args
            .iter()
            .map(Ty::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let applied = match target {
            Some(on) => format!("{on}.({list})"),
            None => format!("({list})"),
        };
        self.errors.push(format!(
            "found no matching overload for '{func}' applied to '{applied}'"
        ));
    }

    /// Field `name` of a value of type `ty` (written as `operand.name`).
    fn field(&mut self, ty: &Ty<'s>, operand: &IdedExpr, name: &str) -> Ty<'s> {
        let node = match ty {
            // A map's keys are selected like fields.
            Ty::Map(value) => return (**value).clone(),
            Ty::Object(node) => *node,
            _ => return Ty::Dyn,
        };
        let properties = node.properties.iter().flatten();
        if let Some((_, schema)) = properties
            .clone()
            .find(|(property, _)| escape(property).as_deref() == Some(name))
        {
            return Ty::of(schema);
        }
        let is_root_self =
            self.root && matches!(&operand.expr, Expr::Ident(n) if n == "self" || n == "oldSelf");
        if is_root_self && name == "metadata" {
            return Ty::Dyn;
        }
        let names: Vec<String> = properties.filter_map(|(p, _)| escape(p)).collect();
        let hint = suggest::closest(name, names.iter().map(String::as_str))
            .map(|known| format!("; did you mean `{known}`?"))
            .unwrap_or_default();
        self.errors.push(format!("undefined field '{name}'{hint}"));
        Ty::Dyn
    }
}

/// A node whose fields the schema does not pin down.
fn opaque(node: &JSONSchemaProps) -> bool {
    node.x_kubernetes_preserve_unknown_fields == Some(true)
        || node.x_kubernetes_int_or_string == Some(true)
        || node.x_kubernetes_embedded_resource == Some(true)
}

/// The schema of a list's items.
fn element(node: &JSONSchemaProps) -> Option<&JSONSchemaProps> {
    match &node.items {
        Some(JSONSchemaPropsOrArray::Schema(items)) => Some(items),
        _ => None,
    }
}

/// How a property name is written in CEL (Kubernetes' escaping), or `None`
/// when it cannot be (the property is not accessible from rules).
pub(crate) fn escape(name: &str) -> Option<String> {
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
    fn operand_types_are_checked_as_the_api_server_does() {
        for (rule, message) in [
            (
                "self.minReplicas == 'three'",
                "found no matching overload for '_==_' applied to '(int, string)'",
            ),
            (
                "self.ports.all(p, p.name > 5)",
                "found no matching overload for '_>_' applied to '(string, int)'",
            ),
            (
                "self.labels.all(k, k.startsWith(1))",
                "found no matching overload for 'startsWith' applied to 'string.(int)'",
            ),
            (
                "size(self.minReplicas) > 0",
                "found no matching overload for 'size' applied to '(int)'",
            ),
            (
                "self.minReplicas + 1",
                "cel expression must evaluate to a bool, not int",
            ),
        ] {
            let found = problems(rule);
            assert_eq!(found.len(), 1, "{rule}: {found:?}");
            assert!(found[0].ends_with(message), "{rule}: {found:?}");
        }
        // Unknown types fit everything: preserved fields, library functions, optionals.
        for rule in [
            "self.raw.x == 'a' && self.raw.y > 3",
            "isURL(self.dns__dash__name) || quantity('1Gi').isGreaterThan(quantity('1Mi'))",
            "self.?minReplicas.orValue(0) >= 0",
            "self.zones.all(z, self.zones[z].weight + 1 > 0)",
            "self.minReplicas < 2.5",
        ] {
            assert_eq!(problems(rule), Vec::<String>::new(), "{rule}");
        }
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
