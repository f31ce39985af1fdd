//! Module files that tie the per-kind files together: for each of `src/listers/`
//! and `src/informers/`, one `mod.rs` per group and per version.

use std::collections::BTreeMap;

use proc_macro2::TokenStream;
use quote::quote;

use super::naming::{InformerKind, group_module, group_struct, ident, version_struct};
use crate::emit::GeneratedFile;
use crate::model::{Group, Version};

/// The kinds of one group, by version module.
pub type VersionsOf<'k, 'a> = BTreeMap<&'a str, Vec<&'k InformerKind<'a>>>;

/// The kinds grouped by group name, then version module.
pub fn by_group<'k, 'a>(kinds: &'k [InformerKind<'a>]) -> BTreeMap<&'a str, VersionsOf<'k, 'a>> {
    let mut groups: BTreeMap<&'a str, VersionsOf<'k, 'a>> = BTreeMap::new();
    for kind in kinds {
        groups
            .entry(kind.group.name.as_str())
            .or_default()
            .entry(kind.version.module.as_str())
            .or_default()
            .push(kind);
    }
    groups
}

/// `myapp.k8s.io/v1` (`v1` for the core group).
fn group_version(group: &Group, version: &Version) -> String {
    if group.name.is_empty() {
        version.name.clone()
    } else {
        format!("{}/{}", group.name, version.name)
    }
}

/// `the `myapp.k8s.io` API group` (or `the core API group`).
fn group_label(group: &Group) -> String {
    if group.name.is_empty() {
        "the core API group".to_owned()
    } else {
        format!("the `{}` API group", group.name)
    }
}

/// `src/listers/<group>/mod.rs` and `src/listers/<group>/<version>/mod.rs`.
pub fn lister_modules(
    group: &Group,
    versions: &VersionsOf<'_, '_>,
    support: &[&str],
) -> Vec<GeneratedFile> {
    let dir = format!("src/listers/{}", group_module(group, support));
    let mut files = Vec::new();
    let group_doc = format!(" Listers of {}.", group_label(group));
    let version_mods = versions.keys().map(|v| ident(v));
    files.push(GeneratedFile::rust(
        format!("{dir}/mod.rs"),
        quote! {
            #![doc = #group_doc]

            #(pub mod #version_mods;)*
        },
    ));
    for (module, kinds) in versions {
        let version = kinds[0].version;
        let doc = format!(" Listers of `{}`.", group_version(group, version));
        let mods = kinds.iter().map(|k| ident(&k.file_stem()));
        let uses = kinds.iter().map(|k| {
            let module = ident(&k.file_stem());
            let lister = k.lister_ident();
            if k.kind.namespaced {
                let ns_lister = k.namespace_lister_ident();
                quote!(pub use #module::{#lister, #ns_lister};)
            } else {
                quote!(pub use #module::#lister;)
            }
        });
        files.push(GeneratedFile::rust(
            format!("{dir}/{module}/mod.rs"),
            quote! {
                #![doc = #doc]

                #(mod #mods;)*

                #(#uses)*
            },
        ));
    }
    files
}

/// `src/informers/<group>/mod.rs` (the group's accessor struct) and
/// `src/informers/<group>/<version>/mod.rs` (the version's, with one method per kind).
pub fn informer_modules(
    group: &Group,
    versions: &VersionsOf<'_, '_>,
    support: &[&str],
) -> Vec<GeneratedFile> {
    let dir = format!("src/informers/{}", group_module(group, support));
    let group_struct = group_struct(group);
    let group_accessor = super::naming::group_accessor(group);
    let mut files = Vec::new();
    let version_accessors: Vec<TokenStream> = versions
        .values()
        .map(|kinds| {
            let version = kinds[0].version;
            let module = ident(&version.module);
            let version_struct = version_struct(group, version);
            let doc = format!(" The informers of `{}`.", group_version(group, version));
            quote! {
                #[doc = #doc]
                pub fn #module(&self) -> #module::#version_struct<'a> {
                    #module::#version_struct::new(self.factory)
                }
            }
        })
        .collect();
    let version_mods = versions.keys().map(|v| ident(v));
    let module_doc = format!(" Informers of {}.", group_label(group));
    let struct_doc = format!(
        " The informers of {}, from [`SharedInformerFactory::{group_accessor}`](crate::informers::SharedInformerFactory::{group_accessor}).",
        group_label(group)
    );
    files.push(GeneratedFile::rust(
        format!("{dir}/mod.rs"),
        quote! {
            #![doc = #module_doc]

            #(pub mod #version_mods;)*

            #[doc = #struct_doc]
            #[derive(Clone, Copy, Debug)]
            pub struct #group_struct<'a> {
                factory: &'a crate::informers::SharedInformerFactory,
            }

            impl<'a> #group_struct<'a> {
                /// The group's informers, made and cached by `factory`.
                pub fn new(factory: &'a crate::informers::SharedInformerFactory) -> Self {
                    #group_struct { factory }
                }

                #(#version_accessors)*
            }
        },
    ));
    for (module, kinds) in versions {
        let version = kinds[0].version;
        let version_struct = version_struct(group, version);
        let gv = group_version(group, version);
        let doc = format!(" Informers of `{gv}`.");
        let struct_doc = format!(
            " The informers of `{gv}`, from [`{group_struct}::{module}`](super::{group_struct}::{module})."
        );
        let mods = kinds.iter().map(|k| ident(&k.file_stem()));
        let uses = kinds.iter().map(|k| {
            let module = ident(&k.file_stem());
            let informer = k.informer_ident();
            quote!(pub use #module::#informer;)
        });
        let accessors = kinds.iter().map(|k| {
            let accessor = ident(&k.informer_accessor());
            let informer = k.informer_ident();
            let path = k.kind_path();
            let doc = format!(
                " The shared informer of `{}` objects (resource `{}`); the same one on every call.",
                k.ty.name, k.kind.plural
            );
            quote! {
                #[doc = #doc]
                pub fn #accessor(&self) -> #informer {
                    #informer::new(self.factory.informer_for::<#path>())
                }
            }
        });
        files.push(GeneratedFile::rust(
            format!("{dir}/{module}/mod.rs"),
            quote! {
                #![doc = #doc]

                #(mod #mods;)*

                #(#uses)*

                #[doc = #struct_doc]
                #[derive(Clone, Copy, Debug)]
                pub struct #version_struct<'a> {
                    factory: &'a crate::informers::SharedInformerFactory,
                }

                impl<'a> #version_struct<'a> {
                    /// The version's informers, made and cached by `factory`.
                    pub fn new(factory: &'a crate::informers::SharedInformerFactory) -> Self {
                        #version_struct { factory }
                    }

                    #(#accessors)*
                }
            },
        ));
    }
    files
}
