//! `statussubresource`: a kind with a `status` field has the status
//! subresource, and a kind with the subresource has a `status` field.
//! Rust reading: the subresource as the generator decides it
//! (`+kubebuilder:subresource:status`, or `+genclient` without `noStatus`
//! on a kind with a `status` field). Fix: the marker is added above the kind.

use serde_json::Value;

use crate::context::Cx;
use crate::finding::Finding;
use crate::settings::ConfigError;

pub const NAME: &str = "statussubresource";
const MARKER: &str = "kubebuilder:subresource:status";

pub fn run(cx: &Cx<'_>, _: &Value) -> Result<Vec<Finding>, ConfigError> {
    let mut out = Vec::new();
    for t in cx.types() {
        let Some(kind) = &t.ty.kind else { continue };
        let has_status = t.fields().iter().any(|f| f.field.json_name == "status");
        let name = &t.ty.name;
        if has_status && !kind.status_subresource {
            out.push(
                t.finding(
                    NAME,
                    format!("root object type \"{name}\" has a status field but does not have the marker \"{MARKER}\" to enable the status subresource"),
                )
                .with_fix("add the kubebuilder:subresource:status marker", vec![t.add_marker(MARKER)]),
            );
        } else if !has_status && t.markers().has(MARKER) {
            out.push(t.finding(
                NAME,
                format!("root object type \"{name}\" is marked to enable the status subresource with marker \"{MARKER}\" but has no status field"),
            ));
        }
    }
    Ok(out)
}
