//! `src/listers/mod.rs` and `src/informers/mod.rs`: module docs with examples, the
//! support modules, the group modules, and the generated part of
//! `SharedInformerFactory` (its constructor from the clientset, the group
//! accessors and `for_resource`).

use proc_macro2::TokenStream;
use quote::quote;

use super::naming::{
    INFORMER_SUPPORT_MODULES, InformerKind, LISTER_SUPPORT_MODULES, group_accessor, group_module,
    group_struct, ident,
};
use crate::emit::{EmitOptions, GeneratedFile};
use crate::model::Group;

/// The kind doc examples use: the first namespaced one, else the first one.
fn example_kind<'k, 'a>(kinds: &'k [InformerKind<'a>]) -> Option<&'k InformerKind<'a>> {
    kinds
        .iter()
        .find(|k| k.kind.namespaced)
        .or_else(|| kinds.first())
}

fn chain(kind: &InformerKind<'_>) -> String {
    format!(
        "factory.{}().{}().{}()",
        group_accessor(kind.group),
        kind.version.module,
        kind.plural_accessor()
    )
}

fn inner_docs(lines: &[String]) -> TokenStream {
    quote!(#(#![doc = #lines])*)
}

/// Turns text lines into doc lines (a leading space each, as `///` would give).
fn doc_lines(text: &[&str]) -> Vec<String> {
    text.iter()
        .map(|line| {
            if line.is_empty() {
                String::new()
            } else {
                format!(" {line}")
            }
        })
        .collect()
}

/// `src/listers/mod.rs`.
pub fn listers_root(
    groups: &[&Group],
    kinds: &[InformerKind<'_>],
    opts: &EmitOptions,
) -> GeneratedFile {
    let krate = &opts.crate_name;
    let mut text: Vec<String> = vec![
        "Listers: typed, namespace-aware reads from informer caches.".into(),
        String::new(),
        "A lister never calls the API server: it reads the cache an informer keeps up to".into(),
        "date, through an index by namespace, and hands out `Arc`s of the cached objects.".into(),
        "Label selectors are `kube::core::Selector`s; [`parse_selector`] reads the".into(),
        "`kubectl -l` syntax (`app=web,tier!=db,env in (prod,qa),!canary`).".into(),
        String::new(),
        "```no_run".into(),
        format!("# async fn demo(factory: {krate}::informers::SharedInformerFactory) {{"),
        "use k8s_openapi::api::core::v1::Service;".into(),
        "use kube::core::Selector;".into(),
        format!("use {krate}::listers::parse_selector;"),
        String::new(),
    ];
    match example_kind(kinds) {
        Some(kind) if kind.kind.namespaced => text.extend([
            format!("let lister = {}.lister();", chain(kind)),
            format!(
                "let one = lister.{}(\"default\").get(\"example\");",
                kind.namespace_accessor()
            ),
            format!(
                "let web = lister.{}(\"default\").list(&parse_selector(\"tier=web\").unwrap());",
                kind.namespace_accessor()
            ),
            "let everything = lister.list(&Selector::default());".into(),
            "# let _ = (one, web, everything);".into(),
        ]),
        Some(kind) => text.extend([
            format!("let lister = {}.lister();", chain(kind)),
            "let one = lister.get(\"example\");".into(),
            "let labelled = lister.list(&parse_selector(\"tier=web\").unwrap());".into(),
            "# let _ = (one, labelled);".into(),
        ]),
        None => {}
    }
    text.extend([
        "// Built-in kinds use the same generic lister.".into(),
        "let services = factory.informer_for::<Service>().lister();".into(),
        "let svc = services.namespace(\"default\").get(\"web\");".into(),
        "# let _ = svc;".into(),
        "# }".into(),
        "```".into(),
    ]);
    let docs = inner_docs(&doc_lines(
        &text.iter().map(String::as_str).collect::<Vec<_>>(),
    ));
    let support = LISTER_SUPPORT_MODULES.iter().map(|m| ident(m));
    let group_mods = groups
        .iter()
        .map(|g| ident(&group_module(g, LISTER_SUPPORT_MODULES)));
    GeneratedFile::rust(
        "src/listers/mod.rs",
        quote! {
            #docs

            #(mod #support;)*

            #(pub mod #group_mods;)*

            pub use indexer::{Change, Indexer};
            pub use lister::{Lister, NamespaceLister};
            pub use selector::{SelectorParseError, parse_selector};
        },
    )
}

/// `src/informers/mod.rs`.
pub fn informers_root(
    groups: &[&Group],
    kinds: &[InformerKind<'_>],
    opts: &EmitOptions,
) -> GeneratedFile {
    let docs = inner_docs(&doc_lines(
        &informers_doc(kinds, opts)
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    ));
    let support = INFORMER_SUPPORT_MODULES.iter().map(|m| ident(m));
    let group_mods: Vec<_> = groups
        .iter()
        .map(|g| ident(&group_module(g, INFORMER_SUPPORT_MODULES)))
        .collect();
    let group_accessors = groups.iter().zip(&group_mods).map(|(group, module)| {
        let accessor = ident(&group_accessor(group));
        let group_struct = group_struct(group);
        let doc = if group.name.is_empty() {
            " The informers of the core API group.".to_owned()
        } else {
            format!(" The informers of the `{}` API group.", group.name)
        };
        quote! {
            #[doc = #doc]
            pub fn #accessor(&self) -> #module::#group_struct<'_> {
                #module::#group_struct::new(self)
            }
        }
    });
    let for_resource = for_resource(kinds);
    GeneratedFile::rust(
        "src/informers/mod.rs",
        quote! {
            #docs

            #(mod #support;)*

            #(pub mod #group_mods;)*

            pub use factory::{DiscoveryError, DynamicInformer, SharedInformerFactory, TweakListOptions};
            pub use handler::{EventHandler, EventHandlerFuncs, Notification};
            pub use listeners::Subscription;
            pub use scope::InformerScope;
            pub use shared::{HandlerRegistration, SharedInformer, WatchErrorHandler};

            impl SharedInformerFactory {
                /// A factory whose informers watch through `clientset`'s client, in every
                /// namespace, resyncing every `default_resync` (zero: never). Narrow it
                /// with `with_namespace`, `with_tweak_list_options` and
                /// `with_custom_resync`.
                pub fn new(clientset: crate::clientset::Clientset, default_resync: std::time::Duration) -> Self {
                    Self::from_client(clientset.client().clone(), default_resync)
                }

                #(#group_accessors)*

                #for_resource
            }
        },
    )
}

/// `for_resource`: a dynamic informer for a generated kind, by group, version and
/// resource, with the kind and scope this crate knows (no discovery needed).
fn for_resource(kinds: &[InformerKind<'_>]) -> TokenStream {
    let doc = quote! {
        /// The shared dynamic informer (`DynamicObject`s) of one of this crate's
        /// resources, by group, version and plural resource name; `None` for other
        /// resources (use `discover_informer` for those). Typed informers of the same
        /// resource are separate informers with their own watch.
    };
    if kinds.is_empty() {
        return quote! {
            #doc
            pub fn for_resource(&self, gvr: &kube::api::GroupVersionResource) -> Option<DynamicInformer> {
                let _ = gvr;
                None
            }
        };
    }
    let arms = kinds.iter().map(|k| {
        let group = &k.group.name;
        let version = &k.version.name;
        let plural = &k.kind.plural;
        let path = k.kind_path();
        let scope = if k.kind.namespaced {
            quote!(kube::discovery::Scope::Namespaced)
        } else {
            quote!(kube::discovery::Scope::Cluster)
        };
        quote! {
            (#group, #version, #plural) => (kube::api::ApiResource::erase::<#path>(&()), #scope),
        }
    });
    quote! {
        #doc
        pub fn for_resource(&self, gvr: &kube::api::GroupVersionResource) -> Option<DynamicInformer> {
            let (resource, scope) = match (gvr.group.as_str(), gvr.version.as_str(), gvr.resource.as_str()) {
                #(#arms)*
                _ => return None,
            };
            Some(self.dynamic_informer(&resource, &scope))
        }
    }
}

/// The module docs of `src/informers/mod.rs`.
fn informers_doc(kinds: &[InformerKind<'_>], opts: &EmitOptions) -> Vec<String> {
    let krate = &opts.crate_name;
    let mut text: Vec<String> = vec![
        "Shared informers: one watch per type, however many consumers.".into(),
        String::new(),
        "A [`SharedInformerFactory`] makes one".into(),
        "[`SharedInformer`] per type and caches it, so".into(),
        "every controller asking for the same type shares one list+watch and one cache.".into(),
        "Informers are built on kube-runtime's `watcher` (reconnects, bookmarks, backoff,".into(),
        "re-list after `410 Gone`); after a re-list, handlers get exactly the adds, updates".into(),
        "and deletes that happened meanwhile. Event handlers can be added at any time: a".into(),
        "late one first gets an add for each cached object. With a resync period, every".into(),
        "cached object is re-delivered as an update that often.".into(),
        String::new(),
        "Built-in kinds (`Deployment`, `Service`, ...) come from the same machinery through".into(),
        "`SharedInformerFactory::informer_for`; any served resource, as `DynamicObject`s,".into(),
        "through `SharedInformerFactory::for_resource` and".into(),
        "`SharedInformerFactory::discover_informer`.".into(),
        String::new(),
        "```no_run".into(),
        format!("# async fn demo(clientset: {krate}::clientset::Clientset) {{"),
        "use std::time::Duration;".into(),
        "use futures::StreamExt;".into(),
        "use k8s_openapi::api::apps::v1::Deployment;".into(),
        format!("use {krate}::informers::{{EventHandlerFuncs, Notification, SharedInformerFactory}};"),
        String::new(),
        "let factory = SharedInformerFactory::new(clientset, Duration::from_secs(600));".into(),
        "let deployments = factory.informer_for::<Deployment>();".into(),
        "deployments.add_event_handler(EventHandlerFuncs::<Deployment>::new().on_update(|old, new| {".into(),
        "    println!(\"{:?}: {:?} -> {:?}\", new.metadata.name, old.metadata.resource_version, new.metadata.resource_version);".into(),
        "}));".into(),
    ];
    if let Some(kind) = example_kind(kinds) {
        text.extend([
            format!("let informer = {};", chain(kind)),
            "let mut changes = informer.subscribe();".into(),
        ]);
    } else {
        text.push("let mut changes = deployments.subscribe();".into());
    }
    text.extend([
        "factory.start();".into(),
        "let synced = factory.wait_for_cache_sync().await;".into(),
        "assert!(synced.values().all(|ok| *ok));".into(),
        "while let Some(change) = changes.next().await {".into(),
        "    if let Notification::Delete { object } = change {".into(),
        "        println!(\"gone: {:?}\", object.metadata.name);".into(),
        "    }".into(),
        "#   break;".into(),
        "}".into(),
        "factory.shutdown().await;".into(),
        "# }".into(),
        "```".into(),
    ]);
    text
}
