use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// Ports, maybe.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Endpoint {
    pub metadata: ObjectMeta,
    pub spec: EndpointSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EndpointSpec {
    // +listType=map
    // +listMapKey=name
    pub ports: Option<Vec<PortSpec>>,
    pub hosts: Option<Vec<String>>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PortSpec {
    pub name: String,
    pub port: i32,
}
