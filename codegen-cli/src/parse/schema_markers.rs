//! Schema and validation markers (`+kubebuilder:validation:*`, defaults,
//! `+listType` and friends) → [`Validation`], and the checks that the markers
//! agree with each other and fit the type they are written on.

use std::collections::BTreeMap;

use super::marker_registry::MarkerId as M;
use super::marker_values::Value;
use super::markers::Marker;
use super::types::Shape;
use crate::diag::Diagnostic;
use crate::model::{FieldType, Validation, XValidation};

/// The JSON shape of a value, as far as markers care.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ValueShape {
    Integer,
    Number,
    String,
    Bool,
    Array,
    Map,
    Object,
    /// `serde_json::Value` or a type whose schema is not known here (k8s-openapi).
    Unknown,
}

impl ValueShape {
    pub fn of(ty: &FieldType, locals: &BTreeMap<String, Shape>) -> ValueShape {
        match ty {
            FieldType::Option(inner) | FieldType::Boxed(inner) => ValueShape::of(inner, locals),
            FieldType::String => ValueShape::String,
            FieldType::Bool => ValueShape::Bool,
            FieldType::Integer { .. } => ValueShape::Integer,
            FieldType::Float { .. } => ValueShape::Number,
            FieldType::Vec(_) => ValueShape::Array,
            FieldType::Map { .. } => ValueShape::Map,
            FieldType::Local(name) => match locals.get(name) {
                Some(Shape::Struct) => ValueShape::Object,
                Some(Shape::Enum) => ValueShape::String,
                None => ValueShape::Unknown,
            },
            FieldType::Json | FieldType::External(_) => ValueShape::Unknown,
        }
    }

    fn describe(self) -> &'static str {
        match self {
            ValueShape::Integer => "an integer",
            ValueShape::Number => "a number",
            ValueShape::String => "a string",
            ValueShape::Bool => "a boolean",
            ValueShape::Array => "a list",
            ValueShape::Map => "a map",
            ValueShape::Object => "an object",
            ValueShape::Unknown => "a value",
        }
    }

    fn plural(self) -> &'static str {
        match self {
            ValueShape::Integer => "integers",
            ValueShape::Number => "numbers",
            ValueShape::String => "strings",
            ValueShape::Bool => "booleans",
            ValueShape::Array => "lists",
            ValueShape::Map => "maps",
            ValueShape::Object => "objects",
            ValueShape::Unknown => "values",
        }
    }

    /// The markers that do fit this shape, for help texts.
    fn fitting_markers(self) -> &'static str {
        match self {
            ValueShape::Integer | ValueShape::Number => {
                "numbers take `Minimum`, `Maximum`, `ExclusiveMinimum`, `ExclusiveMaximum` and `MultipleOf`"
            }
            ValueShape::String => {
                "strings take `MinLength`, `MaxLength`, `Pattern`, `Format` and `Enum`"
            }
            ValueShape::Array => {
                "lists take `MinItems`, `MaxItems`, `UniqueItems`, `+listType` and `+listMapKey`; \
                 validations of the items go on the item type"
            }
            ValueShape::Map => "maps take `MinProperties`, `MaxProperties` and `+mapType`",
            ValueShape::Object => "objects take `MinProperties`, `MaxProperties` and `+structType`",
            ValueShape::Bool | ValueShape::Unknown => "remove the marker",
        }
    }
}

/// Records a schema marker in `v`. Returns `false` for markers that are not
/// schema markers; conflicts are reported to `diags`.
pub(crate) fn apply(m: &Marker, v: &mut Validation, diags: &mut Vec<Diagnostic>) -> bool {
    let value = &m.value;
    match m.id() {
        M::Minimum => v.minimum = value.as_number(),
        M::Maximum => v.maximum = value.as_number(),
        M::ExclusiveMinimum => v.exclusive_minimum = value.as_bool(),
        M::ExclusiveMaximum => v.exclusive_maximum = value.as_bool(),
        M::MultipleOf => {
            if value.as_number().is_some_and(|n| n <= 0.0) {
                diags.push(m.error("`MultipleOf` must be greater than zero"));
            }
            v.multiple_of = value.as_number();
        }
        M::MinLength => v.min_length = value.as_u64(),
        M::MaxLength => v.max_length = value.as_u64(),
        M::Pattern => v.pattern = value.as_str().map(str::to_owned),
        M::EnumValues => {
            v.enum_values = match value {
                Value::List(items) => Some(items.iter().map(Value::to_json).collect()),
                _ => None,
            }
        }
        M::Format => v.format = value.as_str().map(str::to_owned),
        M::MinItems => v.min_items = value.as_u64(),
        M::MaxItems => v.max_items = value.as_u64(),
        M::UniqueItems => v.unique_items = value.as_bool(),
        M::MinProperties => v.min_properties = value.as_u64(),
        M::MaxProperties => v.max_properties = value.as_u64(),
        M::XValidation => {
            let s = |key: &str| m.arg_str(key).map(str::to_owned);
            v.x_validations.push(XValidation {
                rule: s("rule").unwrap_or_default(),
                message: s("message"),
                message_expression: s("messageExpression"),
                reason: s("reason"),
                field_path: s("fieldPath"),
            });
        }
        M::XPreserveUnknownFields | M::PreserveUnknownFields => v.preserve_unknown_fields = true,
        M::XEmbeddedResource | M::EmbeddedResource => v.embedded_resource = true,
        M::XIntOrString => v.int_or_string = true,
        M::Type => v.type_override = value.as_str().map(str::to_owned),
        M::KubebuilderDefault | M::Default => {
            if v.default.is_some() {
                diags.push(
                    m.error("a default is given twice")
                        .with_help("keep one of `+default` and `+kubebuilder:default`"),
                );
            }
            v.default = Some(value.to_json());
        }
        M::Title => v.title = value.as_str().map(str::to_owned),
        M::ListType => v.list_type = value.as_str().map(str::to_owned),
        M::ListMapKey => v.list_map_keys.extend(value.as_str().map(str::to_owned)),
        M::MapType => v.map_type = value.as_str().map(str::to_owned),
        M::StructType => v.struct_type = value.as_str().map(str::to_owned),
        _ => return false,
    }
    true
}

/// The markers among `markers` that contradict each other.
pub(crate) fn check_consistency(markers: &[Marker], v: &Validation) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let find = |id: M| markers.iter().rev().find(|m| m.id() == id);
    let mut range = |low: Option<f64>, high: Option<f64>, low_id: M, what: &str| {
        if let (Some(lo), Some(hi), Some(m)) = (low, high, find(low_id))
            && lo > hi
        {
            out.push(
                m.error(format!(
                    "the minimum {what} ({lo}) is greater than the maximum ({hi})"
                ))
                .with_help("no value could pass; fix the bound that is wrong"),
            );
        }
    };
    range(v.minimum, v.maximum, M::Minimum, "value");
    let f = |n: Option<u64>| n.map(|n| n as f64);
    range(f(v.min_length), f(v.max_length), M::MinLength, "length");
    range(
        f(v.min_items),
        f(v.max_items),
        M::MinItems,
        "number of items",
    );
    range(
        f(v.min_properties),
        f(v.max_properties),
        M::MinProperties,
        "number of properties",
    );
    if let (Some(m), None) = (find(M::ExclusiveMinimum), v.minimum) {
        out.push(
            m.error("`ExclusiveMinimum` needs `Minimum`")
                .with_help("add `+kubebuilder:validation:Minimum=<n>`"),
        );
    }
    if let (Some(m), None) = (find(M::ExclusiveMaximum), v.maximum) {
        out.push(
            m.error("`ExclusiveMaximum` needs `Maximum`")
                .with_help("add `+kubebuilder:validation:Maximum=<n>`"),
        );
    }
    if v.list_type.as_deref() == Some("map")
        && v.list_map_keys.is_empty()
        && let Some(m) = find(M::ListType)
    {
        out.push(
            m.error("`+listType=map` needs at least one `+listMapKey`")
                .with_help("name the item field that identifies an item, e.g. `+listMapKey=name`"),
        );
    }
    if !v.list_map_keys.is_empty()
        && v.list_type.as_deref() != Some("map")
        && let Some(m) = find(M::ListMapKey)
    {
        out.push(
            m.error("`+listMapKey` needs `+listType=map`")
                .with_help("add `+listType=map`"),
        );
    }
    out
}

/// The shape a marker applies to, or `None` when it applies to any.
fn wanted(id: M) -> Option<&'static [ValueShape]> {
    use ValueShape as S;
    Some(match id {
        M::Minimum | M::Maximum | M::ExclusiveMinimum | M::ExclusiveMaximum | M::MultipleOf => {
            &[S::Integer, S::Number]
        }
        M::MinLength | M::MaxLength | M::Pattern => &[S::String],
        M::MinItems | M::MaxItems | M::UniqueItems | M::ListType | M::ListMapKey => &[S::Array],
        M::MinProperties | M::MaxProperties => &[S::Map, S::Object],
        M::MapType => &[S::Map],
        M::StructType => &[S::Object],
        _ => return None,
    })
}

/// Errors for markers that cannot apply to a value of `shape`; `what` names the
/// field or type and its Rust type for the message (``field `replicas` (`i32`)``).
pub(crate) fn check_fit(
    markers: &[Marker],
    v: &Validation,
    shape: ValueShape,
    what: &str,
) -> Vec<Diagnostic> {
    if shape == ValueShape::Unknown || v.type_override.is_some() || v.int_or_string {
        return Vec::new();
    }
    markers
        .iter()
        .filter_map(|m| {
            let wanted = wanted(m.id())?;
            if wanted.contains(&shape) {
                return None;
            }
            let target = wanted
                .iter()
                .map(|s| s.plural())
                .collect::<Vec<_>>()
                .join(" and ");
            Some(
                m.error(format!(
                    "`{}` applies to {target}, but {what} is {}",
                    m.name(),
                    shape.describe()
                ))
                .with_help(shape.fitting_markers()),
            )
        })
        .collect()
}
