//! `src/informers/mod.rs` and `src/listers/mod.rs`: module docs with examples,
//! re-exports of the runtime's informers and listers, the group modules,
//! `SharedInformerFactoryExt` and the lister aliases.

use proc_macro2::TokenStream;
use quote::quote;

use crate::emit::EmitOptions;
use crate::emit::docs::{doc, inner_doc};
use crate::emit::names::{ClientKind, GroupVersion, group_module};
use crate::model::Group;

type Groups<'g, 'a> = [(&'a Group, Vec<GroupVersion<'a>>)];

/// The kind doc examples use: the first namespaced one, else the first one.
fn example<'g, 'a>(
    groups: &'g Groups<'g, 'a>,
) -> Option<(&'g GroupVersion<'a>, &'g ClientKind<'a>)> {
    let all = || {
        groups
            .iter()
            .flat_map(|(_, versions)| versions.iter())
            .flat_map(|gv| gv.kinds.iter().map(move |k| (gv, k)))
    };
    all()
        .find(|(_, k)| k.kind.namespaced)
        .or_else(|| all().next())
}

/// `factory.myapp_v1().apps()`.
fn chain(gv: &GroupVersion<'_>, kind: &ClientKind<'_>) -> String {
    format!("factory.{}().{}()", gv.accessor(), kind.accessor())
}

/// `src/informers/mod.rs`.
pub(crate) fn informers_root(groups: &Groups<'_, '_>, opts: &EmitOptions) -> TokenStream {
    let krate = opts.crate_name.replace('-', "_");
    let mut text = String::from(
        "Shared informers of this crate's kinds: [`SharedInformerFactoryExt`] adds one \
         accessor per group-version to the runtime's [`SharedInformerFactory`], which \
         makes one informer (one watch, one cache) per type however many consumers ask, \
         and serves the kinds of other generated crates and the built-in kinds as well. \
         Informers are the runtime's, built on kube-runtime's watcher and reflector \
         `Store` (`informer.store()` hands the cache to kube-runtime's controller \
         machinery).\n",
    );
    if let Some((gv, kind)) = example(groups) {
        let chain = chain(gv, kind);
        let name = kind.type_path().to_string().replace(' ', "");
        let name = name.replacen("crate", &krate, 1);
        text.push_str(&format!(
            "\n```no_run\n\
             # async fn demo(client: kube::Client) {{\n\
             use std::time::Duration;\n\
             use k8s_openapi::api::apps::v1::Deployment;\n\
             use {krate}::informers::{{EventHandlerFuncs, SharedInformerFactory}};\n\
             use {krate}::prelude::*;\n\n\
             let factory = SharedInformerFactory::new(client, Duration::from_secs(600));\n\
             let informer = {chain};\n\
             informer.add_event_handler(\n\
             \x20   EventHandlerFuncs::<{name}>::new()\n\
             \x20       .on_add(|object, _| println!(\"added {{:?}}\", object.metadata.name))\n\
             \x20       .on_delete(|object| println!(\"deleted {{:?}}\", object.metadata.name)),\n\
             );\n\
             // Built-in kinds (and other crates' kinds) from the same factory.\n\
             let deployments = factory.informer_for::<Deployment>();\n\
             factory.start();\n\
             let synced = factory.wait_for_cache_sync().await;\n\
             assert!(synced.values().all(|ok| *ok));\n\
             # let _ = deployments;\n\
             factory.shutdown().await;\n\
             # }}\n\
             ```\n"
        ));
    }
    let module_doc = inner_doc(&text);
    let group_modules = group_modules(groups, "Informers");
    let gvs: Vec<&GroupVersion<'_>> = groups.iter().flat_map(|(_, v)| v.iter()).collect();
    let decls = gvs.iter().map(|gv| {
        let accessor = gv.accessor();
        let informers = gv.informers();
        let (group, version) = (gv.group_module(), gv.version_module());
        let doc = doc(&format!("The informers of `{}`.", gv.api_version()));
        quote! {
            #doc
            fn #accessor(&self) -> #group::#version::#informers<'_>;
        }
    });
    let defs = gvs.iter().map(|gv| {
        let accessor = gv.accessor();
        let informers = gv.informers();
        let (group, version) = (gv.group_module(), gv.version_module());
        quote! {
            fn #accessor(&self) -> #group::#version::#informers<'_> {
                #group::#version::#informers::new(self)
            }
        }
    });
    quote! {
        #module_doc

        pub use kube_codegen_runtime::informers::{
            DecodeError, EventHandler, EventHandlerFuncs, HandlerRegistration, Notification,
            SharedInformer, SharedInformerFactory, Subscription,
        };

        #(#group_modules)*

        /// Adds this crate's group-version accessors to the runtime's
        /// [`SharedInformerFactory`]: `factory.<group>_<version>().<kind plural>()`.
        pub trait SharedInformerFactoryExt {
            #(#decls)*
        }

        impl SharedInformerFactoryExt for SharedInformerFactory {
            #(#defs)*
        }
    }
}

/// `pub mod <group> { pub mod <version>; ... }` for files under `src/<root>/`.
fn group_modules(groups: &Groups<'_, '_>, what: &str) -> Vec<TokenStream> {
    groups
        .iter()
        .map(|(group, versions)| {
            let module = group_module(group);
            let doc = inner_doc(&format!("{what} of the API group `{}`.", group.name));
            let versions = versions.iter().map(|gv| {
                let version = gv.version_module();
                quote!(pub mod #version;)
            });
            quote! {
                pub mod #module {
                    #doc
                    #(#versions)*
                }
            }
        })
        .collect()
}

/// `src/listers/mod.rs`: re-exports and one lister alias per kind, in nested
/// group and version modules.
pub(crate) fn listers_root(groups: &Groups<'_, '_>, opts: &EmitOptions) -> TokenStream {
    let krate = opts.crate_name.replace('-', "_");
    let mut text = String::from(
        "Listers of this crate's kinds: typed, namespace-aware reads from informer \
         caches (`kube_codegen_runtime::listers`), one alias per kind. A lister never \
         calls the API server; it hands out `Arc`s of the cached objects. Label \
         selectors are [`LabelSelector`]s, in the API server's grammar.\n",
    );
    if let Some((gv, kind)) = example(groups) {
        let chain = chain(gv, kind);
        let reads = if kind.kind.namespaced {
            "let one = lister.namespace(\"default\").get(\"example\");\n\
             let web = lister.namespace(\"default\").list(&LabelSelector::parse(\"tier=web\").unwrap());\n"
        } else {
            "let one = lister.get(\"example\");\n\
             let web = lister.list(&LabelSelector::parse(\"tier=web\").unwrap());\n"
        };
        text.push_str(&format!(
            "\n```no_run\n\
             # fn demo(factory: &{krate}::informers::SharedInformerFactory) {{\n\
             use {krate}::listers::LabelSelector;\n\
             use {krate}::prelude::*;\n\n\
             let lister = {chain}.lister();\n\
             {reads}\
             let everything = lister.list(&LabelSelector::everything());\n\
             # let _ = (one, web, everything);\n\
             # }}\n\
             ```\n"
        ));
    }
    let module_doc = inner_doc(&text);
    let modules = groups.iter().map(|(group, versions)| {
        let module = group_module(group);
        let group_doc = inner_doc(&format!("Listers of the API group `{}`.", group.name));
        let versions = versions.iter().map(|gv| {
            let version = gv.version_module();
            let types = gv.types_path();
            let version_doc = inner_doc(&format!("Listers of `{}`.", gv.api_version()));
            let aliases = gv.kinds.iter().map(|kind| {
                let alias = kind.lister_alias();
                let k = kind.type_ref();
                let doc = doc(&format!(
                    "Lists and gets `{}` objects from an informer's cache.",
                    kind.name()
                ));
                quote! {
                    #doc
                    pub type #alias = kube_codegen_runtime::listers::Lister<#k>;
                }
            });
            quote! {
                pub mod #version {
                    #version_doc
                    use #types as types;
                    #(#aliases)*
                }
            }
        });
        quote! {
            pub mod #module {
                #group_doc
                #(#versions)*
            }
        }
    });
    quote! {
        #module_doc

        pub use kube_codegen_runtime::listers::{Indexer, Lister, NamespaceLister};
        pub use kube_codegen_runtime::selector::LabelSelector;

        #(#modules)*
    }
}
