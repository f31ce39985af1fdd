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
    pub source: Source,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum Source {
    Name(String),
    Ref { id: String },
}

impl Default for Source {
    fn default() -> Self {
        Source::Ref { id: String::new() }
    }
}
