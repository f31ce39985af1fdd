//! `nophase`: no `phase` fields (conditions say more and evolve).
//! `namingconventions` with KAL's `nophase` convention.

use serde_json::Value;

use super::namingconventions::{Convention, Operation, check};
use crate::context::Cx;
use crate::finding::Finding;
use crate::settings::ConfigError;

pub const NAME: &str = "nophase";

pub fn run(cx: &Cx<'_>, _: &Value) -> Result<Vec<Finding>, ConfigError> {
    check(
        NAME,
        cx,
        &[Convention {
            name: "nophase".to_owned(),
            violation_matcher: "(?i)phase".to_owned(),
            operation: Operation::Inform,
            replacement: None,
            message: "phase fields are deprecated and conditions should be preferred, avoid phase like enum fields".to_owned(),
        }],
    )
}
