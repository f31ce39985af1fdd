use std::collections::HashMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Thing {
    pub metadata: ObjectMeta,
    pub spec: ThingSpec,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct ThingSpec {
    pub weights: HashMap<Endpoint, u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Endpoint {
    pub host: String,
    pub port: u16,
}
