use k8s_openapi::api::batch::v1::JobTemplateSpec;
use k8s_openapi::api::core::v1::{
    Affinity, Container, LocalObjectReference, PodTemplateSpec, ResourceRequirements, ServicePort,
    Toleration, Volume,
};
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{ObjectMeta, Time};
use k8s_openapi::apimachinery::pkg::runtime::RawExtension;
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;
use serde::{Deserialize, Serialize};

/// Embed is a kind whose spec embeds Kubernetes types.
// +genclient
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Embed {
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: Option<EmbedSpec>,
}

/// EmbedSpec embeds Kubernetes types.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmbedSpec {
    /// The pods to run.
    pub template: PodTemplateSpec,
    pub job_template: Option<JobTemplateSpec>,
    pub container: Option<Container>,
    pub volume: Option<Volume>,
    pub resources: Option<ResourceRequirements>,
    pub affinity: Option<Affinity>,
    pub tolerations: Option<Vec<Toleration>>,
    pub ports: Option<Vec<ServicePort>>,
    pub secret_ref: Option<LocalObjectReference>,
    pub size: Option<Quantity>,
    pub port: Option<IntOrString>,
    pub since: Option<Time>,
    pub meta: Option<ObjectMeta>,
    pub raw: Option<RawExtension>,
    pub owned: Option<Owned>,
}

/// Owned is a user type holding object metadata below the root.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Owned {
    pub metadata: ObjectMeta,
}
