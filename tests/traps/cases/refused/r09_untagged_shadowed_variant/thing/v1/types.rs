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
    pub auth: Auth,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Auth {
    Basic { user: String },
    Mutual { user: String, certificate: String },
}

impl Default for Auth {
    fn default() -> Self {
        Auth::Basic { user: String::new() }
    }
}
