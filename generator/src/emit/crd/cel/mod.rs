//! CEL rules checked the way the API server checks them when a CRD is written:
//! each `x-kubernetes-validations` rule (and `messageExpression`) is
//! type-checked against the declaration of the node that carries it, and its
//! worst-case cost is estimated with the server's cost model and compared
//! with the server's limits.
//!
//! - [`decl`]: what each schema node is to CEL (apiserver's `SchemaDeclType`):
//!   its fields, and the largest and smallest sizes its values can have.
//! - [`checker`]: the type checker (cel-go's), over the server's function
//!   table ([`functions`]): fields the schema does not have (with the property
//!   most likely meant), names nothing declares, calls no overload takes, and
//!   the result type (a rule is a `bool`, a message a `string`).
//! - [`cost`]: the cost estimate (cel-go's `checker.Cost` with Kubernetes'
//!   estimators); a rule costs its estimate times how often it may run per
//!   object (the product of the `maxItems` / `maxProperties` above it, or what
//!   fits in a request), limited to 10,000,000 per rule and 100,000,000 for
//!   the rules of a version together.
//! - Transition rules (`oldSelf`) only where old and new values correlate: not
//!   under the items of a list that is not `x-kubernetes-list-type: map`, nor
//!   in the fields of an atomic object.
//!
//! Problems read like the server's (`<path>: Forbidden: estimated rule cost
//! exceeds budget by factor of 2.5x (try simplifying the rule, or adding
//! maxItems, maxProperties, and maxLength where arrays, maps, and strings are
//! declared)`). Macros the `cel` crate's parser leaves as calls (cel-go's
//! two-variable comprehensions, `optMap`, `optFlatMap`) are expanded first,
//! as cel-go's parser expands them (`expand`).

mod checker;
mod cost;
mod decl;
mod expand;
mod functions;
mod types;

use cel::common::ast::{Expr, IdedExpr};
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool,
};

use decl::MAX_REQUEST_SIZE;
pub(crate) use decl::{Decl, DeclKind};
use types::Type;

/// The most a rule may cost, times how often it runs (`StaticEstimatedCostLimit`).
pub const RULE_COST_LIMIT: u64 = 10_000_000;
/// The most the rules of one version's schema may cost together
/// (`StaticEstimatedCRDCostLimit`).
pub const SCHEMA_COST_LIMIT: u64 = 100_000_000;

/// A variable of an expression checked outside a CRD (admission match
/// conditions): its type in the API server's environment.
pub(crate) enum Variable<'d> {
    /// `dyn`: anything (`object`, `oldObject`).
    Dyn,
    /// An object type the server declares (`kubernetes.AdmissionRequest`).
    Object(&'d Decl),
    /// A type of a library (`kubernetes.authorization.Authorizer`).
    Library(&'static str),
}

/// Type-checks `expression` (which parses) with `variables` declared, over
/// the API server's function table: the type it evaluates to (`None` where a
/// macro form is not modelled here), or cel-go's messages for what does not
/// check (undeclared names, fields an object type lacks, calls no overload
/// takes).
pub(crate) fn check_expression(
    expression: &str,
    variables: &[(&str, Variable<'_>)],
) -> Result<Option<String>, Vec<String>> {
    let ast = match crate::parse::cel_syntax::parser().parse(expression) {
        Ok(ast) => ast,
        Err(errors) => {
            return Err(errors
                .errors
                .iter()
                .take(1)
                .map(|e| format!("{} (line {}, column {})", e.msg, e.pos.0, e.pos.1))
                .collect());
        }
    };
    let ast = expand::macros(ast);
    let declared = variables
        .iter()
        .map(|(name, variable)| {
            let t = match variable {
                Variable::Dyn => Type::Dyn,
                Variable::Object(decl) => checker::type_of(decl),
                Variable::Library(name) => Type::Named((*name).to_owned(), Vec::new()),
            };
            ((*name).to_owned(), t)
        })
        .collect();
    let checked = checker::check_with(&ast, declared);
    if !checked.errors.is_empty() {
        return Err(checked.errors);
    }
    if checked.unmodelled {
        return Ok(None);
    }
    let result = checked.types.get(&ast.id).cloned().unwrap_or(Type::Dyn);
    Ok(Some(result.to_string()))
}

/// The estimate of one rule or message expression, as the API server computes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleCost {
    /// `<schema path>.x-kubernetes-validations[i]`.
    pub path: String,
    /// `rule` or `messageExpression`.
    pub key: &'static str,
    /// One evaluation, worst case.
    pub max_cost: u64,
    /// What the limit is compared with: `max_cost` times how often the rule may
    /// run per object (message expressions: once).
    pub cost: u64,
}

/// How a property name is written in CEL (Kubernetes' escaping), or `None`
/// when it cannot be: the rule the fake clientset's CEL evaluation uses too.
pub(crate) use kube_codegen_schema::cel_escape as escape;

/// Every problem of every rule of a version's root `schema` (at `path`):
/// `<path>.x-kubernetes-validations[i].<key>: <what the server would say>`.
pub(crate) fn check(schema: &JSONSchemaProps, path: &str) -> Vec<String> {
    let mut walk = Walk::default();
    walk.node(schema, path, true, Some(1), None);
    let mut problems = walk.problems;
    if walk.total > SCHEMA_COST_LIMIT {
        let mut expensive = walk.expensive;
        expensive.sort_by_key(|e| std::cmp::Reverse(e.1));
        for (at, _) in expensive.iter().take(4) {
            problems.push(format!(
                "{at}: Forbidden: contributed to estimated rule cost total exceeding cost limit \
                 for entire OpenAPIv3 schema"
            ));
        }
        problems.push(format!(
            "{path}: Forbidden: {}",
            over_budget(
                "x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema",
                walk.total,
                SCHEMA_COST_LIMIT
            )
        ));
    }
    problems
}

/// The estimate of every rule and message expression of a root `schema` that
/// type-checks, in schema order (properties by name).
pub fn rule_costs(schema: &JSONSchemaProps) -> Vec<RuleCost> {
    let mut walk = Walk::default();
    walk.node(schema, "", true, Some(1), None);
    walk.costs
}

/// The server's message for a cost over its limit.
fn over_budget(what: &str, cost: u64, limit: u64) -> String {
    #[allow(clippy::cast_precision_loss)]
    let factor = cost as f64 / limit as f64;
    let shown = if factor > 100.0 {
        "more than 100x".to_owned()
    } else if factor < 1.5 {
        format!("{factor:.6}x")
    } else {
        format!("{factor:.1}x")
    };
    format!(
        "{what} exceeds budget by factor of {shown} (try simplifying the rule, or adding \
         maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)"
    )
}

#[derive(Default)]
struct Walk {
    problems: Vec<String>,
    costs: Vec<RuleCost>,
    /// The schema's rules together.
    total: u64,
    /// Rules that cost at least 1% of the schema's limit, with their path.
    expensive: Vec<(String, u64)>,
}

impl Walk {
    fn observe(&mut self, at: String, cost: u64) {
        self.total = self.total.saturating_add(cost);
        if cost >= SCHEMA_COST_LIMIT / 100 {
            self.expensive.push((at, cost));
        }
    }

    /// `cardinality`: how often a value of this node may occur per object
    /// (`None`: nothing above bounds it); `uncorrelated`: the highest node
    /// above under which `oldSelf` is not available.
    fn node(
        &mut self,
        node: &JSONSchemaProps,
        path: &str,
        resource_root: bool,
        cardinality: Option<u64>,
        uncorrelated: Option<&str>,
    ) {
        if let Some(rules) = node
            .x_kubernetes_validations
            .as_ref()
            .filter(|r| !r.is_empty())
        {
            let embedded = node.x_kubernetes_embedded_resource == Some(true);
            match Decl::of(node, resource_root || embedded) {
                Some(decl) => {
                    for (i, rule) in rules.iter().enumerate() {
                        self.rule(
                            &decl,
                            rule,
                            &format!("{path}.x-kubernetes-validations[{i}]"),
                            cardinality,
                            uncorrelated,
                        );
                    }
                }
                None => self.problems.push(format!(
                    "{path}.x-kubernetes-validations: Internal error: failed to convert to \
                     declType for CEL validation rules (the node has no type CEL knows)"
                )),
            }
        }
        let atomic = node.x_kubernetes_map_type.as_deref() == Some("atomic");
        for (name, property) in node.properties.iter().flatten() {
            let under = match uncorrelated {
                None if atomic => Some(path),
                other => other,
            };
            self.node(
                property,
                &format!("{path}.properties[{name}]"),
                false,
                cardinality,
                under,
            );
        }
        if let Some(JSONSchemaPropsOrArray::Schema(items)) = &node.items {
            let under = match uncorrelated {
                None if node.x_kubernetes_list_type.as_deref() != Some("map") => Some(path),
                other => other,
            };
            let card = times(cardinality, node.max_items);
            self.node(items, &format!("{path}.items"), false, card, under);
        }
        if let Some(JSONSchemaPropsOrBool::Schema(values)) = &node.additional_properties {
            let card = times(cardinality, node.max_properties);
            self.node(
                values,
                &format!("{path}.additionalProperties"),
                false,
                card,
                uncorrelated,
            );
        }
    }

    fn rule(
        &mut self,
        decl: &Decl,
        rule: &k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::ValidationRule,
        at: &str,
        cardinality: Option<u64>,
        uncorrelated: Option<&str>,
    ) {
        let self_ty = checker::type_of(decl);
        let old_self = if rule.optional_old_self == Some(true) {
            Type::optional(self_ty.clone())
        } else {
            self_ty.clone()
        };
        let expressions = [
            ("rule", Some(&rule.rule)),
            ("messageExpression", rule.message_expression.as_ref()),
        ];
        for (key, expression) in expressions {
            let Some(expression) = expression.filter(|e| !e.trim().is_empty()) else {
                continue;
            };
            // Syntax errors are reported where the marker is read.
            let Ok(ast) = crate::parse::cel_syntax::parsed(expression) else {
                continue;
            };
            let ast = expand::macros(ast);
            let checked = checker::check(&ast, self_ty.clone(), old_self.clone());
            let mut errors = checked.errors.clone();
            let result = checked.types.get(&ast.id).cloned().unwrap_or(Type::Dyn);
            let (want, name) = if key == "rule" {
                (Type::Bool, "bool")
            } else {
                (Type::String, "string")
            };
            if errors.is_empty() && !checked.unmodelled && !result.exact(&want) {
                errors.push(format!(
                    "cel expression must evaluate to a {name}, not {result}"
                ));
            }
            for error in &errors {
                self.problems.push(format!(
                    "{at}.{key}: Invalid value: {expression:?}: compilation failed: {error}"
                ));
            }
            if !errors.is_empty() || checked.unmodelled {
                continue;
            }
            if key == "rule" {
                if let Some(within) = uncorrelated
                    && uses_old_self(&ast)
                {
                    self.problems.push(format!(
                        "{at}.rule: Invalid value: {expression:?}: oldSelf cannot be used on the \
                         uncorrelatable portion of the schema within {within}"
                    ));
                }
                if rule.optional_old_self.is_some() && !uses_old_self(&ast) {
                    self.problems.push(format!(
                        "{at}.optionalOldSelf: Invalid value: {}: may not be set if oldSelf is \
                         not used in rule",
                        rule.optional_old_self.unwrap_or_default()
                    ));
                }
            }
            let max_cost = cost::estimate(&ast, &checked, decl).max;
            let cost = if key == "rule" {
                let times = cardinality.unwrap_or_else(|| max_cardinality(decl.min_size));
                if max_cost == 0 {
                    0
                } else {
                    max_cost.saturating_mul(times)
                }
            } else {
                max_cost
            };
            let what = if key == "rule" {
                "estimated rule cost"
            } else {
                "estimated messageExpression cost"
            };
            if cost > RULE_COST_LIMIT {
                self.problems.push(format!(
                    "{at}.{key}: Forbidden: {}",
                    over_budget(what, cost, RULE_COST_LIMIT)
                ));
            }
            self.observe(format!("{at}.{key}"), cost);
            self.costs.push(RuleCost {
                path: at.to_owned(),
                key,
                max_cost,
                cost,
            });
        }
    }
}

/// How often a node with `min_size` bytes may occur in a request, when
/// nothing above it bounds that (the API server's `maxCardinality`).
fn max_cardinality(min_size: i64) -> u64 {
    u64::try_from(MAX_REQUEST_SIZE / (min_size + 1)).unwrap_or(0)
}

/// A child's cardinality: the parent's times its `maxItems` / `maxProperties`.
fn times(cardinality: Option<u64>, limit: Option<i64>) -> Option<u64> {
    let n = u64::try_from(limit?.max(0)).unwrap_or(0);
    Some(cardinality?.saturating_mul(n))
}

fn uses_old_self(e: &IdedExpr) -> bool {
    match &e.expr {
        Expr::Ident(name) => name == "oldSelf",
        Expr::Select(s) => uses_old_self(&s.operand),
        Expr::Call(c) => {
            c.target.as_deref().is_some_and(uses_old_self) || c.args.iter().any(uses_old_self)
        }
        Expr::Comprehension(c) => [
            &c.iter_range,
            &c.accu_init,
            &c.loop_cond,
            &c.loop_step,
            &c.result,
        ]
        .into_iter()
        .any(uses_old_self),
        Expr::List(l) => l.elements.iter().any(uses_old_self),
        Expr::Map(m) => m.entries.iter().any(|e| match &e.expr {
            cel::common::ast::EntryExpr::MapEntry(entry) => {
                uses_old_self(&entry.key) || uses_old_self(&entry.value)
            }
            cel::common::ast::EntryExpr::StructField(f) => uses_old_self(&f.value),
        }),
        Expr::Struct(s) => s.entries.iter().any(|e| match &e.expr {
            cel::common::ast::EntryExpr::StructField(f) => uses_old_self(&f.value),
            cel::common::ast::EntryExpr::MapEntry(entry) => uses_old_self(&entry.value),
        }),
        Expr::Literal(_) | Expr::Unspecified => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema(value: serde_json::Value) -> JSONSchemaProps {
        serde_json::from_value(value).unwrap()
    }

    fn spec() -> serde_json::Value {
        json!({
            "type": "object",
            "properties": {
                "minReplicas": {"type": "integer"},
                "maxReplicas": {"type": "integer"},
                "name": {"type": "string", "maxLength": 63},
                "notes": {"type": "array", "items": {"type": "string"}},
                "tags": {"type": "array", "maxItems": 10, "items": {"type": "string", "maxLength": 20}},
                "ports": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}, "port": {"type": "integer"}}}},
                "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                "zones": {"type": "object", "additionalProperties": {"type": "object", "properties": {"weight": {"type": "integer"}}}},
                "raw": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
                "value": {"x-kubernetes-preserve-unknown-fields": true},
                "port": {"x-kubernetes-int-or-string": true},
                "namespace": {"type": "string"},
                "dns-name": {"type": "string"},
            },
        })
    }

    fn problems(rule: &str) -> Vec<String> {
        let mut spec = spec();
        spec["x-kubernetes-validations"] = json!([{ "rule": rule }]);
        check(&schema(spec), "spec")
    }

    fn cost(rule: &str) -> u64 {
        let mut spec = spec();
        spec["x-kubernetes-validations"] = json!([{ "rule": rule }]);
        let costs = rule_costs(&schema(spec));
        assert_eq!(costs.len(), 1, "{rule}: {costs:?}");
        costs[0].cost
    }

    #[test]
    fn rules_that_name_existing_fields_pass() {
        for rule in [
            "self.minReplicas <= self.maxReplicas",
            "has(self.minReplicas)",
            "self.ports.all(p, p.port > 0 && p.name != '')",
            "self.ports.exists(p, has(p.name))",
            "self.labels.all(k, k != '') && self.labels.exists(k, self.labels[k] == 'x')",
            "self.zones.all(z, self.zones[z].weight >= 0)",
            "self.__namespace__ != '' && self.dns__dash__name != ''",
            "!has(oldSelf.minReplicas) || self.minReplicas >= oldSelf.minReplicas",
            "self.?minReplicas.orValue(1) > 0",
            "self.tags.map(t, t.size()).all(n, n > 0)",
            "type(self.port) == string ? self.port.matches('^[0-9]+%$') : self.port < 5",
            "self.labels.all(k, v, v != k)",
            "quantity('1Gi').isGreaterThan(quantity('1Mi'))",
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
        // A reserved word must be escaped, as the API server requires.
        let found = problems("self.namespace != ''");
        assert!(
            found[0].contains("did you mean `__namespace__`?"),
            "{found:?}"
        );
    }

    #[test]
    fn what_the_schema_does_not_declare_is_not_a_field() {
        // The API server exposes no unknown fields of a preserved object, and
        // no property without a type at all.
        for (rule, message) in [
            ("self.raw.anything == 1", "undefined field 'anything'"),
            ("has(self.value)", "undefined field 'value'"),
            (
                "undeclared > 1",
                "undeclared reference to 'undeclared' (in container '')",
            ),
        ] {
            let found = problems(rule);
            assert_eq!(found.len(), 1, "{rule}: {found:?}");
            assert!(found[0].ends_with(message), "{rule}: {found:?}");
        }
        // At the root, `metadata` holds `name` and `generateName` and nothing else.
        let root = schema(json!({
            "type": "object",
            "properties": {"metadata": {"type": "object"}},
            "x-kubernetes-validations": [
                {"rule": "self.metadata.name.startsWith('x')"},
                {"rule": "has(self.metadata.labels)"},
            ],
        }));
        let found = check(&root, "root");
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].contains("[1].rule") && found[0].ends_with("undefined field 'labels'"),
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
                "self.minReplicas == null",
                "found no matching overload for '_==_' applied to '(int, null_type)'",
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
            (
                "self.port",
                "cel expression must evaluate to a bool, not dyn",
            ),
        ] {
            let found = problems(rule);
            assert_eq!(found.len(), 1, "{rule}: {found:?}");
            assert!(found[0].ends_with(message), "{rule}: {found:?}");
        }
        // Cross-type numeric comparison is on; int-or-string values are `dyn`.
        for rule in [
            "self.minReplicas < 2.5",
            "self.port == 1 || self.port == 'a'",
        ] {
            assert_eq!(problems(rule), Vec::<String>::new(), "{rule}");
        }
    }

    /// The API server's own estimates of these rules (`hack/tools/cel-cost`
    /// prints them; `cargo test -p crd-parity --test cel` compares more).
    #[test]
    fn costs_are_the_api_servers() {
        for (rule, expected) in [
            ("self.minReplicas >= 0", 3),
            ("self.tags.all(t, t.size() < 10)", 63),
            ("self.name.startsWith('a') || self.name == ''", 5),
            ("self.notes.all(n, n.matches('^a+$'))", 329_857_577_778),
            (
                "(has(self.minReplicas) ? 1 : 0) + (has(self.maxReplicas) ? 1 : 0) == 1",
                4,
            ),
            ("self.labels.all(k, k.size() < 64)", 2_359_293),
        ] {
            assert_eq!(cost(rule), expected, "{rule}");
        }
        // A rule in the items of an unbounded list runs once per item that
        // fits in a request.
        let mut spec = spec();
        spec["properties"]["ports"]["items"]["x-kubernetes-validations"] =
            json!([{ "rule": "self.port > 0" }]);
        let costs = rule_costs(&schema(spec));
        assert_eq!((costs[0].max_cost, costs[0].cost), (3, 3 * (3_145_728 / 3)));
    }

    #[test]
    fn rules_over_the_budget_are_refused_with_the_servers_hint() {
        assert_eq!(
            problems("self.notes.all(a, self.notes.all(b, a == b))"),
            [
                "spec.x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds \
                 budget by factor of more than 100x (try simplifying the rule, or adding maxItems, \
                 maxProperties, and maxLength where arrays, maps, and strings are declared)",
                "spec.x-kubernetes-validations[0].rule: Forbidden: contributed to estimated rule \
                 cost total exceeding cost limit for entire OpenAPIv3 schema",
                "spec: Forbidden: x-kubernetes-validations estimated rule cost total for entire \
                 OpenAPIv3 schema exceeds budget by factor of more than 100x (try simplifying the \
                 rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and \
                 strings are declared)",
            ]
        );
        // Just over: the factor is written as the server writes it.
        assert_eq!(
            over_budget("estimated rule cost", 12_500_000, RULE_COST_LIMIT)[..57].to_owned(),
            "estimated rule cost exceeds budget by factor of 1.250000x"
        );
        assert!(over_budget("x", 25_000_000, RULE_COST_LIMIT).contains("factor of 2.5x"));
    }

    #[test]
    fn transition_rules_only_where_old_values_correlate() {
        let mut spec = spec();
        spec["properties"]["ports"]["items"]["x-kubernetes-validations"] =
            json!([{ "rule": "self.port == oldSelf.port" }]);
        spec["properties"]["labels"]["maxProperties"] = json!(10);
        spec["properties"]["labels"]["additionalProperties"]["maxLength"] = json!(100);
        spec["properties"]["labels"]["additionalProperties"]["x-kubernetes-validations"] =
            json!([{ "rule": "self == oldSelf" }]);
        spec["properties"]["name"]["x-kubernetes-validations"] =
            json!([{ "rule": "self.size() > 0", "optionalOldSelf": true }]);
        assert_eq!(
            check(&schema(spec), "spec"),
            [
                "spec.properties[name].x-kubernetes-validations[0].optionalOldSelf: Invalid value: \
                 true: may not be set if oldSelf is not used in rule",
                "spec.properties[ports].items.x-kubernetes-validations[0].rule: Invalid value: \
                 \"self.port == oldSelf.port\": oldSelf cannot be used on the uncorrelatable \
                 portion of the schema within spec.properties[ports]",
            ]
        );
    }
}
