//! `nodurations`: no duration types, which tie the API to Go's duration
//! syntax. Rust reading: `kube::core::Duration` (Go's `metav1.Duration`;
//! `std::time::Duration` the generator refuses already).

use serde_json::Value;

use super::walk_all;
use crate::context::Cx;
use crate::finding::Finding;
use crate::settings::ConfigError;
use kube_codegen::model::FieldType;

pub const NAME: &str = "nodurations";

/// kube's `Duration`, by its defining path.
const DURATIONS: &[&str] = &[
    "kube_core::duration::Duration",
    "k8s_openapi::apimachinery::pkg::apis::meta::v1::Duration",
];

pub fn run(cx: &Cx<'_>, _: &Value) -> Result<Vec<Finding>, ConfigError> {
    let mut out = walk_all(NAME, cx, &|_| false, &mut |ty| {
        match ty {
            FieldType::External(e) if DURATIONS.contains(&e.path.as_str()) => Some(
                "should not use a Duration. Use an integer type with units in the name to avoid the need for clients to implement Go style duration parsing.".to_owned(),
            ),
            _ => None,
        }
    });
    for f in &mut out {
        f.help = Some("use an `i32` with the unit in the name, e.g. `timeoutSeconds`".to_owned());
    }
    Ok(out)
}
