//! `src/clientset/mod.rs`: the crate's `Interface`, which adds a group-version
//! accessor to every clientset of the runtime (real or fake), the group modules,
//! the prelude, and re-exports of the runtime's clientsets and error type.

use proc_macro2::TokenStream;
use quote::quote;

use crate::emit::EmitOptions;
use crate::emit::docs::{doc, inner_doc};
use crate::emit::names::GroupVersion;
use crate::model::Group;

/// The module docs, with an example that compiles against the first kind (if any).
fn module_doc(groups: &[(&Group, Vec<GroupVersion<'_>>)], opts: &EmitOptions) -> String {
    let krate = opts.crate_name.replace('-', "_");
    let mut doc = String::from(
        "The typed clients of this crate's API. [`Interface`] adds one accessor per \
         group-version to every clientset of `kube_codegen_runtime`: the real \
         [`Clientset`] over a `kube::Client` and the in-memory [`fake::Clientset`], \
         which also serve the kinds of other generated crates and the built-in kinds. \
         Each accessor hands out `kube_codegen_runtime::TypedClient`s with the verbs \
         the kind's `+genclient` markers allow. Write code against `C: \
         kube_codegen_runtime::Interface` to run it with either clientset.\n\n\
         Errors are one type, [`Error`], shared with every generated crate, whose \
         [`Error::kind`] tells `NotFound`, `AlreadyExists`, `Conflict`, `Invalid`, \
         `Forbidden`, ... apart.\n",
    );
    let first = groups
        .iter()
        .flat_map(|(_, versions)| versions.iter())
        .flat_map(|gv| gv.kinds.iter().map(move |k| (gv, k)))
        .find(|(_, k)| k.client.has(crate::model::Verb::Get));
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
             use {krate}::prelude::*;\n\
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
    let group_modules = groups.iter().map(|(group, versions)| {
        let module = crate::emit::names::group_module(group);
        let doc = inner_doc(&format!("Clients of the API group `{}`.", group.name));
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
    });
    let gvs: Vec<&GroupVersion<'_>> = groups.iter().flat_map(|(_, v)| v.iter()).collect();
    let accessors = gvs.iter().map(|gv| {
        let accessor = gv.accessor();
        let client = gv.client();
        let group = gv.group_module();
        let version = gv.version_module();
        let doc = doc(&format!("The clients of `{}`.", gv.api_version()));
        quote! {
            #doc
            fn #accessor(&self) -> #group::#version::#client<Self> {
                #group::#version::#client::new(self.clone())
            }
        }
    });
    let method_traits = gvs.iter().flat_map(|gv| {
        gv.kinds
            .iter()
            .filter(|k| !k.client.methods.is_empty())
            .map(move |k| {
                let group = gv.group_module();
                let version = gv.version_module();
                let name = k.methods_trait();
                quote!(pub use super::#group::#version::#name as _;)
            })
    });
    let interface_doc = doc(
        "Adds this crate's group-version accessors to every clientset of \
         `kube_codegen_runtime` (implemented for all of them): \
         `clientset.<group>_<version>().<kind plural>(namespace)`.",
    );
    quote! {
        #module_doc

        pub use kube_codegen_runtime::params::{ApplyParams, DeleteResponse, NAMESPACE_ALL, WatchStream};
        pub use kube_codegen_runtime::{Clientset, Error, ErrorKind, Result, TypedClient, fake};

        #(#group_modules)*

        /// The traits that add this module's methods, imported anonymously:
        /// `use <crate>::clientset::prelude::*;` (also in the crate's `prelude`).
        pub mod prelude {
            pub use super::Interface as _;
            #(#method_traits)*
        }

        #interface_doc
        pub trait Interface: kube_codegen_runtime::Interface {
            #(#accessors)*
        }

        impl<C: kube_codegen_runtime::Interface> Interface for C {}
    }
}
