//! The API types copied into the generated crate, with their deep-copy `Clone`
//! and register impls: everything under `src/apis/`.
//!
//! Each input file becomes `src/apis/<group>/<version>/<stem>.rs` holding its
//! types as written (docs, derives, serde attributes), then each type's impls,
//! then the file's other items verbatim. Derives the generated crate cannot
//! compile (`schemars::JsonSchema`, `kube::CustomResource`, ...) are dropped, and
//! so is every `use` nothing in the output needs any more.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};

use proc_macro2::{TokenStream, TokenTree};

use crate::emit::code::{Code, lit, space_items};
use crate::emit::features::gate;
use crate::emit::rust_type::{LocalTypes, TypeNames, ident, last_segment};
use crate::emit::serde_attr::SerdeAttr;
use crate::emit::{EmitOptions, GeneratedFile, deepcopy, register};
use crate::model::{
    Api, EnumDef, Field, Group, SourceFile, TypeBody, TypeDef, VariantData, Version,
};

/// Derives kept in the generated crate (by last path segment): std's and serde's,
/// the only derive macros its dependencies provide. `Clone` is generated instead.
const KEPT_DERIVES: &[&str] = &[
    "Debug",
    "Default",
    "PartialEq",
    "Eq",
    "PartialOrd",
    "Ord",
    "Hash",
    "Copy",
    "Serialize",
    "Deserialize",
];

/// Every file under `src/apis/`: the types of each input file, a `mod.rs` per
/// version and per group, and `src/apis/mod.rs`.
pub fn emit_types(api: &Api, opts: &EmitOptions) -> Vec<GeneratedFile> {
    let mut files = Vec::new();
    emit_types_each(api, opts, &mut |file| files.push(file));
    files
}

/// [`emit_types`], handing each file to `sink` as soon as it is made (so a
/// caller can write it out and drop it before the next one is built).
pub fn emit_types_each(api: &Api, opts: &EmitOptions, sink: &mut dyn FnMut(GeneratedFile)) {
    sink(apis_mod(api, opts));
    for group in &api.groups {
        sink(group_mod(group));
        for version in &group.versions {
            let locals = LocalTypes::for_version(version);
            let dir = format!("src/apis/{}/{}", group.module, version.module);
            sink(GeneratedFile::rust(
                format!("{dir}/mod.rs"),
                version_mod(group, version),
            ));
            for file in &version.files {
                sink(
                    GeneratedFile::rust(
                        format!("{dir}/{}.rs", file.stem),
                        type_file(group, version, file, &locals),
                    )
                    .from_source(&file.rel),
                );
            }
        }
    }
}

/// `src/apis/mod.rs`: the group modules and the registry of known kinds.
fn apis_mod(api: &Api, opts: &EmitOptions) -> GeneratedFile {
    let mut code = Code::new();
    code.line("//! One module per API group and one submodule per version, each holding");
    code.line("//! its types; `known_kinds` lists every kind.");
    code.blank();
    for g in &api.groups {
        gate(&mut code, opts, g);
        code.line(format_args!("pub mod {};", ident(&g.module)));
    }
    code.blank();
    register::write_known_kinds_fn(&mut code, &api.groups, opts);
    GeneratedFile::rust("src/apis/mod.rs", code.finish())
}

/// `src/apis/<group>/mod.rs`.
fn group_mod(group: &Group) -> GeneratedFile {
    let versions: Vec<_> = group
        .versions
        .iter()
        .map(|v| format!("`{}`", v.name))
        .collect();
    let mut code = Code::new();
    if group.name.is_empty() {
        code.line("//! The legacy core API group.");
    } else {
        code.line(format_args!("//! The `{}` API group.", group.name));
    }
    code.line("//!");
    code.line(format_args!(
        "//! Versions, most preferred first: {}.",
        versions.join(", ")
    ));
    code.blank();
    code.line("/// The name of the API group.");
    code.line(format_args!(
        "pub const GROUP: &str = {};",
        lit(&group.name)
    ));
    code.blank();
    for v in &group.versions {
        code.line(format_args!("pub mod {};", ident(&v.module)));
    }
    GeneratedFile::rust(format!("src/apis/{}/mod.rs", group.module), code.finish())
}

/// `src/apis/<group>/<version>/mod.rs`: the version's docs, its files
/// re-exported, its group/version constants and its `KINDS`.
fn version_mod(group: &Group, version: &Version) -> String {
    let mut docs = doc_lines(&version.docs);
    while docs.last().is_some_and(|d| d.trim().is_empty()) {
        docs.pop();
    }
    let mut code = Code::new();
    if docs.is_empty() {
        code.line(format_args!(
            "//! Version `{}` of the `{}` API group.",
            version.name, group.name
        ));
    } else {
        code.inner_doc_lines(&version.docs[..docs_len(&version.docs)]);
    }
    code.blank();
    for f in &version.files {
        let module = ident(&f.stem);
        code.line(format_args!("mod {module};"));
        // A glob re-export of a file with nothing public would be an unused import.
        let exports = !f.types.is_empty()
            || crate::emit::rust_type::parse_items(&f.items)
                .iter()
                .any(|item| matches!(item_vis(item), Some(syn::Visibility::Public(_))));
        if exports {
            code.line(format_args!("pub use {module}::*;"));
        }
    }
    code.blank();
    code.line("/// The API group of this version.");
    code.line(format_args!(
        "pub const GROUP: &str = {};",
        lit(&group.name)
    ));
    code.line("/// The name of this version within its group.");
    code.line(format_args!(
        "pub const VERSION: &str = {};",
        lit(&version.name)
    ));
    code.line("/// `GROUP/VERSION`, the `apiVersion` of this version's objects.");
    code.line(format_args!(
        "pub const API_VERSION: &str = {};",
        lit(&register::api_version(group, version))
    ));
    code.blank();
    register::write_known_kinds_const(&mut code, group, version);
    code.finish()
}

/// How many of the model's doc lines are left without the trailing blank ones.
fn docs_len(lines: &[String]) -> usize {
    lines
        .iter()
        .rposition(|l| !l.trim().is_empty())
        .map_or(0, |i| i + 1)
}

/// One input file's types, each followed by its impls, then its other items.
fn type_file(group: &Group, version: &Version, file: &SourceFile, locals: &LocalTypes) -> String {
    let names = TypeNames::for_file(file);
    let mut body = Code::new();
    // What the user wrote (types and items), as opposed to the impls generated
    // here, which spell every name they need in full or through `names`: only
    // this decides which of the input's `use`s are still needed.
    let mut written = Vec::new();
    let mut item_idents = BTreeSet::new();
    for ty in &file.types {
        let remote = register::writes_type_meta(ty);
        body.blank();
        let start = body.len();
        type_def(&mut body, ty, &names, locals, remote);
        written.push(start..body.len());
        body.blank();
        deepcopy::write_clone_impl(&mut body, ty, &locals.copy);
        if remote {
            body.blank();
            register::write_type_meta_serde(&mut body, ty);
        }
        if let Some(kind) = &ty.kind {
            body.blank();
            register::write_kind_impls(&mut body, group, version, ty, kind, &names, locals);
            body.blank();
            register::write_runtime_kind_impl(&mut body, group, version, ty, kind);
        }
    }
    for text in &file.items {
        body.blank();
        match syn::parse_file(text) {
            Ok(items) => {
                collect_idents(&quote::ToTokens::to_token_stream(&items), &mut item_idents);
                body.raw(&space_items(&prettyplease::unparse(&items)));
            }
            Err(err) => {
                let message = format!("kube-codegen could not re-emit an item of the input: {err}");
                body.line(format_args!("compile_error!({});", lit(&message)));
            }
        }
    }
    let body = body.finish();
    // `#[serde(default = "default_port")]`, `skip_serializing_if = "BTreeMap::is_empty"`:
    // serde attributes name functions and types inside string literals.
    for ty in &file.types {
        for attr in serde_strings(ty) {
            item_idents.extend(words(attr).map(str::to_owned));
        }
    }
    let used = UsedNames {
        written: written.into_iter().map(|range| &body[range]).collect(),
        idents: item_idents,
    };
    let mut code = Code::new();
    uses(&mut code, version, file, &names, &used);
    code.blank();
    attribute_errors(&mut code, file);
    code.blank();
    code.raw(&body);
    code.finish()
}

/// A struct or enum as the user wrote it, minus `Clone` and foreign derives.
fn type_def(code: &mut Code, ty: &TypeDef, names: &TypeNames, locals: &LocalTypes, remote: bool) {
    code.doc_lines(&doc_lines(&ty.docs));
    let derives: Vec<String> = ty
        .derives
        .iter()
        .filter(|d| KEPT_DERIVES.contains(&last_segment(d)))
        // `Copy` needs `Clone`, which `+k8s:deepcopy-gen=false` leaves out.
        .filter(|d| last_segment(d) != "Copy" || locals.copy.contains(&ty.name))
        .map(|d| crate::emit::rust_type::type_path(d))
        .collect();
    if !derives.is_empty() {
        code.list("#[derive(", &derives, ")]", false);
    }
    let name = ident(&ty.name);
    match &ty.body {
        TypeBody::Struct(def) => {
            container_attrs(
                code,
                &def.serde_attrs,
                def.rename_all.as_deref(),
                def.default,
            );
            if remote {
                // The derived (de)serializer becomes inherent fns that the
                // `apiVersion`/`kind`-writing trait impls wrap (see `register`).
                code.line("#[serde(remote = \"Self\")]");
            }
            if def.fields.is_empty() {
                code.line(format_args!("pub struct {name} {{}}"));
                return;
            }
            code.open(format_args!("pub struct {name} {{"));
            for f in &def.fields {
                field(code, f, names, true);
            }
            code.close("}");
        }
        TypeBody::Newtype(def) => {
            container_attrs(code, &def.serde_attrs, None, false);
            code.ty(
                &format!("pub struct {name}("),
                &format!("pub {}", names.render(&def.inner)),
                ");",
            );
        }
        TypeBody::Enum(def) => {
            container_attrs(code, &def.serde_attrs, def.rename_all.as_deref(), false);
            let has_default = derives.iter().any(|d| last_segment(d) == "Default");
            if def.variants.is_empty() {
                code.line(format_args!("pub enum {name} {{}}"));
                return;
            }
            code.open(format_args!("pub enum {name} {{"));
            variants(code, def, names, has_default);
            code.close("}");
        }
    }
}

/// A named field (`pub` in a struct, without visibility in an enum variant),
/// with the serde attributes null safety asks for.
fn field(code: &mut Code, field: &Field, names: &TypeNames, public: bool) {
    code.doc_lines(&doc_lines(&field.docs));
    for attr in field_attrs(field) {
        attr.write(code);
    }
    let vis = if public { "pub " } else { "" };
    code.ty(
        &format!("{vis}{}: ", ident(&field.name)),
        &names.render(&field.ty),
        ",",
    );
}

/// A field's serde attributes: the user's, then those the model holds
/// separately and null safety.
fn field_attrs(field: &Field) -> Vec<SerdeAttr> {
    let mut attrs: Vec<SerdeAttr> = field
        .serde_attrs
        .iter()
        .filter_map(|a| SerdeAttr::parse(a).ok())
        .collect();
    let written: BTreeSet<String> = attrs
        .iter()
        .flat_map(|a| a.keys())
        .map(str::to_owned)
        .collect();
    let mut add = |arg: &str| attrs.push(SerdeAttr::serde(arg));
    // The model records these separately; make sure the output keeps them even
    // if the parser did not also list them among the verbatim attributes.
    if field.flatten && !written.contains("flatten") {
        add("flatten");
    }
    if field.skip && !written.contains("skip") {
        add("skip");
    }
    if field.serde_default && !written.contains("default") && !field.skip {
        add("default");
    }
    // Null safety: a `None` is left out rather than written as `null`, which the
    // API server rejects under server-side apply for a field that is not
    // `+nullable` (k8s-openapi's own types do the same). Fields whose
    // serialization the user chose (`serialize_with`, `with`) are left alone.
    let chose_serialization = [
        "skip_serializing_if",
        "serialize_with",
        "with",
        "skip_serializing",
    ]
    .iter()
    .any(|key| written.contains(*key));
    // And bytes: the API server refuses `""` for `format: byte`, so a byte
    // field holding no bytes is left out too (and read back as no bytes).
    let skips_empty_bytes = field.skips_empty_bytes();
    if field.ty.is_option()
        && !field.nullable
        && !field.skip
        && !field.flatten
        && !chose_serialization
    {
        add(if skips_empty_bytes {
            "skip_serializing_if = \"kube_codegen_runtime::wire::is_none_or_empty_bytes\""
        } else {
            "skip_serializing_if = \"Option::is_none\""
        });
    } else if skips_empty_bytes && !field.ty.is_option() {
        if !written.contains("default") && !field.serde_default {
            add("default");
        }
        add(if field.serializes_itself {
            "skip_serializing_if = \"Vec::is_empty\""
        } else {
            "skip_serializing_if = \"kube_codegen_runtime::wire::is_empty_bytes\""
        });
    }
    attrs
}

fn variants(code: &mut Code, def: &EnumDef, names: &TypeNames, has_default: bool) {
    for v in &def.variants {
        code.doc_lines(&doc_lines(&v.docs));
        if v.is_default && has_default {
            code.line("#[default]");
        }
        for attr in v
            .serde_attrs
            .iter()
            .filter_map(|a| SerdeAttr::parse(a).ok())
        {
            attr.write(code);
        }
        let name = ident(&v.name);
        match &v.data {
            VariantData::Unit => code.line(format_args!("{name},")),
            VariantData::Newtype(inner) => {
                let ty = names.render(&inner.ty);
                let attrs: Vec<SerdeAttr> = inner
                    .serde_attrs
                    .iter()
                    .filter_map(|a| SerdeAttr::parse(a).ok())
                    .collect();
                let docs = doc_lines(&inner.docs);
                if docs.is_empty() && attrs.is_empty() {
                    code.ty(&format!("{name}("), &ty, "),");
                } else {
                    code.open(format_args!("{name}("));
                    code.doc_lines(&docs);
                    for attr in &attrs {
                        attr.write(code);
                    }
                    code.ty("", &ty, ",");
                    code.close("),");
                }
            }
            VariantData::Struct(fields) if fields.is_empty() => {
                code.line(format_args!("{name} {{}},"));
            }
            VariantData::Struct(fields) => {
                // Undocumented fields without attributes fit on the variant's
                // line, as prettyplease writes them.
                let plain = fields
                    .iter()
                    .all(|f| doc_lines(&f.docs).is_empty() && field_attrs(f).is_empty());
                let items: Vec<String> = fields
                    .iter()
                    .map(|f| format!("{}: {}", ident(&f.name), names.render(&f.ty)))
                    .collect();
                let len = name.len() + 3 + items.iter().map(|i| i.len() + 2).sum::<usize>();
                if plain && code.fits(len + 1) {
                    code.line(format_args!("{name} {{ {} }},", items.join(", ")));
                } else {
                    code.open(format_args!("{name} {{"));
                    for f in fields {
                        field(code, f, names, false);
                    }
                    code.close("},");
                }
            }
        }
    }
}

/// Container serde attributes as written, plus `rename_all`/`default` when the
/// model holds them only in its typed fields.
fn container_attrs(code: &mut Code, written: &[String], rename_all: Option<&str>, default: bool) {
    let parsed: Vec<SerdeAttr> = written
        .iter()
        .filter_map(|a| SerdeAttr::parse(a).ok())
        .collect();
    let keys: BTreeSet<&str> = parsed.iter().flat_map(|a| a.keys()).collect();
    for attr in &parsed {
        attr.write(code);
    }
    if let Some(rule) = rename_all.filter(|_| !keys.contains("rename_all")) {
        code.list(
            "#[serde(",
            &[format!("rename_all = {}", lit(rule))],
            ")]",
            false,
        );
    }
    if default && !keys.contains("default") {
        code.line("#[serde(default)]");
    }
}

/// A `compile_error!` for each serde attribute of the file that cannot be read
/// back. The parser took them from valid Rust, so this is a generator bug; the
/// build says so rather than silently changing the wire format.
fn attribute_errors(code: &mut Code, file: &SourceFile) {
    for ty in &file.types {
        for text in serde_strings(ty) {
            if let Err(err) = SerdeAttr::parse(text) {
                let message = format!(
                    "kube-codegen could not re-emit the attribute `{text}` of `{}`: {err}",
                    ty.name
                );
                code.line(format_args!("compile_error!({});", lit(&message)));
            }
        }
    }
}

/// The model's doc lines as prettyplease writes them after `///`: a space
/// before each non-blank line.
fn doc_lines(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        // `"".lines()` is empty, but a blank doc line is a paragraph break.
        .flat_map(|l| l.split('\n').map(str::to_owned).collect::<Vec<_>>())
        .map(|line| {
            if line.trim().is_empty() {
                String::new()
            } else {
                line
            }
        })
        .collect()
}

/// One name a `use` item brings into scope.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct UseLeaf {
    /// Path segments up to and including the imported name (`["serde", "Serialize"]`),
    /// without the final `*` for a glob.
    path: Vec<String>,
    glob: bool,
    alias: Option<String>,
}

impl UseLeaf {
    /// The name the leaf binds (`None` for globs).
    fn binding(&self) -> Option<&str> {
        if self.glob {
            return None;
        }
        self.alias
            .as_deref()
            .or(self.path.last().map(String::as_str))
    }
}

/// The file's `use` items: what its field types need, plus those of the input
/// file's own `use`s that something in the output still refers to.
/// The names the user's own code in a generated file uses: the words of its
/// type definitions (docs aside) and the identifiers of its copied items.
struct UsedNames<'a> {
    written: Vec<&'a str>,
    idents: BTreeSet<String>,
}

impl UsedNames<'_> {
    /// Whether `name` is used: searched as a whole word rather than by
    /// collecting every word, since only a file's few `use` bindings are asked.
    fn contains(&self, name: &str) -> bool {
        if self.idents.contains(name) {
            return true;
        }
        let word_char = |c: char| c.is_alphanumeric() || c == '_';
        self.written.iter().any(|text| {
            text.match_indices(name).any(|(at, _)| {
                let before = text[..at].chars().next_back();
                let after = text[at + name.len()..].chars().next();
                !before.is_some_and(word_char) && !after.is_some_and(word_char) && {
                    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
                    !text[line_start..].trim_start().starts_with("///")
                }
            })
        })
    }
}

fn uses(
    code: &mut Code,
    version: &Version,
    file: &SourceFile,
    names: &TypeNames,
    used: &UsedNames,
) {
    // Names a `use super::*` could be importing: the sibling files' types and
    // items (asked only for such a `use`).
    let siblings = || -> BTreeSet<String> {
        version
            .files
            .iter()
            .filter(|f| f.path != file.path)
            .flat_map(|f| {
                f.types.iter().map(|t| t.name.clone()).chain(
                    crate::emit::rust_type::parse_items(&f.items)
                        .into_iter()
                        .filter_map(|item| item_name(&item)),
                )
            })
            .collect()
    };
    let here: BTreeSet<&str> = file.types.iter().map(|t| t.name.as_str()).collect();
    let mut leaves: BTreeSet<UseLeaf> = names
        .imports()
        .iter()
        .map(|(name, path)| UseLeaf {
            path: path.split("::").map(str::to_owned).collect(),
            glob: false,
            alias: (last_segment(path) != name).then(|| name.clone()),
        })
        .collect();
    for text in &file.uses {
        for mut leaf in use_leaves(text) {
            rewrite_crate_path(&mut leaf.path);
            let keep = match leaf.binding() {
                Some("_") => !file.items.is_empty(),
                Some(binding) => {
                    used.contains(binding)
                        && !names.imports().contains_key(binding)
                        && !here.contains(binding)
                }
                None => match leaf.path.first().map(String::as_str) {
                    Some("super" | "crate" | "self") => siblings()
                        .iter()
                        .any(|s| used.contains(s) && !names.imports().contains_key(s)),
                    _ => !file.items.is_empty(),
                },
            };
            if keep {
                leaves.insert(leaf);
            }
        }
    }
    render_uses(code, leaves);
}

/// Every serde attribute of a type, its fields and its variants, as the model holds them.
fn serde_strings(ty: &TypeDef) -> Vec<&String> {
    match &ty.body {
        TypeBody::Struct(def) => def
            .serde_attrs
            .iter()
            .chain(def.fields.iter().flat_map(|f| &f.serde_attrs))
            .collect(),
        TypeBody::Enum(def) => def
            .serde_attrs
            .iter()
            .chain(def.variants.iter().flat_map(|v| {
                v.serde_attrs
                    .iter()
                    .chain(v.data.fields().iter().flat_map(|f| &f.serde_attrs))
            }))
            .collect(),
        TypeBody::Newtype(def) => def.serde_attrs.iter().collect(),
    }
}

/// Identifier-like words of a text.
fn words(text: &str) -> impl Iterator<Item = &str> + '_ {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
}

thread_local! {
    /// The names each `use` item brings into scope, by its text: files repeat
    /// the same few (`use serde::{Deserialize, Serialize};`).
    static USE_LEAVES: RefCell<HashMap<String, Vec<UseLeaf>>> = RefCell::new(HashMap::new());
}

/// What the `use` item `text` imports (nothing when it does not parse).
fn use_leaves(text: &str) -> Vec<UseLeaf> {
    USE_LEAVES.with(|cache| {
        if let Some(found) = cache.borrow().get(text) {
            return found.clone();
        }
        let mut found = Vec::new();
        if let Ok(item) = syn::parse_str::<syn::ItemUse>(text) {
            flatten_use(&item.tree, &mut Vec::new(), &mut found);
        }
        cache.borrow_mut().insert(text.to_owned(), found.clone());
        found
    })
}

fn collect_idents(tokens: &TokenStream, out: &mut BTreeSet<String>) {
    for tree in tokens.clone() {
        match tree {
            TokenTree::Ident(ident) => {
                let name = ident.to_string();
                out.insert(name.strip_prefix("r#").map(str::to_owned).unwrap_or(name));
            }
            TokenTree::Group(group) => collect_idents(&group.stream(), out),
            TokenTree::Punct(_) | TokenTree::Literal(_) => {}
        }
    }
}

fn item_vis(item: &syn::Item) -> Option<&syn::Visibility> {
    match item {
        syn::Item::Fn(f) => Some(&f.vis),
        syn::Item::Const(c) => Some(&c.vis),
        syn::Item::Static(s) => Some(&s.vis),
        syn::Item::Struct(s) => Some(&s.vis),
        syn::Item::Enum(e) => Some(&e.vis),
        syn::Item::Type(t) => Some(&t.vis),
        syn::Item::Trait(t) => Some(&t.vis),
        syn::Item::Mod(m) => Some(&m.vis),
        syn::Item::Use(u) => Some(&u.vis),
        _ => None,
    }
}

fn item_name(item: &syn::Item) -> Option<String> {
    let ident = match item {
        syn::Item::Fn(f) => &f.sig.ident,
        syn::Item::Const(c) => &c.ident,
        syn::Item::Static(s) => &s.ident,
        syn::Item::Struct(s) => &s.ident,
        syn::Item::Enum(e) => &e.ident,
        syn::Item::Type(t) => &t.ident,
        syn::Item::Trait(t) => &t.ident,
        _ => return None,
    };
    Some(ident.to_string())
}

fn flatten_use(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<UseLeaf>) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            flatten_use(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) if n.ident == "self" => out.push(UseLeaf {
            path: prefix.clone(),
            glob: false,
            alias: None,
        }),
        syn::UseTree::Name(n) => {
            let mut path = prefix.clone();
            path.push(n.ident.to_string());
            out.push(UseLeaf {
                path,
                glob: false,
                alias: None,
            });
        }
        syn::UseTree::Rename(r) => {
            let mut path = prefix.clone();
            if r.ident != "self" {
                path.push(r.ident.to_string());
            }
            out.push(UseLeaf {
                path,
                glob: false,
                alias: Some(r.rename.to_string()),
            });
        }
        syn::UseTree::Glob(_) => out.push(UseLeaf {
            path: prefix.clone(),
            glob: true,
            alias: None,
        }),
        syn::UseTree::Group(g) => {
            for tree in &g.items {
                flatten_use(tree, prefix, out);
            }
        }
    }
}

/// `crate::<group module>::...` in the input crate is `crate::apis::<group module>::...`
/// in the generated one, whose root holds `apis` next to the clients.
fn rewrite_crate_path(path: &mut Vec<String>) {
    if path.first().is_some_and(|s| s == "crate") {
        path.insert(1, "apis".to_owned());
    }
}

/// `use` items, one per parent path (`use serde::{Deserialize, Serialize};`), in
/// rustfmt's order: std, other crates, then this crate.
fn render_uses(code: &mut Code, leaves: BTreeSet<UseLeaf>) {
    let mut by_parent: BTreeMap<(u8, Vec<String>), Vec<String>> = BTreeMap::new();
    for leaf in leaves {
        let (parent, entry) = if leaf.glob {
            (leaf.path.clone(), "*".to_owned())
        } else {
            let Some((last, parent)) = leaf.path.split_last() else {
                continue;
            };
            let last = ident(last);
            let entry = match leaf.alias.as_deref() {
                Some("_") => format!("{last} as _"),
                Some(alias) => format!("{last} as {}", ident(alias)),
                None => last,
            };
            (parent.to_vec(), entry)
        };
        let rank = match leaf.path.first().map(String::as_str) {
            Some("std" | "core" | "alloc") => 0,
            Some("crate" | "super" | "self") => 2,
            _ => 1,
        };
        by_parent.entry((rank, parent)).or_default().push(entry);
    }
    for ((_, parent), names) in by_parent {
        let mut prefix = String::new();
        for segment in &parent {
            prefix.push_str(&ident(segment));
            prefix.push_str("::");
        }
        if let [name] = names.as_slice() {
            code.line(format_args!("use {prefix}{name};"));
        } else {
            code.fill(&format!("use {prefix}{{"), &names, "};");
        }
    }
}
