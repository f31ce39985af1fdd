//! [`Kind`] for the common built-in kinds of k8s-openapi, so that one fake
//! clientset, one informer factory and the typed clients serve them next to the
//! kinds of generated crates.
//!
//! Each entry says what the API server does beyond the type: the `status`
//! subresource, the `scale` subresource (replica counts at `.spec.replicas` and
//! `.status.replicas`), and the fields its field selectors accept besides
//! `metadata.name` and `metadata.namespace` (the field label conversions of
//! `k8s.io/kubernetes/pkg/apis/*/v1`). Every kind gets every verb
//! ([`crate::verb`]), the status verbs only with a status subresource.

use k8s_openapi::api::{
    admissionregistration, apps, autoscaling, batch, certificates, coordination, core, discovery,
    events, networking, node, policy, rbac, scheduling, storage,
};
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions;

use crate::kind::{Kind, ResourceInfo, ScaleInfo, Scope};
use crate::verb;

/// `spec.replicas` / `status.replicas`, without a selector path: built-in kinds
/// keep their selector as a structured `LabelSelector`, not as a string.
const REPLICAS: ScaleInfo = ScaleInfo {
    spec_replicas_path: ".spec.replicas",
    status_replicas_path: ".status.replicas",
    label_selector_path: None,
};

/// The `ResourceInfo` of a k8s-openapi type, from its `Resource` constants.
const fn info<K>(
    status_subresource: bool,
    scale: Option<ScaleInfo>,
    selectable_fields: &'static [&'static str],
) -> ResourceInfo
where
    K: k8s_openapi::Resource<Scope: Scope>,
{
    let mut info = ResourceInfo::new(
        K::GROUP,
        K::VERSION,
        K::KIND,
        K::URL_PATH_SEGMENT,
        <K::Scope as Scope>::NAMESPACED,
    )
    .with_selectable_fields(selectable_fields)
    .with_strategic_merge_patch();
    if status_subresource {
        info = info.with_status_subresource();
    }
    if let Some(scale) = scale {
        info = info.with_scale(scale);
    }
    info
}

/// `builtin!(Type, status, scale, [fields])`: `Kind` and the verbs of one kind.
macro_rules! builtin {
    ($ty:ty, status: $status:tt, scale: $scale:expr, fields: [$($field:literal),*]) => {
        impl Kind for $ty {
            const INFO: ResourceInfo = info::<$ty>($status, $scale, &[$($field),*]);
        }
        builtin!(@verbs $ty, $status);
    };
    (@verbs $ty:ty, true) => {
        builtin!(@verbs $ty, false);
        impl verb::UpdateStatus for $ty {}
        impl verb::PatchStatus for $ty {}
        impl verb::ApplyStatus for $ty {}
    };
    (@verbs $ty:ty, false) => {
        impl verb::Create for $ty {}
        impl verb::Update for $ty {}
        impl verb::Delete for $ty {}
        impl verb::DeleteCollection for $ty {}
        impl verb::Get for $ty {}
        impl verb::List for $ty {}
        impl verb::Watch for $ty {}
        impl verb::Patch for $ty {}
        impl verb::Apply for $ty {}
    };
}

builtin!(core::v1::ConfigMap, status: false, scale: None, fields: []);
builtin!(core::v1::Endpoints, status: false, scale: None, fields: []);
builtin!(core::v1::Event, status: false, scale: None, fields: [
    "involvedObject.kind", "involvedObject.namespace", "involvedObject.name",
    "involvedObject.uid", "involvedObject.apiVersion", "involvedObject.resourceVersion",
    "involvedObject.fieldPath", "reason", "reportingComponent", "type"
]);
builtin!(core::v1::LimitRange, status: false, scale: None, fields: []);
builtin!(core::v1::Namespace, status: true, scale: None, fields: ["status.phase"]);
builtin!(core::v1::Node, status: true, scale: None, fields: ["spec.unschedulable"]);
builtin!(core::v1::PersistentVolume, status: true, scale: None, fields: []);
builtin!(core::v1::PersistentVolumeClaim, status: true, scale: None, fields: []);
builtin!(core::v1::Pod, status: true, scale: None, fields: [
    "spec.nodeName", "spec.restartPolicy", "spec.schedulerName", "spec.serviceAccountName",
    "spec.hostNetwork", "status.phase", "status.podIP", "status.nominatedNodeName"
]);
builtin!(core::v1::PodTemplate, status: false, scale: None, fields: []);
builtin!(core::v1::ReplicationController, status: true, scale: Some(REPLICAS), fields: ["status.replicas"]);
builtin!(core::v1::ResourceQuota, status: true, scale: None, fields: []);
builtin!(core::v1::Secret, status: false, scale: None, fields: ["type"]);
builtin!(core::v1::Service, status: true, scale: None, fields: ["spec.clusterIP", "spec.type"]);
builtin!(core::v1::ServiceAccount, status: false, scale: None, fields: []);
builtin!(apps::v1::ControllerRevision, status: false, scale: None, fields: []);
builtin!(apps::v1::DaemonSet, status: true, scale: None, fields: []);
builtin!(apps::v1::Deployment, status: true, scale: Some(REPLICAS), fields: []);
builtin!(apps::v1::ReplicaSet, status: true, scale: Some(REPLICAS), fields: ["status.replicas"]);
builtin!(apps::v1::StatefulSet, status: true, scale: Some(REPLICAS), fields: []);
builtin!(batch::v1::CronJob, status: true, scale: None, fields: []);
builtin!(batch::v1::Job, status: true, scale: None, fields: ["status.successful"]);
builtin!(autoscaling::v2::HorizontalPodAutoscaler, status: true, scale: None, fields: []);
builtin!(policy::v1::PodDisruptionBudget, status: true, scale: None, fields: []);
builtin!(networking::v1::Ingress, status: true, scale: None, fields: []);
builtin!(networking::v1::IngressClass, status: false, scale: None, fields: []);
builtin!(networking::v1::NetworkPolicy, status: false, scale: None, fields: []);
builtin!(discovery::v1::EndpointSlice, status: false, scale: None, fields: []);
builtin!(coordination::v1::Lease, status: false, scale: None, fields: []);
builtin!(events::v1::Event, status: false, scale: None, fields: []);
builtin!(rbac::v1::ClusterRole, status: false, scale: None, fields: []);
builtin!(rbac::v1::ClusterRoleBinding, status: false, scale: None, fields: []);
builtin!(rbac::v1::Role, status: false, scale: None, fields: []);
builtin!(rbac::v1::RoleBinding, status: false, scale: None, fields: []);
builtin!(storage::v1::CSIDriver, status: false, scale: None, fields: []);
builtin!(storage::v1::CSINode, status: false, scale: None, fields: []);
builtin!(storage::v1::StorageClass, status: false, scale: None, fields: []);
builtin!(storage::v1::VolumeAttachment, status: true, scale: None, fields: []);
builtin!(scheduling::v1::PriorityClass, status: false, scale: None, fields: []);
builtin!(node::v1::RuntimeClass, status: false, scale: None, fields: []);
builtin!(certificates::v1::CertificateSigningRequest, status: true, scale: None, fields: ["spec.signerName"]);
builtin!(admissionregistration::v1::MutatingWebhookConfiguration, status: false, scale: None, fields: []);
builtin!(admissionregistration::v1::ValidatingWebhookConfiguration, status: false, scale: None, fields: []);
builtin!(apiextensions::v1::CustomResourceDefinition, status: true, scale: None, fields: []);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn infos_come_from_the_types() {
        let deployment = <apps::v1::Deployment as Kind>::INFO;
        assert_eq!(deployment.api_version(), "apps/v1");
        assert_eq!(deployment.plural, "deployments");
        assert!(deployment.namespaced && deployment.status_subresource);
        assert_eq!(deployment.scale, Some(REPLICAS));
        let node = <core::v1::Node as Kind>::INFO;
        assert!(!node.namespaced);
        assert!(node.is_selectable("spec.unschedulable"));
        assert!(!node.is_selectable("spec.podCIDR"));
        let crd = <apiextensions::v1::CustomResourceDefinition as Kind>::INFO;
        assert_eq!(
            crd.qualified_resource(),
            "customresourcedefinitions.apiextensions.k8s.io"
        );
    }
}
