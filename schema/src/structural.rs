//! A CRD version's schema compiled once: the structural tree the pruning,
//! defaulting and validation walk, with its patterns and CEL programs.

use std::collections::BTreeMap;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool,
};
use serde_json::Value;

use crate::cel::rule::Rule;
use crate::formats::Format;

/// `additionalProperties`.
#[derive(Debug)]
pub(crate) enum Additional {
    /// `true` or `false`.
    Allows(bool),
    /// A schema for every other key.
    Schema(Box<Node>),
}

/// One schema node.
#[derive(Debug, Default)]
pub(crate) struct Node {
    pub(crate) type_: Option<String>,
    /// The format as written (CEL reads `date-time`, `duration`, `byte`).
    pub(crate) format: Option<String>,
    /// The format the API server checks (unsupported ones are dropped).
    pub(crate) checked_format: Option<(String, Format)>,
    pub(crate) nullable: bool,
    pub(crate) int_or_string: bool,
    pub(crate) preserve_unknown: bool,
    pub(crate) embedded: bool,
    pub(crate) properties: BTreeMap<String, Node>,
    pub(crate) additional: Option<Additional>,
    pub(crate) items: Option<Box<Node>>,
    pub(crate) default: Option<Value>,
    pub(crate) list_type: Option<String>,
    pub(crate) list_map_keys: Vec<String>,
    pub(crate) map_type: Option<String>,
    pub(crate) enum_: Option<Vec<Value>>,
    pub(crate) minimum: Option<f64>,
    pub(crate) maximum: Option<f64>,
    pub(crate) exclusive_minimum: bool,
    pub(crate) exclusive_maximum: bool,
    pub(crate) multiple_of: Option<f64>,
    pub(crate) min_length: Option<i64>,
    pub(crate) max_length: Option<i64>,
    pub(crate) pattern: Option<(String, Result<regex::Regex, String>)>,
    pub(crate) min_items: Option<i64>,
    pub(crate) max_items: Option<i64>,
    pub(crate) unique_items: bool,
    pub(crate) min_properties: Option<i64>,
    pub(crate) max_properties: Option<i64>,
    pub(crate) required: Vec<String>,
    pub(crate) all_of: Vec<Node>,
    pub(crate) any_of: Vec<Node>,
    pub(crate) one_of: Vec<Node>,
    pub(crate) not: Option<Box<Node>>,
    pub(crate) rules: Vec<Rule>,
    /// Whether this node or one below has CEL rules (computed once).
    pub(crate) rules_below: bool,
}

/// A rule that could not be compiled, at its schema path.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}: x-kubernetes-validations rule {rule:?}: {message}")]
pub struct CompileError {
    /// The schema node (`spec.replicas`).
    pub path: String,
    /// The rule.
    pub rule: String,
    /// Why it does not compile.
    pub message: String,
}

impl Node {
    /// Compiles a schema; rule compile errors are collected (the API server
    /// reports them at validation time, the caller may refuse them up front).
    pub(crate) fn compile(s: &JSONSchemaProps, path: &str, errors: &mut Vec<CompileError>) -> Node {
        let child = |name: &str| {
            if path.is_empty() {
                name.to_owned()
            } else {
                format!("{path}.{name}")
            }
        };
        let mut rules = Vec::new();
        for rule in s.x_kubernetes_validations.iter().flatten() {
            match Rule::compile(rule, s) {
                Ok(r) => rules.push(r),
                Err(message) => {
                    errors.push(CompileError {
                        path: path.to_owned(),
                        rule: rule.rule.clone(),
                        message: message.clone(),
                    });
                    rules.push(Rule::failed(rule, message));
                }
            }
        }
        let checked_format = s
            .format
            .as_deref()
            .and_then(|f| Format::supported(f).map(|c| (f.to_owned(), c)));
        let mut node = Node {
            type_: s.type_.clone().filter(|t| !t.is_empty()),
            format: s.format.clone(),
            checked_format,
            nullable: s.nullable == Some(true),
            int_or_string: s.x_kubernetes_int_or_string == Some(true),
            preserve_unknown: s.x_kubernetes_preserve_unknown_fields == Some(true),
            embedded: s.x_kubernetes_embedded_resource == Some(true),
            properties: s
                .properties
                .iter()
                .flatten()
                .map(|(k, v)| (k.clone(), Node::compile(v, &child(k), errors)))
                .collect(),
            additional: s.additional_properties.as_ref().map(|a| match a {
                JSONSchemaPropsOrBool::Bool(b) => Additional::Allows(*b),
                JSONSchemaPropsOrBool::Schema(s) => {
                    Additional::Schema(Box::new(Node::compile(s, &child("*"), errors)))
                }
            }),
            items: match &s.items {
                Some(JSONSchemaPropsOrArray::Schema(items)) => Some(Box::new(Node::compile(
                    items,
                    &format!("{path}[*]"),
                    errors,
                ))),
                Some(JSONSchemaPropsOrArray::Schemas(items)) if !items.is_empty() => Some(
                    Box::new(Node::compile(&items[0], &format!("{path}[*]"), errors)),
                ),
                _ => None,
            },
            default: s.default.as_ref().map(|d| d.0.clone()),
            list_type: s.x_kubernetes_list_type.clone(),
            list_map_keys: s.x_kubernetes_list_map_keys.clone().unwrap_or_default(),
            map_type: s.x_kubernetes_map_type.clone(),
            enum_: s
                .enum_
                .as_ref()
                .map(|e| e.iter().map(|v| v.0.clone()).collect()),
            minimum: s.minimum,
            maximum: s.maximum,
            exclusive_minimum: s.exclusive_minimum == Some(true),
            exclusive_maximum: s.exclusive_maximum == Some(true),
            multiple_of: s.multiple_of,
            min_length: s.min_length,
            max_length: s.max_length,
            pattern: s
                .pattern
                .as_ref()
                .map(|p| (p.clone(), regex::Regex::new(p).map_err(|e| e.to_string()))),
            min_items: s.min_items,
            max_items: s.max_items,
            unique_items: s.unique_items == Some(true),
            min_properties: s.min_properties,
            max_properties: s.max_properties,
            required: s.required.clone().unwrap_or_default(),
            all_of: s
                .all_of
                .iter()
                .flatten()
                .map(|n| Node::compile(n, path, errors))
                .collect(),
            any_of: s
                .any_of
                .iter()
                .flatten()
                .map(|n| Node::compile(n, path, errors))
                .collect(),
            one_of: s
                .one_of
                .iter()
                .flatten()
                .map(|n| Node::compile(n, path, errors))
                .collect(),
            not: s
                .not
                .as_ref()
                .map(|n| Box::new(Node::compile(n, path, errors))),
            rules,
            rules_below: false,
        };
        node.rules_below = !node.rules.is_empty()
            || node.properties.values().any(|n| n.rules_below)
            || node.additional_schema().is_some_and(|n| n.rules_below)
            || node.items.as_deref().is_some_and(|n| n.rules_below)
            || node.all_of.iter().any(|n| n.rules_below);
        node
    }

    /// The schema of property or map key `key`.
    pub(crate) fn child(&self, key: &str) -> Option<&Node> {
        self.properties.get(key).or(match &self.additional {
            Some(Additional::Schema(s)) => Some(s),
            _ => None,
        })
    }

    /// The additionalProperties schema, if any.
    pub(crate) fn additional_schema(&self) -> Option<&Node> {
        match &self.additional {
            Some(Additional::Schema(s)) => Some(s),
            _ => None,
        }
    }
}
