use std::collections::HashMap;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// Known fields plus any others.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Open {
    pub metadata: ObjectMeta,
    pub spec: OpenSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct OpenSpec {
    pub foo: String,
    #[serde(flatten)]
    pub bar: HashMap<String, serde_json::Value>,
}
