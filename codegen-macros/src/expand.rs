//! `#[api]` on a module: find the version modules, print them as the files the
//! CLI would read, run the generator, and put its output next to the user's
//! types — or turn its diagnostics into `compile_error!`s at the user's tokens.

use std::collections::BTreeMap;
use std::path::PathBuf;

use kube_codegen::diag::{Diagnostic, Diagnostics};
use kube_codegen::parse::ParseOptions;
use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;

use crate::generate::{self, TypeOutput};
use crate::source_map::SourceMap;

/// The attribute's arguments: `#[api(group = "shop.example.com")]`.
#[derive(Default)]
struct Args {
    /// The API group, instead of `//! +groupName=` in the module.
    group: Option<String>,
    /// `Kind → plural` overrides, as `plural_exceptions = "Kind:plural,..."`.
    plural_exceptions: BTreeMap<String, String>,
}

impl Args {
    fn parse(attr: TokenStream) -> syn::Result<Args> {
        let mut args = Args::default();
        let parser = syn::meta::parser(|meta| {
            if meta.path.is_ident("group") {
                let value: syn::LitStr = meta.value()?.parse()?;
                args.group = Some(value.value());
                Ok(())
            } else if meta.path.is_ident("plural_exceptions") {
                let value: syn::LitStr = meta.value()?.parse()?;
                for pair in value
                    .value()
                    .split(',')
                    .map(str::trim)
                    .filter(|p| !p.is_empty())
                {
                    match pair.split_once(':') {
                        Some((kind, plural))
                            if !kind.trim().is_empty() && !plural.trim().is_empty() =>
                        {
                            args.plural_exceptions
                                .insert(kind.trim().to_owned(), plural.trim().to_owned());
                        }
                        _ => {
                            return Err(syn::Error::new(
                                value.span(),
                                format!(
                                    "`{pair}` is not a `Kind:plural` pair (example: `Endpoints:endpoints`)"
                                ),
                            ));
                        }
                    }
                }
                Ok(())
            } else {
                Err(meta.error(
                    "unknown argument: expected `group = \"...\"` or `plural_exceptions = \"Kind:plural,...\"`",
                ))
            }
        });
        syn::parse::Parser::parse2(parser, attr)?;
        Ok(args)
    }
}

/// The macro: the module with generated impls, or the module as written plus
/// the errors (so that the errors are all rustc reports).
pub fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    match try_expand(attr, item.clone()) {
        Ok(tokens) => tokens,
        Err(error) => {
            let errors = error.to_compile_error();
            quote!(#item #errors)
        }
    }
}

/// A version module found in the input, by its path of module indices.
struct VersionModule {
    /// Index of the module among the annotated module's items, `None` for the
    /// annotated module itself.
    index: Option<usize>,
    name: String,
}

fn try_expand(attr: TokenStream, item: TokenStream) -> syn::Result<TokenStream> {
    let args = Args::parse(attr)?;
    let mut module: syn::ItemMod = syn::parse2(item).map_err(|e| {
        syn::Error::new(
            e.span(),
            "`#[kube_codegen_macros::api]` goes on a module that holds an API version: \
             `mod v1 { //! +groupName=... }`",
        )
    })?;
    let Some((_, items)) = &module.content else {
        return Err(syn::Error::new(
            module.ident.span(),
            "the module must be written inline (`mod v1 { ... }`): a macro cannot read a module from another file",
        ));
    };

    let versions = find_versions(&module, items, args.group.is_some())?;
    let group_module = if versions.iter().any(|v| v.index.is_none()) {
        "api".to_owned()
    } else {
        module.ident.to_string()
    };
    let mut files = Vec::new();
    let mut maps: BTreeMap<PathBuf, SourceMap> = BTreeMap::new();
    for version in &versions {
        let target = version_mod(&module, version.index);
        let dir = PathBuf::from(&group_module).join(&version.name);
        let mut header = SourceMap::new();
        for attr in target.attrs.iter().filter(|a| is_inner(a)) {
            header.tokens(attr.to_token_stream());
        }
        if let Some(group) = &args.group {
            header.raw(&format!("\n//! +groupName={group}\n"));
        }
        header.raw("\nmod types;\n");
        let mut body = SourceMap::new();
        for item in &target.content.as_ref().expect("inline").1 {
            body.tokens(item.to_token_stream());
        }
        for (name, map) in [("mod.rs", header), ("types.rs", body)] {
            let path = dir.join(name);
            files.push((path.clone(), map.text().to_owned()));
            maps.insert(path, map);
        }
    }

    let opts = ParseOptions {
        plural_exceptions: args.plural_exceptions.clone(),
    };
    let outputs = generate::fallback(|| generate::generate(&files, &opts))
        .map_err(|diags| to_error(&diags, &maps, module.ident.span()))?;

    for version in &versions {
        let target = version_mod_mut(&mut module, version.index);
        strip_marker_docs(&mut target.attrs);
        let outputs: BTreeMap<&str, &TypeOutput> = outputs
            .iter()
            .filter(|o| o.version_module == version.name)
            .map(|o| (o.name.as_str(), o))
            .collect();
        let items = std::mem::take(&mut target.content.as_mut().expect("inline").1);
        let mut new_items = Vec::with_capacity(items.len() * 2);
        for mut item in items {
            let output = type_name(&item).and_then(|name| outputs.get(name.as_str()).copied());
            if let Some(output) = output {
                rewrite_type(&mut item, output)?;
                new_items.push(item);
                if !output.code.is_empty() {
                    let generated: syn::File = syn::parse_str(&output.code).map_err(|e| {
                        syn::Error::new(
                            Span::call_site(),
                            format!("internal error: kube-codegen generated invalid code for `{}`: {e}; please report this", output.name),
                        )
                    })?;
                    new_items.extend(generated.items);
                }
            } else {
                new_items.push(item);
            }
        }
        target.content.as_mut().expect("inline").1 = new_items;
    }
    Ok(module.into_token_stream())
}

/// The version modules: the annotated module itself when it names its group,
/// else its inline child modules that do.
fn find_versions(
    module: &syn::ItemMod,
    items: &[syn::Item],
    group_given: bool,
) -> syn::Result<Vec<VersionModule>> {
    if group_given || has_group_name(&module.attrs) {
        return Ok(vec![VersionModule {
            index: None,
            name: module.ident.to_string(),
        }]);
    }
    let children: Vec<VersionModule> = items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| match item {
            syn::Item::Mod(m) if m.content.is_some() && has_group_name(&m.attrs) => {
                Some(VersionModule {
                    index: Some(i),
                    name: m.ident.to_string(),
                })
            }
            _ => None,
        })
        .collect();
    if children.is_empty() {
        return Err(syn::Error::new(
            module.ident.span(),
            format!(
                "no API group: start the module with `//! +groupName=<group>` (or write \
                 `#[kube_codegen_macros::api(group = \"<group>\")]`), or put version modules \
                 that do so inside it, such as `mod v1 {{ //! +groupName={}.example.com ... }}`",
                module.ident
            ),
        ));
    }
    Ok(children)
}

fn version_mod(module: &syn::ItemMod, index: Option<usize>) -> &syn::ItemMod {
    match index {
        None => module,
        Some(i) => match &module.content.as_ref().expect("inline").1[i] {
            syn::Item::Mod(m) => m,
            _ => unreachable!("indices point at modules"),
        },
    }
}

fn version_mod_mut(module: &mut syn::ItemMod, index: Option<usize>) -> &mut syn::ItemMod {
    match index {
        None => module,
        Some(i) => match &mut module.content.as_mut().expect("inline").1[i] {
            syn::Item::Mod(m) => m,
            _ => unreachable!("indices point at modules"),
        },
    }
}

fn is_inner(attr: &syn::Attribute) -> bool {
    matches!(attr.style, syn::AttrStyle::Inner(_))
}

fn doc_value(attr: &syn::Attribute) -> Option<String> {
    if !attr.path().is_ident("doc") {
        return None;
    }
    match &attr.meta {
        syn::Meta::NameValue(syn::MetaNameValue {
            value:
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }),
            ..
        }) => Some(s.value()),
        _ => None,
    }
}

/// A marker line: `+` then a letter, as the parser reads them.
fn is_marker_line(line: &str) -> bool {
    let mut chars = line.trim_start().chars();
    chars.next() == Some('+') && chars.next().is_some_and(|c| c.is_ascii_alphabetic())
}

fn has_group_name(attrs: &[syn::Attribute]) -> bool {
    attrs
        .iter()
        .filter(|a| is_inner(a))
        .filter_map(doc_value)
        .any(|doc| {
            doc.lines().any(|line| {
                let line = line.trim_start();
                line.strip_prefix("+groupName")
                    .is_some_and(|rest| rest.trim_start().starts_with('='))
            })
        })
}

/// Removes marker lines from doc attributes: they are input for the
/// generator, not documentation (the CLI leaves them out of its output too).
fn strip_marker_docs(attrs: &mut Vec<syn::Attribute>) {
    attrs.retain_mut(|attr| {
        let Some(doc) = doc_value(attr) else {
            return true;
        };
        if !doc.lines().any(is_marker_line) {
            return true;
        }
        let kept: Vec<&str> = doc.split('\n').filter(|l| !is_marker_line(l)).collect();
        if kept.iter().all(|l| l.trim().is_empty()) {
            return false;
        }
        let value = kept.join("\n");
        let span = attr.span();
        if let syn::Meta::NameValue(nv) = &mut attr.meta {
            nv.value = syn::parse_quote_spanned!(span=> #value);
        }
        true
    });
}

fn type_name(item: &syn::Item) -> Option<String> {
    match item {
        syn::Item::Struct(s) => Some(s.ident.to_string()),
        syn::Item::Enum(e) => Some(e.ident.to_string()),
        _ => None,
    }
}

/// The user's type as the generated impls need it: no derived `Clone` when the
/// deep copy is generated, `#[serde(remote = "Self")]` when the generated
/// `Serialize` writes `apiVersion` and `kind`, no marker lines in the docs.
fn rewrite_type(item: &mut syn::Item, output: &TypeOutput) -> syn::Result<()> {
    let attrs = match item {
        syn::Item::Struct(s) => {
            for field in s.fields.iter_mut() {
                strip_marker_docs(&mut field.attrs);
            }
            &mut s.attrs
        }
        syn::Item::Enum(e) => {
            for variant in e.variants.iter_mut() {
                strip_marker_docs(&mut variant.attrs);
                for field in variant.fields.iter_mut() {
                    strip_marker_docs(&mut field.attrs);
                }
            }
            &mut e.attrs
        }
        _ => return Ok(()),
    };
    strip_marker_docs(attrs);
    if output.deepcopy {
        let mut kept = Vec::with_capacity(attrs.len());
        for attr in attrs.drain(..) {
            if !attr.path().is_ident("derive") {
                kept.push(attr);
                continue;
            }
            let paths =
                attr.parse_args_with(Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)?;
            let paths: Vec<&syn::Path> = paths
                .iter()
                .filter(|p| p.segments.last().is_none_or(|s| s.ident != "Clone"))
                .collect();
            if !paths.is_empty() {
                let span = attr.span();
                kept.push(syn::parse_quote_spanned!(span=> #[derive(#(#paths),*)]));
            }
        }
        *attrs = kept;
    }
    if output.remote {
        attrs.push(syn::parse_quote!(#[serde(remote = "Self")]));
    }
    Ok(())
}

/// Every error diagnostic as one `compile_error!` at the token it is about.
fn to_error(
    diags: &Diagnostics,
    maps: &BTreeMap<PathBuf, SourceMap>,
    fallback: Span,
) -> syn::Error {
    let mut errors = diags.iter().filter(|d| d.is_error()).map(|d| {
        let span = maps
            .get(&d.location.file)
            .and_then(|map| map.span_at(d.location.line, d.location.column))
            .unwrap_or(fallback);
        syn::Error::new(span, message(d))
    });
    let mut first = errors.next().unwrap_or_else(|| {
        syn::Error::new(
            fallback,
            "kube-codegen rejected the input without saying why; please report this",
        )
    });
    for e in errors {
        first.combine(e);
    }
    first
}

fn message(d: &Diagnostic) -> String {
    match &d.help {
        Some(help) => format!("{}\n= help: {help}", d.message),
        None => d.message.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kube_codegen::emit::{Content, EmitOptions};

    const SOURCE: &str = include_str!("../tests/equivalence/shop.rs");

    /// The annotated module of `tests/equivalence/shop.rs`, without its attribute.
    fn input_module() -> syn::ItemMod {
        let file = syn::parse_file(SOURCE).unwrap();
        let mut module = file
            .items
            .into_iter()
            .find_map(|item| match item {
                syn::Item::Mod(m) => Some(m),
                _ => None,
            })
            .unwrap();
        module
            .attrs
            .retain(|a| !a.path().segments.iter().any(|s| s.ident == "api"));
        module
    }

    fn impls(items: &[syn::Item], out: &mut Vec<String>) {
        for item in items {
            match item {
                syn::Item::Impl(i) => out.push(i.to_token_stream().to_string()),
                syn::Item::Const(c) if c.ident == "_" => {
                    if let syn::Expr::Block(block) = &*c.expr {
                        let inner: Vec<syn::Item> = block
                            .block
                            .stmts
                            .iter()
                            .filter_map(|s| match s {
                                syn::Stmt::Item(item) => Some(item.clone()),
                                _ => None,
                            })
                            .collect();
                        impls(&inner, out);
                    }
                }
                _ => {}
            }
        }
    }

    #[test]
    fn the_impls_are_the_clis_token_for_token() {
        let expanded = expand(TokenStream::new(), input_module().into_token_stream());
        let expanded: syn::ItemMod = syn::parse2(expanded).unwrap();
        let mut from_macro = Vec::new();
        impls(&expanded.content.unwrap().1, &mut from_macro);
        // The CRD accessors exist only where there is no `crds` module.
        from_macro.retain(|i| !i.contains("fn crd"));

        // The CLI, given the module's text as `shop/v1/{mod,types}.rs`.
        let (mut module, mut types) = (String::new(), String::new());
        let body = &SOURCE[SOURCE.find("pub mod v1 {").unwrap() + 12..SOURCE.rfind('}').unwrap()];
        for line in body.lines() {
            let target = if line.trim_start().starts_with("//!") {
                &mut module
            } else {
                &mut types
            };
            target.push_str(line.trim_start());
            target.push('\n');
        }
        module.push_str("mod types;\n");
        let files = vec![
            (PathBuf::from("shop/v1/mod.rs"), module),
            (PathBuf::from("shop/v1/types.rs"), types),
        ];
        let parsed = kube_codegen::parse::parse_sources(&files, &ParseOptions::default()).unwrap();
        let emitted = kube_codegen::emit::types::emit_types(&parsed.api, &EmitOptions::default());
        let file = emitted
            .iter()
            .find(|f| f.path == std::path::Path::new("src/apis/shop/v1/types.rs"))
            .unwrap();
        let Content::Rust(text) = &file.content else {
            panic!("Rust")
        };
        let cli: syn::File = syn::parse_file(text).unwrap();
        let mut from_cli = Vec::new();
        impls(&cli.items, &mut from_cli);
        // What the runtime serves the kind with: the CLI's crates depend on
        // kube-codegen-runtime, the macro's user crate need not.
        from_cli.retain(|i| !i.starts_with("impl kube_codegen_runtime :: Kind"));

        from_macro.sort();
        from_cli.sort();
        assert!(
            from_cli.len() >= 10,
            "clones, Resource, Metadata, serde, inherent: {from_cli:#?}"
        );
        assert_eq!(from_macro, from_cli);
    }

    #[test]
    fn marker_lines_leave_the_docs_and_clone_leaves_the_derives() {
        let expanded = expand(TokenStream::new(), input_module().into_token_stream()).to_string();
        assert!(
            !expanded.contains("+genclient") && !expanded.contains("+groupName"),
            "{expanded}"
        );
        assert!(expanded.contains("An order for some items"));
        assert!(!expanded.contains("derive (Clone"), "{expanded}");
        assert!(expanded.contains("remote = \"Self\""));
    }
}
