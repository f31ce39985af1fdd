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
    /// No host may be a suffix of another.
    // +kubebuilder:validation:XValidation:rule="self.all(a, self.all(b, a == b || !a.endsWith(b)))",message="no host is a suffix of another"
    #[serde(default)]
    pub hosts: Vec<String>,
}
