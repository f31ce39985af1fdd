use std::collections::BTreeMap;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// A server selecting its pods one way or another.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Server {
    pub metadata: ObjectMeta,
    pub spec: ServerSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerSpec {
    pub pod_selector: ServerPodSelector,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ServerPodSelector {
    MatchExpressions(Vec<MatchExpression>),
    MatchLabels(BTreeMap<String, String>),
}

impl Default for ServerPodSelector {
    fn default() -> Self {
        ServerPodSelector::MatchLabels(BTreeMap::new())
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MatchExpression {
    pub key: String,
    pub operator: Operator,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<String>>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum Operator {
    #[default]
    In,
    NotIn,
    Exists,
    DoesNotExist,
}
