//! `src/applyconfigurations/<group>/<version>.rs`: the apply configurations of
//! one group-version, in the order the types are declared.

use proc_macro2::TokenStream;
use quote::quote;

use super::fields::{Structs, on_the_wire};
use super::kind;
use crate::emit::docs::{doc, inner_doc};
use crate::emit::names::GroupVersion;
use crate::emit::types::doc_attrs;
use crate::model::{FieldType, StructDef, TypeBody, TypeDef};

/// The whole file.
pub(crate) fn version_file(gv: &GroupVersion<'_>, extract: bool) -> TokenStream {
    let kinds: Vec<&str> = gv.kinds.iter().map(|k| k.name()).collect();
    let structs = Structs {
        names: super::reachable_structs(gv.version, &kinds),
    };
    let derive_eq = all_partial_eq(gv, &structs);
    let types = gv.types_path();
    let items = gv.version.types().filter_map(|ty| {
        let TypeBody::Struct(def) = &ty.body else {
            return None;
        };
        if !structs.names.contains(ty.name.as_str()) {
            return None;
        }
        let client_kind = gv.kinds.iter().find(|k| k.name() == ty.name);
        Some(match client_kind {
            Some(k) => kind::kind_items(gv, k, def, &structs, derive_eq, extract),
            None => struct_items(gv, ty, def, &structs, derive_eq),
        })
    });
    let module_doc = inner_doc(&format!(
        "Apply configurations of `{}`: every field optional, only what is set is sent.",
        gv.api_version()
    ));
    quote! {
        #module_doc

        use #types as types;

        #(#items)*
    }
}

/// The derives of every configuration: `PartialEq` when every enum and
/// newtype they hold has it.
pub(crate) fn derives(partial_eq: bool) -> TokenStream {
    let eq = partial_eq.then(|| quote!(PartialEq,));
    quote!(#[derive(Clone, Debug, Default, #eq ::serde::Serialize, ::serde::Deserialize)])
}

/// The docs of a configuration: what it is, then the type's own docs.
pub(crate) fn struct_docs(gv: &GroupVersion<'_>, ty: &TypeDef) -> TokenStream {
    let path = format!("{}::{}", gv.types_path(), ty.name).replace(' ', "");
    let head = doc(&format!(
        "The apply configuration of [`{}`]({path}): every field optional, only what is \
         set is sent.",
        ty.name
    ));
    if ty.docs.iter().any(|d| !d.trim().is_empty()) {
        let docs = doc_attrs(&ty.docs);
        quote!(#head #[doc = ""] #(#docs)*)
    } else {
        head
    }
}

/// A struct type's configuration and builders.
fn struct_items(
    gv: &GroupVersion<'_>,
    ty: &TypeDef,
    def: &StructDef,
    structs: &Structs<'_>,
    derive_eq: bool,
) -> TokenStream {
    let name = Structs::apply_name(&ty.name);
    let docs = struct_docs(gv, ty);
    let derives = derives(derive_eq);
    let wire: Vec<_> = def.fields.iter().filter(|f| on_the_wire(f)).collect();
    let fields = wire.iter().map(|f| structs.field(f));
    let builders = wire.iter().map(|f| {
        let method = quote::format_ident!("with_{}", f.name.trim_start_matches("r#"));
        structs.builder(f, &method)
    });
    quote! {
        #docs
        #derives
        pub struct #name {
            #(#fields)*
        }

        impl #name {
            #(#builders)*
        }
    }
}

/// Whether every enum and newtype the configurations hold derives `PartialEq`.
fn all_partial_eq(gv: &GroupVersion<'_>, structs: &Structs<'_>) -> bool {
    let mut locals = Vec::new();
    for name in &structs.names {
        if let Some(TypeBody::Struct(def)) = gv.version.find_type(name).map(|t| &t.body) {
            for field in def.fields.iter().filter(|f| on_the_wire(f)) {
                super::locals(&field.ty, &mut locals);
            }
        }
    }
    locals
        .iter()
        .filter(|name| !structs.names.contains(*name))
        .all(|name| {
            gv.version.find_type(name).is_none_or(|t| {
                t.derives
                    .iter()
                    .any(|d| d.rsplit("::").next() == Some("PartialEq"))
            })
        })
}

/// Whether `ty` is the kind's `metadata`.
pub(crate) fn is_object_meta(ty: &FieldType) -> bool {
    matches!(ty.unwrap_option(), FieldType::External(e) if e.name() == "ObjectMeta")
}
