//! What the fake needs to know about a resource to answer like the API server:
//! its group/version/resource, its scope and its subresources. The generated fake
//! clients hold one [`ResourceInfo`] constant per kind.

use std::fmt;

/// Static description of one resource (one kind in one version).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResourceInfo {
    /// API group (`myapp.k8s.io`; empty for the core group).
    pub group: &'static str,
    /// API version (`v1`).
    pub version: &'static str,
    /// Kind (`App`).
    pub kind: &'static str,
    /// Lower-case plural resource name (`apps`).
    pub plural: &'static str,
    /// Namespaced or cluster-scoped.
    pub namespaced: bool,
    /// The `status` subresource exists: writes to the main resource ignore `status`,
    /// status writes change nothing else.
    pub status_subresource: bool,
    /// The `scale` subresource, if the kind has one.
    pub scale: Option<ScaleInfo>,
    /// Extra fields the server accepts in field selectors (`spec.color`), besides
    /// `metadata.name` and `metadata.namespace`.
    pub selectable_fields: &'static [&'static str],
}

/// Where the `scale` subresource reads and writes replica counts (JSON paths such as
/// `.spec.replicas`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScaleInfo {
    /// Path of the desired replicas (`.spec.replicas`).
    pub spec_replicas_path: &'static str,
    /// Path of the observed replicas (`.status.replicas`).
    pub status_replicas_path: &'static str,
    /// Path of the label selector string (`.status.selector`), if any.
    pub label_selector_path: Option<&'static str>,
}

impl ResourceInfo {
    /// `apiVersion` of the objects (`myapp.k8s.io/v1`, or `v1` for the core group).
    pub fn api_version(&self) -> String {
        if self.group.is_empty() {
            self.version.to_owned()
        } else {
            format!("{}/{}", self.group, self.version)
        }
    }

    /// The key the tracker stores the resource's objects under.
    pub fn key(&self) -> ResourceKey {
        ResourceKey {
            group: self.group.to_owned(),
            version: self.version.to_owned(),
            resource: self.plural.to_owned(),
        }
    }

    /// `apps.myapp.k8s.io`: how the server names the resource in error messages.
    pub fn qualified_resource(&self) -> String {
        qualify(self.plural, self.group)
    }

    /// `App.myapp.k8s.io`: how the server names the kind in validation errors.
    pub fn qualified_kind(&self) -> String {
        qualify(self.kind, self.group)
    }
}

fn qualify(name: &str, group: &str) -> String {
    if group.is_empty() {
        name.to_owned()
    } else {
        format!("{name}.{group}")
    }
}

/// Group, version and resource: the key of one collection in the tracker.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ResourceKey {
    /// API group.
    pub group: String,
    /// API version.
    pub version: String,
    /// Plural resource name.
    pub resource: String,
}

impl fmt::Display for ResourceKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.group.is_empty() {
            write!(f, "{}/{}", self.version, self.resource)
        } else {
            write!(f, "{}/{}/{}", self.group, self.version, self.resource)
        }
    }
}
