//! `src/clientset/mod.rs`: the `Clientset`, the `Interface` trait both clientsets
//! implement, the shared error and parameter types, and a prelude of the traits.

use proc_macro2::TokenStream;
use quote::quote;

use super::docs::{doc, inner_doc};
use super::names::GroupVersion;
use crate::emit::EmitOptions;
use crate::model::Group;

/// The module docs, with an example that compiles against the first kind (if any).
fn module_doc(groups: &[(&Group, Vec<GroupVersion<'_>>)], opts: &EmitOptions) -> String {
    let krate = &opts.crate_name;
    let mut doc = String::from(
        "The typed clientset: `Clientset::new(kube::Client)` → one accessor per \
         group-version → one client per kind, with the verbs the `+genclient` markers \
         allow. Every client is also a trait (`Interface`, `<Group><Version>Interface`, \
         `<Kind>Interface`), implemented as well by the in-memory \
         [`fake::Clientset`], \
         so code written against the traits runs with either.\n\n\
         Errors are one type, [`Error`], whose \
         [`Error::kind`] tells `NotFound`, \
         `AlreadyExists`, `Conflict`, `Invalid`, `Forbidden`, ... apart.\n",
    );
    let first = groups
        .iter()
        .flat_map(|(_, versions)| versions.iter())
        .flat_map(|gv| gv.kinds.iter().map(move |k| (gv, k)))
        .next();
    if let Some((gv, kind)) = first {
        let accessor = gv.accessor();
        let kind_accessor = kind.accessor();
        let args = if kind.kind.namespaced {
            "\"default\""
        } else {
            ""
        };
        let name = kind.name();
        doc.push_str(&format!(
            "\n```no_run\n\
             use {krate}::clientset::prelude::*;\n\
             use {krate}::clientset::Clientset;\n\n\
             # async fn demo() -> Result<(), {krate}::clientset::Error> {{\n\
             let clientset = Clientset::try_default().await?;\n\
             let client = clientset.{accessor}().{kind_accessor}({args});\n\
             match client.get(\"example\").await {{\n\
             \x20   Ok(object) => println!(\"found {{:?}}\", object.metadata.name),\n\
             \x20   Err(e) if e.is_not_found() => println!(\"no such {name}\"),\n\
             \x20   Err(e) => return Err(e),\n\
             }}\n\
             # Ok(())\n\
             # }}\n\
             ```\n"
        ));
    }
    doc
}

/// `src/clientset/mod.rs`.
pub(crate) fn root_file(
    groups: &[(&Group, Vec<GroupVersion<'_>>)],
    opts: &EmitOptions,
) -> TokenStream {
    let module_doc = inner_doc(&module_doc(groups, opts));
    let group_modules = groups.iter().map(|(group, _)| {
        let module = super::names::ident(&group.module);
        let doc = doc(&format!("Clients of the API group `{}`.", group.name));
        quote! {
            #doc
            pub mod #module;
        }
    });
    let gvs: Vec<&GroupVersion<'_>> = groups.iter().flat_map(|(_, v)| v.iter()).collect();
    let assoc = gvs.iter().map(|gv| {
        let assoc = gv.assoc();
        let interface = gv.interface();
        let group = gv.group_module();
        let version = gv.version_module();
        let doc = doc(&format!("The `{}` client.", gv.api_version()));
        quote! {
            #doc
            type #assoc: #group::#version::#interface;
        }
    });
    let accessors = gvs.iter().map(|gv| {
        let assoc = gv.assoc();
        let accessor = gv.accessor();
        let doc = doc(&format!("The clients of `{}`.", gv.api_version()));
        quote! {
            #doc
            fn #accessor(&self) -> Self::#assoc;
        }
    });
    let impls = gvs.iter().map(|gv| {
        let assoc = gv.assoc();
        let accessor = gv.accessor();
        let client = gv.client();
        let group = gv.group_module();
        let version = gv.version_module();
        quote! {
            type #assoc = #group::#version::#client;

            fn #accessor(&self) -> #group::#version::#client {
                #group::#version::#client::new(self.client.clone())
            }
        }
    });
    let prelude = gvs.iter().map(|gv| {
        let group = gv.group_module();
        let version = gv.version_module();
        let interface = gv.interface();
        let kinds = gv.kinds.iter().map(|k| {
            let interface = k.interface();
            quote!(pub use crate::clientset::#group::#version::#interface as _;)
        });
        quote! {
            pub use crate::clientset::#group::#version::#interface as _;
            #(#kinds)*
        }
    });

    quote! {
        #module_doc

        pub mod error;
        pub mod fake;
        pub mod params;
        pub mod request;
        #(#group_modules)*

        pub use error::{Error, ErrorKind, Result};
        pub use params::{ApplyParams, DeleteResponse, NAMESPACE_ALL, WatchStream};

        /// The client traits, imported anonymously so their methods can be called:
        /// `use <crate>::clientset::prelude::*;`.
        pub mod prelude {
            pub use crate::clientset::Interface as _;
            #(#prelude)*
        }

        /// Every group-version of the API, each through its client trait;
        /// implemented by [`Clientset`] and by [`fake::Clientset`]. Write controllers
        /// against `C: Interface` to test them with the fake.
        pub trait Interface: Clone + Send + Sync + 'static {
            #(#assoc)*
            #(#accessors)*
        }

        /// The typed clientset over a `kube::Client`.
        #[derive(Clone)]
        pub struct Clientset {
            client: kube::Client,
        }

        impl Clientset {
            /// A clientset over an existing client.
            pub fn new(client: kube::Client) -> Self {
                Clientset { client }
            }

            /// A clientset configured from the environment, like `kubectl`: the
            /// kubeconfig (`KUBECONFIG` or `~/.kube/config`), else the in-cluster
            /// service account.
            pub async fn try_default() -> Result<Self> {
                Ok(Clientset::new(kube::Client::try_default().await?))
            }

            /// A clientset from an explicit configuration.
            pub fn from_config(config: kube::Config) -> Result<Self> {
                Ok(Clientset::new(kube::Client::try_from(config)?))
            }

            /// The underlying client (shared by every typed client, the informers, ...).
            pub fn client(&self) -> &kube::Client {
                &self.client
            }
        }

        impl std::fmt::Debug for Clientset {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct("Clientset").finish_non_exhaustive()
            }
        }

        impl Interface for Clientset {
            #(#impls)*
        }
    }
}
