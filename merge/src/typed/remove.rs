//! `RemoveItems` and `ExtractItems`.

use serde_json::{Map, Value};

use super::{Part, item_element, part};
use crate::path::PathElement;
use crate::schema::{Schema, TypeId};
use crate::set::Set;

/// `value` without the items of `set` (`RemoveItems`), or with only them
/// (`ExtractItems`, `extract = true`).
pub fn remove_items(schema: &Schema, value: &Value, set: &Set, extract: bool) -> Value {
    remove_at(schema, schema.root(), value, set, extract).unwrap_or(Value::Null)
}

fn remove_at(
    schema: &Schema,
    ty: TypeId,
    value: &Value,
    set: &Set,
    extract: bool,
) -> Option<Value> {
    match part(schema.atom(ty), Some(value)) {
        Part::Scalar(_) | Part::None => Some(value.clone()),
        Part::List(list) => {
            let items = value.as_array().filter(|l| !l.is_empty())?;
            if list.atomic {
                return extract.then(|| value.clone());
            }
            let mut out = Vec::new();
            for item in items {
                let Ok(pe) = item_element(schema, list, item) else {
                    continue;
                };
                if set.has_member(&pe) {
                    if extract {
                        out.push(
                            remove_at(schema, list.elem, item, set, extract).unwrap_or(Value::Null),
                        );
                    } else {
                        continue;
                    }
                }
                let item = match set.child(&pe).filter(|s| !s.is_empty()) {
                    Some(subset) => {
                        remove_at(schema, list.elem, item, subset, extract).unwrap_or(Value::Null)
                    }
                    None if extract => continue,
                    None => item.clone(),
                };
                out.push(item);
            }
            (!out.is_empty()).then_some(Value::Array(out))
        }
        Part::Map(map) => {
            let m = value.as_object().filter(|m| !m.is_empty())?;
            if map.atomic {
                return extract.then(|| value.clone());
            }
            let mut out = Map::new();
            for (k, v) in m {
                let pe = PathElement::Field(k.clone());
                let t = map.field_type(k);
                if set.has_member(&pe) {
                    if extract {
                        let v = t
                            .and_then(|t| remove_at(schema, t, v, set, extract))
                            .unwrap_or(Value::Null);
                        out.insert(k.clone(), v);
                    }
                    continue;
                }
                let v = match (set.child(&pe).filter(|s| !s.is_empty()), t) {
                    (Some(subset), Some(t)) => {
                        remove_at(schema, t, v, subset, extract).unwrap_or(Value::Null)
                    }
                    (Some(_), None) => v.clone(),
                    (None, _) if extract => continue,
                    (None, _) => v.clone(),
                };
                out.insert(k.clone(), v);
            }
            (!out.is_empty()).then_some(Value::Object(out))
        }
    }
}
