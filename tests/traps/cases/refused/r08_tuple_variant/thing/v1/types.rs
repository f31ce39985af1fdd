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
    pub window: Window,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Window {
    Range(i32, i32),
    Open { from: i32 },
}

impl Default for Window {
    fn default() -> Self {
        Window::Open { from: 0 }
    }
}
