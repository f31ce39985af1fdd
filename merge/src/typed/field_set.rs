//! `ToFieldSet`: the fields an object sets.

use serde_json::{Map, Value};

use super::{Part, item_element, part};
use crate::path::PathElement;
use crate::schema::{Schema, TypeId};
use crate::set::Set;

/// Every leaf field and list/map item `value` sets (`ToFieldSet`).
pub fn to_field_set(schema: &Schema, value: &Value) -> Set {
    let mut set = Set::new();
    field_set_at(schema, schema.root(), value, &mut Vec::new(), &mut set);
    set
}

fn field_set_at(
    schema: &Schema,
    ty: TypeId,
    value: &Value,
    path: &mut Vec<PathElement>,
    set: &mut Set,
) {
    match part(schema.atom(ty), Some(value)) {
        Part::Scalar(_) | Part::None => set.insert(path),
        Part::List(list) => {
            if list.atomic {
                set.insert(path);
                return;
            }
            let Value::Array(items) = value else { return };
            let elements: Vec<Option<PathElement>> = items
                .iter()
                .map(|i| item_element(schema, list, i).ok())
                .collect();
            let mut seen: Vec<PathElement> = Vec::new();
            let mut duplicates: Vec<PathElement> = Vec::new();
            for pe in elements.iter().flatten() {
                if seen.binary_search(pe).is_ok() {
                    if let Err(at) = duplicates.binary_search(pe) {
                        duplicates.insert(at, pe.clone());
                        path.push(pe.clone());
                        set.insert(path);
                        path.pop();
                    }
                } else if let Err(at) = seen.binary_search(pe) {
                    seen.insert(at, pe.clone());
                }
            }
            for (item, pe) in items.iter().zip(elements) {
                let Some(pe) = pe else { continue };
                if duplicates.binary_search(&pe).is_ok() {
                    continue;
                }
                path.push(pe);
                field_set_at(schema, list.elem, item, path, set);
                set.insert(path);
                path.pop();
            }
        }
        Part::Map(map) => {
            if map.atomic {
                set.insert(path);
                return;
            }
            let Value::Object(m) = value else { return };
            for (k, v) in m {
                path.push(PathElement::Field(k.clone()));
                if let Some(t) = map.field_type(k) {
                    field_set_at(schema, t, v, path, set);
                }
                let empty = v.is_null() || v.as_object().is_some_and(Map::is_empty);
                if empty || !map.fields.contains_key(k) {
                    set.insert(path);
                }
                path.pop();
            }
        }
    }
}
