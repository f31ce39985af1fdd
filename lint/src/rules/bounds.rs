//! What `maxlength` and `minlength` share: which fields take which bound,
//! found on the field, its list items, and the newtype or alias its type names.

use crate::context::{Cx, FieldView, underlying};
use crate::finding::Finding;
use kube_codegen::model::{BYTE_STRING, FieldType, TypeBody, Validation};

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    Max,
    Min,
}

/// Formats whose values have a bounded length of their own (KAL skips them).
const BOUNDED_FORMATS: &[&str] = &[
    "date",
    "date-time",
    "time",
    "duration",
    "uuid",
    "ipv4",
    "ipv6",
    "cidr",
    "mac",
    "byte",
    "int-or-string",
];

/// The validations of the field's value: its own, its alias's, and those
/// of the newtypes and the type its type names (through every newtype).
fn value_validation(f: &FieldView<'_>) -> Validation {
    let mut v = f.field.validation.clone();
    if let Some(alias) = &f.field.alias
        && let Some(a) = f.owner.version.find_alias(&alias.name)
    {
        inherit(&mut v, &a.validation);
    }
    inherit(&mut v, &named_validation(f, &f.field.ty));
    v
}

/// The validations of the newtypes and the type `ty` names, outermost first.
fn named_validation(f: &FieldView<'_>, ty: &FieldType) -> Validation {
    let mut v = Validation::default();
    let value = underlying(f.owner.version, ty);
    for t in &value.newtypes {
        inherit(&mut v, &t.validation);
    }
    if let FieldType::Local(name) = value.ty
        && let Some(t) = f.owner.version.find_type(name)
    {
        inherit(&mut v, &t.validation);
    }
    v
}

/// Fills what `v` leaves unset from `other`.
fn inherit(v: &mut Validation, other: &Validation) {
    v.max_length = v.max_length.or(other.max_length);
    v.min_length = v.min_length.or(other.min_length);
    v.max_items = v.max_items.or(other.max_items);
    v.min_items = v.min_items.or(other.min_items);
    v.max_properties = v.max_properties.or(other.max_properties);
    v.min_properties = v.min_properties.or(other.min_properties);
    if v.enum_values.is_none() {
        v.enum_values.clone_from(&other.enum_values);
    }
    if v.format.is_none() {
        v.format.clone_from(&other.format);
    }
    if v.items.is_none() {
        v.items.clone_from(&other.items);
    }
    v.field_set_rules
        .extend(other.field_set_rules.iter().cloned());
}

/// Whether a string needs no length bound: an enum, or a bounded format.
fn bounded_string(v: &Validation) -> bool {
    v.enum_values.is_some()
        || v.format
            .as_deref()
            .is_some_and(|f| BOUNDED_FORMATS.contains(&f))
}

/// What the type is, with newtypes seen through (KAL follows Go's named
/// types to the string, bytes, list or map under them).
enum Shape<'a> {
    String,
    Bytes,
    List(&'a FieldType),
    Map,
    Struct(&'a kube_codegen::model::StructDef),
    Other,
}

fn shape<'a>(f: &FieldView<'a>, ty: &'a FieldType) -> Shape<'a> {
    match underlying(f.owner.version, ty).ty {
        FieldType::String => Shape::String,
        FieldType::External(e) if e.path == BYTE_STRING => Shape::Bytes,
        FieldType::Vec(item) | FieldType::Array { item, .. } => Shape::List(item),
        FieldType::Map { .. } => Shape::Map,
        FieldType::Local(name) => match f.owner.version.find_type(name).map(|t| &t.body) {
            Some(TypeBody::Struct(s)) => Shape::Struct(s),
            _ => Shape::Other,
        },
        _ => Shape::Other,
    }
}

pub(crate) fn check_bounds(rule: &'static str, cx: &Cx<'_>, bound: Bound) -> Vec<Finding> {
    let mut out = Vec::new();
    for f in cx.fields() {
        if super::is_inline(&f)
            || f.field.validation.schemaless
            || f.field.validation.preserve_unknown_fields
        {
            continue;
        }
        let v = value_validation(&f);
        let q = f.qualified();
        let mut need = |what: &str, marker: &str| {
            out.push(
                f.finding(
                    rule,
                    format!(
                        "field {q}{what} must have a {} {}, add {marker} marker",
                        word(bound),
                        noun(marker)
                    ),
                )
                .with_help(format!("add `// +{marker}=<n>` above the field")),
            );
        };
        match shape(&f, &f.field.ty) {
            Shape::String if !bounded_string(&v) => match bound {
                Bound::Max if v.max_length.is_none() => {
                    need("", "kubebuilder:validation:MaxLength")
                }
                Bound::Min if v.min_length.is_none() => {
                    need("", "kubebuilder:validation:MinLength")
                }
                _ => {}
            },
            Shape::Bytes => match bound {
                Bound::Max if v.max_length.is_none() => {
                    need("", "kubebuilder:validation:MaxLength")
                }
                Bound::Min if v.min_length.is_none() => {
                    need("", "kubebuilder:validation:MinLength")
                }
                _ => {}
            },
            Shape::List(item) => {
                match bound {
                    Bound::Max if v.max_items.is_none() => {
                        need("", "kubebuilder:validation:MaxItems")
                    }
                    Bound::Min if v.min_items.is_none() => {
                        need("", "kubebuilder:validation:MinItems")
                    }
                    _ => {}
                }
                if matches!(shape(&f, item), Shape::String) {
                    let items = v.items.as_deref().cloned().unwrap_or_default();
                    let item_type = named_validation(&f, item);
                    if bounded_string(&items) || bounded_string(&item_type) {
                        continue;
                    }
                    match bound {
                        Bound::Max
                            if items.max_length.is_none() && item_type.max_length.is_none() =>
                        {
                            need(" array element", "kubebuilder:validation:items:MaxLength")
                        }
                        Bound::Min
                            if items.min_length.is_none() && item_type.min_length.is_none() =>
                        {
                            need(" array element", "kubebuilder:validation:items:MinLength")
                        }
                        _ => {}
                    }
                }
            }
            Shape::Map if bound == Bound::Min && v.min_properties.is_none() => {
                need("", "kubebuilder:validation:MinProperties")
            }
            Shape::Struct(s) if bound == Bound::Min => {
                let has_required = s.fields.iter().any(|x| !x.skip && x.is_required(s.default));
                let one_of = v
                    .field_set_rules
                    .iter()
                    .any(|r| r.rule.ends_with("== 1") || r.rule.ends_with(">= 1"));
                if !has_required && !one_of && v.min_properties.is_none() {
                    out.push(
                        f.finding(
                            rule,
                            format!(
                                "field {q} must have either a required field or a minimum properties, add kubebuilder:validation:MinProperties marker"
                            ),
                        )
                        .with_help("add `// +kubebuilder:validation:MinProperties=1` above the field or its type, or make a field of the struct required"),
                    );
                }
            }
            _ => {}
        }
    }
    out
}

fn word(bound: Bound) -> &'static str {
    match bound {
        Bound::Max => "maximum",
        Bound::Min => "minimum",
    }
}

fn noun(marker: &str) -> &'static str {
    if marker.ends_with("Items") {
        "items"
    } else if marker.ends_with("Properties") {
        "properties"
    } else {
        "length"
    }
}
