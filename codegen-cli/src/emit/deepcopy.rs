//! The deep-copy `Clone` impls: the Rust analogue of deepcopy-gen.
//!
//! `clone` builds the value field by field. `clone_from` copies into an existing
//! value field by field, so that `String`, `Vec`, `Option<T>` and `Box<T>` (whose
//! std `clone_from` reuses what is already there) keep their allocations: the
//! analogue of Go's `DeepCopyInto`, and what makes refreshing a cached object in a
//! loop cheap. Fields whose type is `Copy` are plain assignments, which is both
//! what `clippy::clone_on_copy` asks for and what the copy costs. Like
//! `#[derive(Clone)]`'s, the methods are `#[inline]`: compiled where they are
//! called, not for every type of the crate that defines them.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::quote;

use crate::emit::rust_type::ident;
use crate::model::{EnumDef, FieldType, StructDef, TypeBody, TypeDef, Variant, VariantData};

/// The `impl Clone` for `ty`, or nothing when `+k8s:deepcopy-gen=false` turns it off.
///
/// `copy_types` names the types of the version that derive `Copy`, so fields of
/// those types are assigned rather than cloned.
pub fn clone_impl(ty: &TypeDef, copy_types: &BTreeSet<String>) -> TokenStream {
    if !ty.deepcopy {
        return TokenStream::new();
    }
    let name = ident(&ty.name);
    let body = match &ty.body {
        // A `Copy` type is its own deep copy.
        _ if copy_types.contains(&ty.name) => quote! {
            #[inline]
            fn clone(&self) -> Self {
                *self
            }
        },
        TypeBody::Struct(def) => struct_clone(def, copy_types),
        TypeBody::Enum(def) => enum_clone(def, copy_types),
        TypeBody::Newtype(def) => newtype_clone(&def.inner, copy_types),
    };
    quote! {
        impl Clone for #name {
            #body
        }
    }
}

fn struct_clone(def: &StructDef, copy_types: &BTreeSet<String>) -> TokenStream {
    let fields: Vec<_> = def
        .fields
        .iter()
        .map(|f| (ident(&f.name), is_copy(&f.ty, copy_types)))
        .collect();
    let clones = fields.iter().map(|(name, copy)| {
        if *copy {
            quote!(#name: self.#name)
        } else {
            quote!(#name: self.#name.clone())
        }
    });
    let clone = quote! {
        #[inline]
        fn clone(&self) -> Self {
            Self {
                #(#clones,)*
            }
        }
    };
    if fields.is_empty() {
        // Nothing to reuse: the default `clone_from` (`*self = source.clone()`) is exact.
        return clone;
    }
    let clone_froms = fields.iter().map(|(name, copy)| {
        if *copy {
            quote!(self.#name = source.#name;)
        } else {
            quote!(self.#name.clone_from(&source.#name);)
        }
    });
    quote! {
        #clone

        #[inline]
        fn clone_from(&mut self, source: &Self) {
            #(#clone_froms)*
        }
    }
}

/// `Hostname(self.0.clone())`, and a `clone_from` that reuses the inner allocation.
fn newtype_clone(inner: &FieldType, copy_types: &BTreeSet<String>) -> TokenStream {
    if is_copy(inner, copy_types) {
        return quote! {
            #[inline]
            fn clone(&self) -> Self {
                Self(self.0)
            }
        };
    }
    quote! {
        #[inline]
        fn clone(&self) -> Self {
            Self(self.0.clone())
        }

        #[inline]
        fn clone_from(&mut self, source: &Self) {
            self.0.clone_from(&source.0);
        }
    }
}

/// A `match` over the variants that copies each one's data; a `clone_from` that
/// reuses the data's allocations when both values are the same variant.
fn enum_clone(def: &EnumDef, copy_types: &BTreeSet<String>) -> TokenStream {
    if def.variants.is_empty() {
        return quote! {
            #[inline]
            fn clone(&self) -> Self {
                match *self {}
            }
        };
    }
    let arms = def.variants.iter().map(|v| {
        let variant = ident(&v.name);
        match &v.data {
            VariantData::Unit => quote!(Self::#variant => Self::#variant),
            VariantData::Newtype(field) => {
                let copy = copy_of(quote!(value), is_copy(&field.ty, copy_types));
                quote!(Self::#variant(value) => Self::#variant(#copy))
            }
            VariantData::Struct(fields) => {
                let names: Vec<_> = fields.iter().map(|f| ident(&f.name)).collect();
                let copies = fields
                    .iter()
                    .zip(&names)
                    .map(|(f, name)| copy_of(quote!(#name), is_copy(&f.ty, copy_types)));
                quote!(Self::#variant { #(#names),* } => Self::#variant { #(#names: #copies),* })
            }
        }
    });
    let clone = quote! {
        #[inline]
        fn clone(&self) -> Self {
            match self {
                #(#arms,)*
            }
        }
    };
    let reuse: Vec<TokenStream> = def
        .variants
        .iter()
        .filter_map(|v| variant_clone_from(v, copy_types))
        .collect();
    if reuse.is_empty() {
        return clone;
    }
    quote! {
        #clone

        fn clone_from(&mut self, source: &Self) {
            match (self, source) {
                #(#reuse)*
                (this, source) => *this = source.clone(),
            }
        }
    }
}

/// `value.clone()`, or `*value` for a `Copy` value bound by reference.
fn copy_of(binding: TokenStream, copy: bool) -> TokenStream {
    if copy {
        quote!(*#binding)
    } else {
        quote!(#binding.clone())
    }
}

/// The `clone_from` arm of a variant with data: each field copied into the
/// existing one.
fn variant_clone_from(v: &Variant, copy_types: &BTreeSet<String>) -> Option<TokenStream> {
    let variant = ident(&v.name);
    let assign = |target: &TokenStream, source: &TokenStream, ty: &FieldType| {
        if is_copy(ty, copy_types) {
            quote!(*#target = *#source;)
        } else {
            quote!(#target.clone_from(#source);)
        }
    };
    match &v.data {
        VariantData::Unit => None,
        VariantData::Newtype(field) => {
            let body = assign(&quote!(value), &quote!(source), &field.ty);
            Some(quote!((Self::#variant(value), Self::#variant(source)) => { #body }))
        }
        VariantData::Struct(fields) if fields.is_empty() => None,
        VariantData::Struct(fields) => {
            let taken: BTreeSet<String> = fields.iter().map(|f| f.name.clone()).collect();
            let mut mine = Vec::new();
            let mut theirs = Vec::new();
            let mut body = Vec::new();
            for f in fields {
                let name = ident(&f.name);
                let mut from = format!("source_{}", f.name.trim_start_matches("r#"));
                while taken.contains(&from) {
                    from.push('_');
                }
                let from = ident(&from);
                body.push(assign(&quote!(#name), &quote!(#from), &f.ty));
                mine.push(quote!(#name));
                theirs.push(quote!(#name: #from));
            }
            Some(quote! {
                (Self::#variant { #(#mine),* }, Self::#variant { #(#theirs),* }) => { #(#body)* }
            })
        }
    }
}

/// Whether values of `ty` are `Copy`, so that `.clone()` on them would be noise.
pub fn is_copy(ty: &FieldType, copy_types: &BTreeSet<String>) -> bool {
    match ty {
        FieldType::Bool
        | FieldType::Integer { .. }
        | FieldType::PointerSized { .. }
        | FieldType::Float { .. } => true,
        FieldType::Option(inner) | FieldType::Array { item: inner, .. } => {
            is_copy(inner, copy_types)
        }
        FieldType::Local(name) => copy_types.contains(name),
        // The time crates' UTC timestamps, kube's `Duration`.
        FieldType::External(ext) if crate::parse::crate_types::is_copy(&ext.path) => true,
        FieldType::String
        | FieldType::Vec(_)
        | FieldType::Map { .. }
        | FieldType::Json
        | FieldType::Unresolved
        | FieldType::External(_)
        | FieldType::Boxed(_) => false,
    }
}
