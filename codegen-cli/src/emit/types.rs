//! The API types copied into the generated crate, with their deep-copy `Clone`
//! and register impls: everything under `src/apis/`.
//!
//! Each input file becomes `src/apis/<group>/<version>/<stem>.rs` holding its
//! types as written (docs, derives, serde attributes), then each type's impls,
//! then the file's other items verbatim. Derives the generated crate cannot
//! compile (`schemars::JsonSchema`, `kube::CustomResource`, ...) are dropped, and
//! so is every `use` nothing in the output needs any more.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::{TokenStream, TokenTree};
use quote::quote;

use crate::emit::rust_type::{LocalTypes, TypeNames, ident, last_segment};
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
/// caller can render it and drop its tokens before the next one is built).
pub fn emit_types_each(api: &Api, _opts: &EmitOptions, sink: &mut dyn FnMut(GeneratedFile)) {
    sink(apis_mod(api));
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
                sink(GeneratedFile::rust(
                    format!("{dir}/{}.rs", file.stem),
                    type_file(group, version, file, &locals),
                ));
            }
        }
    }
}

/// `src/apis/mod.rs`: the group modules and the registry of known kinds.
fn apis_mod(api: &Api) -> GeneratedFile {
    let groups = api.groups.iter().map(|g| {
        let module = ident(&g.module);
        quote!(pub mod #module;)
    });
    let versions: Vec<TokenStream> = api
        .groups
        .iter()
        .flat_map(|g| {
            g.versions.iter().map(move |v| {
                let (group, version) = (ident(&g.module), ident(&v.module));
                quote!(#group::#version)
            })
        })
        .collect();
    let registry = register::known_kinds_fn(&versions);
    GeneratedFile::rust(
        "src/apis/mod.rs",
        quote! {
            #![doc = " One module per API group and one submodule per version, each holding"]
            #![doc = " its types; `known_kinds` lists every kind."]

            #(#groups)*

            #registry
        },
    )
}

/// `src/apis/<group>/mod.rs`.
fn group_mod(group: &Group) -> GeneratedFile {
    let versions: Vec<_> = group
        .versions
        .iter()
        .map(|v| format!("`{}`", v.name))
        .collect();
    let title = if group.name.is_empty() {
        " The legacy core API group.".to_owned()
    } else {
        format!(" The `{}` API group.", group.name)
    };
    let listing = format!(" Versions, most preferred first: {}.", versions.join(", "));
    let name = &group.name;
    let modules = group.versions.iter().map(|v| {
        let module = ident(&v.module);
        quote!(pub mod #module;)
    });
    GeneratedFile::rust(
        format!("src/apis/{}/mod.rs", group.module),
        quote! {
            #![doc = #title]
            #![doc = ""]
            #![doc = #listing]

            /// The name of the API group.
            pub const GROUP: &str = #name;

            #(#modules)*
        },
    )
}

/// `src/apis/<group>/<version>/mod.rs`: the version's docs, its files
/// re-exported, its group/version constants and its `KINDS`.
fn version_mod(group: &Group, version: &Version) -> TokenStream {
    let mut docs = doc_lines(&version.docs);
    while docs.last().is_some_and(|d| d.trim().is_empty()) {
        docs.pop();
    }
    if docs.is_empty() {
        docs.push(format!(
            " Version `{}` of the `{}` API group.",
            version.name, group.name
        ));
    }
    let files = version.files.iter().map(|f| {
        let module = ident(&f.stem);
        // A glob re-export of a file with nothing public would be an unused import.
        let exports = !f.types.is_empty()
            || crate::emit::rust_type::parse_items(&f.items)
                .iter()
                .any(|item| matches!(item_vis(item), Some(syn::Visibility::Public(_))));
        let reexport = exports.then(|| quote!(pub use #module::*;));
        quote! {
            mod #module;
            #reexport
        }
    });
    let (group_name, version_name) = (&group.name, &version.name);
    let api_version = register::api_version(group, version);
    let kinds = register::known_kinds_const(group, version);
    quote! {
        #(#![doc = #docs])*

        #(#files)*

        /// The API group of this version.
        pub const GROUP: &str = #group_name;
        /// The name of this version within its group.
        pub const VERSION: &str = #version_name;
        /// `GROUP/VERSION`, the `apiVersion` of this version's objects.
        pub const API_VERSION: &str = #api_version;

        #kinds
    }
}

/// One input file's types, each followed by its impls, then its other items.
fn type_file(
    group: &Group,
    version: &Version,
    file: &SourceFile,
    locals: &LocalTypes,
) -> TokenStream {
    let names = TypeNames::for_file(file);
    let mut body = TokenStream::new();
    // What the user wrote (types and items), as opposed to the impls generated
    // here, which spell every name they need in full or through `names`: only
    // this decides which of the input's `use`s are still needed.
    let mut written = TokenStream::new();
    for ty in &file.types {
        let remote = register::writes_type_meta(ty);
        let def = type_def(ty, &names, locals, remote);
        written.extend(def.clone());
        body.extend(def);
        body.extend(deepcopy::clone_impl(ty, &locals.copy));
        if remote {
            body.extend(register::type_meta_serde(ty));
        }
        if let Some(kind) = &ty.kind {
            body.extend(register::kind_impls(
                group, version, ty, kind, &names, locals,
            ));
            body.extend(register::runtime_kind_impl(group, version, ty, kind));
        }
    }
    for text in &file.items {
        let item = verbatim_item(text);
        written.extend(item.clone());
        body.extend(item);
    }
    let uses = uses(version, file, &names, &written);
    let errors = attribute_errors(file);
    quote! {
        #uses
        #errors
        #body
    }
}

/// A struct or enum as the user wrote it, minus `Clone` and foreign derives.
fn type_def(ty: &TypeDef, names: &TypeNames, locals: &LocalTypes, remote: bool) -> TokenStream {
    let docs = doc_attrs(&ty.docs);
    let derives: Vec<syn::Path> = ty
        .derives
        .iter()
        .filter(|d| KEPT_DERIVES.contains(&last_segment(d)))
        // `Copy` needs `Clone`, which `+k8s:deepcopy-gen=false` leaves out.
        .filter(|d| last_segment(d) != "Copy" || locals.copy.contains(&ty.name))
        .filter_map(|d| syn::parse_str(d).ok())
        .collect();
    let derive = (!derives.is_empty()).then(|| quote!(#[derive(#(#derives),*)]));
    let name = ident(&ty.name);
    match &ty.body {
        TypeBody::Struct(def) => {
            let mut attrs =
                container_attrs(&def.serde_attrs, def.rename_all.as_deref(), def.default);
            if remote {
                // The derived (de)serializer becomes inherent fns that the
                // `apiVersion`/`kind`-writing trait impls wrap (see `register`).
                attrs.push(quote!(#[serde(remote = "Self")]));
            }
            let fields = def.fields.iter().map(|f| field(f, names, true));
            quote! {
                #(#docs)*
                #derive
                #(#attrs)*
                pub struct #name {
                    #(#fields,)*
                }
            }
        }
        TypeBody::Newtype(def) => {
            let attrs = container_attrs(&def.serde_attrs, None, false);
            let inner = names.render(&def.inner);
            quote! {
                #(#docs)*
                #derive
                #(#attrs)*
                pub struct #name(pub #inner);
            }
        }
        TypeBody::Enum(def) => {
            let attrs = container_attrs(&def.serde_attrs, def.rename_all.as_deref(), false);
            let has_default = derives.iter().any(|d| last_path_ident(d) == "Default");
            let variants = variants(def, names, has_default);
            quote! {
                #(#docs)*
                #derive
                #(#attrs)*
                pub enum #name {
                    #(#variants,)*
                }
            }
        }
    }
}

/// A named field (`pub` in a struct, without visibility in an enum variant),
/// with the serde attributes null safety asks for.
fn field(field: &Field, names: &TypeNames, public: bool) -> TokenStream {
    let docs = doc_attrs(&field.docs);
    let mut attrs: Vec<TokenStream> = field.serde_attrs.iter().map(|a| serde_attr(a)).collect();
    let written = serde_keys(&field.serde_attrs);
    // The model records these separately; make sure the output keeps them even
    // if the parser did not also list them among the verbatim attributes.
    if field.flatten && !written.contains("flatten") {
        attrs.push(quote!(#[serde(flatten)]));
    }
    if field.skip && !written.contains("skip") {
        attrs.push(quote!(#[serde(skip)]));
    }
    if field.serde_default && !written.contains("default") && !field.skip {
        attrs.push(quote!(#[serde(default)]));
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
        attrs.push(if skips_empty_bytes {
            quote!(#[serde(skip_serializing_if = "kube_codegen_runtime::wire::is_none_or_empty_bytes")])
        } else {
            quote!(#[serde(skip_serializing_if = "Option::is_none")])
        });
    } else if skips_empty_bytes && !field.ty.is_option() {
        if !written.contains("default") && !field.serde_default {
            attrs.push(quote!(#[serde(default)]));
        }
        attrs.push(if field.serializes_itself {
            quote!(#[serde(skip_serializing_if = "Vec::is_empty")])
        } else {
            quote!(#[serde(skip_serializing_if = "kube_codegen_runtime::wire::is_empty_bytes")])
        });
    }
    let name = ident(&field.name);
    let ty = names.render(&field.ty);
    let vis = public.then(|| quote!(pub));
    quote! {
        #(#docs)*
        #(#attrs)*
        #vis #name: #ty
    }
}

fn variants<'a>(
    def: &'a EnumDef,
    names: &'a TypeNames,
    has_default: bool,
) -> impl Iterator<Item = TokenStream> + 'a {
    def.variants.iter().map(move |v| {
        let docs = doc_attrs(&v.docs);
        let attrs = v.serde_attrs.iter().map(|a| serde_attr(a));
        let default = (v.is_default && has_default).then(|| quote!(#[default]));
        let name = ident(&v.name);
        let data = match &v.data {
            VariantData::Unit => TokenStream::new(),
            VariantData::Newtype(inner) => {
                let docs = doc_attrs(&inner.docs);
                let attrs = inner.serde_attrs.iter().map(|a| serde_attr(a));
                let ty = names.render(&inner.ty);
                quote!((#(#docs)* #(#attrs)* #ty))
            }
            VariantData::Struct(fields) => {
                let fields = fields.iter().map(|f| field(f, names, false));
                quote!({ #(#fields,)* })
            }
        };
        quote! {
            #(#docs)*
            #default
            #(#attrs)*
            #name #data
        }
    })
}

/// Container serde attributes as written, plus `rename_all`/`default` when the
/// model holds them only in its typed fields.
fn container_attrs(
    written: &[String],
    rename_all: Option<&str>,
    default: bool,
) -> Vec<TokenStream> {
    let mut attrs: Vec<TokenStream> = written.iter().map(|a| serde_attr(a)).collect();
    let keys = serde_keys(written);
    if let Some(rule) = rename_all.filter(|_| !keys.contains("rename_all")) {
        attrs.push(quote!(#[serde(rename_all = #rule)]));
    }
    if default && !keys.contains("default") {
        attrs.push(quote!(#[serde(default)]));
    }
    attrs
}

/// Parses one serde attribute as the model holds it: a whole attribute
/// (`#[serde(default)]`), `serde(default)`, or only the inside (`default`).
fn parse_serde_attr(text: &str) -> syn::Result<syn::Attribute> {
    let text = text.trim();
    let full = if text.starts_with("#[") {
        text.to_owned()
    } else if text.starts_with("serde") && text[5..].trim_start().starts_with('(') {
        format!("#[{text}]")
    } else {
        format!("#[serde({text})]")
    };
    let mut attrs = syn::parse::Parser::parse_str(syn::Attribute::parse_outer, &full)?;
    match attrs.len() {
        1 => Ok(attrs.remove(0)),
        _ => Err(syn::Error::new(
            proc_macro2::Span::call_site(),
            "expected one attribute",
        )),
    }
}

/// One serde attribute; one that does not parse is left out here and reported
/// by [`attribute_errors`].
fn serde_attr(text: &str) -> TokenStream {
    match parse_serde_attr(text) {
        Ok(attr) => quote!(#attr),
        Err(_) => TokenStream::new(),
    }
}

/// A `compile_error!` for each serde attribute of the file that cannot be read
/// back. The parser took them from valid Rust, so this is a generator bug; the
/// build says so rather than silently changing the wire format.
fn attribute_errors(file: &SourceFile) -> TokenStream {
    let mut errors = TokenStream::new();
    for ty in &file.types {
        for text in serde_strings(ty) {
            if let Err(err) = parse_serde_attr(text) {
                let message = format!(
                    "kube-codegen could not re-emit the attribute `{text}` of `{}`: {err}",
                    ty.name
                );
                errors.extend(quote!(compile_error!(#message);));
            }
        }
    }
    errors
}

/// The keys (`rename`, `default`, `flatten`, ...) the attributes set.
fn serde_keys(written: &[String]) -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    for text in written {
        let Ok(attr) = parse_serde_attr(text) else {
            continue;
        };
        let Ok(list) = attr.meta.require_list() else {
            continue;
        };
        let mut expect_key = true;
        for tree in list.tokens.clone() {
            match tree {
                TokenTree::Ident(key) if expect_key => {
                    keys.insert(key.to_string());
                    expect_key = false;
                }
                TokenTree::Punct(p) if p.as_char() == ',' => expect_key = true,
                _ => {}
            }
        }
    }
    keys
}

/// An item of the input file, re-emitted as written.
fn verbatim_item(text: &str) -> TokenStream {
    match syn::parse_file(text) {
        Ok(file) => {
            let items = file.items;
            quote!(#(#items)*)
        }
        Err(err) => {
            let message = format!("kube-codegen could not re-emit an item of the input: {err}");
            quote!(compile_error!(#message);)
        }
    }
}

/// `#[doc = "..."]` for each line, with the space after `///` that the model's
/// doc lines (stripped of it, like rustdoc does) leave out.
pub(crate) fn doc_attrs(lines: &[String]) -> Vec<TokenStream> {
    doc_lines(lines)
        .into_iter()
        .map(|line| quote!(#[doc = #line]))
        .collect()
}

fn doc_lines(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        // `"".lines()` is empty, but a blank doc line is a paragraph break.
        .flat_map(|l| l.split('\n').map(str::to_owned).collect::<Vec<_>>())
        .map(|line| {
            if line.trim().is_empty() {
                String::new()
            } else {
                format!(" {line}")
            }
        })
        .collect()
}

fn last_path_ident(path: &syn::Path) -> String {
    path.segments
        .last()
        .map(|s| s.ident.to_string())
        .unwrap_or_default()
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
fn uses(
    version: &Version,
    file: &SourceFile,
    names: &TypeNames,
    written: &TokenStream,
) -> TokenStream {
    let mut used = BTreeSet::new();
    collect_idents(written, &mut used);
    // `#[serde(default = "default_port")]`, `skip_serializing_if = "BTreeMap::is_empty"`:
    // serde attributes name functions and types inside string literals.
    for ty in &file.types {
        for attr in serde_strings(ty) {
            used.extend(words(attr));
        }
    }
    // Names a `use super::*` could be importing: the sibling files' types and items.
    let siblings: BTreeSet<String> = version
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
        .collect();
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
        let Ok(item) = syn::parse_str::<syn::ItemUse>(text) else {
            continue;
        };
        let mut found = Vec::new();
        flatten_use(&item.tree, &mut Vec::new(), &mut found);
        for mut leaf in found {
            rewrite_crate_path(&mut leaf.path);
            let keep = match leaf.binding() {
                Some("_") => !file.items.is_empty(),
                Some(binding) => {
                    used.contains(binding)
                        && !names.imports().contains_key(binding)
                        && !here.contains(binding)
                }
                None => match leaf.path.first().map(String::as_str) {
                    Some("super" | "crate" | "self") => siblings
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
    render_uses(leaves)
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
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
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
fn render_uses(leaves: BTreeSet<UseLeaf>) -> TokenStream {
    let mut by_parent: BTreeMap<(u8, Vec<String>), Vec<TokenStream>> = BTreeMap::new();
    for leaf in leaves {
        let (parent, entry) = if leaf.glob {
            (leaf.path.clone(), quote!(*))
        } else {
            let Some((last, parent)) = leaf.path.split_last() else {
                continue;
            };
            let last = ident(last);
            let entry = match leaf.alias.as_deref() {
                Some("_") => quote!(#last as _),
                Some(alias) => {
                    let alias = ident(alias);
                    quote!(#last as #alias)
                }
                None => quote!(#last),
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
    let items = by_parent.into_iter().map(|((_, parent), names)| {
        let parent: Vec<_> = parent.iter().map(|s| ident(s)).collect();
        let prefix = quote!(#(#parent::)*);
        if let [name] = names.as_slice() {
            quote!(use #prefix #name;)
        } else {
            quote!(use #prefix {#(#names),*};)
        }
    });
    quote!(#(#items)*)
}
