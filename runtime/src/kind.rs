//! What the runtime knows about a kind: [`Kind`], implemented by every generated
//! kind and by the common built-in kinds of k8s-openapi, and the [`ResourceInfo`]
//! it carries.

use std::fmt::{self, Debug};

use k8s_openapi::{ClusterResourceScope, NamespaceResourceScope};
use kube::core::{ApiResource, GroupVersionResource};
use kube::{Api, Client};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// How the API server serves one resource (one kind in one version), beyond what
/// its Rust type says: the analogue of what a Go API package registers, plus the
/// subresources and selectable fields of its CRD.
///
/// The fake clientset answers from it (status and scale semantics, field
/// selectors); generated crates list theirs in `apis::known_kinds()`. Build one
/// with [`ResourceInfo::new`] and the `with_*` methods (all `const`), so that
/// fields added in later versions of this crate get their defaults:
///
/// ```
/// use kube_codegen_runtime::ResourceInfo;
///
/// const APPS: ResourceInfo = ResourceInfo::new("myapp.k8s.io", "v1", "App", "apps", true)
///     .with_status_subresource()
///     .with_selectable_fields(&[".spec.tier"]);
/// assert_eq!(APPS.api_version(), "myapp.k8s.io/v1");
/// assert!(APPS.is_selectable("spec.tier") && APPS.is_selectable("metadata.name"));
/// assert!(!APPS.strategic_merge_patch);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ResourceInfo {
    /// The API group (`myapp.k8s.io`; empty for the legacy core group).
    pub group: &'static str,
    /// The version within the group (`v1`).
    pub version: &'static str,
    /// The `kind` of the objects (`App`).
    pub kind: &'static str,
    /// The lower-case plural resource name, as in URL paths and RBAC rules (`apps`).
    pub plural: &'static str,
    /// Whether the objects live in a namespace.
    pub namespaced: bool,
    /// The `status` subresource exists: writes to the main resource leave `status`
    /// alone, status writes change nothing else.
    pub status_subresource: bool,
    /// The `scale` subresource, if the kind has one.
    pub scale: Option<ScaleInfo>,
    /// Fields the server accepts in field selectors besides `metadata.name` and
    /// `metadata.namespace` (`spec.color`, with or without a leading `.`).
    pub selectable_fields: &'static [&'static str],
    /// The server takes strategic merge patches of it: true for built-in kinds,
    /// false for custom resources (which answer 415).
    pub strategic_merge_patch: bool,
}

/// Where the `scale` subresource reads and writes replica counts (JSON paths such
/// as `.spec.replicas`), as a CRD's `subresources.scale` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScaleInfo {
    /// The path of the desired replicas (`.spec.replicas`).
    pub spec_replicas_path: &'static str,
    /// The path of the observed replicas (`.status.replicas`).
    pub status_replicas_path: &'static str,
    /// The path of the label selector string (`.status.selector`), if any.
    pub label_selector_path: Option<&'static str>,
}

impl ResourceInfo {
    /// A custom resource without subresources or selectable fields.
    pub const fn new(
        group: &'static str,
        version: &'static str,
        kind: &'static str,
        plural: &'static str,
        namespaced: bool,
    ) -> ResourceInfo {
        ResourceInfo {
            group,
            version,
            kind,
            plural,
            namespaced,
            status_subresource: false,
            scale: None,
            selectable_fields: &[],
            strategic_merge_patch: false,
        }
    }

    /// With the `status` subresource.
    #[must_use]
    pub const fn with_status_subresource(mut self) -> ResourceInfo {
        self.status_subresource = true;
        self
    }

    /// With the `scale` subresource.
    #[must_use]
    pub const fn with_scale(mut self, scale: ScaleInfo) -> ResourceInfo {
        self.scale = Some(scale);
        self
    }

    /// With fields its field selectors accept (`+kubebuilder:selectablefield`).
    #[must_use]
    pub const fn with_selectable_fields(mut self, fields: &'static [&'static str]) -> ResourceInfo {
        self.selectable_fields = fields;
        self
    }

    /// Served like a built-in kind: strategic merge patches are accepted.
    #[must_use]
    pub const fn with_strategic_merge_patch(mut self) -> ResourceInfo {
        self.strategic_merge_patch = true;
        self
    }

    /// The `apiVersion` of the objects: `group/version`, or the version alone for
    /// the core group.
    pub fn api_version(&self) -> String {
        if self.group.is_empty() {
            self.version.to_owned()
        } else {
            format!("{}/{}", self.group, self.version)
        }
    }

    /// The group, version and plural resource name.
    pub fn gvr(&self) -> GroupVersionResource {
        GroupVersionResource::gvr(self.group, self.version, self.plural)
    }

    /// The resource as kube's runtime description, for `kube::Api<DynamicObject>`
    /// and the factory's dynamic informers.
    pub fn api_resource(&self) -> ApiResource {
        ApiResource {
            group: self.group.to_owned(),
            version: self.version.to_owned(),
            api_version: self.api_version(),
            kind: self.kind.to_owned(),
            plural: self.plural.to_owned(),
        }
    }

    /// `apps.myapp.k8s.io`: how the server names the resource in messages.
    pub fn qualified_resource(&self) -> String {
        qualify(self.plural, self.group)
    }

    /// `App.myapp.k8s.io`: how the server names the kind in validation errors.
    pub fn qualified_kind(&self) -> String {
        qualify(self.kind, self.group)
    }

    /// Whether `field` may be used in a field selector of this resource.
    pub fn is_selectable(&self, field: &str) -> bool {
        field == "metadata.name"
            || field == "metadata.namespace"
            || self
                .selectable_fields
                .iter()
                .any(|f| f.trim_start_matches('.') == field)
    }
}

fn qualify(name: &str, group: &str) -> String {
    if group.is_empty() {
        name.to_owned()
    } else {
        format!("{name}.{group}")
    }
}

impl fmt::Display for ResourceInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.group.is_empty() {
            write!(f, "{}/{}", self.version, self.plural)
        } else {
            write!(f, "{}/{}/{}", self.group, self.version, self.plural)
        }
    }
}

/// A kind with static type information that the runtime serves: the typed
/// clients, the fake clientset, informers and listers all take any `K: Kind`.
///
/// Generated crates implement it for each of their kinds (with the subresources
/// and selectable fields of the kind's markers); the runtime implements it for
/// the common built-in kinds of k8s-openapi (`Deployment`, `Service`,
/// `ConfigMap`, `Pod`, ...; see the crate docs). Implement it for a type of your
/// own (a kube-derive `CustomResource`, say) to use it with the runtime as well:
///
/// ```
/// use k8s_openapi::api::core::v1::ConfigMap;
/// use kube_codegen_runtime::Kind;
///
/// let info = <ConfigMap as Kind>::INFO;
/// assert_eq!((info.group, info.version, info.plural), ("", "v1", "configmaps"));
/// assert!(info.namespaced && !info.status_subresource);
/// ```
pub trait Kind:
    kube::Resource<DynamicType = (), Scope: Scope>
    + Clone
    + Serialize
    + DeserializeOwned
    + Debug
    + Send
    + Sync
    + 'static
{
    /// How the API server serves the kind.
    const INFO: ResourceInfo;
}

/// A resource scope: [`NamespaceResourceScope`] or [`ClusterResourceScope`].
/// Picks the `kube::Api` that reaches objects of a kind in a namespace, or in
/// all namespaces.
pub trait Scope {
    /// Whether objects of this scope live in a namespace.
    const NAMESPACED: bool;

    /// The `Api` of kind `K` in `namespace`; `None` (and every namespace of a
    /// cluster-scoped kind) reaches all namespaces.
    fn api<K>(client: Client, namespace: Option<&str>) -> Api<K>
    where
        K: kube::Resource<DynamicType = (), Scope = Self>;
}

impl Scope for NamespaceResourceScope {
    const NAMESPACED: bool = true;

    fn api<K>(client: Client, namespace: Option<&str>) -> Api<K>
    where
        K: kube::Resource<DynamicType = (), Scope = Self>,
    {
        match namespace {
            Some(namespace) if !namespace.is_empty() => Api::namespaced(client, namespace),
            _ => Api::all(client),
        }
    }
}

impl Scope for ClusterResourceScope {
    const NAMESPACED: bool = false;

    fn api<K>(client: Client, _namespace: Option<&str>) -> Api<K>
    where
        K: kube::Resource<DynamicType = (), Scope = Self>,
    {
        Api::all(client)
    }
}
