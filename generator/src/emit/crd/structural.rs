//! A static checker for what the API server rejects in a CRD's schemas.
//!
//! It follows apiextensions-apiserver's `ValidateStructural` and
//! `ValidateCustomResourceDefinitionOpenAPISchema`: every specified node has a type
//! (except under `x-kubernetes-int-or-string` or `x-kubernetes-preserve-unknown-fields`),
//! the root is an object without `additionalProperties`, root `metadata` restricts
//! at most `name`/`generateName`, embedded resources are objects, no `$ref`,
//! `definitions`, `patternProperties` and friends, `properties` and
//! `additionalProperties` are exclusive, `allOf`/`anyOf`/`oneOf`/`not` carry only
//! value validations (no type, description, default, nullable, extensions) and only
//! about fields specified outside them, the int-or-string `anyOf` form, list and
//! map topology (`x-kubernetes-list-type`, `-list-map-keys` with required or
//! defaulted scalar keys, `-map-type`), valid `pattern`s, and defaults that validate
//! and survive pruning. CRD-level rules (names, versions, printer columns, scale
//! and selectable fields) are in `check_crd`. CEL rules are not compiled.
//!
//! Problems read like the API server's: `<field path>: <what is wrong>`.

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    CustomResourceDefinition, JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool,
};

use super::check_crd;
use super::defaults;
use super::topology;

/// Every problem the API server would report for `crd` that can be found without
/// a server; empty when the CRD is acceptable.
pub fn check_structural(crd: &CustomResourceDefinition) -> Vec<String> {
    let mut problems = Vec::new();
    check_crd::check_definition(crd, &mut problems);
    for (i, version) in crd.spec.versions.iter().enumerate() {
        let path = format!("spec.versions[{i}].schema.openAPIV3Schema");
        match version
            .schema
            .as_ref()
            .and_then(|s| s.open_api_v3_schema.as_ref())
        {
            Some(schema) => {
                problems.extend(check_schema(schema, &path));
                problems.extend(super::cel::check(schema, &path));
            }
            None => problems.push(format!("{path}: Required value: schemas are required")),
        }
    }
    problems
}

/// The problems of the CEL rules of every version of `crd` alone.
pub(crate) fn check_rules(crd: &CustomResourceDefinition) -> Vec<String> {
    let mut problems = Vec::new();
    for (i, version) in crd.spec.versions.iter().enumerate() {
        if let Some(schema) = version
            .schema
            .as_ref()
            .and_then(|s| s.open_api_v3_schema.as_ref())
        {
            let path = format!("spec.versions[{i}].schema.openAPIV3Schema");
            problems.extend(super::cel::check(schema, &path));
        }
    }
    problems
}

/// The problems of one root schema (`openAPIV3Schema`), each prefixed by `path`.
pub fn check_schema(schema: &JSONSchemaProps, path: &str) -> Vec<String> {
    let mut checker = Checker::default();
    checker.node(schema, path, Level::Root);
    checker.problems
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    Root,
    Item,
    Field,
}

#[derive(Default)]
struct Checker {
    problems: Vec<String>,
}

const TYPES: [&str; 6] = ["object", "array", "string", "integer", "number", "boolean"];

impl Checker {
    fn report(&mut self, path: &str, message: impl AsRef<str>) {
        self.problems.push(format!("{path}: {}", message.as_ref()));
    }

    /// A node of the structural part of the schema.
    fn node(&mut self, s: &JSONSchemaProps, path: &str, level: Level) {
        self.forbidden_everywhere(s, path);
        let type_ = s.type_.as_deref().unwrap_or("");
        let int_or_string = s.x_kubernetes_int_or_string == Some(true);
        let preserve = s.x_kubernetes_preserve_unknown_fields == Some(true);
        let embedded = s.x_kubernetes_embedded_resource == Some(true);

        if type_ == "array" && s.items.is_none() {
            self.report(
                &format!("{path}.items"),
                "Required value: must be specified",
            );
        }
        if let Some(JSONSchemaPropsOrArray::Schema(items)) = &s.items {
            self.node(items, &format!("{path}.items"), Level::Item);
        }
        for (name, child) in s.properties.iter().flatten() {
            self.node(child, &format!("{path}.properties[{name}]"), Level::Field);
        }
        self.additional_properties(s, path, level);

        if embedded && type_ != "object" {
            self.report(
                &format!("{path}.type"),
                "Required value: must be object if x-kubernetes-embedded-resource is true",
            );
        } else if type_.is_empty() && !int_or_string && !preserve {
            let message = match level {
                Level::Root => "must not be empty at the root",
                Level::Item => "must not be empty for specified array items",
                Level::Field => "must not be empty for specified object fields",
            };
            self.report(
                &format!("{path}.type"),
                format!("Required value: {message}"),
            );
        }
        if level == Level::Root && !type_.is_empty() && type_ != "object" {
            self.report(
                &format!("{path}.type"),
                "Invalid value: must be object at the root",
            );
        }
        if embedded && !preserve && s.properties.as_ref().is_none_or(|p| p.is_empty()) {
            self.report(
                &format!("{path}.properties"),
                "Required value: must not be empty if x-kubernetes-embedded-resource is true \
                 without x-kubernetes-preserve-unknown-fields",
            );
        }
        if int_or_string && preserve {
            self.report(
                &format!("{path}.x-kubernetes-preserve-unknown-fields"),
                "Invalid value: must be false if x-kubernetes-int-or-string is true",
            );
        }
        if int_or_string && embedded {
            self.report(
                &format!("{path}.x-kubernetes-embedded-resource"),
                "Invalid value: must be false if x-kubernetes-int-or-string is true",
            );
        }
        if int_or_string && !type_.is_empty() {
            self.report(
                &format!("{path}.type"),
                "Invalid value: must be empty if x-kubernetes-int-or-string is true",
            );
        }
        self.object_meta(s, path, level == Level::Root || embedded, level);
        self.junctors(s, path);
        topology::check_topology(s, path, &mut self.problems);
        topology::check_rules(s, path, &mut self.problems);
        if let Some(default) = &s.default {
            defaults::check_default(
                &default.0,
                s,
                &format!("{path}.default"),
                &mut self.problems,
            );
        }
    }

    fn additional_properties(&mut self, s: &JSONSchemaProps, path: &str, level: Level) {
        let Some(additional) = &s.additional_properties else {
            return;
        };
        let child = format!("{path}.additionalProperties");
        if level == Level::Root {
            self.report(&child, "Forbidden: must not be used at the root");
        }
        if s.x_kubernetes_embedded_resource == Some(true) {
            self.report(
                &child,
                "Forbidden: must not be used if x-kubernetes-embedded-resource is set",
            );
        }
        match additional {
            JSONSchemaPropsOrBool::Bool(false) => {
                self.report(
                    &child,
                    "Forbidden: additionalProperties: false is not supported",
                );
            }
            JSONSchemaPropsOrBool::Bool(true) => {}
            JSONSchemaPropsOrBool::Schema(schema) => {
                if s.properties.as_ref().is_some_and(|p| !p.is_empty()) {
                    self.report(
                        &child,
                        "Forbidden: additionalProperties and properties are mutual exclusive",
                    );
                }
                self.node(schema, &child, Level::Field);
            }
        }
    }

    /// `kind`/`apiVersion` strings and `metadata` restrictions at the root and in
    /// embedded resources.
    fn object_meta(&mut self, s: &JSONSchemaProps, path: &str, check_meta: bool, level: Level) {
        let Some(properties) = &s.properties else {
            return;
        };
        for name in ["kind", "apiVersion"] {
            if let Some(p) = properties.get(name).filter(|_| check_meta)
                && p.type_.as_deref() != Some("string")
            {
                self.report(
                    &format!("{path}.properties[{name}].type"),
                    "Invalid value: must be string",
                );
            }
        }
        let Some(metadata) = properties.get("metadata") else {
            return;
        };
        let meta_path = format!("{path}.properties[metadata]");
        if check_meta && metadata.type_.as_deref() != Some("object") {
            self.report(
                &format!("{meta_path}.type"),
                "Invalid value: must be object",
            );
        }
        if level == Level::Root {
            let mut rest = metadata.clone();
            rest.type_ = None;
            rest.default = None;
            if let Some(props) = &rest.properties {
                let only_names = props.keys().all(|k| k == "name" || k == "generateName");
                if only_names {
                    rest.properties = None;
                }
            }
            if rest != JSONSchemaProps::default() {
                self.report(
                    &meta_path,
                    "Forbidden: must not specify anything other than name and generateName, \
                     but metadata is implicitly specified",
                );
            }
        }
    }

    /// `allOf`/`anyOf`/`oneOf`/`not` of a structural node: value validations only,
    /// about fields specified in the node itself.
    fn junctors(&mut self, s: &JSONSchemaProps, path: &str) {
        let skip_any_of = is_int_or_string_any_of(s.any_of.as_deref());
        let skip_first_all_of_any_of = s
            .all_of
            .as_ref()
            .and_then(|all| all.first())
            .is_some_and(|first| is_int_or_string_any_of(first.any_of.as_deref()));
        if !skip_any_of {
            for (i, n) in s.any_of.iter().flatten().enumerate() {
                self.nested(n, s, &format!("{path}.anyOf[{i}]"), false);
            }
        }
        for (i, n) in s.all_of.iter().flatten().enumerate() {
            let skip = i == 0 && skip_first_all_of_any_of;
            self.nested(n, s, &format!("{path}.allOf[{i}]"), skip);
        }
        for (i, n) in s.one_of.iter().flatten().enumerate() {
            self.nested(n, s, &format!("{path}.oneOf[{i}]"), false);
        }
        if let Some(n) = &s.not {
            self.nested(n, s, &format!("{path}.not"), false);
        }
        self.pattern(s, path);
    }

    fn pattern(&mut self, s: &JSONSchemaProps, path: &str) {
        if let Some(pattern) = &s.pattern
            && let Err(e) = super::patterns::compiled(pattern)
        {
            self.report(
                &format!("{path}.pattern"),
                format!(
                    "Invalid value: must be a valid regular expression, but isn't: {}",
                    e.lines().last().unwrap_or_default().trim()
                ),
            );
        }
    }

    /// A node inside a junctor; `outer` is the structural node it constrains.
    fn nested(
        &mut self,
        n: &JSONSchemaProps,
        outer: &JSONSchemaProps,
        path: &str,
        skip_any_of: bool,
    ) {
        self.forbidden_everywhere(n, path);
        let forbidden: [(bool, &str, &str); 13] = [
            (n.type_.is_some(), "type", "must be empty to be structural"),
            (
                n.additional_properties.is_some(),
                "additionalProperties",
                "must be undefined to be structural",
            ),
            (
                n.default.is_some(),
                "default",
                "must be undefined to be structural",
            ),
            (n.title.is_some(), "title", "must be empty to be structural"),
            (
                n.description.is_some(),
                "description",
                "must be empty to be structural",
            ),
            (
                n.nullable == Some(true),
                "nullable",
                "must be false to be structural",
            ),
            (
                n.external_docs.is_some(),
                "externalDocs",
                "must be undefined to be structural",
            ),
            (
                n.x_kubernetes_preserve_unknown_fields == Some(true),
                "x-kubernetes-preserve-unknown-fields",
                "must be false to be structural",
            ),
            (
                n.x_kubernetes_embedded_resource == Some(true),
                "x-kubernetes-embedded-resource",
                "must be false to be structural",
            ),
            (
                n.x_kubernetes_int_or_string == Some(true),
                "x-kubernetes-int-or-string",
                "must be false to be structural",
            ),
            (
                n.x_kubernetes_list_map_keys.is_some(),
                "x-kubernetes-list-map-keys",
                "must be empty to be structural",
            ),
            (
                n.x_kubernetes_list_type.is_some(),
                "x-kubernetes-list-type",
                "must be undefined to be structural",
            ),
            (
                n.x_kubernetes_map_type.is_some(),
                "x-kubernetes-map-type",
                "must be undefined to be structural",
            ),
        ];
        for (present, field, message) in forbidden {
            if present {
                self.report(&format!("{path}.{field}"), format!("Forbidden: {message}"));
            }
        }
        if n.x_kubernetes_validations.is_some() {
            self.report(
                &format!("{path}.x-kubernetes-validations"),
                "Forbidden: must be empty to be structural",
            );
        }
        for (name, child) in n.properties.iter().flatten() {
            let child_path = format!("{path}.properties[{name}]");
            if name == "metadata" {
                self.report(
                    &child_path,
                    "Forbidden: must not be specified in a nested context",
                );
            }
            match outer.properties.as_ref().and_then(|p| p.get(name)) {
                Some(structural) => self.nested(child, structural, &child_path, false),
                None => self.report(
                    &child_path,
                    "Required value: must be specified outside of value validation (in the \
                     structural part of the schema)",
                ),
            }
        }
        if let Some(JSONSchemaPropsOrArray::Schema(items)) = &n.items {
            match &outer.items {
                Some(JSONSchemaPropsOrArray::Schema(structural)) => {
                    self.nested(items, structural, &format!("{path}.items"), false)
                }
                _ => self.report(
                    &format!("{path}.items"),
                    "Required value: must be specified outside of value validation",
                ),
            }
        }
        if !skip_any_of {
            for (i, m) in n.any_of.iter().flatten().enumerate() {
                self.nested(m, outer, &format!("{path}.anyOf[{i}]"), false);
            }
        }
        for (i, m) in n.all_of.iter().flatten().enumerate() {
            self.nested(m, outer, &format!("{path}.allOf[{i}]"), false);
        }
        for (i, m) in n.one_of.iter().flatten().enumerate() {
            self.nested(m, outer, &format!("{path}.oneOf[{i}]"), false);
        }
        if let Some(m) = &n.not {
            self.nested(m, outer, &format!("{path}.not"), false);
        }
        self.pattern(n, path);
    }

    /// What the CRD API forbids in any schema node, structural or not.
    fn forbidden_everywhere(&mut self, s: &JSONSchemaProps, path: &str) {
        let unsupported: [(bool, &str); 7] = [
            (s.ref_path.is_some(), "$ref"),
            (s.schema.is_some(), "$schema"),
            (s.definitions.is_some(), "definitions"),
            (s.id.is_some(), "id"),
            (s.dependencies.is_some(), "dependencies"),
            (s.pattern_properties.is_some(), "patternProperties"),
            (s.additional_items.is_some(), "additionalItems"),
        ];
        for (present, field) in unsupported {
            if present {
                self.report(
                    &format!("{path}.{field}"),
                    format!("Forbidden: {field} is not supported"),
                );
            }
        }
        if let Some(type_) = s.type_.as_deref() {
            if type_ == "null" {
                self.report(
                    &format!("{path}.type"),
                    "Forbidden: type cannot be set to null, use nullable as an alternative",
                );
            } else if !TYPES.contains(&type_) {
                self.report(
                    &format!("{path}.type"),
                    format!(
                        "Unsupported value: {type_:?}: supported values: {}",
                        TYPES.join(", ")
                    ),
                );
            }
        }
        if matches!(s.items, Some(JSONSchemaPropsOrArray::Schemas(_))) {
            self.report(
                &format!("{path}.items"),
                "Forbidden: items must be a schema object and not an array",
            );
        }
        if s.unique_items == Some(true) {
            self.report(
                &format!("{path}.uniqueItems"),
                "Forbidden: uniqueItems cannot be set to true since the runtime complexity \
                 becomes quadratic (use x-kubernetes-list-type: set)",
            );
        }
        if s.x_kubernetes_preserve_unknown_fields == Some(false) {
            self.report(
                &format!("{path}.x-kubernetes-preserve-unknown-fields"),
                "Invalid value: false: must be true or undefined",
            );
        }
    }
}

fn is_int_or_string_any_of(any_of: Option<&[JSONSchemaProps]>) -> bool {
    let Some([first, second]) = any_of else {
        return false;
    };
    let only_type = |s: &JSONSchemaProps, t: &str| {
        *s == JSONSchemaProps {
            type_: Some(t.to_owned()),
            ..Default::default()
        }
    };
    only_type(first, "integer") && only_type(second, "string")
}
