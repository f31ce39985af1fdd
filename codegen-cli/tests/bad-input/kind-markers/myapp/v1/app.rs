use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient:noStatus
// +kubebuilder:printcolumn:name=Age,type=date,JSONPath=.metadata.creationTimestamp
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct NotAKind {
    pub metadata: ObjectMeta,
}

// +genclient
// +genclient:readonly
// +genclient:onlyVerbs=get
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=spec.replicas,statuspath=.status.replicas
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct App {
    pub metadata: ObjectMeta,
}
