use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;
use serde::{Deserialize, Serialize};

/// Database is a namespaced database instance; it has no status and its
/// client cannot watch or delete collections.
// +genclient
// +genclient:noStatus
// +genclient:skipVerbs=deleteCollection,watch
// +kubebuilder:resource:shortName=db
// +resourceName=databases
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Database {
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// Desired database.
    pub spec: DatabaseSpec,
}

/// DatabaseSpec describes a database instance.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DatabaseSpec {
    /// Engine to run.
    #[serde(default)]
    pub engine: Engine,
    /// Storage size in GiB, a multiple of 10.
    // +kubebuilder:validation:MultipleOf=10
    // +kubebuilder:validation:Minimum=10
    pub storage_gib: i32,
    /// Port, as a number or a name.
    // +kubebuilder:validation:XIntOrString
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<IntOrString>,
    /// Backup window as text, for example `02:00-03:00`.
    // +kubebuilder:validation:Optional
    // +kubebuilder:validation:Type=string
    // +kubebuilder:validation:Format=time-range
    #[serde(default)]
    pub backup_window: String,
    /// A whole Kubernetes object to create next to the database (for example a Secret).
    // +optional
    // +kubebuilder:validation:EmbeddedResource
    // +kubebuilder:pruning:PreserveUnknownFields
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub companion: Option<serde_json::Value>,
    /// Raw engine parameters.
    // +optional
    // +kubebuilder:validation:XPreserveUnknownFields
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parameters: Option<serde_json::Value>,
}

/// Engine is the database engine.
// +kubebuilder:validation:Enum=postgres;mysql
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    /// PostgreSQL.
    #[default]
    Postgres,
    /// MySQL.
    Mysql,
}
