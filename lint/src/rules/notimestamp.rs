//! `notimestamp`: `somethingTime`, not `somethingTimestamp`.
//! `namingconventions` with KAL's `notimestamp` convention; fix: the field
//! is renamed (JSON name and Rust name).

use serde_json::Value;

use super::namingconventions::{Convention, Operation, check};
use crate::context::Cx;
use crate::finding::Finding;
use crate::settings::ConfigError;

pub const NAME: &str = "notimestamp";

pub fn run(cx: &Cx<'_>, _: &Value) -> Result<Vec<Finding>, ConfigError> {
    check(
        NAME,
        cx,
        &[Convention {
            name: "notimestamp".to_owned(),
            violation_matcher: "(?i)timestamp".to_owned(),
            operation: Operation::Replacement,
            replacement: Some("Time".to_owned()),
            message: "prefer use of the term 'time' over 'timestamp'".to_owned(),
        }],
    )
}
