//! `Compare`: fields removed, modified and added between two objects.

use serde_json::{Map, Value};

use super::{Part, as_list, as_map, item_element, part, union_keys};
use crate::path::PathElement;
use crate::schema::{ListType, Schema, TypeId};
use crate::set::Set;
use crate::value::equals;

/// Fields removed, modified and added going from one object to another.
#[derive(Clone, Debug, Default)]
pub struct Comparison {
    /// In the old object only.
    pub removed: Set,
    /// In both, with different values.
    pub modified: Set,
    /// In the new object only.
    pub added: Set,
}

/// Compares two objects (`Compare`).
pub fn compare(schema: &Schema, lhs: &Value, rhs: &Value) -> Comparison {
    let mut c = Comparison::default();
    compare_at(
        schema,
        schema.root(),
        Some(lhs),
        Some(rhs),
        &mut Vec::new(),
        &mut c,
    );
    c
}

fn compare_leaf(
    lhs: Option<&Value>,
    rhs: Option<&Value>,
    path: &[PathElement],
    c: &mut Comparison,
) {
    match (lhs, rhs) {
        (None, _) => c.added.insert(path),
        (_, None) => c.removed.insert(path),
        (Some(l), Some(r)) => {
            if !equals(l, r) {
                c.modified.insert(path);
            }
        }
    }
}

fn compare_at(
    schema: &Schema,
    ty: TypeId,
    lhs: Option<&Value>,
    rhs: Option<&Value>,
    path: &mut Vec<PathElement>,
    c: &mut Comparison,
) {
    let atom = schema.atom(ty);
    let (pl, pr) = (part(atom, lhs), part(atom, rhs));
    let chosen = if rhs.is_none() { pl } else { pr };
    let leaf = match chosen {
        Part::Scalar(_) | Part::None => true,
        Part::List(list) => {
            let (l, r) = (as_list(lhs), as_list(rhs));
            let empty = l.is_none_or(Vec::is_empty) && r.is_none_or(Vec::is_empty);
            if list.atomic || empty {
                true
            } else {
                compare_list(schema, list, l, r, path, c);
                false
            }
        }
        Part::Map(map) => {
            let (l, r) = (as_map(lhs), as_map(rhs));
            let empty = l.is_none_or(Map::is_empty) && r.is_none_or(Map::is_empty);
            if map.atomic || empty {
                true
            } else {
                let keys = union_keys(l, r);
                for k in keys {
                    let Some(t) = map.field_type(k) else { continue };
                    path.push(PathElement::Field(k.clone()));
                    compare_at(
                        schema,
                        t,
                        l.and_then(|m| m.get(k)),
                        r.and_then(|m| m.get(k)),
                        path,
                        c,
                    );
                    path.pop();
                }
                false
            }
        }
    };
    if leaf {
        compare_leaf(lhs, rhs, path, c);
    } else if lhs.is_none() {
        c.added.insert(path);
    } else if rhs.is_none() {
        c.removed.insert(path);
    }
}

/// Items grouped by path element, in first-seen order.
fn group_items<'a>(
    schema: &Schema,
    list: &ListType,
    items: Option<&'a Vec<Value>>,
) -> Vec<(PathElement, Vec<&'a Value>)> {
    let mut groups: Vec<(PathElement, Vec<&Value>)> = Vec::new();
    for item in items.into_iter().flatten() {
        let Ok(pe) = item_element(schema, list, item) else {
            continue;
        };
        match groups.iter_mut().find(|(p, _)| *p == pe) {
            Some((_, values)) => values.push(item),
            None => groups.push((pe, vec![item])),
        }
    }
    groups
}

fn compare_list(
    schema: &Schema,
    list: &ListType,
    lhs: Option<&Vec<Value>>,
    rhs: Option<&Vec<Value>>,
    path: &mut Vec<PathElement>,
    c: &mut Comparison,
) {
    let l = group_items(schema, list, lhs);
    let r = group_items(schema, list, rhs);
    let mut all: Vec<&PathElement> = l.iter().map(|(pe, _)| pe).collect();
    for (pe, _) in &r {
        if !l.iter().any(|(p, _)| p == pe) {
            all.push(pe);
        }
    }
    for pe in all {
        let lv: &[&Value] = l.iter().find(|(p, _)| p == pe).map_or(&[], |(_, v)| v);
        let rv: &[&Value] = r.iter().find(|(p, _)| p == pe).map_or(&[], |(_, v)| v);
        path.push(pe.clone());
        match (lv.len(), rv.len()) {
            (0..=1, 0..=1) => compare_at(
                schema,
                list.elem,
                lv.first().copied(),
                rv.first().copied(),
                path,
                c,
            ),
            (2.., 2..) => {
                if lv.len() != rv.len() || lv.iter().zip(rv).any(|(a, b)| !equals(a, b)) {
                    c.modified.insert(path);
                }
            }
            (2.., _) => {
                if let Some(r) = rv.first() {
                    compare_at(schema, list.elem, None, Some(r), path, c);
                }
                c.removed.insert(path);
            }
            (_, _) => {
                if let Some(l) = lv.first() {
                    compare_at(schema, list.elem, Some(l), None, path, c);
                }
                c.added.insert(path);
            }
        }
        path.pop();
    }
}
