use std::time::Duration;

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
    pub timeout: Option<Duration>,
}
