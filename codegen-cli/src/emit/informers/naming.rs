//! Names of everything the lister and informer emitters produce: which kinds get
//! one, module and file names, accessor methods and type names.

use heck::{ToSnakeCase, ToUpperCamelCase};
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

use crate::model::{Api, Group, Kind, TypeDef, Verb, Version};

/// Module names the support code takes in `src/listers/`.
pub const LISTER_SUPPORT_MODULES: &[&str] = &["indexer", "lister", "selector"];
/// Module names the support code takes in `src/informers/`.
pub const INFORMER_SUPPORT_MODULES: &[&str] =
    &["factory", "handler", "listeners", "scope", "shared"];
/// Inherent methods of `SharedInformerFactory`, which group accessors must not reuse.
const FACTORY_METHODS: &[&str] = &[
    "new",
    "from_client",
    "with_namespace",
    "with_tweak_list_options",
    "with_custom_resync",
    "with_custom_resync_for_resource",
    "with_watch_error_handler",
    "client",
    "namespace",
    "informer_for",
    "dynamic_informer",
    "discover_informer",
    "for_resource",
    "start",
    "wait_for_cache_sync",
    "shutdown",
];
/// Methods of the per-kind listers, which the plural accessor must not reuse.
const LISTER_METHODS: &[&str] = &["new", "list", "get", "generic"];

/// A kind that gets a lister and an informer, with every name its code uses.
pub struct InformerKind<'a> {
    pub group: &'a Group,
    pub version: &'a Version,
    pub ty: &'a TypeDef,
    pub kind: &'a Kind,
}

/// Every kind with a client that can list and watch: what client-gen's informer-gen
/// and lister-gen generate for. Sorted by group, version, then kind name.
pub fn informer_kinds(api: &Api) -> Vec<InformerKind<'_>> {
    let mut kinds: Vec<InformerKind<'_>> = api
        .kinds()
        .filter(|(_, _, _, kind)| {
            kind.client
                .as_ref()
                .is_some_and(|client| client.has(Verb::List) && client.has(Verb::Watch))
        })
        .map(|(group, version, ty, kind)| InformerKind {
            group,
            version,
            ty,
            kind,
        })
        .collect();
    kinds.sort_by(|a, b| {
        (&a.group.name, &a.version.module, &a.ty.name).cmp(&(
            &b.group.name,
            &b.version.module,
            &b.ty.name,
        ))
    });
    kinds
}

/// An identifier, raw when `name` is a Rust keyword (`r#type`).
pub fn ident(name: &str) -> Ident {
    if syn::parse_str::<Ident>(name).is_ok() {
        Ident::new(name, Span::call_site())
    } else {
        Ident::new_raw(name, Span::call_site())
    }
}

/// `name`, or `name` + `suffix` when `name` is taken.
fn avoid(name: String, taken: &[&str], suffix: &str) -> String {
    if taken.contains(&name.as_str()) {
        name + suffix
    } else {
        name
    }
}

/// The group's module under `src/listers/` and `src/informers/`: the module of its
/// types, unless the support code already uses that name.
pub fn group_module(group: &Group, support: &[&str]) -> String {
    avoid(group.module.clone(), support, "_api")
}

/// The factory method for a group: `+groupGoName` in snake case, else the group's
/// module (`factory.myapp()`).
pub fn group_accessor(group: &Group) -> String {
    let name = match &group.go_name {
        Some(go_name) => go_name.to_snake_case(),
        None => group.module.clone(),
    };
    avoid(name, FACTORY_METHODS, "_group")
}

/// `MyappInformers`: what `factory.myapp()` returns.
pub fn group_struct(group: &Group) -> Ident {
    ident(&format!(
        "{}Informers",
        group_accessor(group).to_upper_camel_case()
    ))
}

/// `MyappV1Informers`: what `factory.myapp().v1()` returns.
pub fn version_struct(group: &Group, version: &Version) -> Ident {
    ident(&format!(
        "{}{}Informers",
        group_accessor(group).to_upper_camel_case(),
        version.module.to_upper_camel_case()
    ))
}

/// The accessor of a kind: its plural resource name (`apps`, `networkpolicies`),
/// the name `kubectl get` takes and the one the clientset uses, so
/// `clientset.myapp_v1().apps(ns)`, `factory.myapp().v1().apps()` and
/// `lister.apps(ns)` read alike.
pub fn plural_accessor(plural: &str) -> String {
    plural
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect()
}

impl<'a> InformerKind<'a> {
    /// `App`.
    pub fn kind_ident(&self) -> Ident {
        ident(&self.ty.name)
    }

    /// The name the kind is imported under in a file that also imports `taken`:
    /// `App`, or `AppKind` when a kind is called like one of those (`Selector`).
    pub fn local_ident(&self, taken: &[&str]) -> Ident {
        ident(&avoid(self.ty.name.clone(), taken, "Kind"))
    }

    /// `use crate::apis::myapp::v1::App;`, aliased when the name is `taken`.
    pub fn import(&self, taken: &[&str]) -> TokenStream {
        let path = self.kind_path();
        let local = self.local_ident(taken);
        if local == self.kind_ident() {
            quote!(use #path;)
        } else {
            quote!(use #path as #local;)
        }
    }

    /// `crate::apis::myapp::v1::App`.
    pub fn kind_path(&self) -> TokenStream {
        let group = ident(&self.group.module);
        let version = ident(&self.version.module);
        let kind = self.kind_ident();
        quote!(crate::apis::#group::#version::#kind)
    }

    /// The accessor on the version struct and on namespaced listers: `apps`.
    pub fn plural_accessor(&self) -> String {
        crate::parse::naming::plural_snake_case(&self.ty.name, &self.kind.plural)
    }

    /// The namespace accessor of the lister (`lister.apps(ns)`), renamed when the
    /// plural is one of the lister's own method names.
    pub fn namespace_accessor(&self) -> Ident {
        ident(&avoid(self.plural_accessor(), LISTER_METHODS, "_in"))
    }

    /// The method of the version struct that returns the informer: `apps`.
    pub fn informer_accessor(&self) -> String {
        avoid(self.plural_accessor(), &["new"], "_informer")
    }

    /// The per-kind file stem: `app` (never `mod`).
    pub fn file_stem(&self) -> String {
        avoid(self.ty.name.to_snake_case(), &["mod"], "_kind")
    }

    pub fn lister_ident(&self) -> Ident {
        ident(&format!("{}Lister", self.ty.name))
    }

    pub fn namespace_lister_ident(&self) -> Ident {
        ident(&format!("{}NamespaceLister", self.ty.name))
    }

    pub fn informer_ident(&self) -> Ident {
        ident(&format!("{}Informer", self.ty.name))
    }

    /// `myapp.k8s.io/v1` (`v1` for the core group).
    pub fn api_version(&self) -> String {
        if self.group.name.is_empty() {
            self.version.name.clone()
        } else {
            format!("{}/{}", self.group.name, self.version.name)
        }
    }

    /// `src/<root>/<group>/<version>/`, where `<root>` is `listers` or `informers`.
    pub fn version_dir(&self, root: &str, support: &[&str]) -> String {
        format!(
            "src/{root}/{}/{}",
            group_module(self.group, support),
            self.version.module
        )
    }
}
