use k8s_openapi::apimachinery::pkg::runtime::RawExtension;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// A wrapper around an embedded object of any kind.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Wrapper {
    pub metadata: ObjectMeta,
    pub spec: WrapperSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WrapperSpec {
    #[serde(default)]
    pub raw: RawExtension,
    pub extra: Option<RawExtension>,
}
