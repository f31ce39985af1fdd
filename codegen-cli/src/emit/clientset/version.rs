//! `src/clientset/<group>/<version>.rs`: the group-version's client
//! (`MyappV1Client`, one accessor per kind), the verbs each kind's markers allow
//! (the runtime's `verb` marker traits), and the traits of custom methods.

use proc_macro2::TokenStream;
use quote::quote;

use super::methods::methods_trait;
use crate::emit::docs::{doc, inner_doc};
use crate::emit::names::{ClientKind, GroupVersion};
use crate::model::Verb;

/// The runtime's marker trait of a verb.
fn verb_trait(verb: Verb) -> TokenStream {
    let name = match verb {
        Verb::Create => quote!(Create),
        Verb::Update => quote!(Update),
        Verb::UpdateStatus => quote!(UpdateStatus),
        Verb::Delete => quote!(Delete),
        Verb::DeleteCollection => quote!(DeleteCollection),
        Verb::Get => quote!(Get),
        Verb::List => quote!(List),
        Verb::Watch => quote!(Watch),
        Verb::Patch => quote!(Patch),
        Verb::PatchStatus => quote!(PatchStatus),
        Verb::Apply => quote!(Apply),
        Verb::ApplyStatus => quote!(ApplyStatus),
    };
    quote!(kube_codegen_runtime::verb::#name)
}

/// The accessor of one kind on the group-version client.
fn accessor(kind: &ClientKind<'_>) -> TokenStream {
    let name = kind.accessor();
    let k = kind.type_ref();
    let resource = &kind.kind.plural;
    let (params, namespace, text) = if kind.kind.namespaced {
        (
            quote!(namespace: &str),
            quote!(namespace),
            format!(
                "The client of `{}` objects (`{resource}`) in `namespace`; `\"\"` lists and watches every namespace.",
                kind.name()
            ),
        )
    } else {
        (
            TokenStream::new(),
            quote!(""),
            format!(
                "The client of `{}` objects (`{resource}`, cluster-scoped).",
                kind.name()
            ),
        )
    };
    let doc = doc(&text);
    quote! {
        #doc
        pub fn #name(&self, #params) -> kube_codegen_runtime::TypedClient<#k, C> {
            kube_codegen_runtime::TypedClient::new(&self.clientset, #namespace)
        }
    }
}

/// The verbs the kind's `+genclient` markers allow.
fn verbs(kind: &ClientKind<'_>) -> TokenStream {
    let k = kind.type_ref();
    let impls = kind.verbs().into_iter().map(|verb| {
        let verb = verb_trait(verb);
        quote!(impl #verb for #k {})
    });
    quote!(#(#impls)*)
}

/// The whole file.
pub(crate) fn version_file(gv: &GroupVersion<'_>) -> TokenStream {
    let module_doc = inner_doc(&format!(
        "Clients of `{}`: `{}` (one accessor per kind), the verbs each kind \
         allows, and its custom methods.",
        gv.api_version(),
        gv.client()
    ));
    let client = gv.client();
    let types = gv.types_path();
    let struct_doc = doc(&format!(
        "The clients of `{}`, over any clientset (the real one or the fake), from \
         [`Interface::{}`](crate::clientset::Interface::{}).",
        gv.api_version(),
        gv.accessor(),
        gv.accessor()
    ));
    let accessors = gv.kinds.iter().map(accessor);
    let verbs = gv.kinds.iter().map(verbs);
    let methods = gv.kinds.iter().map(methods_trait);
    quote! {
        #module_doc

        use #types as types;

        #struct_doc
        #[derive(Clone, Debug)]
        pub struct #client<C> {
            clientset: C,
        }

        impl<C: kube_codegen_runtime::Interface> #client<C> {
            /// The clients of this group-version over `clientset`.
            pub fn new(clientset: C) -> Self {
                #client { clientset }
            }

            #(#accessors)*
        }

        #(#verbs)*

        #(#methods)*
    }
}
