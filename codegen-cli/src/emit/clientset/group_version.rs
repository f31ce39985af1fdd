//! `src/clientset/<group>/mod.rs` and `src/clientset/<group>/<version>/mod.rs`: the
//! group-version client (`MyappV1Client`) with one accessor per kind, and its trait
//! (`MyappV1Interface`).

use proc_macro2::TokenStream;
use quote::quote;

use super::docs::{doc, inner_doc};
use super::names::GroupVersion;
use crate::model::Group;

/// `src/clientset/<group>/mod.rs`: declares the version modules.
pub(crate) fn group_file(group: &Group, versions: &[GroupVersion<'_>]) -> TokenStream {
    let module_doc = inner_doc(&format!("Typed clients of the API group `{}`.", group.name));
    let modules = versions.iter().map(|gv| {
        let module = gv.version_module();
        let doc = doc(&format!("Clients of `{}`.", gv.api_version()));
        quote! {
            #doc
            pub mod #module;
        }
    });
    quote! {
        #module_doc
        #(#modules)*
    }
}

/// `src/clientset/<group>/<version>/mod.rs`.
pub(crate) fn version_file(gv: &GroupVersion<'_>) -> TokenStream {
    let interface = gv.interface();
    let client = gv.client();
    let api_version = gv.api_version();
    let module_doc = inner_doc(&format!(
        "Clients of `{api_version}`: `{client}` (one accessor per kind) and the per-kind \
         clients it hands out."
    ));
    let trait_doc = doc(&format!(
        "The kinds of `{api_version}`, each through its client trait; implemented by \
         `{client}` and by the fake clientset."
    ));
    let client_doc = doc(&format!("Hands out the typed clients of `{api_version}`."));

    let mut modules = Vec::new();
    let mut assoc_types = Vec::new();
    let mut accessors = Vec::new();
    let mut impls = Vec::new();
    for kind in &gv.kinds {
        let module = kind.module();
        let kind_client = kind.client();
        let kind_interface = kind.interface();
        let accessor = kind.accessor();
        modules.push(quote! {
            mod #module;
            pub use #module::{#kind_client, #kind_interface};
        });
        let assoc_doc = doc(&format!("The client of `{}`.", kind.name()));
        assoc_types.push(quote! {
            #assoc_doc
            type #kind_client: #kind_interface;
        });
        if kind.kind.namespaced {
            let doc = doc(&format!(
                "The `{}` client for `namespace` (`\"\"` for all namespaces).",
                kind.name()
            ));
            accessors.push(quote! {
                #doc
                fn #accessor(&self, namespace: &str) -> Self::#kind_client;
            });
            impls.push(quote! {
                type #kind_client = #kind_client;

                fn #accessor(&self, namespace: &str) -> #kind_client {
                    #kind_client::new(self.client.clone(), namespace)
                }
            });
        } else {
            let doc = doc(&format!("The `{}` client (cluster-scoped).", kind.name()));
            accessors.push(quote! {
                #doc
                fn #accessor(&self) -> Self::#kind_client;
            });
            impls.push(quote! {
                type #kind_client = #kind_client;

                fn #accessor(&self) -> #kind_client {
                    #kind_client::new(self.client.clone())
                }
            });
        }
    }

    quote! {
        #module_doc

        #(#modules)*

        #trait_doc
        pub trait #interface: Clone + Send + Sync + 'static {
            #(#assoc_types)*
            #(#accessors)*
        }

        #client_doc
        #[derive(Clone)]
        pub struct #client {
            client: kube::Client,
        }

        impl #client {
            /// A group-version client over `client`.
            pub fn new(client: kube::Client) -> Self {
                #client { client }
            }
        }

        impl std::fmt::Debug for #client {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct(stringify!(#client)).finish_non_exhaustive()
            }
        }

        impl #interface for #client {
            #(#impls)*
        }
    }
}
