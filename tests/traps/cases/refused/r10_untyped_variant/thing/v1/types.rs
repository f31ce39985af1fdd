use std::collections::BTreeMap;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Thing {
    pub metadata: ObjectMeta,
    pub spec: ThingSpec,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThingSpec {
    pub pod_selector: ServerPodSelector,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ServerPodSelector {
    MatchExpressions(Vec<String>),
    MatchLabels(BTreeMap<String, serde_json::Value>),
}

impl Default for ServerPodSelector {
    fn default() -> Self {
        ServerPodSelector::MatchExpressions(Vec::new())
    }
}
