use kube::core::Selector;
use serde::{Deserialize, Serialize};

/// Types of other crates whose JSON is not what a Kubernetes API holds.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Settings {
    pub timeout: std::time::Duration,
    pub selector: Selector,
    pub payload: serde_bytes::ByteBuf,
    pub at: jiff::Zoned,
    pub target: kube::api::DynamicObject,
}
