//! `src/applyconfigurations/<group>/<version>.rs`: the apply configurations of
//! one group-version, in the order the types are declared.

use super::fields::{Structs, on_the_wire};
use super::kind;
use super::struct_head::{derives, struct_docs};
use crate::emit::code::Code;
use crate::emit::names::GroupVersion;
use crate::model::{StructDef, TypeBody, TypeDef};

/// The whole file.
pub(crate) fn version_file(gv: &GroupVersion<'_>, extract: bool) -> String {
    let kinds: Vec<&str> = gv.kinds.iter().map(|k| k.name()).collect();
    let structs = Structs {
        names: super::reachable_structs(gv.version, &kinds),
    };
    let derive_eq = all_partial_eq(gv, &structs);
    let mut code = Code::new();
    code.inner_doc(&format!(
        "Apply configurations of `{}`: every field optional, only what is set is sent.",
        gv.api_version()
    ));
    code.blank();
    code.line(format_args!("use {} as types;", gv.types_path()));
    for ty in gv.version.types() {
        let TypeBody::Struct(def) = &ty.body else {
            continue;
        };
        if !structs.names.contains(ty.name.as_str()) {
            continue;
        }
        code.blank();
        match gv.kinds.iter().find(|k| k.name() == ty.name) {
            Some(k) => kind::kind_items(&mut code, gv, k, def, &structs, derive_eq, extract),
            None => struct_items(&mut code, gv, ty, def, &structs, derive_eq),
        }
    }
    code.finish()
}

/// A struct type's configuration and builders.
fn struct_items(
    code: &mut Code,
    gv: &GroupVersion<'_>,
    ty: &TypeDef,
    def: &StructDef,
    structs: &Structs<'_>,
    derive_eq: bool,
) {
    let name = Structs::apply_name(&ty.name);
    let wire: Vec<_> = def.fields.iter().filter(|f| on_the_wire(f)).collect();
    struct_docs(code, gv, ty);
    code.line(derives(derive_eq));
    if wire.is_empty() {
        code.line(format_args!("pub struct {name} {{}}"));
    } else {
        code.open(format_args!("pub struct {name} {{"));
        for f in &wire {
            structs.field(code, f);
        }
        code.close("}");
    }
    code.blank();
    if wire.is_empty() {
        code.line(format_args!("impl {name} {{}}"));
        return;
    }
    code.open(format_args!("impl {name} {{"));
    for f in &wire {
        let method = format!("with_{}", f.name.trim_start_matches("r#"));
        structs.builder(code, f, &method);
        code.blank();
    }
    code.close("}");
}

/// Whether every enum and newtype the configurations hold derives `PartialEq`.
fn all_partial_eq(gv: &GroupVersion<'_>, structs: &Structs<'_>) -> bool {
    let mut locals = Vec::new();
    for name in &structs.names {
        if let Some(TypeBody::Struct(def)) = gv.version.find_type(name).map(|t| &t.body) {
            for field in def.fields.iter().filter(|f| on_the_wire(f)) {
                super::locals(&field.ty, &mut locals);
            }
        }
    }
    locals
        .iter()
        .filter(|name| !structs.names.contains(*name))
        .all(|name| {
            gv.version.find_type(name).is_none_or(|t| {
                t.derives
                    .iter()
                    .any(|d| d.rsplit("::").next() == Some("PartialEq"))
            })
        })
}
