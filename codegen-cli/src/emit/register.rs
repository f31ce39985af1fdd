//! What makes a type a Kubernetes kind: the analogue of register-gen.
//!
//! Each kind implements k8s-openapi's `Resource`, `ListableResource` and
//! `Metadata`, exactly as k8s-openapi's own types do; kube's blanket impl then
//! makes it a `kube::Resource<DynamicType = ()>` with the same scope, so
//! `kube::Api::<App>::namespaced(..)` and every kube runtime tool accept it. The
//! kind also gets inherent constants and a constructor, each version module a
//! `KINDS` list, and `apis` the `KnownKind` type those lists are made of.
//!
//! The API server wants `apiVersion` and `kind` in every object it is sent, and a
//! plain Rust type (like a Go type without `TypeMeta`) has no such fields; kinds
//! that do not declare them get a `Serialize` impl that writes them first.

use proc_macro2::TokenStream;
use quote::quote;

use crate::emit::rust_type::{LocalTypes, TypeNames, ident, last_segment};
use crate::model::{FieldType, Group, Kind, StructDef, TypeBody, TypeDef, Version};

/// `group/version`, or only the version for the legacy core group.
pub fn api_version(group: &Group, version: &Version) -> String {
    if group.name.is_empty() {
        version.name.clone()
    } else {
        format!("{}/{}", group.name, version.name)
    }
}

/// The trait impls and inherent helpers of one kind.
pub fn kind_impls(
    group: &Group,
    version: &Version,
    ty: &TypeDef,
    kind: &Kind,
    names: &TypeNames,
    locals: &LocalTypes,
) -> TokenStream {
    let name = ident(&ty.name);
    let api_version = api_version(group, version);
    let group_name = &group.name;
    let version_name = &version.name;
    let kind_name = &ty.name;
    let plural = &kind.plural;
    let list_kind = format!("{}List", ty.name);
    let scope = if kind.namespaced {
        quote!(k8s_openapi::NamespaceResourceScope)
    } else {
        quote!(k8s_openapi::ClusterResourceScope)
    };
    let metadata = object_meta_field(ty).map(|field| {
        let meta_ty = names.render(&field.ty);
        let field = ident(&field.name);
        quote! {
            impl k8s_openapi::Metadata for #name {
                type Ty = #meta_ty;

                fn metadata(&self) -> &Self::Ty {
                    &self.#field
                }

                fn metadata_mut(&mut self) -> &mut Self::Ty {
                    &mut self.#field
                }
            }
        }
    });
    let inherent = inherent_items(group, version, ty, kind, names, locals);
    quote! {
        impl k8s_openapi::Resource for #name {
            const API_VERSION: &'static str = #api_version;
            const GROUP: &'static str = #group_name;
            const KIND: &'static str = #kind_name;
            const VERSION: &'static str = #version_name;
            const URL_PATH_SEGMENT: &'static str = #plural;
            type Scope = #scope;
        }

        impl k8s_openapi::ListableResource for #name {
            const LIST_KIND: &'static str = #list_kind;
        }

        #metadata

        #inherent
    }
}

/// The kind's `metadata: ObjectMeta` field, which kube's `Resource` reads.
fn object_meta_field(ty: &TypeDef) -> Option<&crate::model::Field> {
    let TypeBody::Struct(def) = &ty.body else {
        return None;
    };
    def.fields.iter().find(|f| {
        f.name == "metadata"
            && matches!(&f.ty, FieldType::External(ext) if ext.name() == "ObjectMeta")
    })
}

/// `impl App { pub const PLURAL ...; pub fn new(..) }`, minus anything the user
/// already wrote on the type.
fn inherent_items(
    group: &Group,
    version: &Version,
    ty: &TypeDef,
    kind: &Kind,
    names: &TypeNames,
    locals: &LocalTypes,
) -> TokenStream {
    let kind_name = &ty.name;
    let api_version = api_version(group, version);
    let scope = if kind.namespaced {
        "namespaced"
    } else {
        "cluster-scoped"
    };
    let str_const = |name: &str, value: &str, doc: String| {
        (name.to_owned(), quote!(&'static str), quote!(#value), doc)
    };
    let list_const = |name: &str, values: &[String], doc: String| {
        (
            name.to_owned(),
            quote!(&'static [&'static str]),
            quote!(&[#(#values),*]),
            doc,
        )
    };
    let group_doc = if group.name.is_empty() {
        "the legacy core group".to_owned()
    } else {
        format!("`{}`", group.name)
    };
    let consts = [
        str_const(
            "GROUP",
            &group.name,
            format!(" The API group of `{kind_name}`: {group_doc}."),
        ),
        str_const(
            "VERSION",
            &version.name,
            format!(
                " The version of `{kind_name}` within its group: `{}`.",
                version.name
            ),
        ),
        str_const(
            "API_VERSION",
            &api_version,
            format!(" The `apiVersion` of `{kind_name}` objects: `{api_version}`."),
        ),
        str_const(
            "KIND",
            kind_name,
            format!(" The `kind` of `{kind_name}` objects."),
        ),
        str_const(
            "PLURAL",
            &kind.plural,
            format!(
                " The resource name of `{kind_name}`, as in URL paths and RBAC rules: `{}`.",
                kind.plural
            ),
        ),
        str_const(
            "SINGULAR",
            &kind.singular,
            format!(
                " The singular resource name of `{kind_name}`: `{}`.",
                kind.singular
            ),
        ),
        list_const(
            "SHORT_NAMES",
            &kind.short_names,
            format!(" The short names `kubectl` accepts for `{kind_name}`."),
        ),
        list_const(
            "CATEGORIES",
            &kind.categories,
            format!(" The categories `{kind_name}` belongs to (`kubectl get <category>`)."),
        ),
        (
            "NAMESPACED".to_owned(),
            quote!(bool),
            if kind.namespaced {
                quote!(true)
            } else {
                quote!(false)
            },
            format!(
                " Whether `{kind_name}` objects live in a namespace: `{kind_name}` is {scope}."
            ),
        ),
    ];
    let consts = consts
        .into_iter()
        .filter(|(name, ..)| !locals.has_inherent(kind_name, name))
        .map(|(name, ty, value, doc)| {
            let name = ident(&name);
            quote! {
                #[doc = #doc]
                pub const #name: #ty = #value;
            }
        });
    let new = if locals.has_inherent(kind_name, "new") {
        None
    } else {
        constructor(ty, names, locals)
    };
    let name = ident(kind_name);
    quote! {
        impl #name {
            #(#consts)*

            #new
        }
    }
}

/// `pub fn new(name: &str, spec: AppSpec) -> Self` (or `new(name)` for a kind
/// without `spec`), when every other field has an empty value the code can
/// name: `None` for options, `Default::default()` for types known to have one.
fn constructor(ty: &TypeDef, names: &TypeNames, locals: &LocalTypes) -> Option<TokenStream> {
    let TypeBody::Struct(def) = &ty.body else {
        return None;
    };
    let meta = object_meta_field(ty)?;
    let spec = def.fields.iter().find(|f| f.name == "spec");
    let mut inits = Vec::new();
    for field in &def.fields {
        let field_name = ident(&field.name);
        let init = if field.name == meta.name {
            let meta_ty = names.render(&meta.ty);
            quote! {
                #field_name: #meta_ty {
                    name: Some(name.to_owned()),
                    ..Default::default()
                }
            }
        } else if spec.is_some_and(|s| s.name == field.name) {
            quote!(#field_name)
        } else if field.ty.is_option() {
            quote!(#field_name: None)
        } else if locals.is_default(&field.ty) {
            quote!(#field_name: Default::default())
        } else {
            return None;
        };
        inits.push(init);
    }
    let kind_name = &ty.name;
    let (params, doc) = match spec {
        Some(spec) => {
            let spec_ty = names.render(&spec.ty);
            (
                quote!(name: &str, spec: #spec_ty),
                format!(
                    " A new `{kind_name}` called `name` with the given `spec`; every other field is empty."
                ),
            )
        }
        None => (
            quote!(name: &str),
            format!(" A new `{kind_name}` called `name`; every other field is empty."),
        ),
    };
    Some(quote! {
        #[doc = #doc]
        pub fn new(#params) -> Self {
            Self {
                #(#inits,)*
            }
        }
    })
}

/// Whether the kind needs the generated `Serialize` that writes `apiVersion` and
/// `kind`: it derives `Serialize` and declares neither field itself (nor a
/// flattened `TypeMeta` holding them).
pub fn writes_type_meta(ty: &TypeDef) -> bool {
    let TypeBody::Struct(def) = &ty.body else {
        return false;
    };
    ty.kind.is_some() && derives(ty, "Serialize") && !declares_type_meta(def)
}

fn declares_type_meta(def: &StructDef) -> bool {
    def.fields.iter().any(|f| {
        f.json_name == "apiVersion"
            || f.json_name == "kind"
            || (f.flatten
                && matches!(f.ty.unwrap_option(), FieldType::External(ext) if ext.name() == "TypeMeta"))
    })
}

/// Whether `ty` derives the trait whose last path segment is `name`.
pub fn derives(ty: &TypeDef, name: &str) -> bool {
    ty.derives.iter().any(|d| last_segment(d) == name)
}

/// The `Serialize` (and `Deserialize`) impls of a kind for which
/// [`writes_type_meta`] holds.
///
/// The kind carries `#[serde(remote = "Self")]`, which turns its derived impls
/// into inherent `App::serialize` / `App::deserialize` functions with the user's
/// serde attributes intact; the trait impls here wrap them. Deserializing accepts
/// `apiVersion` and `kind` without checking them: list items and watch events
/// from some servers omit them.
pub fn type_meta_serde(ty: &TypeDef) -> TokenStream {
    let name = ident(&ty.name);
    let serialize_with = format!("{}::serialize", ty.name);
    let ser_doc = format!(
        " Writes `apiVersion` and `kind`, which the API server requires, ahead of the fields of `{}`.",
        ty.name
    );
    let serialize = quote! {
        #[doc = #ser_doc]
        impl serde::Serialize for #name {
            fn serialize<S>(&self, serializer: S) -> ::core::result::Result<S::Ok, S::Error>
            where
                S: serde::Serializer,
            {
                #[derive(serde::Serialize)]
                struct WithTypeMeta<'a> {
                    #[serde(rename = "apiVersion")]
                    api_version: &'static str,
                    kind: &'static str,
                    #[serde(flatten, serialize_with = #serialize_with)]
                    object: &'a #name,
                }

                serde::Serialize::serialize(
                    &WithTypeMeta {
                        api_version: <Self as k8s_openapi::Resource>::API_VERSION,
                        kind: <Self as k8s_openapi::Resource>::KIND,
                        object: self,
                    },
                    serializer,
                )
            }
        }
    };
    let deserialize = derives(ty, "Deserialize").then(|| {
        let de_doc = format!(
            " Reads the fields of `{}`; `apiVersion` and `kind` may be present or not.",
            ty.name
        );
        quote! {
            #[doc = #de_doc]
            impl<'de> serde::Deserialize<'de> for #name {
                fn deserialize<D>(deserializer: D) -> ::core::result::Result<Self, D::Error>
                where
                    D: serde::Deserializer<'de>,
                {
                    #name::deserialize(deserializer)
                }
            }
        }
    });
    quote! {
        #serialize
        #deserialize
    }
}

/// `impl kube_codegen_runtime::Kind for App`: how the API server serves the kind
/// (scope, status and scale subresources, selectable fields), for the runtime's
/// typed clients and fake clientset.
pub fn runtime_kind_impl(
    group: &Group,
    version: &Version,
    ty: &TypeDef,
    kind: &Kind,
) -> TokenStream {
    let name = ident(&ty.name);
    let (group_name, version_name, kind_name, plural) =
        (&group.name, &version.name, &ty.name, &kind.plural);
    let namespaced = kind.namespaced;
    let status = kind
        .status_subresource
        .then(|| quote!(.with_status_subresource()));
    let scale = kind.scale.as_ref().map(|scale| {
        let (spec, status) = (&scale.spec_replicas_path, &scale.status_replicas_path);
        let selector = match &scale.label_selector_path {
            Some(path) => quote!(Some(#path)),
            None => quote!(None),
        };
        quote! {
            .with_scale(kube_codegen_runtime::ScaleInfo {
                spec_replicas_path: #spec,
                status_replicas_path: #status,
                label_selector_path: #selector,
            })
        }
    });
    let fields = (!kind.selectable_fields.is_empty()).then(|| {
        let fields = &kind.selectable_fields;
        quote!(.with_selectable_fields(&[#(#fields),*]))
    });
    quote! {
        impl kube_codegen_runtime::Kind for #name {
            const INFO: kube_codegen_runtime::ResourceInfo = kube_codegen_runtime::ResourceInfo::new(
                #group_name,
                #version_name,
                #kind_name,
                #plural,
                #namespaced,
            )
            #status
            #scale
            #fields;
        }
    }
}

/// `pub const KINDS` for a version module: the kinds it registers.
pub fn known_kinds_const(group: &Group, version: &Version) -> TokenStream {
    let entries = version.types().filter(|ty| ty.kind.is_some()).map(|ty| {
        let name = ident(&ty.name);
        quote!(<#name as kube_codegen_runtime::Kind>::INFO)
    });
    let doc = format!(
        " The kinds of `{}`, as register-gen's `addKnownTypes` lists them.",
        api_version(group, version)
    );
    quote! {
        #[doc = #doc]
        pub const KINDS: &[kube_codegen_runtime::ResourceInfo] = &[#(#entries),*];
    }
}

/// `known_kinds()` of `src/apis/mod.rs`.
pub fn known_kinds_fn(version_paths: &[TokenStream]) -> TokenStream {
    let all = if version_paths.is_empty() {
        quote!(std::iter::empty())
    } else {
        let first = &version_paths[0];
        let rest = &version_paths[1..];
        quote!(#first::KINDS.iter()#(.chain(#rest::KINDS))*)
    };
    quote! {
        /// Every kind of every group and version in this crate, with what the API
        /// server knows about it (the analogue of what a Go API package registers
        /// in `addKnownTypes`).
        pub fn known_kinds() -> impl Iterator<Item = &'static kube_codegen_runtime::ResourceInfo> {
            #all
        }
    }
}
