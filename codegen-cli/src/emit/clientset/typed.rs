//! `src/clientset/<group>/<version>/<kind>.rs`: a kind's client trait
//! (`AppInterface`) and its real implementation over `kube::Api` (`AppClient`).

use proc_macro2::TokenStream;
use quote::quote;

use super::docs::{doc, inner_doc};
use super::imports::imports_for;
use super::methods::{Method, methods};
use super::names::{ClientKind, GroupVersion};

/// The trait method declarations of a kind's interface.
fn trait_items(methods: &[Method]) -> TokenStream {
    methods
        .iter()
        .map(|m| {
            let Method {
                doc: text,
                name,
                generics,
                params,
                output,
                ..
            } = m;
            let doc = doc(text);
            quote! {
                #doc
                fn #name #generics (&self #params)
                    -> impl Future<Output = Result<#output>> + Send;
            }
        })
        .collect()
}

/// The trait method implementations; `body` picks the real or the fake body.
pub(crate) fn impl_items(
    methods: &[Method],
    body: impl Fn(&Method) -> &TokenStream,
) -> TokenStream {
    methods
        .iter()
        .map(|m| {
            let Method {
                name,
                generics,
                params,
                output,
                ..
            } = m;
            let body = body(m);
            quote! {
                async fn #name #generics (&self #params) -> Result<#output> {
                    #body
                }
            }
        })
        .collect()
}

/// The file of one kind's typed client.
pub(crate) fn kind_file(gv: &GroupVersion<'_>, kind: &ClientKind<'_>) -> TokenStream {
    let methods = methods(kind);
    let k = kind.type_ref();
    let interface = kind.interface();
    let client = kind.client();
    let name = kind.name();
    let plural = &kind.kind.plural;
    let api_version = gv.api_version();
    let module_doc = inner_doc(&format!(
        "The typed client for `{name}` (`{plural}` in `{api_version}`): the `{interface}` \
         trait, implemented by `{client}` against the API server and by the fake \
         clientset's `Fake{client}` in memory."
    ));
    let trait_doc = doc(&format!(
        "The operations on `{name}` objects that the `+genclient` markers allow. Write code \
         against this trait to run it with the real or the fake clientset."
    ));
    let client_doc = doc(&format!("`{interface}` over a `kube::Api<{name}>`."));
    let stream_ext = if methods.iter().any(|m| m.uses_stream_ext) {
        quote!(
            use futures::StreamExt as _;
        )
    } else {
        TokenStream::new()
    };
    let trait_items = trait_items(&methods);
    let impl_items = impl_items(&methods, |m| &m.real);
    let constructor = if kind.kind.namespaced {
        let doc = doc(&format!(
            "A client for `{name}` objects in `namespace`; `\"\"` (`NAMESPACE_ALL`) lists \
             and watches all namespaces."
        ));
        quote! {
            #doc
            pub fn new(client: kube::Client, namespace: &str) -> Self {
                let api = if namespace.is_empty() {
                    kube::Api::all(client)
                } else {
                    kube::Api::namespaced(client, namespace)
                };
                #client { api }
            }
        }
    } else {
        let doc = doc(&format!(
            "A client for the cluster-scoped `{name}` objects."
        ));
        quote! {
            #doc
            pub fn new(client: kube::Client) -> Self {
                #client { api: kube::Api::all(client) }
            }
        }
    };
    let body = quote! {
        #trait_doc
        pub trait #interface: Clone + Send + Sync + 'static {
            #trait_items
        }

        #client_doc
        #[derive(Clone)]
        pub struct #client {
            api: kube::Api<#k>,
        }

        impl #client {
            #constructor

            /// The underlying `kube::Api`, for calls the typed client does not offer.
            pub fn api(&self) -> &kube::Api<#k> {
                &self.api
            }
        }

        impl std::fmt::Debug for #client {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct(stringify!(#client))
                    .field("url", &self.api.resource_url())
                    .finish()
            }
        }

        impl #interface for #client {
            #impl_items
        }
    };
    let imports = imports_for(&body);
    let kind_import = kind.import();
    quote! {
        #module_doc

        #stream_ext
        #imports
        #kind_import

        #body
    }
}
