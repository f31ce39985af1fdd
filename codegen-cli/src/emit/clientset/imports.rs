//! `use` lines for generated files: bodies are written with short names
//! (`PostParams`, `Result`, ...), and the imports of the names a file actually
//! uses are added on top, so files stay readable and free of unused imports.

use std::collections::BTreeSet;

use proc_macro2::{TokenStream, TokenTree};
use quote::quote;

/// Short names the clientset files use, and what they import.
const KNOWN: &[(&str, &str)] = &[
    ("Arc", "std::sync::Arc"),
    ("Future", "std::future::Future"),
    ("DeleteParams", "kube::api::DeleteParams"),
    ("ListParams", "kube::api::ListParams"),
    ("ObjectList", "kube::api::ObjectList"),
    ("Patch", "kube::api::Patch"),
    ("PatchParams", "kube::api::PatchParams"),
    ("PostParams", "kube::api::PostParams"),
    ("WatchParams", "kube::api::WatchParams"),
    ("ApplyParams", "crate::clientset::ApplyParams"),
    ("DeleteResponse", "crate::clientset::DeleteResponse"),
    ("Error", "crate::clientset::Error"),
    ("Result", "crate::clientset::Result"),
    ("WatchStream", "crate::clientset::WatchStream"),
    ("RawClient", "crate::clientset::request::RawClient"),
    ("Fixture", "crate::clientset::fake::Fixture"),
    (
        "FakeResource",
        "crate::clientset::fake::resource::FakeResource",
    ),
    ("ResourceInfo", "crate::clientset::fake::info::ResourceInfo"),
    ("ScaleInfo", "crate::clientset::fake::info::ScaleInfo"),
];

/// Whether a name is one of the imported short names (a kind with such a name is
/// referred to by its full path instead).
pub(crate) fn is_reserved(name: &str) -> bool {
    KNOWN.iter().any(|(short, _)| *short == name)
}

/// Collects the known names used as the first segment of a path.
fn collect(tokens: TokenStream, used: &mut BTreeSet<&'static str>) {
    let mut after_colons = false;
    let mut colons = 0;
    for token in tokens {
        match token {
            TokenTree::Group(group) => {
                collect(group.stream(), used);
                colons = 0;
                after_colons = false;
            }
            TokenTree::Punct(p) if p.as_char() == ':' => {
                colons += 1;
                after_colons = colons >= 2;
            }
            TokenTree::Ident(ident) => {
                if !after_colons {
                    let name = ident.to_string();
                    if let Some((short, _)) = KNOWN.iter().find(|(s, _)| *s == name) {
                        used.insert(short);
                    }
                }
                colons = 0;
                after_colons = false;
            }
            _ => {
                colons = 0;
                after_colons = false;
            }
        }
    }
}

/// The `use` items for the known names `body` uses, one per module
/// (`use kube::api::{ListParams, PostParams};`).
pub(crate) fn imports_for(body: &TokenStream) -> TokenStream {
    let mut used = BTreeSet::new();
    collect(body.clone(), &mut used);
    let mut by_module: Vec<(&str, Vec<&str>)> = Vec::new();
    for (short, path) in KNOWN.iter().filter(|(short, _)| used.contains(short)) {
        let module = &path[..path.len() - short.len() - 2];
        match by_module.iter_mut().find(|(m, _)| *m == module) {
            Some((_, names)) => names.push(short),
            None => by_module.push((module, vec![short])),
        }
    }
    by_module
        .into_iter()
        .map(|(module, names)| {
            let module: syn::Path = syn::parse_str(module).expect("known module path");
            let names = names
                .iter()
                .map(|n| proc_macro2::Ident::new(n, proc_macro2::Span::call_site()));
            if names.len() == 1 {
                quote!(use #module::#(#names)*;)
            } else {
                quote!(use #module::{#(#names),*};)
            }
        })
        .collect()
}
