//! Map keys. JSON object keys are strings; serde_json writes a key of type `K`
//! as one when `K` is a string, a newtype of one (`#[serde(transparent)]` or
//! not), a unit variant of an enum (its name), an integer or a `bool` (their
//! decimal text), and refuses anything else at run time ("key must be a
//! string"). This says, once, which key types kube-codegen accepts and what
//! their keys look like, for the checks (`validate`) and for the rules the CRD
//! gets so the server refuses a key the Rust type cannot read back.

use crate::model::{FieldType, TypeBody, Version};

/// What the keys of a map are on the wire.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyShape {
    /// Any string: `String`, a newtype of one, a `#[serde(other)]` enum.
    Any,
    /// One of these strings: the unit variants of an enum, `true`/`false`.
    OneOf(Vec<String>),
    /// A decimal integer of this width (64 for `isize`/`usize`).
    Integer { bits: u8, signed: bool },
}

/// Why a type cannot be a map key, and what to write instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAKey {
    pub why: String,
    pub instead: String,
}

fn not_a_key(why: impl Into<String>) -> NotAKey {
    NotAKey {
        why: why.into(),
        instead: "use `String`, a newtype of `String`, an enum of unit variants or an integer \
                  as the key, or a list of objects (`Vec<T>` with `+listType=map`) for \
                  structured keys"
            .to_owned(),
    }
}

/// k8s-openapi types serde writes as a string.
const STRING_EXTERNALS: &[&str] = &[
    "k8s_openapi::ByteString",
    "k8s_openapi::apimachinery::pkg::api::resource::Quantity",
];

/// What the keys of a map with keys of type `key` (declared in `version`) look like.
///
/// # Errors
///
/// The key type serde cannot write as a JSON object key (or read back from one).
pub fn key_shape(key: &FieldType, version: &Version) -> Result<KeyShape, NotAKey> {
    match key {
        FieldType::String | FieldType::Json | FieldType::Unresolved => match key {
            FieldType::Json => Err(not_a_key(
                "`serde_json::Value` is a key only when it holds a string",
            )),
            _ => Ok(KeyShape::Any),
        },
        FieldType::Bool => Ok(KeyShape::OneOf(vec!["false".into(), "true".into()])),
        FieldType::Integer { bits, signed } => Ok(KeyShape::Integer {
            bits: *bits,
            signed: *signed,
        }),
        FieldType::PointerSized { signed } => Ok(KeyShape::Integer {
            bits: 64,
            signed: *signed,
        }),
        FieldType::Boxed(inner) => key_shape(inner, version),
        FieldType::Option(_) => Err(not_a_key("serde cannot write `None` as a key")),
        FieldType::Float { .. } => Err(NotAKey {
            why: "a float key may not read back as the same number".into(),
            instead: "use an integer or a `String` key".into(),
        }),
        FieldType::Vec(_) | FieldType::Array { .. } => Err(not_a_key(
            "serde writes a list as a JSON array, not a string",
        )),
        FieldType::Map { .. } => Err(not_a_key(
            "serde writes a map as a JSON object, not a string",
        )),
        FieldType::External(ext) => {
            let string = STRING_EXTERNALS.contains(&ext.path.as_str())
                || crate::parse::crate_types::known(&ext.path)
                    .is_some_and(|t| t.schema()["type"] == "string");
            if string {
                Ok(KeyShape::Any)
            } else {
                Err(not_a_key(format!(
                    "serde writes `{}` as a JSON object, not a string",
                    ext.name()
                )))
            }
        }
        FieldType::Local(name) => {
            let Some(ty) = version.find_type(name) else {
                // Reported as a type that does not exist.
                return Ok(KeyShape::Any);
            };
            match &ty.body {
                TypeBody::Struct(_) => Err(not_a_key(format!(
                    "serde writes the struct `{name}` as a JSON object, not a string"
                ))),
                TypeBody::Newtype(def) => key_shape(&def.inner, version).map_err(|inner| NotAKey {
                    why: format!("`{name}` holds a `{}`: {}", display(&def.inner), inner.why),
                    ..inner
                }),
                TypeBody::Enum(def) if def.is_string_enum() => {
                    if def.wire_variants().any(|v| v.other) {
                        return Ok(KeyShape::Any);
                    }
                    Ok(KeyShape::OneOf(
                        def.wire_variants().map(|v| v.json_name.clone()).collect(),
                    ))
                }
                TypeBody::Enum(_) => Err(not_a_key(format!(
                    "serde writes the enum `{name}`, which has variants with data or a tag, as a \
                     JSON object (or its variant's value), not a string"
                ))),
            }
        }
    }
}

/// The keys of `key_type`'s map the API server must refuse, as a CEL rule on
/// the map and its message; `None` when every string is a key.
pub fn key_rule(shape: &KeyShape) -> Option<(String, String)> {
    match shape {
        KeyShape::Any => None,
        KeyShape::OneOf(values) => {
            let quoted: Vec<String> = values.iter().map(|v| cel_string(v)).collect();
            Some((
                format!("self.all(k, k in [{}])", quoted.join(", ")),
                format!("the keys must be one of: {}", values.join(", ")),
            ))
        }
        KeyShape::Integer { bits, signed } => {
            // serde_json reads a key as JSON reads a number: no sign on an
            // unsigned key, no leading zeros, no `+`.
            let (pattern, min, max, conversion) = if *signed {
                let max = (1_i128 << (bits - 1)) - 1;
                ("^(0|-?[1-9][0-9]*)$", -max - 1, max, "int")
            } else {
                let max = (1_i128 << bits) - 1;
                ("^(0|[1-9][0-9]*)$", 0, max, "uint")
            };
            // The conversion fails (and the rule with it) on a number beyond
            // 64 bits; `-9223372036854775808` is no CEL literal, so the
            // lower bound of `i64` is left to the conversion.
            let range = match (signed, bits) {
                (true, 64) => format!("{conversion}(k) <= {max}"),
                (true, _) => format!("{conversion}(k) >= {min} && {conversion}(k) <= {max}"),
                (false, _) => format!("{conversion}(k) <= {max}u"),
            };
            Some((
                format!("self.all(k, k.matches('{pattern}') && {range})"),
                format!(
                    "the keys must be {} integers from {min} to {max}",
                    if *signed {
                        "decimal"
                    } else {
                        "unsigned decimal"
                    }
                ),
            ))
        }
    }
}

/// A key type as Rust spells it, for messages (`Zone`, `Option<String>`).
pub fn display(ty: &FieldType) -> String {
    match ty {
        FieldType::String => "String".into(),
        FieldType::Bool => "bool".into(),
        FieldType::Integer { bits, signed } => format!("{}{bits}", if *signed { 'i' } else { 'u' }),
        FieldType::PointerSized { signed } => (if *signed { "isize" } else { "usize" }).into(),
        FieldType::Float { bits } => format!("f{bits}"),
        FieldType::Option(inner) => format!("Option<{}>", display(inner)),
        FieldType::Vec(inner) => format!("Vec<{}>", display(inner)),
        FieldType::Boxed(inner) => format!("Box<{}>", display(inner)),
        FieldType::Array { item, len } => format!("[{}; {len}]", display(item)),
        FieldType::Map {
            ordered,
            key,
            value,
        } => format!(
            "{}<{}, {}>",
            if *ordered { "BTreeMap" } else { "HashMap" },
            display(key),
            display(value)
        ),
        FieldType::Json | FieldType::Unresolved => "serde_json::Value".into(),
        FieldType::Local(name) => name.clone(),
        FieldType::External(ext) => ext.name().to_owned(),
    }
}

/// A CEL string literal.
fn cel_string(value: &str) -> String {
    format!("'{}'", value.replace('\\', "\\\\").replace('\'', "\\'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_name_the_keys_rust_reads() {
        assert_eq!(key_rule(&KeyShape::Any), None);
        assert_eq!(
            key_rule(&KeyShape::OneOf(vec!["eu".into(), "us'x".into()])),
            Some((
                "self.all(k, k in ['eu', 'us\\'x'])".to_owned(),
                "the keys must be one of: eu, us'x".to_owned()
            ))
        );
        assert_eq!(
            key_rule(&KeyShape::Integer {
                bits: 8,
                signed: false
            }),
            Some((
                "self.all(k, k.matches('^(0|[1-9][0-9]*)$') && uint(k) <= 255u)".to_owned(),
                "the keys must be unsigned decimal integers from 0 to 255".to_owned()
            ))
        );
        let (rule, _) = key_rule(&KeyShape::Integer {
            bits: 64,
            signed: true,
        })
        .unwrap();
        assert_eq!(
            rule,
            "self.all(k, k.matches('^(0|-?[1-9][0-9]*)$') && int(k) <= 9223372036854775807)"
        );
    }
}
