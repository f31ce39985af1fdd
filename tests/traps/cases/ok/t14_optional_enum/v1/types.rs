use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// Logging, at a level if set.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Logger {
    pub metadata: ObjectMeta,
    pub spec: LoggerSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LoggerSpec {
    pub level: Option<Level>,
}

/// How much is logged.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub enum Level {
    /// Only errors.
    Error,
    /// Everything.
    Debug,
}
