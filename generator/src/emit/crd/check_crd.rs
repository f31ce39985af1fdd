//! CRD-level rules of the API server's CRD validation: object name, group, names,
//! scope, versions and storage version, printer columns, scale subresource paths
//! and selectable fields.

use std::collections::BTreeSet;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    CustomResourceDefinition, CustomResourceDefinitionNames, CustomResourceDefinitionVersion,
    JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool,
};

const COLUMN_TYPES: [&str; 5] = ["integer", "number", "string", "boolean", "date"];
const COLUMN_FORMATS: [&str; 9] = [
    "int32",
    "int64",
    "float",
    "double",
    "byte",
    "date",
    "date-time",
    "password",
    "name",
];
const MAX_SELECTABLE_FIELDS: usize = 8;

pub(crate) fn check_definition(crd: &CustomResourceDefinition, problems: &mut Vec<String>) {
    let spec = &crd.spec;
    let mut report = |path: &str, message: String| problems.push(format!("{path}: {message}"));

    let expected = format!("{}.{}", spec.names.plural, spec.group);
    if crd.metadata.name.as_deref() != Some(expected.as_str()) {
        report(
            "metadata.name",
            format!(
                "Invalid value: {:?}: must be spec.names.plural+\".\"+spec.group",
                crd.metadata.name
            ),
        );
    }
    if !is_dns1123_subdomain(&spec.group) || !spec.group.contains('.') {
        report(
            "spec.group",
            format!(
                "Invalid value: {:?}: must be a DNS subdomain with at least one dot",
                spec.group
            ),
        );
    }
    if spec.scope != "Namespaced" && spec.scope != "Cluster" {
        report(
            "spec.scope",
            format!(
                "Unsupported value: {:?}: supported values: \"Cluster\", \"Namespaced\"",
                spec.scope
            ),
        );
    }
    check_names(&spec.names, &mut report);
    check_versions(&spec.versions, &mut report);
}

fn check_names(names: &CustomResourceDefinitionNames, report: &mut dyn FnMut(&str, String)) {
    let mut label = |path: &str, value: &str| {
        if !is_dns1035_label(value) {
            report(
                path,
                format!("Invalid value: {value:?}: must be a DNS-1035 label"),
            );
        }
    };
    label("spec.names.plural", &names.plural);
    label(
        "spec.names.singular",
        names.singular.as_deref().unwrap_or(""),
    );
    label("spec.names.kind", &names.kind.to_lowercase());
    let list_kind = names.list_kind.as_deref().unwrap_or("");
    label("spec.names.listKind", &list_kind.to_lowercase());
    for (i, short) in names.short_names.iter().flatten().enumerate() {
        label(&format!("spec.names.shortNames[{i}]"), short);
    }
    for (i, category) in names.categories.iter().flatten().enumerate() {
        label(&format!("spec.names.categories[{i}]"), category);
    }
    if names.kind == list_kind {
        report(
            "spec.names.listKind",
            "Invalid value: kind and listKind may not be the same".to_owned(),
        );
    }
}

fn check_versions(
    versions: &[CustomResourceDefinitionVersion],
    report: &mut dyn FnMut(&str, String),
) {
    if versions.is_empty() {
        report(
            "spec.versions",
            "Required value: must have at least one version".to_owned(),
        );
    }
    let storage = versions.iter().filter(|v| v.storage).count();
    if storage != 1 {
        report(
            "spec.versions",
            format!(
                "Invalid value: must have exactly one version marked as storage version, found {storage}"
            ),
        );
    }
    let mut seen = BTreeSet::new();
    for (i, version) in versions.iter().enumerate() {
        let path = format!("spec.versions[{i}]");
        if !seen.insert(version.name.as_str()) {
            report(
                &format!("{path}.name"),
                format!("Duplicate value: {:?}", version.name),
            );
        }
        if !is_dns1035_label(&version.name) {
            report(
                &format!("{path}.name"),
                format!(
                    "Invalid value: {:?}: must be a DNS-1035 label",
                    version.name
                ),
            );
        }
        if let Some(warning) = &version.deprecation_warning {
            if warning.chars().count() > 256 {
                report(
                    &format!("{path}.deprecationWarning"),
                    "Too long: must have at most 256 characters".to_owned(),
                );
            }
            if warning.chars().any(char::is_control) {
                report(
                    &format!("{path}.deprecationWarning"),
                    "Invalid value: must only contain printable characters".to_owned(),
                );
            }
        }
        let schema = version
            .schema
            .as_ref()
            .and_then(|s| s.open_api_v3_schema.as_ref());
        if let Some(schema) = schema {
            check_root(version, schema, &path, report);
        }
        check_columns(version, &path, report);
        check_scale(version, &path, report);
        check_selectable(version, schema, &path, report);
    }
}

/// The JSON names of what a root schema may hold when the status subresource is
/// on (the server extracts `properties.status` and must not lose validation).
const ROOT_FIELDS_WITH_STATUS: [&str; 22] = [
    "description",
    "type",
    "format",
    "title",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "maxItems",
    "minItems",
    "uniqueItems",
    "multipleOf",
    "required",
    "items",
    "properties",
    "externalDocs",
    "example",
    "x-kubernetes-preserve-unknown-fields",
    "x-kubernetes-validations",
];

/// Rules for the root schema that depend on the version: no `nullable`, a limited
/// set of fields with the status subresource, no defaults in `apiVersion`, `kind`
/// and `metadata`.
fn check_root(
    version: &CustomResourceDefinitionVersion,
    schema: &JSONSchemaProps,
    path: &str,
    report: &mut dyn FnMut(&str, String),
) {
    let root = format!("{path}.schema.openAPIV3Schema");
    if schema.nullable == Some(true) {
        report(
            &format!("{root}.nullable"),
            "Forbidden: nullable cannot be true at the root".to_owned(),
        );
    }
    let status = version
        .subresources
        .as_ref()
        .is_some_and(|s| s.status.is_some());
    if status && let Ok(serde_json::Value::Object(fields)) = serde_json::to_value(schema) {
        let extra: Vec<&String> = fields
            .keys()
            .filter(|k| !ROOT_FIELDS_WITH_STATUS.contains(&k.as_str()))
            .collect();
        if !extra.is_empty() {
            report(
                &root,
                format!(
                    "Invalid value: {extra:?}: only {} are allowed at the root of the schema if \
                     the status subresource is enabled",
                    ROOT_FIELDS_WITH_STATUS.join(", ")
                ),
            );
        }
    }
    for name in ["apiVersion", "kind", "metadata"] {
        if let Some(property) = schema.properties.as_ref().and_then(|p| p.get(name))
            && has_default(property)
        {
            report(
                &format!("{root}.properties[{name}]"),
                format!("Forbidden: default must not be set in top-level {name}"),
            );
        }
    }
}

fn has_default(s: &JSONSchemaProps) -> bool {
    s.default.is_some()
        || s.properties.iter().flatten().any(|(_, p)| has_default(p))
        || matches!(&s.items, Some(JSONSchemaPropsOrArray::Schema(i)) if has_default(i))
        || matches!(&s.additional_properties, Some(JSONSchemaPropsOrBool::Schema(a)) if has_default(a))
}

fn check_columns(
    version: &CustomResourceDefinitionVersion,
    path: &str,
    report: &mut dyn FnMut(&str, String),
) {
    for (i, column) in version
        .additional_printer_columns
        .iter()
        .flatten()
        .enumerate()
    {
        let path = format!("{path}.additionalPrinterColumns[{i}]");
        if column.name.is_empty() {
            report(&format!("{path}.name"), "Required value".to_owned());
        }
        if !COLUMN_TYPES.contains(&column.type_.as_str()) {
            report(
                &format!("{path}.type"),
                format!(
                    "Unsupported value: {:?}: supported values: {}",
                    column.type_,
                    COLUMN_TYPES.join(", ")
                ),
            );
        }
        if let Some(format) = column.format.as_deref()
            && !COLUMN_FORMATS.contains(&format)
        {
            report(
                &format!("{path}.format"),
                format!(
                    "Unsupported value: {format:?}: supported values: {}",
                    COLUMN_FORMATS.join(", ")
                ),
            );
        }
        if column.priority.is_some_and(|p| p < 0) {
            report(
                &format!("{path}.priority"),
                "Invalid value: must be greater than or equal to 0".to_owned(),
            );
        }
        if !column.json_path.starts_with('.') && !column.json_path.starts_with('{') {
            report(
                &format!("{path}.jsonPath"),
                format!("Invalid value: {:?}: must be a JSON path", column.json_path),
            );
        }
    }
}

fn check_scale(
    version: &CustomResourceDefinitionVersion,
    path: &str,
    report: &mut dyn FnMut(&str, String),
) {
    let Some(scale) = version.subresources.as_ref().and_then(|s| s.scale.as_ref()) else {
        return;
    };
    let path = format!("{path}.subresources.scale");
    let mut under = |field: &str, value: &str, roots: &[&str]| {
        let ok = roots
            .iter()
            .any(|root| value.starts_with(&format!("{root}.")));
        if !ok {
            report(
                &format!("{path}.{field}"),
                format!(
                    "Invalid value: {value:?}: should be a json path under {}",
                    roots.join(" or ")
                ),
            );
        }
    };
    under("specReplicasPath", &scale.spec_replicas_path, &[".spec"]);
    under(
        "statusReplicasPath",
        &scale.status_replicas_path,
        &[".status"],
    );
    if let Some(selector) = &scale.label_selector_path {
        under("labelSelectorPath", selector, &[".spec", ".status"]);
    }
}

fn check_selectable(
    version: &CustomResourceDefinitionVersion,
    schema: Option<&JSONSchemaProps>,
    path: &str,
    report: &mut dyn FnMut(&str, String),
) {
    let fields = version.selectable_fields.as_deref().unwrap_or_default();
    if fields.len() > MAX_SELECTABLE_FIELDS {
        report(
            &format!("{path}.selectableFields"),
            format!(
                "Too many: {}: must have at most {MAX_SELECTABLE_FIELDS} items",
                fields.len()
            ),
        );
    }
    let mut seen = BTreeSet::new();
    for (i, field) in fields.iter().enumerate() {
        let path = format!("{path}.selectableFields[{i}].jsonPath");
        if !seen.insert(field.json_path.as_str()) {
            report(&path, format!("Duplicate value: {:?}", field.json_path));
        }
        if field.json_path == ".metadata" || field.json_path.starts_with(".metadata.") {
            report(
                &path,
                format!(
                    "Invalid value: {:?}: must not point to fields in metadata",
                    field.json_path
                ),
            );
            continue;
        }
        let Some(schema) = schema else { continue };
        match resolve(schema, &field.json_path) {
            None => report(
                &path,
                format!(
                    "Invalid value: {:?}: is an invalid path: does not refer to a valid field",
                    field.json_path
                ),
            ),
            Some(target) => {
                let scalar = matches!(
                    target.type_.as_deref(),
                    Some("string" | "integer" | "boolean")
                );
                if !scalar {
                    report(
                        &path,
                        format!(
                            "Invalid value: {:?}: must point to a field of type string, boolean or integer",
                            field.json_path
                        ),
                    );
                }
            }
        }
    }
}

/// The schema a simple path (`.spec.a.b`) points at, through `properties` and map
/// values; `None` when the path leaves the schema or crosses a list.
pub(crate) fn resolve<'s>(schema: &'s JSONSchemaProps, path: &str) -> Option<&'s JSONSchemaProps> {
    let rest = path.strip_prefix('.')?;
    rest.split('.').try_fold(schema, |node, segment| {
        if matches!(node.items, Some(JSONSchemaPropsOrArray::Schema(_))) {
            return None;
        }
        if let Some(child) = node.properties.as_ref().and_then(|p| p.get(segment)) {
            return Some(child);
        }
        match &node.additional_properties {
            Some(JSONSchemaPropsOrBool::Schema(values)) => Some(values.as_ref()),
            _ => None,
        }
    })
}

/// `[a-z]([-a-z0-9]*[a-z0-9])?`, at most 63 characters.
fn is_dns1035_label(value: &str) -> bool {
    let bytes = value.as_bytes();
    !bytes.is_empty()
        && bytes.len() <= 63
        && bytes[0].is_ascii_lowercase()
        && bytes[bytes.len() - 1] != b'-'
        && bytes
            .iter()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
}

/// Dot-separated DNS-1123 labels, at most 253 characters.
fn is_dns1123_subdomain(value: &str) -> bool {
    value.len() <= 253
        && value.split('.').all(|label| {
            let bytes = label.as_bytes();
            !bytes.is_empty()
                && bytes[0].is_ascii_alphanumeric()
                && bytes[bytes.len() - 1].is_ascii_alphanumeric()
                && bytes
                    .iter()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
        })
}
