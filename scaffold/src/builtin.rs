//! The built-in kinds a scaffolded controller can reconcile
//! (`create api --group apps --version v1 --kind Deployment --resource=false`):
//! the k8s-openapi types kube-codegen's runtime gives a `Kind` (its
//! `runtime/src/builtin.rs`), the only ones the manager's informers serve.
//! Everything else about them (group, version, plural, scope) comes from
//! k8s-openapi's `Resource` constants.

use std::any::TypeId;

/// One built-in kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuiltinKind {
    /// The API group, `""` for the core group.
    pub group: &'static str,
    /// The API version (`v1`).
    pub version: &'static str,
    /// The kind (`Deployment`).
    pub kind: &'static str,
    /// The resource name (`deployments`).
    pub plural: &'static str,
    /// Whether its objects live in a namespace.
    pub namespaced: bool,
    /// The Rust path of its type (`k8s_openapi::api::apps::v1::Deployment`).
    pub path: &'static str,
}

impl BuiltinKind {
    /// The group as `+kubebuilder:rbac:groups=` and `--group` spell it: `core`
    /// for the core group.
    pub fn marker_group(&self) -> &'static str {
        if self.group.is_empty() {
            "core"
        } else {
            self.group
        }
    }
}

fn namespaced<K: k8s_openapi::Resource<Scope: 'static>>() -> bool {
    TypeId::of::<K::Scope>() == TypeId::of::<k8s_openapi::NamespaceResourceScope>()
}

macro_rules! builtins {
    ($($group:ident :: $version:ident :: $kind:ident),* $(,)?) => {
        /// Every built-in kind, in `runtime/src/builtin.rs`'s order.
        pub fn all() -> Vec<BuiltinKind> {
            use k8s_openapi::Resource as _;
            vec![$({
                type K = k8s_openapi::api::$group::$version::$kind;
                BuiltinKind {
                    group: K::GROUP,
                    version: K::VERSION,
                    kind: K::KIND,
                    plural: K::URL_PATH_SEGMENT,
                    namespaced: namespaced::<K>(),
                    path: concat!("k8s_openapi::api::", stringify!($group), "::", stringify!($version), "::", stringify!($kind)),
                }
            }),*]
        }
    };
}

builtins![
    core::v1::ConfigMap,
    core::v1::Endpoints,
    core::v1::Event,
    core::v1::LimitRange,
    core::v1::Namespace,
    core::v1::Node,
    core::v1::PersistentVolume,
    core::v1::PersistentVolumeClaim,
    core::v1::Pod,
    core::v1::PodTemplate,
    core::v1::ReplicationController,
    core::v1::ResourceQuota,
    core::v1::Secret,
    core::v1::Service,
    core::v1::ServiceAccount,
    apps::v1::ControllerRevision,
    apps::v1::DaemonSet,
    apps::v1::Deployment,
    apps::v1::ReplicaSet,
    apps::v1::StatefulSet,
    batch::v1::CronJob,
    batch::v1::Job,
    autoscaling::v2::HorizontalPodAutoscaler,
    policy::v1::PodDisruptionBudget,
    networking::v1::Ingress,
    networking::v1::IngressClass,
    networking::v1::NetworkPolicy,
    discovery::v1::EndpointSlice,
    coordination::v1::Lease,
    events::v1::Event,
    rbac::v1::ClusterRole,
    rbac::v1::ClusterRoleBinding,
    rbac::v1::Role,
    rbac::v1::RoleBinding,
    storage::v1::CSIDriver,
    storage::v1::CSINode,
    storage::v1::StorageClass,
    storage::v1::VolumeAttachment,
    scheduling::v1::PriorityClass,
    node::v1::RuntimeClass,
    certificates::v1::CertificateSigningRequest,
    admissionregistration::v1::MutatingWebhookConfiguration,
    admissionregistration::v1::ValidatingWebhookConfiguration,
];

/// Whether `group` names a built-in API group (`core` or `""` for the core group).
pub fn is_builtin_group(group: &str) -> bool {
    let group = if group == "core" { "" } else { group };
    all().iter().any(|k| k.group == group)
}

/// The built-in kind `group`/`version`/`kind` (`core` or `""` for the core group).
pub fn find(group: &str, version: &str, kind: &str) -> Option<BuiltinKind> {
    let group = if group == "core" { "" } else { group };
    all()
        .into_iter()
        .find(|k| k.group == group && k.version == version && k.kind == kind)
}

/// The versions of `group` that have `kind`, for a suggestion.
pub fn versions_of(group: &str, kind: &str) -> Vec<&'static str> {
    let group = if group == "core" { "" } else { group };
    all()
        .into_iter()
        .filter(|k| k.group == group && k.kind == kind)
        .map(|k| k.version)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_the_runtimes() {
        // The types the runtime gives a `Kind`: `builtin!(apps::v1::Deployment, ...`.
        let runtime = include_str!("../../runtime/src/builtin.rs");
        let theirs: Vec<String> = runtime
            .lines()
            .filter_map(|l| l.strip_prefix("builtin!("))
            .filter_map(|l| l.split(',').next())
            .filter(|t| !t.contains("apiextensions"))
            .map(|t| format!("k8s_openapi::api::{t}"))
            .collect();
        let ours: Vec<&str> = all().iter().map(|k| k.path).collect();
        assert_eq!(ours, theirs);
    }

    #[test]
    fn kinds_come_from_k8s_openapi() {
        let deployment = find("apps", "v1", "Deployment").unwrap();
        assert_eq!(deployment.plural, "deployments");
        assert!(deployment.namespaced);
        assert_eq!(deployment.marker_group(), "apps");
        let pod = find("core", "v1", "Pod").unwrap();
        assert_eq!((pod.group, pod.marker_group()), ("", "core"));
        assert!(!find("", "v1", "Node").unwrap().namespaced);
        assert_eq!(find("", "v1", "Endpoints").unwrap().plural, "endpoints");
        assert_eq!(versions_of("batch", "CronJob"), ["v1"]);
        assert!(is_builtin_group("apps") && is_builtin_group("core"));
        assert!(!is_builtin_group("cache.example.com"));
    }
}
