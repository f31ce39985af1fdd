//! The per-kind lister: `src/listers/<group>/<version>/<kind>.rs`, a typed,
//! scope-aware wrapper over the generic `Lister`.

use proc_macro2::TokenStream;
use quote::quote;

use super::naming::{InformerKind, LISTER_SUPPORT_MODULES};
use crate::emit::{EmitOptions, GeneratedFile};

/// Names the lister files import, which a kind's own name must not shadow.
const TAKEN: &[&str] = &["Arc", "Selector", "Lister", "NamespaceLister"];

/// The lister file of one kind.
pub fn emit_lister(kind: &InformerKind<'_>, opts: &EmitOptions) -> GeneratedFile {
    let path = format!(
        "{}/{}.rs",
        kind.version_dir("listers", LISTER_SUPPORT_MODULES),
        kind.file_stem()
    );
    let tokens = if kind.kind.namespaced {
        namespaced(kind, opts)
    } else {
        cluster_scoped(kind, opts)
    };
    GeneratedFile::rust(path, tokens)
}

fn module_doc(kind: &InformerKind<'_>) -> TokenStream {
    let doc = format!(
        " Lister for `{}` (`{}`, resource `{}`): reads from an informer's cache.",
        kind.ty.name,
        kind.api_version(),
        kind.kind.plural
    );
    quote!(#![doc = #doc])
}

/// The accessor chain from a factory to this kind's informer, for doc examples.
fn factory_chain(kind: &InformerKind<'_>) -> String {
    format!(
        "factory.{}().{}().{}()",
        super::naming::group_accessor(kind.group),
        kind.version.module,
        kind.plural_accessor()
    )
}

fn namespaced(kind: &InformerKind<'_>, opts: &EmitOptions) -> TokenStream {
    let module_doc = module_doc(kind);
    let kind_name = &kind.ty.name;
    let kind_ident = kind.local_ident(TAKEN);
    let import = kind.import(TAKEN);
    let lister = kind.lister_ident();
    let ns_lister = kind.namespace_lister_ident();
    let accessor = kind.namespace_accessor();
    let crate_name = &opts.crate_name;
    let lister_doc = [
        format!(" Lists and gets `{kind_name}` objects (namespaced) from an informer's cache."),
        " Reads never touch the network; they return shared pointers to the cached".to_owned(),
        " objects (clone one to change it).".to_owned(),
        String::new(),
        " ```no_run".to_owned(),
        format!(" # fn demo(factory: &{crate_name}::informers::SharedInformerFactory) {{"),
        " use kube::core::Selector;".to_owned(),
        String::new(),
        format!(" let lister = {}.lister();", factory_chain(kind)),
        format!(" let one = lister.{accessor}(\"default\").get(\"example\");"),
        format!(
            " let labelled = lister.{accessor}(\"default\").list(&{crate_name}::listers::parse_selector(\"tier=web\").unwrap());"
        ),
        " let everywhere = lister.list(&Selector::default());".to_owned(),
        " # let _ = (one, labelled, everywhere);".to_owned(),
        " # }".to_owned(),
        " ```".to_owned(),
    ];
    let list_doc =
        format!(" Every cached `{kind_name}` in every namespace whose labels match `selector`.");
    let accessor_doc = format!(
        " The `{kind_name}` objects of `namespace`; listing them looks only at that namespace."
    );
    let ns_doc =
        format!(" The `{kind_name}` objects of one namespace, from [`{lister}::{accessor}`].");
    let get_doc = format!(" The `{kind_name}` called `name` in this namespace.");
    let ns_list_doc =
        format!(" The `{kind_name}` objects in this namespace whose labels match `selector`.");
    quote! {
        #module_doc

        use std::sync::Arc;

        use kube::core::Selector;

        #import
        use crate::listers::{Lister, NamespaceLister};

        #(#[doc = #lister_doc])*
        #[derive(Clone, Debug)]
        pub struct #lister {
            inner: Lister<#kind_ident>,
        }

        impl #lister {
            /// A lister over a generic lister's store (usually an informer's).
            pub fn new(inner: Lister<#kind_ident>) -> Self {
                #lister { inner }
            }

            #[doc = #list_doc]
            pub fn list(&self, selector: &Selector) -> Vec<Arc<#kind_ident>> {
                self.inner.list(selector)
            }

            #[doc = #accessor_doc]
            pub fn #accessor<'a>(&'a self, namespace: &'a str) -> #ns_lister<'a> {
                #ns_lister {
                    inner: self.inner.namespace(namespace),
                }
            }

            /// The generic lister underneath.
            pub fn generic(&self) -> &Lister<#kind_ident> {
                &self.inner
            }
        }

        #[doc = #ns_doc]
        #[derive(Debug)]
        pub struct #ns_lister<'a> {
            inner: NamespaceLister<'a, #kind_ident>,
        }

        impl #ns_lister<'_> {
            #[doc = #get_doc]
            pub fn get(&self, name: &str) -> Option<Arc<#kind_ident>> {
                self.inner.get(name)
            }

            #[doc = #ns_list_doc]
            pub fn list(&self, selector: &Selector) -> Vec<Arc<#kind_ident>> {
                self.inner.list(selector)
            }
        }
    }
}

fn cluster_scoped(kind: &InformerKind<'_>, opts: &EmitOptions) -> TokenStream {
    let module_doc = module_doc(kind);
    let kind_name = &kind.ty.name;
    let kind_ident = kind.local_ident(TAKEN);
    let import = kind.import(TAKEN);
    let lister = kind.lister_ident();
    let crate_name = &opts.crate_name;
    let lister_doc = [
        format!(" Lists and gets `{kind_name}` objects (cluster-scoped) from an informer's cache."),
        " Reads never touch the network; they return shared pointers to the cached".to_owned(),
        " objects (clone one to change it).".to_owned(),
        String::new(),
        " ```no_run".to_owned(),
        format!(" # fn demo(factory: &{crate_name}::informers::SharedInformerFactory) {{"),
        " use kube::core::Selector;".to_owned(),
        String::new(),
        format!(" let lister = {}.lister();", factory_chain(kind)),
        " let one = lister.get(\"example\");".to_owned(),
        " let all = lister.list(&Selector::default());".to_owned(),
        " # let _ = (one, all);".to_owned(),
        " # }".to_owned(),
        " ```".to_owned(),
    ];
    let list_doc = format!(" Every cached `{kind_name}` whose labels match `selector`.");
    let get_doc = format!(" The `{kind_name}` called `name`.");
    quote! {
        #module_doc

        use std::sync::Arc;

        use kube::core::Selector;

        #import
        use crate::listers::Lister;

        #(#[doc = #lister_doc])*
        #[derive(Clone, Debug)]
        pub struct #lister {
            inner: Lister<#kind_ident>,
        }

        impl #lister {
            /// A lister over a generic lister's store (usually an informer's).
            pub fn new(inner: Lister<#kind_ident>) -> Self {
                #lister { inner }
            }

            #[doc = #list_doc]
            pub fn list(&self, selector: &Selector) -> Vec<Arc<#kind_ident>> {
                self.inner.list(selector)
            }

            #[doc = #get_doc]
            pub fn get(&self, name: &str) -> Option<Arc<#kind_ident>> {
                self.inner.get(name)
            }

            /// The generic lister underneath.
            pub fn generic(&self) -> &Lister<#kind_ident> {
                &self.inner
            }
        }
    }
}
