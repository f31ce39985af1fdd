//! The walks structured-merge-diff makes over an object and its schema
//! (`typed/`): validation, the set of fields an object sets, comparison,
//! merge of an applied configuration, and removal/extraction of fields.

use serde_json::{Map, Value};

use crate::path::PathElement;
use crate::schema::{Atom, ListType, MapType, Scalar, Schema, TypeId};
use crate::set::Set;
use crate::value::equals;

/// A schema error at a path (`.spec.foo: field not declared in schema`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeError {
    /// The path, as `.spec.items[name="a"]`; empty at the root.
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for TypeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// Formats errors as structured-merge-diff does (`errors:` and one per line
/// when there are several).
pub fn format_errors(errors: &[TypeError]) -> String {
    match errors {
        [one] => one.to_string(),
        many => {
            let mut lines = vec!["errors:".to_owned()];
            lines.extend(many.iter().map(|e| format!("  {e}")));
            lines.join("\n")
        }
    }
}

fn err(message: impl Into<String>) -> Vec<TypeError> {
    vec![TypeError {
        path: String::new(),
        message: message.into(),
    }]
}

fn prefixed(mut errors: Vec<TypeError>, pe: &PathElement) -> Vec<TypeError> {
    let prefix = pe.to_string();
    for e in &mut errors {
        e.path = format!("{prefix}{}", e.path);
    }
    errors
}

/// Which part of an atom handles a value (`deduceAtom` + `handleAtom`).
enum Part<'a> {
    Map(&'a MapType),
    Scalar(Scalar),
    List(&'a ListType),
    None,
}

fn part<'a>(atom: &'a Atom, value: Option<&Value>) -> Part<'a> {
    match value {
        Some(Value::Number(_) | Value::String(_) | Value::Bool(_)) if atom.scalar.is_some() => {
            return Part::Scalar(atom.scalar.unwrap_or(Scalar::Untyped));
        }
        Some(Value::Array(_)) if atom.list.is_some() => {
            return atom.list.as_ref().map_or(Part::None, Part::List);
        }
        Some(Value::Object(_)) if atom.map.is_some() => {
            return atom.map.as_ref().map_or(Part::None, Part::Map);
        }
        _ => {}
    }
    if let Some(m) = &atom.map {
        Part::Map(m)
    } else if let Some(s) = atom.scalar {
        Part::Scalar(s)
    } else if let Some(l) = &atom.list {
        Part::List(l)
    } else {
        Part::None
    }
}

fn validate_scalar(t: Scalar, v: Option<&Value>) -> Result<(), Vec<TypeError>> {
    let Some(v) = v.filter(|v| !v.is_null()) else {
        return Ok(());
    };
    let ok = match t {
        Scalar::Numeric => v.is_number(),
        Scalar::String => v.is_string(),
        Scalar::Boolean => v.is_boolean(),
        Scalar::Untyped => v.is_number() || v.is_string() || v.is_boolean(),
    };
    if ok {
        return Ok(());
    }
    let expected = match t {
        Scalar::Numeric => "numeric (int or float)",
        Scalar::String => "string",
        Scalar::Boolean => "boolean",
        Scalar::Untyped => "any scalar",
    };
    Err(err(format!("expected {expected}, got {v}")))
}

fn as_map(v: Option<&Value>) -> Option<&Map<String, Value>> {
    v.and_then(Value::as_object)
}

fn as_list(v: Option<&Value>) -> Option<&Vec<Value>> {
    v.and_then(Value::as_array)
}

/// The path element of a list item (`listItemToPathElement`).
pub(crate) fn item_element(
    schema: &Schema,
    list: &ListType,
    item: &Value,
) -> Result<PathElement, String> {
    if list.atomic {
        return Err("invalid indexing of non-associative list".to_owned());
    }
    if list.keys.is_empty() {
        return match item {
            Value::Object(_) => {
                Err("associative list without keys has an element that's a map type".to_owned())
            }
            Value::Array(_) => {
                Err("not supported: associative list with lists as elements".to_owned())
            }
            Value::Null => Err(
                "associative list without keys has an element that's an explicit null".to_owned(),
            ),
            v => Ok(PathElement::Value(v.clone())),
        };
    }
    let map = match item {
        Value::Null => {
            return Err("associative list with keys may not have a null element".to_owned());
        }
        Value::Object(m) => m,
        _ => return Err("associative list with keys may not have non-map elements".to_owned()),
    };
    let elem_fields = schema.atom(list.elem).map.as_ref();
    let mut key = Vec::new();
    for name in &list.keys {
        if let Some(v) = map.get(name) {
            key.push((name.clone(), v.clone()));
        } else if let Some(def) = elem_fields
            .and_then(|m| m.fields.get(name))
            .and_then(|(_, d)| d.clone())
        {
            key.push((name.clone(), def));
        }
    }
    if key.is_empty() {
        let quoted: Vec<String> = list
            .keys
            .iter()
            .map(|k| crate::value::go_quote(k))
            .collect();
        return Err(format!(
            "associative list with keys has an element that omits all key fields [{}] (and doesn't have default values for any key fields)",
            quoted.join(" ")
        ));
    }
    key.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(PathElement::Key(key))
}

// ---------------------------------------------------------------- validate

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
            v => err(format!("expected list, got {v}")),
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
            v => err(format!("expected map, got {v}")),
        },
        Part::None => err("schema error: invalid atom"),
    }
}

// ---------------------------------------------------------------- field set

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

// ---------------------------------------------------------------- compare

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

fn union_keys<'a>(
    l: Option<&'a Map<String, Value>>,
    r: Option<&'a Map<String, Value>>,
) -> Vec<&'a String> {
    let mut keys: Vec<&String> = l.into_iter().flat_map(|m| m.keys()).collect();
    for k in r.into_iter().flat_map(|m| m.keys()) {
        if l.is_none_or(|m| !m.contains_key(k)) {
            keys.push(k);
        }
    }
    keys
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

// ---------------------------------------------------------------- merge

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

// ---------------------------------------------------------------- remove / extract

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
