use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// A port by number or name.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Probe {
    pub metadata: ObjectMeta,
    pub spec: ProbeSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ProbeSpec {
    pub port: PortValue,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PortValue {
    Number(i32),
    Name(String),
}

impl Default for PortValue {
    fn default() -> Self {
        PortValue::Number(80)
    }
}
