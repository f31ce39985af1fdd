use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// Foo is a specification for a Foo resource
// +genclient
// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=unapproved, experimental-only; please get an approval from Kubernetes API reviewers if you're trying to develop a CRD in the *.k8s.io or *.kubernetes.io groups"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Foo {
    /// Standard object metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired state of the Foo.
    pub spec: FooSpec,
    /// The observed state of the Foo.
    pub status: FooStatus,
}

/// FooSpec is the spec for a Foo resource
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FooSpec {
    /// Name of the Deployment the Foo owns.
    pub deployment_name: String,
    /// Number of pods of that Deployment.
    pub replicas: Option<i32>,
}

/// FooStatus is the status for a Foo resource
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FooStatus {
    /// Number of available pods of the Deployment.
    pub available_replicas: i32,
}
