use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// A backup by one method or another.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Backup {
    pub metadata: ObjectMeta,
    pub spec: BackupSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BackupSpec {
    pub shared: String,
    #[serde(flatten)]
    pub method: Method,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "method", rename_all = "lowercase")]
pub enum Method {
    Snapshot { volume: String },
    Dump { database: String, compress: Option<bool> },
}

impl Default for Method {
    fn default() -> Self {
        Method::Snapshot {
            volume: String::new(),
        }
    }
}
