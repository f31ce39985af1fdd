//! Field sets (`fieldpath.Set`): the fields a manager owns, as a tree of path
//! elements, with the set algebra the merge uses and the `FieldsV1` wire
//! format of `metadata.managedFields`.

use std::cmp::Ordering;

use serde_json::{Map, Value};

use crate::path::{Path, PathElement};
use crate::schema::{Schema, TypeId};

/// A set of paths. `members` are the paths ending here; `children` hold the
/// longer paths under one element (being a child does not make the element a
/// member: owning `.spec.a` does not own `.spec`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Set {
    members: Vec<PathElement>,
    children: Vec<(PathElement, Set)>,
}

impl Set {
    /// The empty set.
    pub fn new() -> Set {
        Set::default()
    }

    /// Whether the set has no path.
    pub fn is_empty(&self) -> bool {
        self.members.is_empty() && self.children.iter().all(|(_, s)| s.is_empty())
    }

    /// Adds a path (its parents are not added).
    pub fn insert(&mut self, path: &[PathElement]) {
        match path {
            [] => {}
            [last] => {
                if let Err(at) = self.members.binary_search(last) {
                    self.members.insert(at, last.clone());
                }
            }
            [first, rest @ ..] => self.descend(first).insert(rest),
        }
    }

    fn descend(&mut self, pe: &PathElement) -> &mut Set {
        let at = match self.children.binary_search_by(|(p, _)| p.cmp(pe)) {
            Ok(at) => at,
            Err(at) => {
                self.children.insert(at, (pe.clone(), Set::new()));
                at
            }
        };
        &mut self.children[at].1
    }

    /// Whether `path` is a member.
    pub fn has(&self, path: &[PathElement]) -> bool {
        match path {
            [] => false,
            [last] => self.members.binary_search(last).is_ok(),
            [first, rest @ ..] => self.child(first).is_some_and(|c| c.has(rest)),
        }
    }

    /// Whether `pe` is a member of this level.
    pub(crate) fn has_member(&self, pe: &PathElement) -> bool {
        self.members.binary_search(pe).is_ok()
    }

    /// The subset under `pe` (`WithPrefix`), if any.
    pub fn child(&self, pe: &PathElement) -> Option<&Set> {
        self.children
            .binary_search_by(|(p, _)| p.cmp(pe))
            .ok()
            .map(|at| &self.children[at].1)
    }

    /// Paths in either set.
    pub fn union(&self, other: &Set) -> Set {
        Set {
            members: merge_sorted(&self.members, &other.members, Op::Union),
            children: zip_children(&self.children, &other.children, |a, b| match (a, b) {
                (Some(a), Some(b)) => Some(a.union(b)),
                (Some(s), None) | (None, Some(s)) => Some(s.clone()),
                (None, None) => None,
            }),
        }
    }

    /// Paths in both sets.
    pub fn intersection(&self, other: &Set) -> Set {
        Set {
            members: merge_sorted(&self.members, &other.members, Op::Intersection),
            children: zip_children(&self.children, &other.children, |a, b| match (a, b) {
                (Some(a), Some(b)) => Some(a.intersection(b)).filter(|s| !s.is_empty()),
                _ => None,
            }),
        }
    }

    /// Paths of `self` not in `other` (a member removes only itself, not the
    /// paths below it).
    pub fn difference(&self, other: &Set) -> Set {
        Set {
            members: merge_sorted(&self.members, &other.members, Op::Difference),
            children: zip_children(&self.children, &other.children, |a, b| match (a, b) {
                (Some(a), Some(b)) => Some(a.difference(b)).filter(|s| !s.is_empty()),
                (Some(a), None) => Some(a.clone()),
                _ => None,
            }),
        }
    }

    /// Paths of `self` not in `other`, where a member of `other` also removes
    /// every path below it.
    pub fn recursive_difference(&self, other: &Set) -> Set {
        let children = self
            .children
            .iter()
            .filter(|(pe, _)| !other.has_member(pe))
            .filter_map(|(pe, set)| {
                let rest = match other.child(pe) {
                    Some(o) => set.recursive_difference(o),
                    None => set.clone(),
                };
                (!rest.is_empty()).then(|| (pe.clone(), rest))
            })
            .collect();
        Set {
            members: merge_sorted(&self.members, &other.members, Op::Difference),
            children,
        }
    }

    /// The set with every named field (a struct field of the schema) that has
    /// members below it made a member too (`EnsureNamedFieldsAreMembers`).
    pub(crate) fn ensure_named_fields_are_members(&self, schema: &Schema, ty: TypeId) -> Set {
        let atom = schema.atom(ty);
        let mut members = self.members.clone();
        for (pe, _) in &self.children {
            if let (PathElement::Field(name), Some(map)) = (pe, &atom.map)
                && map.fields.contains_key(name)
                && let Err(at) = members.binary_search(pe)
            {
                members.insert(at, pe.clone());
            }
        }
        let children = self
            .children
            .iter()
            .map(|(pe, set)| {
                let child_ty = match (pe, &atom.map, &atom.list) {
                    (PathElement::Field(name), Some(map), _) => map.field_type(name),
                    (PathElement::Key(_), _, Some(list)) => Some(list.elem),
                    _ => None,
                };
                let set = match child_ty {
                    Some(t) => set.ensure_named_fields_are_members(schema, t),
                    None => set.clone(),
                };
                (pe.clone(), set)
            })
            .collect();
        Set { members, children }
    }

    /// Only the leaves: members that have no members below them (`Leaves`).
    pub fn leaves(&self) -> Set {
        Set {
            members: self
                .members
                .iter()
                .filter(|m| self.child(m).is_none_or(Set::is_empty))
                .cloned()
                .collect(),
            children: self
                .children
                .iter()
                .map(|(pe, set)| (pe.clone(), set.leaves()))
                .filter(|(_, set)| !set.is_empty())
                .collect(),
        }
    }

    /// Every member path, depth first, members before children.
    pub fn paths(&self) -> Vec<Path> {
        let mut out = Vec::new();
        self.collect(&mut Vec::new(), &mut out);
        out
    }

    fn collect(&self, prefix: &mut Vec<PathElement>, out: &mut Vec<Path>) {
        for m in &self.members {
            prefix.push(m.clone());
            out.push(Path(prefix.clone()));
            prefix.pop();
        }
        for (pe, set) in &self.children {
            prefix.push(pe.clone());
            set.collect(prefix, out);
            prefix.pop();
        }
    }

    /// The `FieldsV1` JSON of the set (`{"f:spec":{".":{},"f:a":{}}}`).
    pub fn to_fields_v1(&self) -> Value {
        Value::Object(self.emit(false))
    }

    fn emit(&self, include_self: bool) -> Map<String, Value> {
        let mut out = Map::new();
        if include_self && !(self.members.is_empty() && self.children.is_empty()) {
            out.insert(".".to_owned(), Value::Object(Map::new()));
        }
        for m in &self.members {
            if self.child(m).is_none() {
                out.insert(m.to_fields_key(), Value::Object(Map::new()));
            }
        }
        for (pe, set) in &self.children {
            out.insert(
                pe.to_fields_key(),
                Value::Object(set.emit(self.has_member(pe))),
            );
        }
        out
    }

    /// Reads a `FieldsV1` JSON object; element types it does not know are
    /// skipped, as the API server skips them.
    pub fn from_fields_v1(fields: &Value) -> Result<Set, String> {
        let Value::Object(map) = fields else {
            return Err(format!("FieldsV1 must be an object, got {fields}"));
        };
        Ok(read(map)?.0.unwrap_or_default())
    }
}

/// Returns the children set (None if none) and whether the node is a member.
fn read(map: &Map<String, Value>) -> Result<(Option<Set>, bool), String> {
    let mut children: Option<Set> = None;
    let mut is_member = false;
    for (key, value) in map {
        if key == "." {
            is_member = true;
            continue;
        }
        let Some(pe) = PathElement::from_fields_key(key)? else {
            continue;
        };
        let Value::Object(inner) = value else {
            return Err(format!("{key}: expected an object, got {value}"));
        };
        let (grandchildren, child_is_member) = read(inner)?;
        let set = children.get_or_insert_with(Set::new);
        if child_is_member {
            set.insert(std::slice::from_ref(&pe));
        }
        if let Some(g) = grandchildren {
            *set.descend(&pe) = g;
        }
    }
    if children.is_none() {
        is_member = true;
    }
    Ok((children, is_member))
}

#[derive(Clone, Copy)]
enum Op {
    Union,
    Intersection,
    Difference,
}

/// One set operation over two sorted lists of elements.
fn merge_sorted(a: &[PathElement], b: &[PathElement], op: Op) -> Vec<PathElement> {
    let (only_a, only_b, both) = match op {
        Op::Union => (true, true, true),
        Op::Intersection => (false, false, true),
        Op::Difference => (true, false, false),
    };
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            Ordering::Less => {
                if only_a {
                    out.push(a[i].clone());
                }
                i += 1;
            }
            Ordering::Greater => {
                if only_b {
                    out.push(b[j].clone());
                }
                j += 1;
            }
            Ordering::Equal => {
                if both {
                    out.push(a[i].clone());
                }
                i += 1;
                j += 1;
            }
        }
    }
    if only_a {
        out.extend_from_slice(&a[i..]);
    }
    if only_b {
        out.extend_from_slice(&b[j..]);
    }
    out
}

fn zip_children(
    a: &[(PathElement, Set)],
    b: &[(PathElement, Set)],
    f: impl Fn(Option<&Set>, Option<&Set>) -> Option<Set>,
) -> Vec<(PathElement, Set)> {
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    loop {
        let (pe, sa, sb) = match (a.get(i), b.get(j)) {
            (None, None) => break,
            (Some((pa, x)), None) => {
                i += 1;
                (pa, Some(x), None)
            }
            (None, Some((pb, y))) => {
                j += 1;
                (pb, None, Some(y))
            }
            (Some((pa, x)), Some((pb, y))) => match pa.cmp(pb) {
                Ordering::Less => {
                    i += 1;
                    (pa, Some(x), None)
                }
                Ordering::Greater => {
                    j += 1;
                    (pb, None, Some(y))
                }
                Ordering::Equal => {
                    i += 1;
                    j += 1;
                    (pa, Some(x), Some(y))
                }
            },
        };
        if let Some(s) = f(sa, sb) {
            out.push((pe.clone(), s));
        }
    }
    out
}
