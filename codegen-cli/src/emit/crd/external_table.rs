//! The table of k8s-openapi types whose schemas the CRD emitter knows, by full path.
//!
//! A field of one of these types gets the type's real schema (from k8s-openapi's
//! `schemars` feature). To support another type, add its name to its module's list
//! below (or add a module line); the type must implement `schemars::JsonSchema`.
//! The generator's own k8s-openapi feature (`v1_34`) fixes which types exist.

use schemars::{Schema, SchemaGenerator};

use k8s_openapi::api::apps::v1 as apps_v1;
use k8s_openapi::api::autoscaling::v1 as autoscaling_v1;
use k8s_openapi::api::autoscaling::v2 as autoscaling_v2;
use k8s_openapi::api::batch::v1 as batch_v1;
use k8s_openapi::api::coordination::v1 as coordination_v1;
use k8s_openapi::api::core::v1 as core_v1;
use k8s_openapi::api::discovery::v1 as discovery_v1;
use k8s_openapi::api::networking::v1 as networking_v1;
use k8s_openapi::api::policy::v1 as policy_v1;
use k8s_openapi::api::rbac::v1 as rbac_v1;
use k8s_openapi::api::scheduling::v1 as scheduling_v1;
use k8s_openapi::api::storage::v1 as storage_v1;
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1 as apiextensions_v1;
use k8s_openapi::apimachinery::pkg::api::resource as api_resource;
use k8s_openapi::apimachinery::pkg::apis::meta::v1 as meta_v1;
use k8s_openapi::apimachinery::pkg::runtime as pkg_runtime;
use k8s_openapi::apimachinery::pkg::util::intstr as util_intstr;

/// Generates (into the generator's definitions) the schema of one type.
pub(crate) type SchemaFn = fn(&mut SchemaGenerator) -> Schema;

fn subschema<T: schemars::JsonSchema>(generator: &mut SchemaGenerator) -> Schema {
    generator.subschema_for::<T>()
}

/// `"module path" => alias [Type, ...];` → `(full path, schema function)` entries.
macro_rules! external_types {
    ($($module:literal => $alias:ident [$($ty:ident),* $(,)?];)*) => {
        /// Every known type: full Rust path and the function producing its schema.
        pub(crate) static EXTERNAL_TYPES: &[(&str, SchemaFn)] = &[
            $($((concat!($module, "::", stringify!($ty)), subschema::<$alias::$ty>),)*)*
        ];
    };
}

external_types! {
    "k8s_openapi::api::core::v1" => core_v1 [
        AWSElasticBlockStoreVolumeSource, Affinity, AppArmorProfile, AttachedVolume,
        AzureDiskVolumeSource, AzureFilePersistentVolumeSource, AzureFileVolumeSource,
        Binding, CSIPersistentVolumeSource, CSIVolumeSource, Capabilities,
        CephFSPersistentVolumeSource, CephFSVolumeSource, CinderPersistentVolumeSource,
        CinderVolumeSource, ClientIPConfig, ClusterTrustBundleProjection,
        ComponentCondition, ComponentStatus, ConfigMap, ConfigMapEnvSource,
        ConfigMapKeySelector, ConfigMapNodeConfigSource, ConfigMapProjection,
        ConfigMapVolumeSource, Container, ContainerExtendedResourceRequest,
        ContainerImage, ContainerPort, ContainerResizePolicy, ContainerRestartRule,
        ContainerRestartRuleOnExitCodes, ContainerState, ContainerStateRunning,
        ContainerStateTerminated, ContainerStateWaiting, ContainerStatus, ContainerUser,
        DaemonEndpoint, DownwardAPIProjection, DownwardAPIVolumeFile,
        DownwardAPIVolumeSource, EmptyDirVolumeSource, EndpointAddress, EndpointPort,
        EndpointSubset, Endpoints, EnvFromSource, EnvVar, EnvVarSource,
        EphemeralContainer, EphemeralVolumeSource, Event, EventSeries, EventSource,
        ExecAction, FCVolumeSource, FileKeySelector, FlexPersistentVolumeSource,
        FlexVolumeSource, FlockerVolumeSource, GCEPersistentDiskVolumeSource,
        GRPCAction, GitRepoVolumeSource, GlusterfsPersistentVolumeSource,
        GlusterfsVolumeSource, HTTPGetAction, HTTPHeader, HostAlias, HostIP,
        HostPathVolumeSource, ISCSIPersistentVolumeSource, ISCSIVolumeSource,
        ImageVolumeSource, KeyToPath, Lifecycle, LifecycleHandler, LimitRange,
        LimitRangeItem, LimitRangeSpec, LinuxContainerUser, LoadBalancerIngress,
        LoadBalancerStatus, LocalObjectReference, LocalVolumeSource, ModifyVolumeStatus,
        NFSVolumeSource, Namespace, NamespaceCondition, NamespaceSpec, NamespaceStatus,
        Node, NodeAddress, NodeAffinity, NodeCondition, NodeConfigSource,
        NodeConfigStatus, NodeDaemonEndpoints, NodeFeatures, NodeRuntimeHandler,
        NodeRuntimeHandlerFeatures, NodeSelector, NodeSelectorRequirement,
        NodeSelectorTerm, NodeSpec, NodeStatus, NodeSwapStatus, NodeSystemInfo,
        ObjectFieldSelector, ObjectReference, PersistentVolume, PersistentVolumeClaim,
        PersistentVolumeClaimCondition, PersistentVolumeClaimSpec,
        PersistentVolumeClaimStatus, PersistentVolumeClaimTemplate,
        PersistentVolumeClaimVolumeSource, PersistentVolumeSpec, PersistentVolumeStatus,
        PhotonPersistentDiskVolumeSource, Pod, PodAffinity, PodAffinityTerm,
        PodAntiAffinity, PodCertificateProjection, PodCondition, PodDNSConfig,
        PodDNSConfigOption, PodExtendedResourceClaimStatus, PodIP, PodOS,
        PodReadinessGate, PodResourceClaim, PodResourceClaimStatus, PodSchedulingGate,
        PodSecurityContext, PodSpec, PodStatus, PodTemplate, PodTemplateSpec,
        PortStatus, PortworxVolumeSource, PreferredSchedulingTerm, Probe,
        ProjectedVolumeSource, QuobyteVolumeSource, RBDPersistentVolumeSource,
        RBDVolumeSource, ReplicationController, ReplicationControllerCondition,
        ReplicationControllerSpec, ReplicationControllerStatus, ResourceClaim,
        ResourceFieldSelector, ResourceHealth, ResourceQuota, ResourceQuotaSpec,
        ResourceQuotaStatus, ResourceRequirements, ResourceStatus, SELinuxOptions,
        ScaleIOPersistentVolumeSource, ScaleIOVolumeSource, ScopeSelector,
        ScopedResourceSelectorRequirement, SeccompProfile, Secret, SecretEnvSource,
        SecretKeySelector, SecretProjection, SecretReference, SecretVolumeSource,
        SecurityContext, Service, ServiceAccount, ServiceAccountTokenProjection,
        ServicePort, ServiceSpec, ServiceStatus, SessionAffinityConfig, SleepAction,
        StorageOSPersistentVolumeSource, StorageOSVolumeSource, Sysctl, TCPSocketAction,
        Taint, Toleration, TopologySelectorLabelRequirement, TopologySelectorTerm,
        TopologySpreadConstraint, TypedLocalObjectReference, TypedObjectReference,
        Volume, VolumeDevice, VolumeMount, VolumeMountStatus, VolumeNodeAffinity,
        VolumeProjection, VolumeResourceRequirements, VsphereVirtualDiskVolumeSource,
        WeightedPodAffinityTerm, WindowsSecurityContextOptions,
    ];
    "k8s_openapi::api::apps::v1" => apps_v1 [
        ControllerRevision, DaemonSet, DaemonSetCondition, DaemonSetSpec,
        DaemonSetStatus, DaemonSetUpdateStrategy, Deployment, DeploymentCondition,
        DeploymentSpec, DeploymentStatus, DeploymentStrategy, ReplicaSet,
        ReplicaSetCondition, ReplicaSetSpec, ReplicaSetStatus, RollingUpdateDaemonSet,
        RollingUpdateDeployment, RollingUpdateStatefulSetStrategy, StatefulSet,
        StatefulSetCondition, StatefulSetOrdinals,
        StatefulSetPersistentVolumeClaimRetentionPolicy, StatefulSetSpec,
        StatefulSetStatus, StatefulSetUpdateStrategy,
    ];
    "k8s_openapi::api::batch::v1" => batch_v1 [
        CronJob, CronJobSpec, CronJobStatus, Job, JobCondition, JobSpec, JobStatus,
        JobTemplateSpec, PodFailurePolicy, PodFailurePolicyOnExitCodesRequirement,
        PodFailurePolicyOnPodConditionsPattern, PodFailurePolicyRule, SuccessPolicy,
        SuccessPolicyRule, UncountedTerminatedPods,
    ];
    "k8s_openapi::api::autoscaling::v1" => autoscaling_v1 [
        CrossVersionObjectReference, HorizontalPodAutoscaler,
        HorizontalPodAutoscalerSpec, HorizontalPodAutoscalerStatus, Scale, ScaleSpec,
        ScaleStatus,
    ];
    "k8s_openapi::api::autoscaling::v2" => autoscaling_v2 [
        ContainerResourceMetricSource, ContainerResourceMetricStatus,
        CrossVersionObjectReference, ExternalMetricSource, ExternalMetricStatus,
        HPAScalingPolicy, HPAScalingRules, HorizontalPodAutoscaler,
        HorizontalPodAutoscalerBehavior, HorizontalPodAutoscalerCondition,
        HorizontalPodAutoscalerSpec, HorizontalPodAutoscalerStatus, MetricIdentifier,
        MetricSpec, MetricStatus, MetricTarget, MetricValueStatus, ObjectMetricSource,
        ObjectMetricStatus, PodsMetricSource, PodsMetricStatus, ResourceMetricSource,
        ResourceMetricStatus,
    ];
    "k8s_openapi::api::networking::v1" => networking_v1 [
        HTTPIngressPath, HTTPIngressRuleValue, IPAddress, IPAddressSpec, IPBlock,
        Ingress, IngressBackend, IngressClass, IngressClassParametersReference,
        IngressClassSpec, IngressLoadBalancerIngress, IngressLoadBalancerStatus,
        IngressPortStatus, IngressRule, IngressServiceBackend, IngressSpec,
        IngressStatus, IngressTLS, NetworkPolicy, NetworkPolicyEgressRule,
        NetworkPolicyIngressRule, NetworkPolicyPeer, NetworkPolicyPort,
        NetworkPolicySpec, ParentReference, ServiceBackendPort, ServiceCIDR,
        ServiceCIDRSpec, ServiceCIDRStatus,
    ];
    "k8s_openapi::api::rbac::v1" => rbac_v1 [
        AggregationRule, ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding,
        RoleRef, Subject,
    ];
    "k8s_openapi::api::policy::v1" => policy_v1 [
        Eviction, PodDisruptionBudget, PodDisruptionBudgetSpec,
        PodDisruptionBudgetStatus,
    ];
    "k8s_openapi::api::storage::v1" => storage_v1 [
        CSIDriver, CSIDriverSpec, CSINode, CSINodeDriver, CSINodeSpec,
        CSIStorageCapacity, StorageClass, TokenRequest, VolumeAttachment,
        VolumeAttachmentSource, VolumeAttachmentSpec, VolumeAttachmentStatus,
        VolumeAttributesClass, VolumeError, VolumeNodeResources,
    ];
    "k8s_openapi::api::discovery::v1" => discovery_v1 [
        Endpoint, EndpointConditions, EndpointHints, EndpointPort, EndpointSlice,
        ForNode, ForZone,
    ];
    "k8s_openapi::api::coordination::v1" => coordination_v1 [
        Lease, LeaseSpec,
    ];
    "k8s_openapi::api::scheduling::v1" => scheduling_v1 [
        PriorityClass,
    ];
    "k8s_openapi::apimachinery::pkg::apis::meta::v1" => meta_v1 [
        APIGroup, APIGroupList, APIResource, APIResourceList, APIVersions, Condition,
        DeleteOptions, FieldSelectorRequirement, FieldsV1, GroupVersionForDiscovery,
        LabelSelector, LabelSelectorRequirement, ListMeta, ManagedFieldsEntry,
        MicroTime, ObjectMeta, OwnerReference, Patch, Preconditions,
        ServerAddressByClientCIDR, Status, StatusCause, StatusDetails, Time,
    ];
    "k8s_openapi::apimachinery::pkg::api::resource" => api_resource [
        Quantity,
    ];
    "k8s_openapi::apimachinery::pkg::util::intstr" => util_intstr [
        IntOrString,
    ];
    "k8s_openapi::apimachinery::pkg::runtime" => pkg_runtime [
        RawExtension,
    ];
    "k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1" => apiextensions_v1 [
        CustomResourceColumnDefinition, CustomResourceConversion,
        CustomResourceDefinition, CustomResourceDefinitionCondition,
        CustomResourceDefinitionNames, CustomResourceDefinitionSpec,
        CustomResourceDefinitionStatus, CustomResourceDefinitionVersion,
        CustomResourceSubresourceScale, CustomResourceSubresourceStatus,
        CustomResourceSubresources, CustomResourceValidation, ExternalDocumentation,
        JSON, JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool,
        JSONSchemaPropsOrStringArray, SelectableField, ServiceReference, ValidationRule,
        WebhookClientConfig, WebhookConversion,
    ];

}
