//! Schema and validation markers (`+kubebuilder:validation:*`, defaults,
//! `+listType` and friends) → [`Validation`], and the checks that the markers
//! agree with each other and fit the type they are written on.

use std::collections::BTreeMap;

use super::cel_syntax;
use super::marker_registry::MarkerId as M;
use super::marker_values::{Value, ValueKind, parse_value, trim_offset};
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
            FieldType::Integer { .. } | FieldType::PointerSized { .. } => ValueShape::Integer,
            FieldType::Float { .. } => ValueShape::Number,
            FieldType::Vec(_) | FieldType::Array { .. } => ValueShape::Array,
            FieldType::Map { .. } => ValueShape::Map,
            FieldType::Local(name) => match locals.get(name) {
                Some(Shape::Struct) => ValueShape::Object,
                Some(Shape::Enum) => ValueShape::String,
                // An object or an int-or-string value, depending on its tagging.
                Some(Shape::Union) => ValueShape::Unknown,
                // The inner type's markers are checked on the newtype itself.
                Some(Shape::Newtype) | None => ValueShape::Unknown,
            },
            FieldType::Json | FieldType::Unresolved | FieldType::External(_) => ValueShape::Unknown,
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

/// Records a schema marker in `v` (in `v.items` for the
/// `+kubebuilder:validation:items:*` forms). Returns `false` for markers that are
/// not schema markers; conflicts and bad values are reported to `diags`.
pub(crate) fn apply(m: &Marker, v: &mut Validation, diags: &mut Vec<Diagnostic>) -> bool {
    if m.items {
        let items = v.items.get_or_insert_with(Default::default);
        return apply_one(m, items, diags);
    }
    apply_one(m, v, diags)
}

fn apply_one(m: &Marker, v: &mut Validation, diags: &mut Vec<Diagnostic>) -> bool {
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
            for key in ["rule", "messageExpression"] {
                diags.extend(cel_syntax::check(m, key));
            }
            v.x_validations.push(XValidation {
                rule: s("rule").unwrap_or_default(),
                message: s("message"),
                message_expression: s("messageExpression"),
                reason: s("reason"),
                field_path: s("fieldPath"),
                optional_old_self: m.arg("optionalOldSelf").and_then(|a| a.value.as_bool()),
                marker: Some((m.location.clone(), m.text.chars().count())),
            });
        }
        M::Immutable if m.is_true() => v.x_validations.push(XValidation {
            rule: "self == oldSelf".to_owned(),
            message: Some("field is immutable".to_owned()),
            message_expression: None,
            reason: None,
            field_path: None,
            optional_old_self: None,
            marker: Some((m.location.clone(), m.text.chars().count())),
        }),
        M::Immutable => {}
        M::AtMostOneOf | M::ExactlyOneOf | M::AtLeastOneOf => {
            let fields = value.as_str_list();
            if !fields.is_empty() {
                let mut rule = field_set_rule(m.id(), &fields);
                rule.marker = Some((m.location.clone(), m.text.chars().count()));
                v.field_set_rules.push(rule);
                v.field_set_rules.sort_by_key(|x| field_set_order(&x.rule));
            }
        }
        M::XPreserveUnknownFields | M::PreserveUnknownFields => v.preserve_unknown_fields = true,
        M::XEmbeddedResource | M::EmbeddedResource => v.embedded_resource = true,
        M::XIntOrString => v.int_or_string = true,
        M::Type => v.type_override = value.as_str().map(str::to_owned),
        M::KubebuilderDefault => {
            if v.default.is_some() && !v.default_from_kubebuilder {
                diags.push(overridden_default(m));
            }
            v.default = Some(value.to_json());
            v.default_from_kubebuilder = true;
        }
        M::Default => {
            if let Some(json) = kubernetes_default(m, diags) {
                if v.default_from_kubebuilder {
                    diags.push(overridden_default(m));
                } else {
                    v.default = Some(json);
                }
            }
        }
        M::Example => v.example = Some(value.to_json()),
        M::Schemaless => v.schemaless = m.is_true(),
        M::Title => v.title = value.as_str().map(str::to_owned),
        M::ExternalDocs => {
            v.external_docs = m
                .arg_str("url")
                .map(|url| (url.to_owned(), m.arg_str("description").map(str::to_owned)));
        }
        M::ListType => v.list_type = value.as_str().map(str::to_owned),
        M::ListMapKey => {
            // `+listMapKey=port` and `+k8s:listMapKey=port` name one key.
            if let Some(key) = value
                .as_str()
                .filter(|k| !v.list_map_keys.iter().any(|x| x == k))
            {
                v.list_map_keys.push(key.to_owned());
            }
        }
        M::MapType => v.map_type = value.as_str().map(str::to_owned),
        M::StructType => v.struct_type = value.as_str().map(str::to_owned),
        _ => return false,
    }
    true
}

/// controller-gen's (v0.23) rule for `AtMostOneOf` / `ExactlyOneOf` /
/// `AtLeastOneOf`: how many of the fields are set, as a sum of `(has(..)?1:0)`
/// compared with 1, or an `||` of `has(..)` (cheaper, short-circuits); with
/// its message (Go's `%v` of the list).
fn field_set_rule(id: M, fields: &[String]) -> XValidation {
    let count = || {
        fields
            .iter()
            .map(|f| format!("(has(self.{f})?1:0)"))
            .collect::<Vec<_>>()
            .join("+")
    };
    let (rule, message) = match id {
        M::AtMostOneOf => (
            format!("{} <= 1", count()),
            "at most one of the fields in {} may be set",
        ),
        M::ExactlyOneOf => (
            format!("{} == 1", count()),
            "exactly one of the fields in {} must be set",
        ),
        _ => (
            fields
                .iter()
                .map(|f| format!("has(self.{f})"))
                .collect::<Vec<_>>()
                .join("||"),
            "at least one of the fields in {} must be set",
        ),
    };
    XValidation {
        rule,
        message: Some(message.replace("{}", &format!("[{}]", fields.join(" ")))),
        message_expression: None,
        reason: None,
        field_path: None,
        optional_old_self: None,
        marker: None,
    }
}

/// controller-gen applies `AtMostOneOf`, then `ExactlyOneOf`, then `AtLeastOneOf`.
fn field_set_order(rule: &str) -> u8 {
    if rule.ends_with("<= 1") {
        0
    } else if rule.ends_with("== 1") {
        1
    } else {
        2
    }
}

/// `+default=<json>`: the value, or `None` (with a diagnostic) for `ref(...)`,
/// which controller-gen ignores, and for text that is not JSON.
fn kubernetes_default(m: &Marker, diags: &mut Vec<Diagnostic>) -> Option<serde_json::Value> {
    let text = m.value.as_str().unwrap_or_default();
    let (trimmed, offset) = trim_offset(text, m.value_offset());
    if trimmed.starts_with("ref(") {
        diags.push(
            m.warning_at(
                offset,
                trimmed.chars().count(),
                "`+default=ref(...)` is ignored",
            )
            .with_help(
                "controller-gen cannot evaluate Go constants and ignores `ref(...)` defaults; \
                     write the value as JSON (`+default=\"value\"`) or use `+kubebuilder:default`",
            ),
        );
        return None;
    }
    match parse_value(text, ValueKind::Json, m.value_offset()) {
        Ok(value) => Some(value.to_json()),
        Err(e) => {
            let d = m.error_at(e.offset, e.len, e.message);
            diags.push(match e.help {
                Some(help) => d.with_help(help),
                None => d,
            });
            None
        }
    }
}

/// A warning for the `+default` that `+kubebuilder:default` replaces.
fn overridden_default(m: &Marker) -> Diagnostic {
    m.warning("`+default` and `+kubebuilder:default` are both given; `+kubebuilder:default` wins")
        .with_help(
            "controller-gen writes the `+kubebuilder:default` value; remove the `+default` marker",
        )
}

/// The markers among `markers` that contradict each other.
pub(crate) fn check_consistency(markers: &[Marker], v: &Validation) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let find = |id: M| markers.iter().rev().find(|m| m.id() == id && !m.items);
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
            if m.items {
                // The item schema is checked when the CRD is built.
                return (shape != ValueShape::Array).then(|| {
                    m.error(format!(
                        "`{}` applies to the items of a list, but {what} is {}",
                        m.name(),
                        shape.describe()
                    ))
                    .with_help("write the marker without `items:`, or move it to a list field")
                });
            }
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
