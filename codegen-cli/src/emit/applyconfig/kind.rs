//! The configuration of a kind: `apiVersion` and `kind`, `metadata` as the
//! runtime's `ObjectMetaApply`, a constructor, the runtime's
//! `ApplyConfiguration` impl and its `metadata` builders (`MetadataBuilders`,
//! `NamespaceBuilder`: written once in the runtime, only pointed at the field
//! here), and `extract_<kind>[_status]`.

use std::collections::BTreeSet;

use heck::ToSnakeCase;
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

use super::fields::{Structs, field_ident, on_the_wire, serde_attr};
use super::version::{derives, is_object_meta, struct_docs};
use crate::emit::docs::doc;
use crate::emit::names::{ClientKind, GroupVersion};
use crate::model::StructDef;

/// The `metadata` builders the runtime's `MetadataBuilders` and
/// `NamespaceBuilder` give every kind's configuration: a field's builder
/// takes another name rather than shadow one.
const META_BUILDERS: &[&str] = &[
    "with_name",
    "with_generate_name",
    "with_namespace",
    "with_labels",
    "with_annotations",
    "with_owner_references",
    "with_finalizers",
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
    let mut methods: BTreeSet<String> = META_BUILDERS.iter().map(|m| (*m).to_owned()).collect();
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
    let meta_builders = meta_field.map(|meta| meta_builders(kind, &name, &field_ident(&meta.name)));
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
            #(#builders)*
        }

        #meta_builders

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

/// The runtime's `metadata` builders on the configuration: `with_namespace`
/// only for namespaced kinds.
fn meta_builders(kind: &ClientKind<'_>, apply: &Ident, meta: &Ident) -> TokenStream {
    let namespace = kind.kind.namespaced.then(|| {
        quote! {
            impl kube_codegen_runtime::apply::NamespaceBuilder for #apply {}
        }
    });
    quote! {
        impl kube_codegen_runtime::apply::MetadataBuilders for #apply {
            fn metadata_mut(&mut self) -> &mut kube_codegen_runtime::apply::ObjectMetaApply {
                self.#meta.get_or_insert_with(Default::default)
            }
        }

        #namespace
    }
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
        // `#[inline]`: the runtime's generic extraction is instantiated (and
        // compiled) by the crate that calls it, not for every kind here: a
        // fifth of a 100-kind crate's build otherwise.
        quote! {
            #doc
            #[inline]
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
