//! Whether a field's zero value (what Rust writes for `Default::default()`,
//! what Go writes for an unset non-pointer field) is a value its validation
//! allows, and whether that validation is complete: the question KAL's
//! `optionalfields` and `requiredfields` ask before they want a pointer
//! (`Option<T>`).

use crate::context::{FieldView, strip};
use kube_codegen::model::{FieldType, TypeBody, Validation};

/// What the zero value of a field is and whether its validation admits it.
pub(crate) struct ZeroValue {
    /// The zero value as KAL names it (`""`, `0`, `false`, `[]`, `{}`).
    pub shown: &'static str,
    /// Whether the validation allows it.
    pub valid: bool,
    /// Whether the validation says enough that the zero value's validity is
    /// known rather than assumed (a `MinLength`, a `Minimum` or `Maximum`, an
    /// enum, ...); KAL's hint what to add when it is not.
    pub complete: bool,
    pub hint: &'static str,
    /// A struct (KAL treats those apart: `omitzero`).
    pub is_struct: bool,
    /// A list or map, which KAL (as Go's reference types) never wants behind
    /// a pointer, unless an explicit `MinItems=0`/`MinProperties=0` makes the
    /// empty value one to tell apart from unset.
    pub is_reference: bool,
    /// That explicit zero minimum.
    pub explicit_zero_min: bool,
}

/// The zero value of the field's type (without its `Option`), judged by the
/// field's validation and its named type's.
pub(crate) fn zero_value(f: &FieldView<'_>) -> Option<ZeroValue> {
    let mut v = f.field.validation.clone();
    if let Some(named) = f.named_type() {
        merge(&mut v, &named.ty.validation);
    }
    if let Some(alias) = &f.field.alias
        && let Some(a) = f.owner.version.find_alias(&alias.name)
    {
        merge(&mut v, &a.validation);
    }
    let enum_values = v.enum_values.as_ref();
    let z = match strip(&f.field.ty) {
        FieldType::String => ZeroValue {
            shown: "\"\"",
            valid: v.min_length.is_none_or(|m| m == 0)
                && enum_values.is_none_or(|e| e.iter().any(|x| x == "")),
            complete: v.min_length.is_some() || enum_values.is_some(),
            hint: "MinLength",
            is_struct: false,
            is_reference: false,
            explicit_zero_min: false,
        },
        FieldType::Integer { .. } | FieldType::PointerSized { .. } | FieldType::Float { .. } => {
            let min_ok = v
                .minimum
                .is_none_or(|m| m < 0.0 || (m == 0.0 && v.exclusive_minimum != Some(true)));
            let max_ok = v
                .maximum
                .is_none_or(|m| m > 0.0 || (m == 0.0 && v.exclusive_maximum != Some(true)));
            ZeroValue {
                shown: "0",
                valid: min_ok && max_ok && enum_values.is_none_or(|e| e.iter().any(|x| x == 0)),
                complete: v.minimum.is_some() || v.maximum.is_some() || enum_values.is_some(),
                hint: "Minimum/Maximum",
                is_struct: false,
                is_reference: false,
                explicit_zero_min: false,
            }
        }
        FieldType::Bool => ZeroValue {
            shown: "false",
            valid: true,
            complete: true,
            hint: "",
            is_struct: false,
            is_reference: false,
            explicit_zero_min: false,
        },
        FieldType::Vec(_) | FieldType::Array { .. } => ZeroValue {
            shown: "[]",
            valid: v.min_items.is_none_or(|m| m == 0),
            complete: v.min_items.is_some(),
            hint: "MinItems",
            is_struct: false,
            is_reference: true,
            explicit_zero_min: v.min_items == Some(0),
        },
        FieldType::Map { .. } => ZeroValue {
            shown: "{}",
            valid: v.min_properties.is_none_or(|m| m == 0),
            complete: v.min_properties.is_some(),
            hint: "MinProperties",
            is_struct: false,
            is_reference: true,
            explicit_zero_min: v.min_properties == Some(0),
        },
        FieldType::Local(name) => {
            let t = f.owner.version.find_type(name)?;
            match &t.body {
                TypeBody::Struct(s) => {
                    let has_required = s.fields.iter().any(|x| !x.skip && x.is_required(s.default));
                    let min_props = v.min_properties.unwrap_or(0) > 0;
                    ZeroValue {
                        shown: "{}",
                        valid: !has_required && !min_props,
                        complete: true,
                        hint: "MinProperties",
                        is_struct: true,
                        is_reference: false,
                        explicit_zero_min: false,
                    }
                }
                TypeBody::Enum(e) if e.is_string_enum() => ZeroValue {
                    shown: "\"\"",
                    valid: e.wire_variants().any(|x| x.json_name.is_empty()),
                    complete: true,
                    hint: "",
                    is_struct: false,
                    is_reference: false,
                    explicit_zero_min: false,
                },
                _ => return None,
            }
        }
        _ => return None,
    };
    Some(z)
}

/// Adds the named type's validations the field does not state itself.
fn merge(into: &mut Validation, from: &Validation) {
    into.min_length = into.min_length.or(from.min_length);
    into.minimum = into.minimum.or(from.minimum);
    into.maximum = into.maximum.or(from.maximum);
    into.exclusive_minimum = into.exclusive_minimum.or(from.exclusive_minimum);
    into.exclusive_maximum = into.exclusive_maximum.or(from.exclusive_maximum);
    into.min_items = into.min_items.or(from.min_items);
    into.min_properties = into.min_properties.or(from.min_properties);
    if into.enum_values.is_none() {
        into.enum_values.clone_from(&from.enum_values);
    }
}
