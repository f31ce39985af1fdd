use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Thing {
    pub metadata: ObjectMeta,
    pub spec: ThingSpec,
}

// +kubebuilder:validation:XValidation:rule="self.min_replicas <= self.max_replicas",message="min must not exceed max"
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThingSpec {
    pub min_replicas: i32,
    pub max_replicas: i32,
}
