//! `src/informers/<group>/<version>.rs`: the group-version's informers
//! (`MyappV1Informers`, one accessor per kind) and an alias per kind
//! (`AppInformer`).

use proc_macro2::TokenStream;
use quote::quote;

use crate::emit::docs::{doc, inner_doc};
use crate::emit::names::GroupVersion;

/// The whole file.
pub(crate) fn version_file(gv: &GroupVersion<'_>) -> TokenStream {
    let module_doc = inner_doc(&format!(
        "Informers of `{}`: `{}` (one accessor per kind) and an informer type per kind.",
        gv.api_version(),
        gv.informers()
    ));
    let informers = gv.informers();
    let types = gv.types_path();
    let struct_doc = doc(&format!(
        "The informers of `{}`, from \
         [`SharedInformerFactoryExt::{}`](crate::informers::SharedInformerFactoryExt::{}).",
        gv.api_version(),
        gv.accessor(),
        gv.accessor()
    ));
    let aliases = gv.kinds.iter().map(|kind| {
        let alias = kind.informer_alias();
        let k = kind.type_ref();
        let doc = doc(&format!(
            "The shared informer of `{}` objects.",
            kind.name()
        ));
        quote! {
            #doc
            pub type #alias = kube_codegen_runtime::informers::SharedInformer<#k>;
        }
    });
    let accessors = gv.kinds.iter().map(|kind| {
        let name = kind.accessor();
        let alias = kind.informer_alias();
        let k = kind.type_ref();
        let doc = doc(&format!(
            "The shared informer of `{}` objects (`{}`): the same one on every call.",
            kind.name(),
            kind.kind.plural
        ));
        // `#[inline]`: the informer of a kind is compiled in the crate that asks
        // for it, not for every kind in this one (as `#[derive(Clone)]` does).
        quote! {
            #doc
            #[inline]
            pub fn #name(&self) -> #alias {
                self.factory.informer_for::<#k>()
            }
        }
    });
    quote! {
        #module_doc

        use #types as types;

        #(#aliases)*

        #struct_doc
        #[derive(Clone, Copy, Debug)]
        pub struct #informers<'a> {
            factory: &'a kube_codegen_runtime::informers::SharedInformerFactory,
        }

        impl<'a> #informers<'a> {
            /// The informers of this group-version, made and cached by `factory`.
            pub fn new(factory: &'a kube_codegen_runtime::informers::SharedInformerFactory) -> Self {
                #informers { factory }
            }

            #(#accessors)*
        }
    }
}
