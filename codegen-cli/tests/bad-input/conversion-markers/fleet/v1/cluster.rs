use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
// +kubebuilder:conversion:webhook:url=https://webhook.example.com/convert
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Cluster {
    pub metadata: ObjectMeta,
}

// +genclient
// +kubebuilder:conversion:strategy=Webhook
// +kubebuilder:conversion:webhook:service=fleet-webhook,path=convert
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Pool {
    pub metadata: ObjectMeta,
}

// +genclient
// +kubebuilder:conversion:strategy=Webhook
// +kubebuilder:conversion:webhook:url=http://webhook.example.com/convert
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Node {
    pub metadata: ObjectMeta,
    // +kubebuilder:conversion:strategy=Webhook
    pub name: String,
}

// +genclient
// +kubebuilder:conversion:strategy=Webhook
// +kubebuilder:conversion:webhook:service=fleet/fleet-webhook,path=/Convert_v1
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Zone {
    pub metadata: ObjectMeta,
}
