//! The deep-copy `Clone` impls: the Rust analogue of deepcopy-gen.
//!
//! `clone` builds the value field by field. `clone_from` copies into an existing
//! value field by field, so that `String`, `Vec`, `Option<T>` and `Box<T>` (whose
//! std `clone_from` reuses what is already there) keep their allocations: the
//! analogue of Go's `DeepCopyInto`, and what makes refreshing a cached object in a
//! loop cheap. Fields whose type is `Copy` are plain assignments, which is both
//! what `clippy::clone_on_copy` asks for and what the copy costs. Like
//! `#[derive(Clone)]`'s, the methods are `#[inline]`: compiled where they are
//! called, not for every type of the crate that defines them.

use std::collections::BTreeSet;

use crate::emit::code::{Code, Link, STRUCT_WIDTH};
use crate::emit::rust_type::ident;
use crate::model::{EnumDef, FieldType, StructDef, TypeBody, TypeDef, Variant, VariantData};

/// The `impl Clone` for `ty`, or nothing when `+k8s:deepcopy-gen=false` turns it off.
///
/// `copy_types` names the types of the version that derive `Copy`, so fields of
/// those types are assigned rather than cloned.
pub fn clone_impl(ty: &TypeDef, copy_types: &BTreeSet<String>) -> String {
    let mut code = Code::new();
    write_clone_impl(&mut code, ty, copy_types);
    code.finish()
}

/// [`clone_impl`] into `code`.
pub(crate) fn write_clone_impl(code: &mut Code, ty: &TypeDef, copy_types: &BTreeSet<String>) {
    if !ty.deepcopy {
        return;
    }
    code.impl_for("impl Clone", &ident(&ty.name), " {");
    match &ty.body {
        // A `Copy` type is its own deep copy.
        _ if copy_types.contains(&ty.name) => {
            code.line("#[inline]");
            code.open("fn clone(&self) -> Self {");
            code.line("*self");
            code.close("}");
        }
        TypeBody::Struct(def) => struct_clone(code, def, copy_types),
        TypeBody::Enum(def) => enum_clone(code, def, copy_types),
        TypeBody::Newtype(def) => newtype_clone(code, &def.inner, copy_types),
    }
    code.close("}");
}

fn struct_clone(code: &mut Code, def: &StructDef, copy_types: &BTreeSet<String>) {
    let fields: Vec<_> = def
        .fields
        .iter()
        .map(|f| (ident(&f.name), is_copy(&f.ty, copy_types)))
        .collect();
    code.line("#[inline]");
    code.open("fn clone(&self) -> Self {");
    let clones: Vec<String> = fields
        .iter()
        .map(|(name, copy)| {
            if *copy {
                format!("{name}: self.{name}")
            } else {
                format!("{name}: self.{name}.clone()")
            }
        })
        .collect();
    let one_line = 7 + clones.iter().map(|c| c.len() + 2).sum::<usize>();
    if clones.is_empty() || (one_line <= STRUCT_WIDTH && code.fits(one_line)) {
        code.struct_expr("Self", &clones, "");
    } else {
        code.open("Self {");
        for (i, (name, copy)) in fields.iter().enumerate() {
            // The comma after a field counts against the width, after the
            // last one (prettyplease's trailing comma) it does not.
            let last = i + 1 == fields.len();
            code.chain_expr(
                &format!("{name}: "),
                "self",
                &field_copy(name, *copy),
                ",",
                !last,
            );
        }
        code.close("}");
    }
    code.close("}");
    if fields.is_empty() {
        // Nothing to reuse: the default `clone_from` (`*self = source.clone()`) is exact.
        return;
    }
    code.blank();
    code.line("#[inline]");
    code.open("fn clone_from(&mut self, source: &Self) {");
    for (name, copy) in &fields {
        if *copy {
            code.chain_expr(
                &format!("self.{name} = "),
                "source",
                &[Link { name, args: None }],
                ";",
                true,
            );
        } else {
            let arg = format!("&source.{name}");
            code.chain_expr(
                "",
                &format!("self.{name}"),
                &[Link {
                    name: "clone_from",
                    args: Some(&[&arg]),
                }],
                ";",
                true,
            );
        }
    }
    code.close("}");
}

/// `.name` (a `Copy` field) or `.name.clone()`.
fn field_copy(name: &str, copy: bool) -> Vec<Link<'_>> {
    let mut links = vec![Link { name, args: None }];
    if !copy {
        links.push(Link {
            name: "clone",
            args: Some(&[]),
        });
    }
    links
}

/// `Hostname(self.0.clone())`, and a `clone_from` that reuses the inner allocation.
fn newtype_clone(code: &mut Code, inner: &FieldType, copy_types: &BTreeSet<String>) {
    code.line("#[inline]");
    code.open("fn clone(&self) -> Self {");
    if is_copy(inner, copy_types) {
        code.line("Self(self.0)");
        code.close("}");
        return;
    }
    code.line("Self(self.0.clone())");
    code.close("}");
    code.blank();
    code.line("#[inline]");
    code.open("fn clone_from(&mut self, source: &Self) {");
    code.line("self.0.clone_from(&source.0);");
    code.close("}");
}

/// A `match` over the variants that copies each one's data; a `clone_from` that
/// reuses the data's allocations when both values are the same variant.
fn enum_clone(code: &mut Code, def: &EnumDef, copy_types: &BTreeSet<String>) {
    code.line("#[inline]");
    code.open("fn clone(&self) -> Self {");
    if def.variants.is_empty() {
        code.line("match *self {}");
        code.close("}");
        return;
    }
    code.open("match self {");
    for v in &def.variants {
        let variant = format!("Self::{}", ident(&v.name));
        match &v.data {
            VariantData::Unit => code.line(format_args!("{variant} => {variant},")),
            VariantData::Newtype(field) => {
                let copy = copy_of("value", is_copy(&field.ty, copy_types));
                code.line(format_args!("{variant}(value) => {variant}({copy}),"));
            }
            VariantData::Struct(fields) => {
                let names: Vec<String> = fields.iter().map(|f| ident(&f.name)).collect();
                let copies: Vec<String> = fields
                    .iter()
                    .zip(&names)
                    .map(|(f, name)| {
                        format!("{name}: {}", copy_of(name, is_copy(&f.ty, copy_types)))
                    })
                    .collect();
                let pattern = braces_inline(&variant, &names);
                let body = braces_inline(&variant, &copies);
                if body.len() <= STRUCT_WIDTH && code.fits(pattern.len() + 4 + body.len() + 1) {
                    code.line(format_args!("{pattern} => {body},"));
                } else {
                    code.braces(&variant, &names, " => {");
                    code.depth_in();
                    if body.len() <= STRUCT_WIDTH && code.fits(body.len()) {
                        code.line(&body);
                    } else {
                        code.open(format_args!("{variant} {{"));
                        for (i, (f, name)) in fields.iter().zip(&names).enumerate() {
                            if is_copy(&f.ty, copy_types) {
                                code.line(format_args!("{name}: *{name},"));
                            } else {
                                code.chain_expr(
                                    &format!("{name}: "),
                                    name,
                                    &[Link {
                                        name: "clone",
                                        args: Some(&[]),
                                    }],
                                    ",",
                                    i + 1 < fields.len(),
                                );
                            }
                        }
                        code.close("}");
                    }
                    code.close("}");
                }
            }
        }
    }
    code.close("}");
    code.close("}");
    let reuse: Vec<&Variant> = def
        .variants
        .iter()
        .filter(|v| match &v.data {
            VariantData::Unit => false,
            VariantData::Newtype(_) => true,
            VariantData::Struct(fields) => !fields.is_empty(),
        })
        .collect();
    if reuse.is_empty() {
        return;
    }
    code.blank();
    code.open("fn clone_from(&mut self, source: &Self) {");
    code.open("match (self, source) {");
    for v in reuse {
        variant_clone_from(code, v, copy_types);
    }
    code.line("(this, source) => *this = source.clone(),");
    code.close("}");
    code.close("}");
}

/// `head { a, b }` on one line (`head {}` when empty).
fn braces_inline(head: &str, items: &[String]) -> String {
    if items.is_empty() {
        format!("{head} {{}}")
    } else {
        format!("{head} {{ {} }}", items.join(", "))
    }
}

/// `value.clone()`, or `*value` for a `Copy` value bound by reference.
fn copy_of(binding: &str, copy: bool) -> String {
    if copy {
        format!("*{binding}")
    } else {
        format!("{binding}.clone()")
    }
}

/// The `clone_from` arm of a variant with data: each field copied into the
/// existing one.
fn variant_clone_from(code: &mut Code, v: &Variant, copy_types: &BTreeSet<String>) {
    let variant = format!("Self::{}", ident(&v.name));
    let assign = |target: &str, source: &str, ty: &FieldType| {
        if is_copy(ty, copy_types) {
            format!("*{target} = *{source};")
        } else {
            format!("{target}.clone_from({source});")
        }
    };
    match &v.data {
        VariantData::Unit => {}
        VariantData::Newtype(field) => {
            code.open(format_args!("({variant}(value), {variant}(source)) => {{"));
            code.line(assign("value", "source", &field.ty));
            code.close("}");
        }
        VariantData::Struct(fields) => {
            let taken: BTreeSet<String> = fields.iter().map(|f| f.name.clone()).collect();
            let mut mine = Vec::new();
            let mut theirs = Vec::new();
            let mut body = Vec::new();
            for f in fields {
                let name = ident(&f.name);
                let mut from = format!("source_{}", f.name.trim_start_matches("r#"));
                while taken.contains(&from) {
                    from.push('_');
                }
                let from = ident(&from);
                body.push(assign(&name, &from, &f.ty));
                theirs.push(format!("{name}: {from}"));
                mine.push(name);
            }
            let (a, b) = (
                braces_inline(&variant, &mine),
                braces_inline(&variant, &theirs),
            );
            if code.fits(a.len() + b.len() + 10) {
                code.open(format_args!("({a}, {b}) => {{"));
            } else {
                code.open("(");
                for (pattern, items) in [(a, &mine), (b, &theirs)] {
                    if code.fits(pattern.len() + 1) {
                        code.line(format_args!("{pattern},"));
                    } else {
                        code.braces(&variant, items, ",");
                    }
                }
                code.depth_out();
                code.open(") => {");
            }
            for line in body {
                code.line(line);
            }
            code.close("}");
        }
    }
}

/// Whether values of `ty` are `Copy`, so that `.clone()` on them would be noise.
pub fn is_copy(ty: &FieldType, copy_types: &BTreeSet<String>) -> bool {
    match ty {
        FieldType::Bool
        | FieldType::Integer { .. }
        | FieldType::PointerSized { .. }
        | FieldType::Float { .. } => true,
        FieldType::Option(inner) | FieldType::Array { item: inner, .. } => {
            is_copy(inner, copy_types)
        }
        FieldType::Local(name) => copy_types.contains(name),
        // The time crates' UTC timestamps, kube's `Duration`.
        FieldType::External(ext) if crate::parse::crate_types::is_copy(&ext.path) => true,
        FieldType::String
        | FieldType::Vec(_)
        | FieldType::Map { .. }
        | FieldType::Json
        | FieldType::Unresolved
        | FieldType::External(_)
        | FieldType::Boxed(_) => false,
    }
}
