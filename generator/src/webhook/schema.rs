//! What the API says a webhook is: the schema of `MutatingWebhook` and
//! `ValidatingWebhook` (the API server's own OpenAPI, at the workspace's
//! Kubernetes version, through the CRD emitter's table of built-in types), and
//! the check of a JSON value against it. controller-gen decodes a `patch=` and
//! the patched webhook strictly into the Go types; this is the same check:
//! unknown or miscased fields, values of the wrong type, unknown patch
//! directives. A required field the patched webhook lacks is what Go's
//! decoding leaves it: empty ([`fill_required`]), for the API server's
//! validation to refuse.

use std::sync::OnceLock;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool,
};
use serde_json::Value;

use super::Kind;
use crate::parse::suggest;

/// The schema of one webhook of `kind`'s configuration.
pub(super) fn webhook(kind: Kind) -> &'static JSONSchemaProps {
    static MUTATING: OnceLock<JSONSchemaProps> = OnceLock::new();
    static VALIDATING: OnceLock<JSONSchemaProps> = OnceLock::new();
    let (cell, name) = match kind {
        Kind::Mutating => (&MUTATING, "MutatingWebhook"),
        Kind::Validating => (&VALIDATING, "ValidatingWebhook"),
    };
    cell.get_or_init(|| {
        crate::emit::crd::external_schema(&format!(
            "k8s_openapi::api::admissionregistration::v1::{name}"
        ))
        .expect("the built-in schemas hold the admissionregistration/v1 types")
    })
}

/// The schema of property `name` of an object schema.
pub(super) fn property<'a>(schema: &'a JSONSchemaProps, name: &str) -> Option<&'a JSONSchemaProps> {
    schema.properties.as_ref()?.get(name)
}

/// The schema of a list's items.
pub(super) fn items(schema: &JSONSchemaProps) -> Option<&JSONSchemaProps> {
    match &schema.items {
        Some(JSONSchemaPropsOrArray::Schema(items)) => Some(items),
        _ => None,
    }
}

/// The schema of a map's values (`matchLabels`), if `schema` is a map.
pub(super) fn map_values(schema: &JSONSchemaProps) -> Option<&JSONSchemaProps> {
    match &schema.additional_properties {
        Some(JSONSchemaPropsOrBool::Schema(values)) => Some(values),
        _ => None,
    }
}

/// The key a list is merged by in a strategic merge patch: the one key of a
/// `map` list (`matchConditions` by `name`, the only such list of a webhook:
/// its Go field says `patchStrategy:"merge" patchMergeKey:"name"`). Other
/// lists are replaced whole.
pub(super) fn merge_key(schema: &JSONSchemaProps) -> Option<&str> {
    if schema.x_kubernetes_list_type.as_deref() != Some("map") {
        return None;
    }
    match schema.x_kubernetes_list_map_keys.as_deref() {
        Some([key]) => Some(key),
        _ => None,
    }
}

/// Whether an object schema is a struct (fixed properties), not a map.
fn is_struct(schema: &JSONSchemaProps) -> bool {
    schema.type_.as_deref() == Some("object") && map_values(schema).is_none()
}

/// One problem of a value, at a field path (`namespaceSelector.matchLabels`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Problem {
    pub path: String,
    pub message: String,
    /// A field name meant, for unknown fields.
    pub suggestion: Option<String>,
}

/// Every problem of `patch`, a strategic merge patch of an object of `schema`
/// (`null` removes a field; directives are allowed where they act).
pub(super) fn check(patch: &Value, schema: &JSONSchemaProps) -> Vec<Problem> {
    let mut problems = Vec::new();
    walk(patch, schema, "", &mut problems);
    problems
}

/// `value` with every required field it lacks set to its empty value, as a
/// Go struct decodes without it (`""`, an empty list, an empty object).
pub(super) fn fill_required(value: &mut Value, schema: &JSONSchemaProps) {
    match value {
        Value::Object(fields) if is_struct(schema) => {
            for required in schema.required.iter().flatten() {
                if fields.get(required).is_none_or(Value::is_null) {
                    let empty = match property(schema, required).and_then(|p| p.type_.as_deref()) {
                        Some("array") => Value::Array(Vec::new()),
                        Some("object") => Value::Object(serde_json::Map::new()),
                        Some("integer") => Value::from(0),
                        Some("boolean") => Value::Bool(false),
                        _ => Value::from(""),
                    };
                    fields.insert(required.clone(), empty);
                }
            }
            for (key, field) in fields.iter_mut() {
                if let Some(property) = property(schema, key) {
                    fill_required(field, property);
                }
            }
        }
        Value::Array(elements) => {
            if let Some(item) = items(schema) {
                elements.iter_mut().for_each(|v| fill_required(v, item));
            }
        }
        _ => {}
    }
}

fn join(path: &str, field: &str) -> String {
    if path.is_empty() {
        field.to_owned()
    } else {
        format!("{path}.{field}")
    }
}

fn problem(path: &str, message: impl Into<String>) -> Problem {
    Problem {
        path: path.to_owned(),
        message: message.into(),
        suggestion: None,
    }
}

fn walk(value: &Value, schema: &JSONSchemaProps, path: &str, out: &mut Vec<Problem>) {
    if value.is_null() {
        // `null` removes the field.
        return;
    }
    let expected = schema.type_.as_deref().unwrap_or_default();
    let fits = match expected {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "boolean" => value.is_boolean(),
        "integer" => value.as_i64().is_some_and(|n| fits_format(n, schema)),
        "number" => value.is_number(),
        _ => true,
    };
    if !fits {
        let what = match (expected, schema.format.as_deref()) {
            ("integer", Some("int32")) => "a 32-bit integer",
            ("integer", _) => "an integer",
            ("object", _) if map_values(schema).is_some() => "a map of strings",
            ("object", _) => "an object",
            ("array", _) => "a list",
            ("string", _) => "a string",
            ("boolean", _) => "`true` or `false`",
            _ => "a number",
        };
        out.push(problem(path, format!("must be {what}, not `{value}`")));
        return;
    }
    match value {
        Value::Object(fields) if is_struct(schema) => {
            for (key, field) in fields {
                if key.starts_with('$') {
                    directive(key, field, schema, path, out);
                    continue;
                }
                match property(schema, key) {
                    Some(property) => walk(field, property, &join(path, key), out),
                    None => {
                        let known = schema.properties.iter().flatten().map(|(n, _)| n.as_str());
                        out.push(Problem {
                            suggestion: suggest::closest(key, known).map(str::to_owned),
                            ..problem(&join(path, key), "is not a field")
                        });
                    }
                }
            }
        }
        Value::Object(entries) => {
            let Some(values) = map_values(schema) else {
                return;
            };
            for (key, entry) in entries {
                if key.starts_with('$') {
                    directive(key, entry, schema, path, out);
                } else {
                    walk(entry, values, &format!("{path}[{key}]"), out);
                }
            }
        }
        Value::Array(elements) => {
            let Some(item) = items(schema) else {
                return;
            };
            for (i, element) in elements.iter().enumerate() {
                walk(element, item, &format!("{path}[{i}]"), out);
            }
        }
        _ => {}
    }
}

/// Whether an integer fits the schema's `format`.
fn fits_format(n: i64, schema: &JSONSchemaProps) -> bool {
    match schema.format.as_deref() {
        Some("int32") => i32::try_from(n).is_ok(),
        _ => true,
    }
}

/// A strategic merge patch directive at `path` of an object of `schema`: the
/// ones controller-gen lets through to the merge (`$patch: delete|replace`,
/// `$retainKeys`, `$setElementOrder/<list>`, `$deleteFromPrimitiveList/<list>`).
fn directive(
    key: &str,
    value: &Value,
    schema: &JSONSchemaProps,
    path: &str,
    out: &mut Vec<Problem>,
) {
    let at = join(path, key);
    let list_field = |field: &str, out: &mut Vec<Problem>| {
        if !is_struct(schema) {
            return;
        }
        match property(schema, field) {
            Some(p) if p.type_.as_deref() == Some("array") => {}
            Some(_) => out.push(problem(
                &at,
                format!("names `{field}`, which is not a list"),
            )),
            None => out.push(problem(
                &at,
                format!("names no list: there is no `{field}`"),
            )),
        }
    };
    match key {
        "$patch" => {
            if !matches!(value.as_str(), Some("delete" | "replace")) {
                out.push(problem(
                    &at,
                    format!("is `delete` or `replace`, not `{value}`"),
                ));
            }
        }
        "$retainKeys" if value.is_array() => {}
        "$retainKeys" => out.push(problem(&at, "takes a list of field names")),
        _ => {
            let prefixes = ["$setElementOrder/", "$deleteFromPrimitiveList/"];
            match prefixes.iter().find_map(|p| key.strip_prefix(p)) {
                Some(field) => {
                    list_field(field, out);
                    if !value.is_array() {
                        out.push(problem(&at, "takes a list"));
                    }
                }
                None => out.push(Problem {
                    suggestion: suggest::closest(
                        key,
                        [
                            "$patch",
                            "$retainKeys",
                            "$setElementOrder/",
                            "$deleteFromPrimitiveList/",
                        ],
                    )
                    .map(str::to_owned),
                    ..problem(&at, "is not a patch directive")
                }),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn patch_problems(patch: Value) -> Vec<(String, String)> {
        check(&patch, webhook(Kind::Mutating))
            .into_iter()
            .map(|p| (p.path, p.message))
            .collect()
    }

    #[test]
    fn the_schema_is_the_apis() {
        let schema = webhook(Kind::Mutating);
        assert!(property(schema, "reinvocationPolicy").is_some());
        assert!(property(webhook(Kind::Validating), "reinvocationPolicy").is_none());
        assert_eq!(
            merge_key(property(schema, "matchConditions").unwrap()),
            Some("name")
        );
        assert_eq!(merge_key(property(schema, "rules").unwrap()), None);
    }

    #[test]
    fn valid_patches_pass() {
        for patch in [
            json!({"namespaceSelector": {"matchLabels": {"app.kubernetes.io/name": "x"}}}),
            json!({"timeoutSeconds": null, "rules": [{"apiGroups": ["batch"]}]}),
            json!({"matchConditions": [{"name": "a", "$patch": "delete"}]}),
            json!({"$deleteFromPrimitiveList/admissionReviewVersions": ["v1beta1"]}),
            json!({"$setElementOrder/matchConditions": [{"name": "b"}, {"name": "a"}]}),
            json!({"notAField": null}),
        ] {
            let found = patch_problems(patch.clone());
            // `null` on an unknown field is refused by controller-gen too.
            if patch.get("notAField").is_some() {
                assert_eq!(
                    found,
                    [("notAField".to_owned(), "is not a field".to_owned())]
                );
            } else {
                assert!(found.is_empty(), "{patch}: {found:?}");
            }
        }
    }

    #[test]
    fn what_go_decodes_strictly_is_refused() {
        assert_eq!(
            patch_problems(json!({"TimeoutSeconds": 25})),
            [("TimeoutSeconds".to_owned(), "is not a field".to_owned())]
        );
        let found = check(
            &json!({"namespaceSelector": {"matchlabels": {}}}),
            webhook(Kind::Mutating),
        );
        assert_eq!(found[0].path, "namespaceSelector.matchlabels");
        assert_eq!(found[0].suggestion.as_deref(), Some("matchLabels"));
        assert_eq!(
            patch_problems(json!({"timeoutSeconds": "10", "$patc": "replace"})),
            [
                ("$patc".to_owned(), "is not a patch directive".to_owned()),
                (
                    "timeoutSeconds".to_owned(),
                    "must be a 32-bit integer, not `\"10\"`".to_owned()
                ),
            ]
        );
        assert_eq!(
            patch_problems(json!({"$setElementOrder/notAField": []})),
            [(
                "$setElementOrder/notAField".to_owned(),
                "names no list: there is no `notAField`".to_owned()
            )]
        );
        assert_eq!(
            patch_problems(json!({"reinvocationPolicy": "Never"})),
            Vec::<(String, String)>::new()
        );
        assert_eq!(
            check(
                &json!({"reinvocationPolicy": "Never"}),
                webhook(Kind::Validating)
            )[0]
            .message,
            "is not a field"
        );
    }

    #[test]
    fn missing_required_fields_are_empty_as_go_decodes_them() {
        let mut hook = json!({"name": "a.b.c", "clientConfig": {"service": {"name": "s"}}, "matchConditions": [{"name": "x"}]});
        fill_required(&mut hook, webhook(Kind::Validating));
        assert_eq!(
            hook,
            json!({
                "name": "a.b.c",
                "clientConfig": {"service": {"name": "s", "namespace": ""}},
                "matchConditions": [{"name": "x", "expression": ""}],
                "admissionReviewVersions": [],
                "sideEffects": "",
            })
        );
    }
}
