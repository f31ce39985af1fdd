//! The walk over types that KAL's type rules share (integers, nobools,
//! nofloats, nodurations, nomaps): every field's type and every newtype's
//! inner type (Go's named types, reported at their declaration too), into
//! `Option` (Go's pointers), `Box`, list items, map keys and values, and the
//! newtypes of the version, naming each step as KAL does ("field `Foo.bar`
//! array element pointer type `Zone`").

use crate::context::{Cx, FieldView, TypeView};
use crate::finding::Finding;
use kube_codegen::model::{FieldType, TypeBody, Version};

/// What a type rule says about one node of a type: a message that follows
/// the prefix ("should not use a bool..."), or nothing.
pub(crate) type TypeWalk<'c> = dyn FnMut(&FieldType) -> Option<String> + 'c;

/// Walks every newtype's inner type and every field's type (but the fields
/// `skip` leaves out); one finding per node `check` objects to.
pub(crate) fn walk_all(
    rule: &'static str,
    cx: &Cx<'_>,
    skip: &dyn Fn(&FieldView<'_>) -> bool,
    check: &mut TypeWalk<'_>,
) -> Vec<Finding> {
    let mut out = Vec::new();
    for t in cx.types() {
        if let TypeBody::Newtype(n) = &t.ty.body {
            let mut seen = vec![t.ty.name.clone()];
            let prefix = format!("type {}", t.ty.name);
            walk(
                rule,
                &At::Type(t),
                &n.inner,
                prefix,
                check,
                &mut seen,
                &mut out,
            );
        }
    }
    for f in cx.fields() {
        if skip(&f) {
            continue;
        }
        let mut seen = Vec::new();
        let prefix = format!("field {}", f.qualified());
        walk(
            rule,
            &At::Field(f),
            &f.field.ty,
            prefix,
            check,
            &mut seen,
            &mut out,
        );
    }
    out
}

/// Where a walk reports.
enum At<'a> {
    Field(FieldView<'a>),
    Type(TypeView<'a>),
}

impl At<'_> {
    fn finding(&self, rule: &'static str, message: String) -> Finding {
        match self {
            At::Field(f) => f.finding(rule, message),
            At::Type(t) => t.finding(rule, message),
        }
    }

    fn version(&self) -> &Version {
        match self {
            At::Field(f) => f.owner.version,
            At::Type(t) => t.version,
        }
    }
}

fn walk(
    rule: &'static str,
    at: &At<'_>,
    ty: &FieldType,
    prefix: String,
    check: &mut TypeWalk<'_>,
    seen: &mut Vec<String>,
    out: &mut Vec<Finding>,
) {
    if let Some(message) = check(ty) {
        out.push(at.finding(rule, format!("{prefix} {message}")));
        return;
    }
    match ty {
        FieldType::Option(inner) => walk(
            rule,
            at,
            inner,
            format!("{prefix} pointer"),
            check,
            seen,
            out,
        ),
        FieldType::Boxed(inner) => walk(rule, at, inner, prefix, check, seen, out),
        FieldType::Vec(item) | FieldType::Array { item, .. } => {
            walk(
                rule,
                at,
                item,
                format!("{prefix} array element"),
                check,
                seen,
                out,
            );
        }
        FieldType::Map { key, value, .. } => {
            walk(rule, at, key, format!("{prefix} map key"), check, seen, out);
            walk(
                rule,
                at,
                value,
                format!("{prefix} map value"),
                check,
                seen,
                out,
            );
        }
        FieldType::Local(name) if !seen.contains(name) => {
            seen.push(name.clone());
            if let Some(t) = at.version().find_type(name)
                && let TypeBody::Newtype(n) = &t.body
            {
                walk(
                    rule,
                    at,
                    &n.inner,
                    format!("{prefix} type {name}"),
                    check,
                    seen,
                    out,
                );
            }
            seen.pop();
        }
        _ => {}
    }
}
