//! `Merge`: an applied configuration merged into an object.

use serde_json::{Map, Value};

use super::{
    Part, TypeError, as_list, as_map, err, item_element, part, prefixed, union_keys,
    validate_scalar,
};
use crate::path::PathElement;
use crate::schema::{ListType, Schema, TypeId};

/// Merges an applied configuration `rhs` into `lhs` (`Merge`): leaves of
/// `rhs` win, granular maps and associative lists merge item by item, atomic
/// ones are replaced whole. Item order follows `rhs` where it changes the
/// container.
pub fn merge(schema: &Schema, lhs: &Value, rhs: &Value) -> Result<Value, Vec<TypeError>> {
    Ok(merge_at(schema, schema.root(), Some(lhs), Some(rhs))?.unwrap_or(Value::Null))
}

fn merge_at(
    schema: &Schema,
    ty: TypeId,
    lhs: Option<&Value>,
    rhs: Option<&Value>,
) -> Result<Option<Value>, Vec<TypeError>> {
    let atom = schema.atom(ty);
    let (pl, pr) = (part(atom, lhs), part(atom, rhs));
    let chosen = if rhs.is_none() { pl } else { pr };
    let leaf = || rhs.or(lhs).cloned();
    match chosen {
        Part::Scalar(t) => {
            let (el, er) = (validate_scalar(t, lhs), validate_scalar(t, rhs));
            if let (Err(mut a), Err(b)) = (el, er) {
                a.extend(b);
                return Err(a);
            }
            Ok(leaf())
        }
        Part::None => Ok(leaf()),
        Part::List(list) => {
            let (l, r) = (as_list(lhs), as_list(rhs));
            let empty = l.is_none_or(Vec::is_empty) && r.is_none_or(Vec::is_empty);
            if list.atomic || empty {
                return Ok(leaf());
            }
            merge_list(schema, list, l, r)
        }
        Part::Map(map) => {
            let (l, r) = (as_map(lhs), as_map(rhs));
            let empty = l.is_none_or(Map::is_empty) && r.is_none_or(Map::is_empty);
            if map.atomic || empty {
                return Ok(leaf());
            }
            let mut out = Map::new();
            let mut errors = Vec::new();
            for k in union_keys(l, r) {
                let pe = PathElement::Field(k.clone());
                let Some(t) = map.field_type(k) else {
                    errors.extend(prefixed(err("field not declared in schema"), &pe));
                    continue;
                };
                match merge_at(
                    schema,
                    t,
                    l.and_then(|m| m.get(k)),
                    r.and_then(|m| m.get(k)),
                ) {
                    Ok(Some(v)) => {
                        out.insert(k.clone(), v);
                    }
                    Ok(None) => {}
                    Err(e) => errors.extend(prefixed(e, &pe)),
                }
            }
            if !errors.is_empty() {
                return Err(errors);
            }
            Ok((!out.is_empty()).then_some(Value::Object(out)))
        }
    }
}

/// Items of a list by path element; `None` for a duplicated item.
type Observed = Vec<(PathElement, Option<Value>)>;

/// `visitListItems` of the merging walker: items of `lhs` not in `rhs` keep
/// their place, shared items follow `rhs`'s order.
fn merge_list(
    schema: &Schema,
    list: &ListType,
    lhs: Option<&Vec<Value>>,
    rhs: Option<&Vec<Value>>,
) -> Result<Option<Value>, Vec<TypeError>> {
    let index = |items: Option<&Vec<Value>>,
                 allow_dups: bool|
     -> Result<(Vec<PathElement>, Observed), Vec<TypeError>> {
        let mut pes = Vec::new();
        let mut observed: Vec<(PathElement, Option<Value>)> = Vec::new();
        let mut errors = Vec::new();
        for (i, item) in items.into_iter().flatten().enumerate() {
            let pe = match item_element(schema, list, item) {
                Ok(pe) => pe,
                Err(e) => {
                    errors.extend(err(format!("element {i}: {e}")));
                    continue;
                }
            };
            match observed.iter_mut().find(|(p, _)| *p == pe) {
                Some(_) if !allow_dups => {
                    errors.extend(err(format!("duplicate entries for key {pe}")));
                    continue;
                }
                // Duplicated items are not merged with the new value.
                Some(slot) => slot.1 = None,
                None => observed.push((pe.clone(), Some(item.clone()))),
            }
            pes.push(pe);
        }
        if errors.is_empty() {
            Ok((pes, observed))
        } else {
            Err(errors)
        }
    };
    let (rhs_pes, observed_rhs) = index(rhs, false)?;
    let (lhs_pes, observed_lhs) = index(lhs, true)?;
    let get = |obs: &[(PathElement, Option<Value>)], pe: &PathElement| -> Option<Option<Value>> {
        obs.iter().find(|(p, _)| p == pe).map(|(_, v)| v.clone())
    };
    let mut shared: std::collections::VecDeque<&PathElement> = rhs_pes
        .iter()
        .filter(|pe| get(&observed_lhs, pe).is_some())
        .collect();
    let mut next_shared = shared.pop_front();
    let mut merged_rhs: Vec<PathElement> = Vec::new();
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut push = |pe: &PathElement, l: Option<Value>, r: Option<Value>, out: &mut Vec<Value>| {
        match merge_at(schema, list.elem, l.as_ref(), r.as_ref()) {
            Ok(Some(v)) => out.push(v),
            Ok(None) => {}
            Err(e) => errors.extend(prefixed(e, pe)),
        }
    };
    let (l_len, r_len) = (lhs_pes.len(), rhs_pes.len());
    let (mut li, mut ri) = (0, 0);
    while li < l_len || ri < r_len {
        if li < l_len && ri < r_len {
            let pe = &lhs_pes[li];
            if *pe == rhs_pes[ri] {
                merged_rhs.push(pe.clone());
                let l = get(&observed_lhs, pe).flatten();
                let r = get(&observed_rhs, pe).flatten();
                push(pe, l, r, &mut out);
                li += 1;
                ri += 1;
                next_shared = shared.pop_front();
                continue;
            }
            if get(&observed_rhs, pe).is_some() && next_shared.is_some_and(|n| n != &lhs_pes[li]) {
                li += 1;
                continue;
            }
        }
        if li < l_len {
            let pe = &lhs_pes[li];
            if get(&observed_rhs, pe).is_none() {
                let item = lhs.and_then(|l| l.get(li)).cloned();
                push(pe, item, None, &mut out);
                li += 1;
                continue;
            } else if merged_rhs.contains(pe) {
                li += 1;
            }
        }
        if ri < r_len {
            let pe = &rhs_pes[ri];
            merged_rhs.push(pe.clone());
            let l = get(&observed_lhs, pe).flatten();
            let r = get(&observed_rhs, pe).flatten();
            push(pe, l, r, &mut out);
            ri += 1;
            if next_shared.is_some_and(|n| n == pe) {
                next_shared = shared.pop_front();
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok((!out.is_empty()).then_some(Value::Array(out)))
}
