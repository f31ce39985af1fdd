use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{EnvVar, LocalObjectReference, ResourceRequirements, Toleration};
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ObjectMeta, Time};
use serde::{Deserialize, Serialize};

/// PrimaryUpdateStrategy says who switches the primary over during updates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PrimaryUpdateStrategy {
    /// The operator switches over on its own.
    #[default]
    Unsupervised,
    /// A human switches over.
    Supervised,
}

/// Cluster is a PostgreSQL cluster with one primary and streaming replicas.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=clusters,shortName=cl;pgc,categories=cnpg
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.instances,statuspath=.status.instances
// +kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp"
// +kubebuilder:printcolumn:name="Instances",type="integer",JSONPath=".status.instances",description="Number of instances"
// +kubebuilder:printcolumn:name="Ready",type="integer",JSONPath=".status.readyInstances",description="Number of ready instances"
// +kubebuilder:printcolumn:name="Status",type="string",JSONPath=".status.phase",description="Cluster current status"
// +kubebuilder:printcolumn:name="Primary",type="string",JSONPath=".status.currentPrimary",description="Primary pod"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Cluster {
    pub metadata: ObjectMeta,
    /// Desired cluster.
    pub spec: ClusterSpec,
    /// Observed cluster.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<ClusterStatus>,
}

/// ClusterSpec is the desired state of a Cluster.
// +kubebuilder:validation:XValidation:rule="self.maxSyncReplicas <= self.instances - 1",message="maxSyncReplicas must be lower than instances"
// +kubebuilder:validation:XValidation:rule="self.minSyncReplicas <= self.maxSyncReplicas",message="minSyncReplicas must not exceed maxSyncReplicas",fieldPath=".minSyncReplicas",reason=FieldValueInvalid
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterSpec {
    /// Free-text description.
    // +kubebuilder:validation:MaxLength=256
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// PostgreSQL image.
    // +kubebuilder:validation:MinLength=1
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image_name: Option<String>,
    /// Pull policy of the image.
    // +kubebuilder:validation:Enum=Always;Never;IfNotPresent
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image_pull_policy: Option<String>,
    /// Number of instances.
    // +kubebuilder:validation:Minimum=1
    // +kubebuilder:default:=1
    pub instances: isize,
    /// Minimum synchronous replicas.
    // +kubebuilder:default:=0
    // +kubebuilder:validation:Minimum=0
    // +optional
    #[serde(default)]
    pub min_sync_replicas: isize,
    /// Maximum synchronous replicas.
    // +kubebuilder:default:=0
    // +kubebuilder:validation:Minimum=0
    // +optional
    #[serde(default)]
    pub max_sync_replicas: isize,
    /// PostgreSQL configuration.
    // +optional
    #[serde(default, rename = "postgresql")]
    pub postgres_configuration: PostgresConfiguration,
    /// How the cluster is created; immutable once set.
    // +kubebuilder:validation:XValidation:rule="!oldSelf.hasValue() || self == oldSelf.value()",message="bootstrap is immutable",optionalOldSelf=true
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bootstrap: Option<BootstrapConfiguration>,
    /// Data volume.
    // +optional
    #[serde(default, rename = "storage")]
    pub storage_configuration: StorageConfiguration,
    /// Write-ahead log volume.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wal_storage: Option<StorageConfiguration>,
    /// Seconds an instance has to start.
    // +kubebuilder:default:=3600
    // +kubebuilder:validation:ExclusiveMinimum=true
    // +kubebuilder:validation:Minimum=0
    // +optional
    #[serde(default, rename = "startDelay")]
    pub max_start_delay: i32,
    /// Seconds an instance has to stop.
    // +kubebuilder:default:=1800
    // +optional
    #[serde(default, rename = "stopDelay")]
    pub max_stop_delay: i32,
    /// Scheduling settings.
    // +optional
    #[serde(default)]
    pub affinity: AffinityConfiguration,
    /// Resources of each instance.
    // +optional
    #[serde(default)]
    pub resources: ResourceRequirements,
    /// Who switches the primary over during updates.
    // +kubebuilder:default:=unsupervised
    // +optional
    #[serde(default)]
    pub primary_update_strategy: PrimaryUpdateStrategy,
    /// Extra environment for the instances.
    // +listType=map
    // +listMapKey=name
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env: Vec<EnvVar>,
    /// Secrets to pull the image with.
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub image_pull_secrets: Vec<LocalObjectReference>,
    /// Allow superuser access.
    // +kubebuilder:default:=false
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enable_superuser_access: Option<bool>,
    /// Size limits of ephemeral volumes.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ephemeral_volumes_size_limit: Option<EphemeralVolumesSizeLimitConfiguration>,
    /// Log level of the instance manager.
    // +kubebuilder:validation:Enum:=error;warning;info;debug;trace
    // +kubebuilder:default:=info
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub log_level: Option<String>,
}

/// PostgresConfiguration is the PostgreSQL configuration.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PostgresConfiguration {
    /// postgresql.conf parameters.
    // +kubebuilder:validation:MaxProperties=512
    // +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub parameters: BTreeMap<String, String>,
    /// pg_hba.conf lines.
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pg_hba: Vec<String>,
    /// Shared libraries to preload.
    // +listType=set
    // +optional
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        rename = "shared_preload_libraries"
    )]
    pub additional_libraries: Vec<String>,
    /// Synchronous replication settings.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub synchronous: Option<SynchronousReplicaConfiguration>,
}

/// SynchronousReplicaConfiguration configures synchronous replication.
// +kubebuilder:validation:XValidation:rule="self.number <= 8",message="at most 8 synchronous standbys"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SynchronousReplicaConfiguration {
    /// Quorum or priority based.
    // +kubebuilder:validation:Enum=any;first
    pub method: String,
    /// Number of synchronous standbys.
    // +kubebuilder:validation:Minimum=1
    // +kubebuilder:validation:XValidation:rule="self > 0",message="number must be positive"
    pub number: isize,
    /// Extra standby names.
    // +kubebuilder:validation:UniqueItems=false
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub standby_names_pre: Vec<String>,
}

/// BootstrapConfiguration says how to create the cluster; one method.
// +kubebuilder:validation:MaxProperties=1
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BootstrapConfiguration {
    /// Start from an empty database.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initdb: Option<BootstrapInitDb>,
    /// Restore from a backup.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recovery: Option<BootstrapRecovery>,
}

/// BootstrapInitDB creates an empty database.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BootstrapInitDb {
    /// Name of the database.
    // +kubebuilder:default:=app
    // +kubebuilder:validation:Pattern=`^[a-z_][a-z0-9_]*$`
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub database: Option<String>,
    /// Owner of the database.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    /// Secret with the owner's credentials.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<LocalObjectReference>,
    /// Data checksums.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data_checksums: Option<bool>,
    /// WAL segment size in MB, a power of 2.
    // +kubebuilder:validation:Minimum=1
    // +kubebuilder:validation:Maximum=1024
    // +optional
    #[serde(default)]
    pub wal_segment_size: isize,
    /// SQL run after creation.
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty", rename = "postInitSQL")]
    pub post_init_sql: Vec<String>,
}

/// BootstrapRecovery restores from a backup.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BootstrapRecovery {
    /// Backup to restore.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backup: Option<LocalObjectReference>,
    /// Point in time to stop at, RFC 3339.
    // +kubebuilder:validation:Format=date-time
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_time: Option<String>,
}

/// StorageConfiguration is a volume.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StorageConfiguration {
    /// Storage class.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storage_class: Option<String>,
    /// Size of the volume.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<String>,
    /// Grow volumes in use.
    // +kubebuilder:default:=true
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resize_in_use_volumes: Option<bool>,
}

/// AffinityConfiguration holds scheduling settings.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AffinityConfiguration {
    /// Spread instances over nodes.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enable_pod_anti_affinity: Option<bool>,
    /// Topology key of the anti-affinity.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub topology_key: Option<String>,
    /// Node labels instances must match.
    // +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub node_selector: BTreeMap<String, String>,
    /// Tolerations of the instances.
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tolerations: Vec<Toleration>,
    /// Preferred or required anti-affinity.
    // +kubebuilder:validation:Enum=preferred;required
    // +kubebuilder:default:=preferred
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pod_anti_affinity_type: Option<String>,
}

/// EphemeralVolumesSizeLimitConfiguration limits ephemeral volumes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EphemeralVolumesSizeLimitConfiguration {
    /// Shared memory volume.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shm: Option<Quantity>,
    /// Temporary data volume.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temporary_data: Option<Quantity>,
}

/// ClusterStatus is the observed state of a Cluster.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClusterStatus {
    /// Instances created.
    // +optional
    #[serde(default)]
    pub instances: isize,
    /// Instances ready.
    // +optional
    #[serde(default)]
    pub ready_instances: isize,
    /// Instance names by status.
    // +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub instances_status: BTreeMap<String, Vec<String>>,
    /// Current primary.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_primary: Option<String>,
    /// When the current primary was promoted.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_primary_timestamp: Option<String>,
    /// Phase of the cluster.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    /// Conditions of the cluster.
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    /// Earliest point in time the cluster can be restored to.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_recoverability_point: Option<Time>,
}
