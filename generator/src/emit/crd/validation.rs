//! Validation markers (`model::Validation`) → fields of a `JSONSchemaProps`.
//!
//! Markers are applied over the schema inferred from the Rust type, type markers
//! first and field markers after them, so a field's marker wins over its type's;
//! `x-kubernetes-validations` rules of both are kept (both must hold).
//!
//! Two markers are translated rather than copied, because the API server rejects
//! what controller-gen would write for them:
//! - `UniqueItems=true` becomes `x-kubernetes-list-type: set` (the server forbids
//!   `uniqueItems: true` as quadratic; a set list is its supported equivalent);
//! - `XIntOrString` drops the inferred `type`/`format` (int-or-string schemas must
//!   have no type) and adds the `anyOf: [integer, string]` form controller-gen uses.

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    ExternalDocumentation, JSON, JSONSchemaProps, JSONSchemaPropsOrArray, ValidationRule,
};

use super::CrdError;
use crate::model::{Location, Validation, XValidation};

/// `anyOf: [{type: integer}, {type: string}]`, the int-or-string form.
pub(crate) fn int_or_string_any_of() -> Vec<JSONSchemaProps> {
    ["integer", "string"]
        .into_iter()
        .map(|t| JSONSchemaProps {
            type_: Some(t.to_owned()),
            ..Default::default()
        })
        .collect()
}

/// Applies `v` to `s`; problems are pushed to `errors` with `location`.
pub(crate) fn apply(
    s: &mut JSONSchemaProps,
    v: &Validation,
    location: &Location,
    errors: &mut Vec<CrdError>,
) {
    if let Some(type_) = &v.type_override {
        if s.type_.as_deref() != Some(type_) {
            // The inferred format belongs to the inferred type.
            s.format = None;
            s.any_of = None;
            s.x_kubernetes_int_or_string = None;
        }
        s.type_ = Some(type_.clone());
    }
    if v.int_or_string {
        s.type_ = None;
        s.format = None;
        s.x_kubernetes_int_or_string = Some(true);
        if s.any_of.is_none() {
            s.any_of = Some(int_or_string_any_of());
        }
    }
    apply_value_checks(s, v);
    apply_collection_checks(s, v, location, errors);
    apply_extensions(s, v, location, errors);
    if let Some(default) = &v.default {
        s.default = Some(JSON(fit_to_type(s, default)));
    }
    if let Some(example) = &v.example {
        s.example = Some(JSON(fit_to_type(s, example)));
    }
    if let Some(title) = &v.title {
        s.title = Some(title.clone());
    }
    if let Some((url, description)) = &v.external_docs {
        s.external_docs = Some(ExternalDocumentation {
            url: Some(url.clone()),
            description: description.clone(),
        });
    }
    if let Some(items) = &v.items {
        match &mut s.items {
            Some(JSONSchemaPropsOrArray::Schema(item)) => apply(item, items, location, errors),
            _ => errors.push(CrdError::new(
                location,
                "`+kubebuilder:validation:items:*` markers apply to lists, but this schema has \
                 no items; move the markers to the item type or remove them",
            )),
        }
    }
}

/// A default or example value as the schema's type needs it: the marker syntax
/// cannot tell an empty list from an empty object (`{}`), so on a list `{}` is
/// `[]`, as controller-gen writes it.
fn fit_to_type(s: &JSONSchemaProps, value: &serde_json::Value) -> serde_json::Value {
    match value {
        serde_json::Value::Object(map) if map.is_empty() && s.type_.as_deref() == Some("array") => {
            serde_json::Value::Array(Vec::new())
        }
        other => other.clone(),
    }
}

/// Value validations a field and its named type both set, to different values.
pub(crate) struct Both {
    /// The named type's values.
    named: JSONSchemaProps,
    /// The field's values.
    field: JSONSchemaProps,
}

/// The field's markers without the value validations that conflict with its
/// named type's, and those conflicts. controller-gen inlines the named type's
/// schema into the field's and, where both set a value validation differently,
/// keeps both in an `allOf` (the type's first), so both apply; a field cannot
/// loosen its type.
pub(crate) fn split_conflicts(
    named: &Validation,
    field: &Validation,
) -> (Validation, Option<Both>) {
    let mut own = field.clone();
    let mut named_part = Validation::default();
    let mut field_part = Validation::default();
    macro_rules! conflicts {
        ($($attr:ident),*) => {$(
            if named.$attr.is_some() && field.$attr.is_some() && named.$attr != field.$attr {
                named_part.$attr = named.$attr.clone();
                field_part.$attr = own.$attr.take();
            }
        )*};
    }
    conflicts!(
        minimum,
        maximum,
        exclusive_minimum,
        exclusive_maximum,
        multiple_of,
        min_length,
        max_length,
        pattern,
        format,
        min_items,
        max_items,
        min_properties,
        max_properties
    );
    if named_part == Validation::default() {
        return (own, None);
    }
    let schema = |v: &Validation| {
        let mut s = JSONSchemaProps::default();
        apply_value_checks(&mut s, v);
        set(&mut s.min_items, v.min_items.map(clamp));
        set(&mut s.max_items, v.max_items.map(clamp));
        set(&mut s.min_properties, v.min_properties.map(clamp));
        set(&mut s.max_properties, v.max_properties.map(clamp));
        s
    };
    let both = Both {
        named: schema(&named_part),
        field: schema(&field_part),
    };
    (own, Some(both))
}

/// The string checks a type's own schema carries (`pattern`, `minLength`,
/// `maxLength`), as the validation of a named type, so a field's markers meet
/// them in [`split_conflicts`] instead of replacing them.
pub(crate) fn string_checks(s: &JSONSchemaProps) -> Validation {
    Validation {
        pattern: s.pattern.clone(),
        min_length: s.min_length.and_then(|n| u64::try_from(n).ok()),
        max_length: s.max_length.and_then(|n| u64::try_from(n).ok()),
        ..Validation::default()
    }
}

/// Moves the named type's conflicting values from `s` into an `allOf` beside
/// the field's.
pub(crate) fn keep_both(s: &mut JSONSchemaProps, both: Option<Both>) {
    let Some(Both { named, field }) = both else {
        return;
    };
    macro_rules! clear {
        ($($attr:ident),*) => {$(
            if named.$attr.is_some() {
                s.$attr = None;
            }
        )*};
    }
    clear!(
        minimum,
        maximum,
        exclusive_minimum,
        exclusive_maximum,
        multiple_of,
        min_length,
        max_length,
        pattern,
        format,
        min_items,
        max_items,
        min_properties,
        max_properties
    );
    s.all_of.get_or_insert_with(Vec::new).extend([named, field]);
}

/// The `x-kubernetes-validations` entry of an `XValidation` marker.
pub(crate) fn rule(x: &XValidation) -> ValidationRule {
    ValidationRule {
        rule: x.rule.clone(),
        message: x.message.clone(),
        message_expression: x.message_expression.clone(),
        reason: x.reason.clone(),
        field_path: x.field_path.clone(),
        optional_old_self: x.optional_old_self,
    }
}

/// Number and string validations.
fn apply_value_checks(s: &mut JSONSchemaProps, v: &Validation) {
    set(&mut s.minimum, v.minimum);
    set(&mut s.maximum, v.maximum);
    if let Some(exclusive) = v.exclusive_minimum {
        s.exclusive_minimum = exclusive.then_some(true);
    }
    if let Some(exclusive) = v.exclusive_maximum {
        s.exclusive_maximum = exclusive.then_some(true);
    }
    set(&mut s.multiple_of, v.multiple_of);
    set(&mut s.min_length, v.min_length.map(clamp));
    set(&mut s.max_length, v.max_length.map(clamp));
    if let Some(pattern) = &v.pattern {
        s.pattern = Some(pattern.clone());
    }
    if let Some(values) = &v.enum_values {
        s.enum_ = Some(values.iter().cloned().map(JSON).collect());
    }
    if let Some(format) = &v.format {
        s.format = Some(format.clone());
    }
}

/// Array and object validations, list and map topology.
fn apply_collection_checks(
    s: &mut JSONSchemaProps,
    v: &Validation,
    location: &Location,
    errors: &mut Vec<CrdError>,
) {
    set(&mut s.min_items, v.min_items.map(clamp));
    set(&mut s.max_items, v.max_items.map(clamp));
    set(&mut s.min_properties, v.min_properties.map(clamp));
    set(&mut s.max_properties, v.max_properties.map(clamp));
    if let Some(list_type) = &v.list_type {
        s.x_kubernetes_list_type = Some(list_type.clone());
    }
    if !v.list_map_keys.is_empty() {
        s.x_kubernetes_list_map_keys = Some(v.list_map_keys.clone());
    }
    if v.unique_items == Some(true) {
        match s.x_kubernetes_list_type.as_deref() {
            None => s.x_kubernetes_list_type = Some("set".to_owned()),
            Some("set" | "map") => {}
            Some(other) => errors.push(CrdError::new(
                location,
                format!(
                    "UniqueItems=true conflicts with listType={other}: the API server rejects \
                     uniqueItems, so it is written as listType=set; remove one of the markers"
                ),
            )),
        }
    }
    if let Some(struct_type) = &v.struct_type {
        s.x_kubernetes_map_type = Some(struct_type.clone());
    }
    if let Some(map_type) = &v.map_type {
        s.x_kubernetes_map_type = Some(map_type.clone());
    }
}

/// `x-kubernetes-*` extensions other than topology.
fn apply_extensions(
    s: &mut JSONSchemaProps,
    v: &Validation,
    location: &Location,
    errors: &mut Vec<CrdError>,
) {
    if v.preserve_unknown_fields {
        s.x_kubernetes_preserve_unknown_fields = Some(true);
    }
    if v.embedded_resource {
        s.x_kubernetes_embedded_resource = Some(true);
        match s.type_.as_deref() {
            None => s.type_ = Some("object".to_owned()),
            Some("object") => {}
            Some(other) => errors.push(CrdError::new(
                location,
                format!("EmbeddedResource needs an object, but the schema type is {other}"),
            )),
        }
    }
    if !v.x_validations.is_empty() || !v.field_set_rules.is_empty() {
        let rules = s.x_kubernetes_validations.get_or_insert_with(Vec::new);
        rules.extend(v.x_validations.iter().map(rule));
        rules.extend(v.field_set_rules.iter().map(rule));
    }
}

fn set<T>(target: &mut Option<T>, value: Option<T>) {
    if value.is_some() {
        *target = value;
    }
}

fn clamp(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
