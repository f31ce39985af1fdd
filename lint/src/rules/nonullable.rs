//! `nonullable`: no `+nullable` marker (a `null` is a value server-side
//! apply owns and re-applies). `forbiddenmarkers` configured with
//! `nullable`; fix: the marker is removed.

use serde_json::Value;

use super::forbiddenmarkers::{Forbidden, check};
use crate::context::Cx;
use crate::finding::Finding;
use crate::settings::ConfigError;

pub const NAME: &str = "nonullable";

pub fn run(cx: &Cx<'_>, _: &Value) -> Result<Vec<Finding>, ConfigError> {
    let list = [Forbidden {
        identifier: "nullable".to_owned(),
        rule_sets: Vec::new(),
    }];
    Ok(check(NAME, cx, &list))
}
