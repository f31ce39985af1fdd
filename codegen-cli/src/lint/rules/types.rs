//! The walk over a field's type that KAL's type rules share (integers,
//! nobools, nofloats, nodurations, nomaps): into `Option` and `Box` (Go's
//! pointers), list items, map keys and values, and the newtypes of the
//! version (Go's named types), naming each step as KAL does ("field
//! `Foo.bar` array element").

use crate::lint::context::FieldView;
use crate::lint::finding::Finding;
use crate::model::{FieldType, TypeBody};

/// What a type rule says about one node of a field's type: a message that
/// follows the prefix ("should not use a bool..."), or nothing.
pub(crate) type TypeWalk<'c> = dyn FnMut(&FieldType) -> Option<String> + 'c;

/// Walks the field's type; one finding per node `check` objects to.
pub(crate) fn walk_type(
    rule: &'static str,
    f: &FieldView<'_>,
    check: &mut TypeWalk<'_>,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut seen = Vec::new();
    walk(
        rule,
        f,
        &f.field.ty,
        format!("field {}", f.qualified()),
        check,
        &mut seen,
        &mut out,
    );
    out
}

fn walk(
    rule: &'static str,
    f: &FieldView<'_>,
    ty: &FieldType,
    prefix: String,
    check: &mut TypeWalk<'_>,
    seen: &mut Vec<String>,
    out: &mut Vec<Finding>,
) {
    if let Some(message) = check(ty) {
        out.push(f.finding(rule, format!("{prefix} {message}")));
        return;
    }
    match ty {
        FieldType::Option(inner) | FieldType::Boxed(inner) => {
            walk(rule, f, inner, prefix, check, seen, out)
        }
        FieldType::Vec(item) | FieldType::Array { item, .. } => {
            walk(
                rule,
                f,
                item,
                format!("{prefix} array element"),
                check,
                seen,
                out,
            );
        }
        FieldType::Map { key, value, .. } => {
            walk(rule, f, key, format!("{prefix} map key"), check, seen, out);
            walk(
                rule,
                f,
                value,
                format!("{prefix} map value"),
                check,
                seen,
                out,
            );
        }
        FieldType::Local(name) if !seen.contains(name) => {
            seen.push(name.clone());
            if let Some(t) = f.owner.version.find_type(name)
                && let TypeBody::Newtype(n) = &t.body
            {
                walk(
                    rule,
                    f,
                    &n.inner,
                    format!("{prefix} {name} type"),
                    check,
                    seen,
                    out,
                );
            }
        }
        _ => {}
    }
}
