//! The `+genclient:method=` verbs of a kind: one trait per kind with custom
//! methods (`CronTabMethods`), implemented for the runtime's `TypedClient` of the
//! kind over any clientset, each method one call of the runtime's custom
//! requests (whose request and result types may differ from the kind).

use proc_macro2::TokenStream;
use quote::quote;

use crate::emit::docs::doc;
use crate::emit::names::{ClientKind, method_ident};
use crate::model::CustomMethod;

/// `a \`Cluster\`` / `an \`App\``.
fn a(name: &str) -> String {
    let article = if name.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    };
    format!("{article} `{name}`")
}

/// The trait and its impl, or nothing for a kind without custom methods.
pub(crate) fn methods_trait(kind: &ClientKind<'_>) -> TokenStream {
    if kind.client.methods.is_empty() {
        return TokenStream::new();
    }
    let name = kind.methods_trait();
    let k = kind.type_ref();
    let (decls, bodies): (Vec<_>, Vec<_>) =
        kind.client.methods.iter().map(|m| method(kind, m)).unzip();
    let doc = doc(&format!(
        "The `+genclient:method=` verbs of `{}`, on its typed client.",
        kind.name()
    ));
    quote! {
        #doc
        pub trait #name {
            #(#decls)*
        }

        impl<C: kube_codegen_runtime::Interface> #name for kube_codegen_runtime::TypedClient<#k, C> {
            #(#bodies)*
        }
    }
}

/// One method: its declaration in the trait and its definition in the impl.
fn method(kind: &ClientKind<'_>, method: &CustomMethod) -> (TokenStream, TokenStream) {
    let result = match (method.verb.as_str(), method.result.as_deref()) {
        ("list", None) => {
            let k = kind.type_ref();
            quote!(kube_codegen_runtime::params::ObjectList<#k>)
        }
        (_, result) => kind.method_type(result),
    };
    let input = kind.method_type(method.input.as_deref());
    let sub = match &method.subresource {
        Some(s) => quote!(Some(#s)),
        None => quote!(None),
    };
    let target = match &method.subresource {
        Some(s) => format!("the `{s}` subresource of {}", a(kind.name())),
        None => a(kind.name()),
    };
    let marker = &method.name;
    let p = quote!(kube_codegen_runtime::params);
    let api = quote!(kube_codegen_runtime::ResourceApi);
    let mut generics = TokenStream::new();
    let (what, params, output, call) = match method.verb.as_str() {
        "get" => (
            format!("Reads {target}"),
            quote!(name: &str),
            result,
            quote!(#api::custom_get(self.api(), name, #sub)),
        ),
        "list" => (
            format!("Lists `{}` objects", kind.name()),
            quote!(lp: &#p::ListParams),
            result,
            quote!(#api::custom_list(self.api(), lp)),
        ),
        "create" if method.subresource.is_some() => (
            format!("Creates {target}"),
            quote!(name: &str, pp: &#p::PostParams, input: &#input),
            result,
            quote!(#api::custom_create(self.api(), name, #sub, pp, input)),
        ),
        "create" => (
            format!("Creates {target}"),
            quote!(pp: &#p::PostParams, input: &#input),
            result,
            quote!(#api::custom_create(self.api(), "", None, pp, input)),
        ),
        "patch" => {
            generics = quote!(<P: kube_codegen_runtime::client::Body>);
            (
                format!("Patches {target}"),
                quote!(name: &str, pp: &#p::PatchParams, patch: &#p::Patch<P>),
                result,
                quote!(#api::custom_patch(self.api(), name, #sub, pp, patch)),
            )
        }
        "apply" => (
            format!("Server-side applies to {target}"),
            quote!(name: &str, input: &#input, params: &#p::ApplyParams),
            result,
            quote!(#api::custom_apply(self.api(), name, #sub, params, input)),
        ),
        "delete" => (
            format!("Deletes {target}"),
            quote!(name: &str, dp: &#p::DeleteParams),
            quote!(#p::DeleteResponse<#result>),
            quote!(#api::custom_delete(self.api(), name, #sub, dp)),
        ),
        // `update`, and any verb validation let through, is a PUT.
        _ => (
            format!("Replaces {target}"),
            quote!(name: &str, pp: &#p::PostParams, input: &#input),
            result,
            quote!(#api::custom_update(self.api(), name, #sub, pp, input)),
        ),
    };
    let doc = doc(&format!("{what} (`+genclient:method={marker}`)."));
    let name = method_ident(method);
    let signature = quote! {
        fn #name #generics(&self, #params) -> impl std::future::Future<Output = kube_codegen_runtime::Result<#output>> + Send
    };
    (
        quote! {
            #doc
            #signature;
        },
        quote! {
            #signature {
                #call
            }
        },
    )
}
