//! Names and paths the clientset emitters share: which kinds get clients, how
//! accessors, client types and traits are called, and where types live in the
//! generated crate.

use heck::{ToShoutySnakeCase, ToSnakeCase, ToUpperCamelCase};
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

use crate::model::{Api, ClientConfig, CustomMethod, Group, Kind, TypeDef, Verb, Version};

/// An identifier, raw (`r#type`) when the name is a Rust keyword; the keywords
/// that cannot be raw (`self`, `super`, ...) get a trailing `_`.
pub(crate) fn ident(name: &str) -> Ident {
    if syn::parse_str::<Ident>(name).is_ok() {
        Ident::new(name, Span::call_site())
    } else if matches!(name, "self" | "Self" | "super" | "crate" | "_") {
        Ident::new(&format!("{name}_"), Span::call_site())
    } else {
        Ident::new_raw(name, Span::call_site())
    }
}

/// A group-version that has at least one kind with a client.
pub(crate) struct GroupVersion<'a> {
    pub(crate) group: &'a Group,
    pub(crate) version: &'a Version,
    pub(crate) kinds: Vec<ClientKind<'a>>,
}

/// A kind with `+genclient`.
pub(crate) struct ClientKind<'a> {
    pub(crate) group: &'a Group,
    pub(crate) version: &'a Version,
    pub(crate) ty: &'a TypeDef,
    pub(crate) kind: &'a Kind,
    pub(crate) client: &'a ClientConfig,
}

/// Every group-version with clients, grouped by group, in model order.
pub(crate) fn client_groups(api: &Api) -> Vec<(&Group, Vec<GroupVersion<'_>>)> {
    api.groups
        .iter()
        .map(|group| {
            let versions = group
                .versions
                .iter()
                .map(|version| GroupVersion {
                    group,
                    version,
                    kinds: version
                        .types()
                        .filter_map(|ty| {
                            let kind = ty.kind.as_ref()?;
                            let client = kind.client.as_ref()?;
                            Some(ClientKind {
                                group,
                                version,
                                ty,
                                kind,
                                client,
                            })
                        })
                        .collect(),
                })
                .filter(|gv| !gv.kinds.is_empty())
                .collect::<Vec<_>>();
            (group, versions)
        })
        .filter(|(_, versions)| !versions.is_empty())
        .collect()
}

/// `myapp` (from `+groupGoName` or the group's module), snake_case.
fn group_accessor(group: &Group) -> String {
    group
        .go_name
        .as_deref()
        .unwrap_or(&group.module)
        .to_snake_case()
}

impl GroupVersion<'_> {
    /// `myapp_v1`: the clientset's accessor method.
    pub(crate) fn accessor(&self) -> Ident {
        ident(&format!(
            "{}_{}",
            group_accessor(self.group),
            self.version.name.to_snake_case()
        ))
    }

    /// `MyappV1`: the prefix of the group-version's type names.
    pub(crate) fn camel(&self) -> String {
        format!(
            "{}{}",
            group_accessor(self.group).to_upper_camel_case(),
            self.version.name.to_upper_camel_case()
        )
    }

    /// `MyappV1Client`.
    pub(crate) fn client(&self) -> Ident {
        format_ident!("{}Client", self.camel())
    }

    /// `MyappV1Interface`.
    pub(crate) fn interface(&self) -> Ident {
        format_ident!("{}Interface", self.camel())
    }

    /// `FakeMyappV1`.
    pub(crate) fn fake(&self) -> Ident {
        format_ident!("Fake{}", self.camel())
    }

    /// `MyappV1` as the associated type name in `Interface`.
    pub(crate) fn assoc(&self) -> Ident {
        format_ident!("{}", self.camel())
    }

    /// The group's module under `clientset/` (and `apis/`).
    pub(crate) fn group_module(&self) -> Ident {
        ident(&self.group.module)
    }

    /// The version's module under `clientset/<group>/` (and `apis/<group>/`).
    pub(crate) fn version_module(&self) -> Ident {
        ident(&self.version.module)
    }

    /// `myapp.k8s.io/v1`.
    pub(crate) fn api_version(&self) -> String {
        if self.group.name.is_empty() {
            self.version.name.clone()
        } else {
            format!("{}/{}", self.group.name, self.version.name)
        }
    }
}

/// Parameter names the generated methods use; an object parameter named like the
/// kind must not collide with them.
const RESERVED_PARAMS: &[&str] = &[
    "name",
    "pp",
    "dp",
    "lp",
    "wp",
    "patch",
    "config",
    "params",
    "input",
    "namespace",
    "resource_version",
    "self",
    // clippy's `disallowed_names` (placeholder names) would fail `-D warnings`.
    "foo",
    "baz",
    "quux",
];

impl ClientKind<'_> {
    /// `App`.
    pub(crate) fn name(&self) -> &str {
        &self.ty.name
    }

    /// `crate::apis::myapp::v1::App`.
    pub(crate) fn type_path(&self) -> TokenStream {
        let group = ident(&self.group.module);
        let version = ident(&self.version.module);
        let name = ident(&self.ty.name);
        quote!(crate::apis::#group::#version::#name)
    }

    /// How the kind's files refer to the type: `App` (imported by
    /// [`ClientKind::import`]), or the full path when `App` would clash with an
    /// imported name.
    pub(crate) fn type_ref(&self) -> TokenStream {
        if super::imports::is_reserved(&self.ty.name) {
            self.type_path()
        } else {
            let name = ident(&self.ty.name);
            quote!(#name)
        }
    }

    /// `use crate::apis::myapp::v1::App;` when [`ClientKind::type_ref`] is short.
    pub(crate) fn import(&self) -> TokenStream {
        if super::imports::is_reserved(&self.ty.name) {
            TokenStream::new()
        } else {
            let path = self.type_path();
            quote!(use #path;)
        }
    }

    /// `app`: the module of the kind's client.
    pub(crate) fn module(&self) -> Ident {
        ident(&self.module_name())
    }

    /// `app`: the file stem of the kind's client (the module name, unescaped).
    pub(crate) fn module_name(&self) -> String {
        self.ty.name.to_snake_case()
    }

    /// `apps`: the accessor on the group-version client.
    pub(crate) fn accessor(&self) -> Ident {
        ident(&crate::parse::naming::plural_snake_case(
            &self.ty.name,
            &self.kind.plural,
        ))
    }

    /// `app`: the object parameter of create/update.
    pub(crate) fn param(&self) -> Ident {
        let snake = self.ty.name.to_snake_case();
        if RESERVED_PARAMS.contains(&snake.as_str()) || syn::parse_str::<Ident>(&snake).is_err() {
            format_ident!("object")
        } else {
            format_ident!("{}", snake)
        }
    }

    /// `AppClient`.
    pub(crate) fn client(&self) -> Ident {
        format_ident!("{}Client", self.ty.name)
    }

    /// `FakeAppClient`.
    pub(crate) fn fake_client(&self) -> Ident {
        format_ident!("Fake{}Client", self.ty.name)
    }

    /// `AppInterface`.
    pub(crate) fn interface(&self) -> Ident {
        format_ident!("{}Interface", self.ty.name)
    }

    /// `APP_RESOURCE`: the fake's static description of the resource.
    pub(crate) fn resource_static(&self) -> Ident {
        format_ident!("{}_RESOURCE", self.ty.name.to_shouty_snake_case())
    }

    /// The standard verbs, in canonical order; status verbs only when the kind has
    /// a status subresource to address.
    pub(crate) fn verbs(&self) -> Vec<Verb> {
        Verb::ALL
            .into_iter()
            .filter(|v| self.client.has(*v))
            .filter(|v| !v.is_status() || !self.client.no_status)
            .collect()
    }

    /// A custom method's request or result type: a full path, or a type of the
    /// kind's version module; the kind itself when absent.
    pub(crate) fn method_type(&self, path: Option<&str>) -> TokenStream {
        let Some(path) = path.map(str::trim).filter(|p| !p.is_empty()) else {
            return self.type_ref();
        };
        let group = ident(&self.group.module);
        let version = ident(&self.version.module);
        let resolved = if let Some(rest) = path.strip_prefix("crate::") {
            format!("crate::apis::{rest}")
        } else if let Some(rest) = path.strip_prefix("self::") {
            format!("crate::apis::{group}::{version}::{rest}")
        } else if let Some(rest) = path.strip_prefix("super::") {
            format!("crate::apis::{group}::{rest}")
        } else if path.contains("::") {
            path.to_owned()
        } else {
            format!("crate::apis::{group}::{version}::{path}")
        };
        match syn::parse_str::<syn::Type>(&resolved) {
            Ok(ty) => quote!(#ty),
            Err(_) => self.type_path(),
        }
    }
}

/// `get_scale` for `+genclient:method=GetScale,...`.
pub(crate) fn method_ident(method: &CustomMethod) -> Ident {
    ident(&method.name.to_snake_case())
}
