use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use kube::core::{Duration, GroupVersionKind, TypeMeta};
use serde::{Deserialize, Serialize};

/// A probe of another object, on a schedule.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Probe {
    pub metadata: ObjectMeta,
    pub spec: ProbeSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProbeSpec {
    /// How often to probe ("30s", "1h30m").
    pub interval: Option<Duration>,
    /// How long one probe may take.
    pub timeout: Option<kube::core::Duration>,
    /// How long results are kept, in whole units (issue #30: the field's
    /// pattern allows `1d`, which kube's `Duration` cannot read; both apply).
    // +kubebuilder:validation:Pattern=`^[0-9]+[smhd]$`
    pub retention: Option<Duration>,
    /// The kind of object probed.
    pub target: Option<GroupVersionKind>,
    /// `apiVersion` and `kind` of the object probed.
    pub target_type: TypeMeta,
}
