//! The configuration of a kind: `apiVersion` and `kind`, `metadata` as the
//! runtime's `ObjectMetaApply`, a constructor, the `metadata` builders, the
//! runtime's `ApplyConfiguration` impl, and `extract_<kind>[_status]`.

use std::collections::BTreeSet;

use heck::ToSnakeCase;
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

use super::fields::{Structs, field_ident, on_the_wire, serde_attr};
use super::version::{derives, is_object_meta, struct_docs};
use crate::emit::docs::doc;
use crate::emit::names::{ClientKind, GroupVersion};
use crate::model::StructDef;

/// The `metadata` builders every kind's configuration has, and what they set.
const META_BUILDERS: &[(&str, &str)] = &[
    ("with_name", "name"),
    ("with_generate_name", "generateName"),
    ("with_namespace", "namespace"),
    ("with_labels", "labels"),
    ("with_annotations", "annotations"),
    ("with_owner_references", "ownerReferences"),
    ("with_finalizers", "finalizers"),
];

/// The kind's configuration, builders, trait impl and extract functions.
pub(crate) fn kind_items(
    gv: &GroupVersion<'_>,
    kind: &ClientKind<'_>,
    def: &StructDef,
    structs: &Structs<'_>,
    derive_eq: bool,
    extract: bool,
) -> TokenStream {
    let name = Structs::apply_name(kind.name());
    let k = kind.type_ref();
    let docs = struct_docs(gv, kind.ty);
    let derives = derives(derive_eq);
    let wire: Vec<_> = def.fields.iter().filter(|f| on_the_wire(f)).collect();
    let meta_field = wire.iter().find(|f| is_object_meta(&f.ty) && !f.flatten);
    let taken: BTreeSet<String> = wire
        .iter()
        .map(|f| f.name.trim_start_matches("r#").to_owned())
        .collect();
    // `apiVersion` and `kind` under names no field of the kind has.
    let free = |base: &str| {
        let mut name = base.to_owned();
        while taken.contains(&name) {
            name.push('_');
        }
        format_ident!("{name}")
    };
    let (api_version, kind_field) = (free("api_version"), free("kind"));
    let fields = wire.iter().map(|f| match meta_field {
        Some(meta) if std::ptr::eq(*f, *meta) => {
            let ident = field_ident(&f.name);
            let serde = serde_attr(&f.name, &f.json_name);
            quote! {
                /// Standard object metadata: name, namespace, labels, annotations,
                /// owner references, finalizers.
                #serde
                pub #ident: Option<kube_codegen_runtime::apply::ObjectMetaApply>,
            }
        }
        _ => structs.field(f),
    });
    let mut methods: BTreeSet<String> =
        META_BUILDERS.iter().map(|(m, _)| (*m).to_owned()).collect();
    methods.insert("new".to_owned());
    let builders: Vec<TokenStream> = wire
        .iter()
        .map(|f| {
            let mut method = format!("with_{}", f.name.trim_start_matches("r#"));
            while meta_field.is_some() && methods.contains(&method) {
                method.push_str("_field");
            }
            let method = format_ident!("{method}");
            match meta_field {
                Some(meta) if std::ptr::eq(*f, *meta) => {
                    let ident = field_ident(&f.name);
                    quote! {
                        /// Sets the whole `metadata`.
                        #[must_use]
                        pub fn #method(mut self, value: kube_codegen_runtime::apply::ObjectMetaApply) -> Self {
                            self.#ident = Some(value);
                            self
                        }
                    }
                }
                _ => structs.builder(f, &method),
            }
        })
        .collect();
    let meta_builders = meta_field.map(|meta| meta_builders(kind, &field_ident(&meta.name)));
    let constructor = meta_field
        .map(|meta| constructor(kind, &field_ident(&meta.name), &api_version, &kind_field));
    let meta_access = match meta_field {
        Some(meta) => {
            let ident = field_ident(&meta.name);
            quote!(self.#ident.as_ref())
        }
        None => quote!(None),
    };
    let extract_fns = (extract && !gv.version.skip_crds && !kind.kind.skip_version)
        .then(|| extract_fns(gv, kind, &name));
    quote! {
        #docs
        #derives
        pub struct #name {
            /// `apiVersion`: set by `new`, required by the API server.
            #[serde(rename = "apiVersion", skip_serializing_if = "Option::is_none")]
            pub #api_version: Option<String>,
            /// `kind`: set by `new`, required by the API server.
            #[serde(rename = "kind", skip_serializing_if = "Option::is_none")]
            pub #kind_field: Option<String>,
            #(#fields)*
        }

        impl #name {
            #constructor
            #meta_builders
            #(#builders)*
        }

        impl kube_codegen_runtime::apply::ApplyConfiguration for #name {
            type Kind = #k;

            fn metadata(&self) -> Option<&kube_codegen_runtime::apply::ObjectMetaApply> {
                #meta_access
            }
        }

        #extract_fns
    }
}

/// `new(name, namespace)` (or `new(name)` for cluster-scoped kinds).
fn constructor(
    kind: &ClientKind<'_>,
    meta: &Ident,
    api_version: &Ident,
    kind_field: &Ident,
) -> TokenStream {
    let k = kind.type_ref();
    let (params, namespace, text) = if kind.kind.namespaced {
        (
            quote!(name: &str, namespace: &str),
            quote!(.with_namespace(namespace)),
            format!(
                "The configuration of the `{}` `name` in `namespace`, with `apiVersion` and \
                 `kind` set; nothing else is set.",
                kind.name()
            ),
        )
    } else {
        (
            quote!(name: &str),
            TokenStream::new(),
            format!(
                "The configuration of the `{}` `name`, with `apiVersion` and `kind` set; \
                 nothing else is set.",
                kind.name()
            ),
        )
    };
    let doc = doc(&text);
    quote! {
        #doc
        pub fn new(#params) -> Self {
            Self {
                #api_version: Some(<#k as k8s_openapi::Resource>::API_VERSION.into()),
                #kind_field: Some(<#k as k8s_openapi::Resource>::KIND.into()),
                #meta: Some(
                    kube_codegen_runtime::apply::ObjectMetaApply::default().with_name(name) #namespace,
                ),
                ..Default::default()
            }
        }
    }
}

/// The `metadata` builders, forwarding to `ObjectMetaApply`'s.
fn meta_builders(kind: &ClientKind<'_>, meta: &Ident) -> TokenStream {
    let builders = META_BUILDERS
        .iter()
        .filter(|(method, _)| kind.kind.namespaced || *method != "with_namespace")
        .map(|(method, json)| {
            let method = format_ident!("{method}");
            let (generics, params, args, text) = match *json {
                "labels" | "annotations" => (
                    quote!(<K: Into<String>, V: Into<String>>),
                    quote!(entries: impl IntoIterator<Item = (K, V)>),
                    quote!(entries),
                    format!("Inserts `entries` into `metadata.{json}`, replacing the value of a key set before."),
                ),
                "ownerReferences" => (
                    TokenStream::new(),
                    quote!(values: impl IntoIterator<Item = k8s_openapi::apimachinery::pkg::apis::meta::v1::OwnerReference>),
                    quote!(values),
                    format!("Appends `values` to `metadata.{json}`."),
                ),
                "finalizers" => (
                    quote!(<S: Into<String>>),
                    quote!(values: impl IntoIterator<Item = S>),
                    quote!(values),
                    format!("Appends `values` to `metadata.{json}`."),
                ),
                _ => (
                    TokenStream::new(),
                    quote!(value: impl Into<String>),
                    quote!(value),
                    format!("Sets `metadata.{json}`."),
                ),
            };
            let doc = doc(&text);
            quote! {
                #doc
                #[must_use]
                pub fn #method #generics (mut self, #params) -> Self {
                    self.#meta = Some(self.#meta.take().unwrap_or_default().#method(#args));
                    self
                }
            }
        });
    quote!(#(#builders)*)
}

/// `extract_<kind>` and, with a status subresource, `extract_<kind>_status`.
fn extract_fns(gv: &GroupVersion<'_>, kind: &ClientKind<'_>, apply: &Ident) -> TokenStream {
    let k = kind.type_ref();
    let snake = kind.name().to_snake_case();
    // A kind `AppStatus` next to `App` has `extract_app_status` already.
    let status_suffix = if gv
        .kinds
        .iter()
        .any(|other| other.name().to_snake_case() == format!("{snake}_status"))
    {
        "_status_subresource"
    } else {
        "_status"
    };
    let one = |suffix: &str, sub: TokenStream, what: &str, go: &str| {
        let name = format_ident!("extract_{snake}{suffix}");
        let doc = doc(&format!(
            "What `field_manager` applied to `object`{what}, as a [`{apply}`] with the \
             object's name and namespace (client-go's `Extract{}{go}`): apply it again \
             as that manager, changed, to change only the fields it owns.\n\n\
             # Errors\n\n\
             When the object's managed fields do not fit the kind's CRD.",
            kind.name(),
        ));
        quote! {
            #doc
            pub fn #name(object: &#k, field_manager: &str) -> Result<#apply, kube_codegen_runtime::apply::ExtractError> {
                crate::applyconfigurations::extractor().extract(object, field_manager, kube_codegen_runtime::apply::Subresource::#sub)
            }
        }
    };
    let main = one("", quote!(Main), "", "");
    let status = kind.kind.status_subresource.then(|| {
        one(
            status_suffix,
            quote!(Status),
            " through the `status` subresource",
            "Status",
        )
    });
    quote!(#main #status)
}
