use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// An application synced from git.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Application {
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: ApplicationSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationSpec {
    /// How the application is synced.
    #[serde(default)]
    pub sync_policy: SyncPolicy,
    /// Labels put on what is synced.
    #[serde(default)]
    pub labels: BTreeMap<String, String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SyncPolicy {
    /// Sync automatically.
    #[serde(default)]
    pub automated: Automated,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Automated {
    /// Undo changes made in the cluster.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub self_heal: Option<bool>,
    /// Delete what is no longer in git.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prune: Option<bool>,
}
