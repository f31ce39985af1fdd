//! `AsTyped`: whether an object fits the schema.

use serde_json::Value;

use super::{Part, TypeError, err, item_element, part, prefixed, validate_scalar};
use crate::path::PathElement;
use crate::schema::{Schema, TypeId};

/// Checks that `value` conforms to the schema (`AsTyped`): known fields,
/// scalar kinds, list keys, and (unless `allow_duplicates`) unique keys.
pub fn validate(schema: &Schema, value: &Value, allow_duplicates: bool) -> Vec<TypeError> {
    validate_at(schema, schema.root(), value, allow_duplicates)
}

fn validate_at(schema: &Schema, ty: TypeId, value: &Value, dups: bool) -> Vec<TypeError> {
    match part(schema.atom(ty), Some(value)) {
        Part::Scalar(t) => validate_scalar(t, Some(value)).err().unwrap_or_default(),
        Part::List(list) => match value {
            Value::Null => vec![],
            Value::Array(items) => {
                let mut errors = Vec::new();
                let mut seen: Vec<PathElement> = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    let pe = if list.atomic {
                        PathElement::Index(i)
                    } else {
                        match item_element(schema, list, item) {
                            Ok(pe) => pe,
                            Err(e) => {
                                errors.extend(err(format!("element {i}: {e}")));
                                return errors;
                            }
                        }
                    };
                    if !list.atomic {
                        match seen.binary_search(&pe) {
                            Ok(_) if !dups => {
                                errors.extend(err(format!("duplicate entries for key {pe}")))
                            }
                            Ok(_) => {}
                            Err(at) => seen.insert(at, pe.clone()),
                        }
                    }
                    errors.extend(prefixed(validate_at(schema, list.elem, item, dups), &pe));
                }
                errors
            }
            v => err(format!("expected list, got {}", super::gofmt::go_plain(v))),
        },
        Part::Map(map) => match value {
            Value::Null => vec![],
            Value::Object(m) => {
                let mut errors = Vec::new();
                for (k, v) in m {
                    let pe = PathElement::Field(k.clone());
                    let Some(t) = map.field_type(k) else {
                        errors.extend(prefixed(err("field not declared in schema"), &pe));
                        break;
                    };
                    errors.extend(prefixed(validate_at(schema, t, v, dups), &pe));
                }
                errors
            }
            v => err(format!("expected map, got {}", super::gofmt::go_plain(v))),
        },
        Part::None => err("schema error: invalid atom"),
    }
}
