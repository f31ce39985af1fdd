use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// Backends by port and weights by priority.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Router {
    pub metadata: ObjectMeta,
    pub spec: RouterSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RouterSpec {
    /// Backend per port.
    #[serde(default)]
    pub ports: BTreeMap<u16, String>,
    /// Weight per priority, negative ones first.
    #[serde(default)]
    pub priorities: BTreeMap<i64, u32>,
}
