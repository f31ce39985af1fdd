//! Package v1 has float fields, which need `allow_dangerous_types` (test input
//! for `tests/all/crd_embedded.rs`).
//!
//! +groupName=floats.example.com

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// Gauge holds floats.
// +genclient
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Gauge {
    pub metadata: ObjectMeta,
    pub spec: GaugeSpec,
}

/// GaugeSpec holds floats.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct GaugeSpec {
    /// A ratio.
    pub ratio: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub small: Option<f32>,
    /// Not serialized, so not in the schema (like Go's `json:"-"`).
    #[serde(skip)]
    pub cache: String,
}
