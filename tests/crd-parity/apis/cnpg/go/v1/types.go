package v1

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// PrimaryUpdateStrategy says who switches the primary over during updates.
// +kubebuilder:validation:Enum=unsupervised;supervised
type PrimaryUpdateStrategy string

// Cluster is a PostgreSQL cluster with one primary and streaming replicas.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=clusters,shortName=cl;pgc,categories=cnpg
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.instances,statuspath=.status.instances
// +kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp"
// +kubebuilder:printcolumn:name="Instances",type="integer",JSONPath=".status.instances",description="Number of instances"
// +kubebuilder:printcolumn:name="Ready",type="integer",JSONPath=".status.readyInstances",description="Number of ready instances"
// +kubebuilder:printcolumn:name="Status",type="string",JSONPath=".status.phase",description="Cluster current status"
// +kubebuilder:printcolumn:name="Primary",type="string",JSONPath=".status.currentPrimary",description="Primary pod"
type Cluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata"`

	// Desired cluster.
	Spec ClusterSpec `json:"spec"`
	// Observed cluster.
	// +optional
	Status ClusterStatus `json:"status,omitempty"`
}

// ClusterSpec is the desired state of a Cluster.
// +kubebuilder:validation:XValidation:rule="self.maxSyncReplicas <= self.instances - 1",message="maxSyncReplicas must be lower than instances"
// +kubebuilder:validation:XValidation:rule="self.minSyncReplicas <= self.maxSyncReplicas",message="minSyncReplicas must not exceed maxSyncReplicas",fieldPath=".minSyncReplicas",reason=FieldValueInvalid
type ClusterSpec struct {
	// Free-text description.
	// +kubebuilder:validation:MaxLength=256
	// +optional
	Description string `json:"description,omitempty"`

	// PostgreSQL image.
	// +kubebuilder:validation:MinLength=1
	// +optional
	ImageName string `json:"imageName,omitempty"`

	// Pull policy of the image.
	// +kubebuilder:validation:Enum=Always;Never;IfNotPresent
	// +optional
	ImagePullPolicy corev1.PullPolicy `json:"imagePullPolicy,omitempty"`

	// Number of instances.
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:default:=1
	Instances int `json:"instances"`

	// Minimum synchronous replicas.
	// +kubebuilder:default:=0
	// +kubebuilder:validation:Minimum=0
	// +optional
	MinSyncReplicas int `json:"minSyncReplicas,omitempty"`

	// Maximum synchronous replicas.
	// +kubebuilder:default:=0
	// +kubebuilder:validation:Minimum=0
	// +optional
	MaxSyncReplicas int `json:"maxSyncReplicas,omitempty"`

	// PostgreSQL configuration.
	// +optional
	PostgresConfiguration PostgresConfiguration `json:"postgresql,omitempty"`

	// How the cluster is created; immutable once set.
	// +kubebuilder:validation:XValidation:rule="!oldSelf.hasValue() || self == oldSelf.value()",message="bootstrap is immutable",optionalOldSelf=true
	// +optional
	Bootstrap *BootstrapConfiguration `json:"bootstrap,omitempty"`

	// Data volume.
	// +optional
	StorageConfiguration StorageConfiguration `json:"storage,omitempty"`

	// Write-ahead log volume.
	// +optional
	WalStorage *StorageConfiguration `json:"walStorage,omitempty"`

	// Seconds an instance has to start.
	// +kubebuilder:default:=3600
	// +kubebuilder:validation:ExclusiveMinimum=true
	// +kubebuilder:validation:Minimum=0
	// +optional
	MaxStartDelay int32 `json:"startDelay,omitempty"`

	// Seconds an instance has to stop.
	// +kubebuilder:default:=1800
	// +optional
	MaxStopDelay int32 `json:"stopDelay,omitempty"`

	// Scheduling settings.
	// +optional
	Affinity AffinityConfiguration `json:"affinity,omitempty"`

	// Resources of each instance.
	// +optional
	Resources corev1.ResourceRequirements `json:"resources,omitempty"`

	// Who switches the primary over during updates.
	// +kubebuilder:default:=unsupervised
	// +optional
	PrimaryUpdateStrategy PrimaryUpdateStrategy `json:"primaryUpdateStrategy,omitempty"`

	// Extra environment for the instances.
	// +listType=map
	// +listMapKey=name
	// +optional
	Env []corev1.EnvVar `json:"env,omitempty"`

	// Secrets to pull the image with.
	// +optional
	ImagePullSecrets []corev1.LocalObjectReference `json:"imagePullSecrets,omitempty"`

	// Allow superuser access.
	// +kubebuilder:default:=false
	// +optional
	EnableSuperuserAccess *bool `json:"enableSuperuserAccess,omitempty"`

	// Size limits of ephemeral volumes.
	// +optional
	EphemeralVolumesSizeLimit *EphemeralVolumesSizeLimitConfiguration `json:"ephemeralVolumesSizeLimit,omitempty"`

	// Log level of the instance manager.
	// +kubebuilder:validation:Enum:=error;warning;info;debug;trace
	// +kubebuilder:default:=info
	// +optional
	LogLevel string `json:"logLevel,omitempty"`
}

// PostgresConfiguration is the PostgreSQL configuration.
type PostgresConfiguration struct {
	// postgresql.conf parameters.
	// +kubebuilder:validation:MaxProperties=512
	// +optional
	Parameters map[string]string `json:"parameters,omitempty"`

	// pg_hba.conf lines.
	// +optional
	PgHBA []string `json:"pg_hba,omitempty"`

	// Shared libraries to preload.
	// +listType=set
	// +optional
	AdditionalLibraries []string `json:"shared_preload_libraries,omitempty"`

	// Synchronous replication settings.
	// +optional
	Synchronous *SynchronousReplicaConfiguration `json:"synchronous,omitempty"`
}

// SynchronousReplicaConfiguration configures synchronous replication.
// +kubebuilder:validation:XValidation:rule="self.number <= 8",message="at most 8 synchronous standbys"
type SynchronousReplicaConfiguration struct {
	// Quorum or priority based.
	// +kubebuilder:validation:Enum=any;first
	Method string `json:"method"`
	// Number of synchronous standbys.
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:XValidation:rule="self > 0",message="number must be positive"
	Number int `json:"number"`
	// Extra standby names.
	// +kubebuilder:validation:UniqueItems=false
	// +optional
	StandbyNamesPre []string `json:"standbyNamesPre,omitempty"`
}

// BootstrapConfiguration says how to create the cluster; one method.
// +kubebuilder:validation:MaxProperties=1
type BootstrapConfiguration struct {
	// Start from an empty database.
	// +optional
	InitDB *BootstrapInitDB `json:"initdb,omitempty"`
	// Restore from a backup.
	// +optional
	Recovery *BootstrapRecovery `json:"recovery,omitempty"`
}

// BootstrapInitDB creates an empty database.
type BootstrapInitDB struct {
	// Name of the database.
	// +kubebuilder:default:=app
	// +kubebuilder:validation:Pattern=`^[a-z_][a-z0-9_]*$`
	// +optional
	Database string `json:"database,omitempty"`
	// Owner of the database.
	// +optional
	Owner string `json:"owner,omitempty"`
	// Secret with the owner's credentials.
	// +optional
	Secret *corev1.LocalObjectReference `json:"secret,omitempty"`
	// Data checksums.
	// +optional
	DataChecksums *bool `json:"dataChecksums,omitempty"`
	// WAL segment size in MB, a power of 2.
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=1024
	// +optional
	WalSegmentSize int `json:"walSegmentSize,omitempty"`
	// SQL run after creation.
	// +optional
	PostInitSQL []string `json:"postInitSQL,omitempty"`
}

// BootstrapRecovery restores from a backup.
type BootstrapRecovery struct {
	// Backup to restore.
	// +optional
	Backup *corev1.LocalObjectReference `json:"backup,omitempty"`
	// Point in time to stop at, RFC 3339.
	// +kubebuilder:validation:Format=date-time
	// +optional
	TargetTime string `json:"targetTime,omitempty"`
}

// StorageConfiguration is a volume.
type StorageConfiguration struct {
	// Storage class.
	// +optional
	StorageClass *string `json:"storageClass,omitempty"`
	// Size of the volume.
	// +optional
	Size string `json:"size,omitempty"`
	// Grow volumes in use.
	// +kubebuilder:default:=true
	// +optional
	ResizeInUseVolumes *bool `json:"resizeInUseVolumes,omitempty"`
}

// AffinityConfiguration holds scheduling settings.
type AffinityConfiguration struct {
	// Spread instances over nodes.
	// +optional
	EnablePodAntiAffinity *bool `json:"enablePodAntiAffinity,omitempty"`
	// Topology key of the anti-affinity.
	// +optional
	TopologyKey string `json:"topologyKey,omitempty"`
	// Node labels instances must match.
	// +optional
	NodeSelector map[string]string `json:"nodeSelector,omitempty"`
	// Tolerations of the instances.
	// +optional
	Tolerations []corev1.Toleration `json:"tolerations,omitempty"`
	// Preferred or required anti-affinity.
	// +kubebuilder:validation:Enum=preferred;required
	// +kubebuilder:default:=preferred
	// +optional
	PodAntiAffinityType string `json:"podAntiAffinityType,omitempty"`
}

// EphemeralVolumesSizeLimitConfiguration limits ephemeral volumes.
type EphemeralVolumesSizeLimitConfiguration struct {
	// Shared memory volume.
	// +optional
	Shm *resource.Quantity `json:"shm,omitempty"`
	// Temporary data volume.
	// +optional
	TemporaryData *resource.Quantity `json:"temporaryData,omitempty"`
}

// ClusterStatus is the observed state of a Cluster.
type ClusterStatus struct {
	// Instances created.
	// +optional
	Instances int `json:"instances,omitempty"`
	// Instances ready.
	// +optional
	ReadyInstances int `json:"readyInstances,omitempty"`
	// Instance names by status.
	// +optional
	InstancesStatus map[string][]string `json:"instancesStatus,omitempty"`
	// Current primary.
	// +optional
	CurrentPrimary string `json:"currentPrimary,omitempty"`
	// When the current primary was promoted.
	// +optional
	CurrentPrimaryTimestamp string `json:"currentPrimaryTimestamp,omitempty"`
	// Phase of the cluster.
	// +optional
	Phase string `json:"phase,omitempty"`
	// Conditions of the cluster.
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	// Earliest point in time the cluster can be restored to.
	// +optional
	FirstRecoverabilityPoint *metav1.Time `json:"firstRecoverabilityPoint,omitempty"`
}
