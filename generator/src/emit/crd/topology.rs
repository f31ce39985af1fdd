//! The API server's rules for list and map topology (`x-kubernetes-list-type`,
//! `-list-map-keys`, `-map-type`) and for the static parts of
//! `x-kubernetes-validations` (everything but compiling the CEL).

use std::collections::BTreeSet;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    JSONSchemaProps, JSONSchemaPropsOrArray,
};

use super::check_crd::resolve;

const REASONS: [&str; 4] = [
    "FieldValueInvalid",
    "FieldValueForbidden",
    "FieldValueRequired",
    "FieldValueDuplicate",
];

/// List and map topology of node `s` at `path`.
pub(crate) fn check_topology(s: &JSONSchemaProps, path: &str, problems: &mut Vec<String>) {
    let mut report = |at: String, message: String| problems.push(format!("{at}: {message}"));
    let type_ = s.type_.as_deref();
    if let Some(map_type) = s.x_kubernetes_map_type.as_deref() {
        if type_ != Some("object") {
            report(
                format!("{path}.type"),
                "Invalid value: must be object if x-kubernetes-map-type is specified".into(),
            );
        }
        if map_type != "atomic" && map_type != "granular" {
            report(
                format!("{path}.x-kubernetes-map-type"),
                format!(
                    "Unsupported value: {map_type:?}: supported values: \"atomic\", \"granular\""
                ),
            );
        }
    }
    let list_type = s.x_kubernetes_list_type.as_deref();
    let items = match &s.items {
        Some(JSONSchemaPropsOrArray::Schema(items)) => Some(items.as_ref()),
        _ => None,
    };
    if let Some(list_type) = list_type {
        if type_ != Some("array") {
            report(
                format!("{path}.type"),
                "Invalid value: must be array if x-kubernetes-list-type is specified".into(),
            );
        }
        if !["atomic", "set", "map"].contains(&list_type) {
            report(
                format!("{path}.x-kubernetes-list-type"),
                format!(
                    "Unsupported value: {list_type:?}: supported values: \"atomic\", \"map\", \"set\""
                ),
            );
        }
        if let Some(items) = items.filter(|_| list_type == "set" || list_type == "map")
            && items.nullable == Some(true)
        {
            report(
                format!("{path}.items.nullable"),
                format!("Forbidden: cannot be nullable when x-kubernetes-list-type is {list_type}"),
            );
        }
    }
    let keys = s.x_kubernetes_list_map_keys.as_deref().unwrap_or_default();
    if !keys.is_empty() && list_type != Some("map") {
        report(
            format!("{path}.x-kubernetes-list-type"),
            "Invalid value: must be map if x-kubernetes-list-map-keys is non-empty".into(),
        );
    }
    match (list_type, items) {
        (Some("set"), Some(items)) => set_items(items, path, &mut report),
        (Some("map"), items) => map_items(keys, items, path, &mut report),
        _ => {}
    }
}

/// Items of a set must be scalars, atomic maps or atomic lists.
fn set_items(items: &JSONSchemaProps, path: &str, report: &mut dyn FnMut(String, String)) {
    let message = "Invalid value: must be atomic as item of a list with x-kubernetes-list-type=set";
    match items.type_.as_deref() {
        Some("array")
            if items
                .x_kubernetes_list_type
                .as_deref()
                .is_some_and(|t| t != "atomic") =>
        {
            report(
                format!("{path}.items.x-kubernetes-list-type"),
                message.into(),
            );
        }
        Some("object") if items.x_kubernetes_map_type.as_deref() != Some("atomic") => {
            report(
                format!("{path}.items.x-kubernetes-map-type"),
                message.into(),
            );
        }
        _ => {}
    }
}

/// Items of a map list are objects; the keys are scalar properties that are
/// required or defaulted, and never nullable.
fn map_items(
    keys: &[String],
    items: Option<&JSONSchemaProps>,
    path: &str,
    report: &mut dyn FnMut(String, String),
) {
    if keys.is_empty() {
        report(
            format!("{path}.x-kubernetes-list-map-keys"),
            "Required value: must not be empty if x-kubernetes-list-type is map".into(),
        );
    }
    let Some(items) = items else {
        report(
            format!("{path}.items"),
            "Required value: must have a schema if x-kubernetes-list-type is map".into(),
        );
        return;
    };
    if items.type_.as_deref() != Some("object") {
        report(
            format!("{path}.items.type"),
            "Invalid value: must be object if parent array's x-kubernetes-list-type is map".into(),
        );
        return;
    }
    let required = items.required.as_deref().unwrap_or_default();
    let mut seen = BTreeSet::new();
    for key in keys {
        if !seen.insert(key) {
            report(
                format!("{path}.x-kubernetes-list-map-keys"),
                format!("Invalid value: {keys:?}: must not contain duplicate entries"),
            );
        }
        let Some(property) = items.properties.as_ref().and_then(|p| p.get(key)) else {
            report(
                format!("{path}.x-kubernetes-list-map-keys"),
                format!("Invalid value: {keys:?}: entries must all be names of item properties"),
            );
            continue;
        };
        let key_path = format!("{path}.items.properties[{key}]");
        if matches!(property.type_.as_deref(), Some("array" | "object")) {
            report(
                format!("{key_path}.type"),
                "Invalid value: must be a scalar type if parent array's x-kubernetes-list-type \
                 is map"
                    .into(),
            );
        }
        if !required.contains(key) && property.default.is_none() {
            report(
                format!("{key_path}.default"),
                "Required value: this property is in x-kubernetes-list-map-keys, so it must \
                 have a default or be a required property"
                    .into(),
            );
        }
        if property.nullable == Some(true) {
            report(
                format!("{key_path}.nullable"),
                "Forbidden: this property is in x-kubernetes-list-map-keys, so it cannot be \
                 nullable"
                    .into(),
            );
        }
    }
}

/// The fields of `x-kubernetes-validations` rules that need no CEL compiler.
pub(crate) fn check_rules(s: &JSONSchemaProps, path: &str, problems: &mut Vec<String>) {
    let mut report = |at: String, message: &str| problems.push(format!("{at}: {message}"));
    for (i, rule) in s.x_kubernetes_validations.iter().flatten().enumerate() {
        let at = format!("{path}.x-kubernetes-validations[{i}]");
        let text = rule.rule.trim();
        let message = rule.message.as_deref().map(str::trim);
        if text.is_empty() {
            report(
                format!("{at}.rule"),
                "Required value: rule is not specified",
            );
        } else if message == Some("") {
            report(
                format!("{at}.message"),
                "Invalid value: message must be non-empty if specified",
            );
        } else if message.is_some_and(has_newlines) {
            report(
                format!("{at}.message"),
                "Invalid value: message must not contain line breaks",
            );
        } else if has_newlines(text) && message.is_none() {
            report(
                format!("{at}.message"),
                "Required value: message must be specified if rule contains line breaks",
            );
        }
        if rule
            .message_expression
            .as_deref()
            .is_some_and(|m| m.trim().is_empty())
        {
            report(
                format!("{at}.messageExpression"),
                "Required value: messageExpression must be non-empty if specified",
            );
        }
        if let Some(reason) = rule.reason.as_deref()
            && !REASONS.contains(&reason)
        {
            report(
                format!("{at}.reason"),
                &format!(
                    "Unsupported value: {reason:?}: supported values: {}",
                    REASONS.join(", ")
                ),
            );
        }
        if let Some(field_path) = rule.field_path.as_deref() {
            if field_path.trim().is_empty() {
                report(
                    format!("{at}.fieldPath"),
                    "Invalid value: fieldPath must be non-empty if specified",
                );
            } else if has_newlines(field_path) {
                report(
                    format!("{at}.fieldPath"),
                    "Invalid value: fieldPath must not contain line breaks",
                );
            } else if !field_path.contains('[') && resolve(s, field_path).is_none() {
                // Paths with `[...]` (map keys, quoted names) are left to the server.
                report(
                    format!("{at}.fieldPath"),
                    "Invalid value: fieldPath must be a valid path",
                );
            }
        }
    }
}

fn has_newlines(text: &str) -> bool {
    text.contains(['\n', '\r'])
}
