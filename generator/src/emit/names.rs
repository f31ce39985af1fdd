//! Names and paths the clientset, informer and README emitters share: which kinds
//! get clients and informers, what their accessors and types are called, and
//! where the types live in the generated crate.

use heck::{ToSnakeCase, ToUpperCamelCase};

use crate::emit::code::is_keyword;
use crate::emit::rust_type::type_path;
use crate::model::{Api, ClientConfig, CustomMethod, Group, Kind, TypeDef, Verb, Version};

/// An identifier, raw (`r#type`) when the name is a Rust keyword; the keywords
/// that cannot be raw (`self`, `super`, ...) get a trailing `_`.
pub(crate) fn ident(name: &str) -> String {
    if !is_keyword(name) {
        name.to_owned()
    } else if matches!(name, "self" | "Self" | "super" | "crate" | "_") {
        format!("{name}_")
    } else {
        format!("r#{name}")
    }
}

/// Names the generated modules take next to the group modules in
/// `src/clientset/mod.rs`; a group module by one of these names gets `_api`.
const CLIENTSET_ITEMS: &[&str] = &["fake", "prelude"];

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

/// The group-versions with at least one kind that can be listed and watched,
/// keeping only those kinds: what informer-gen and lister-gen generate for.
pub(crate) fn informer_groups(api: &Api) -> Vec<(&Group, Vec<GroupVersion<'_>>)> {
    client_groups(api)
        .into_iter()
        .map(|(group, versions)| {
            let versions: Vec<GroupVersion<'_>> = versions
                .into_iter()
                .map(|gv| GroupVersion {
                    kinds: gv.kinds.into_iter().filter(|k| k.has_informer()).collect(),
                    ..gv
                })
                .filter(|gv| !gv.kinds.is_empty())
                .collect();
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

/// The group's module under `src/clientset/`, `src/informers/` and
/// `src/listers/`: the module of its types, unless a generated item there has
/// that name.
pub(crate) fn group_module(group: &Group) -> String {
    if CLIENTSET_ITEMS.contains(&group.module.as_str()) {
        ident(&format!("{}_api", group.module))
    } else {
        ident(&group.module)
    }
}

impl GroupVersion<'_> {
    /// `myapp_v1`: the accessor of the clientset and of the informer factory.
    pub(crate) fn accessor(&self) -> String {
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
    pub(crate) fn client(&self) -> String {
        format!("{}Client", self.camel())
    }

    /// `MyappV1Informers`.
    pub(crate) fn informers(&self) -> String {
        format!("{}Informers", self.camel())
    }

    /// The group's module (see [`group_module`]).
    pub(crate) fn group_module(&self) -> String {
        group_module(self.group)
    }

    /// The version's module under the group module.
    pub(crate) fn version_module(&self) -> String {
        ident(&self.version.module)
    }

    /// `src/<root>/<group>/<version>.rs`.
    pub(crate) fn file(&self, root: &str) -> String {
        format!(
            "src/{root}/{}/{}.rs",
            self.group_module().trim_start_matches("r#"),
            self.version.module
        )
    }

    /// `crate::apis::myapp::v1`: the module of the version's types.
    pub(crate) fn types_path(&self) -> String {
        format!(
            "crate::apis::{}::{}",
            ident(&self.group.module),
            ident(&self.version.module)
        )
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

impl ClientKind<'_> {
    /// `App`.
    pub(crate) fn name(&self) -> &str {
        &self.ty.name
    }

    /// `types::App`: the kind in a group-version file, which imports the
    /// version's types module as `types` (no name of the user's can clash).
    pub(crate) fn type_ref(&self) -> String {
        format!("types::{}", ident(&self.ty.name))
    }

    /// `crate::apis::myapp::v1::App`.
    pub(crate) fn type_path(&self) -> String {
        format!(
            "crate::apis::{}::{}::{}",
            ident(&self.group.module),
            ident(&self.version.module),
            ident(&self.ty.name)
        )
    }

    /// `apps`: the accessor on the group-version client and informers.
    pub(crate) fn accessor(&self) -> String {
        ident(&crate::parse::naming::plural_snake_case(
            &self.ty.name,
            &self.kind.plural,
        ))
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

    /// Whether the kind gets an informer and a lister: it can be listed and watched.
    pub(crate) fn has_informer(&self) -> bool {
        self.client.has(Verb::List) && self.client.has(Verb::Watch)
    }

    /// `AppMethods`: the trait of the kind's `+genclient:method=` verbs.
    pub(crate) fn methods_trait(&self) -> String {
        format!("{}Methods", self.ty.name)
    }

    /// `AppInformer`.
    pub(crate) fn informer_alias(&self) -> String {
        format!("{}Informer", self.ty.name)
    }

    /// `AppLister`.
    pub(crate) fn lister_alias(&self) -> String {
        format!("{}Lister", self.ty.name)
    }

    /// A custom method's request or result type: a full path, or a type of the
    /// kind's version module; the kind itself when absent.
    pub(crate) fn method_type(&self, path: Option<&str>) -> String {
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
        let ty = type_path(&resolved);
        if ty.starts_with("compile_error!") {
            self.type_path()
        } else {
            ty
        }
    }
}

/// `get_scale` for `+genclient:method=GetScale,...`.
pub(crate) fn method_ident(method: &CustomMethod) -> String {
    ident(&method.name.to_snake_case())
}
