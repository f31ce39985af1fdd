//! `nobools`: no `bool` fields; a string enum evolves (a third state needs
//! no new field). Rust reading: `bool`, and a unit-only enum is the enum.

use serde_json::Value;

use super::walk_all;
use crate::context::Cx;
use crate::finding::Finding;
use crate::settings::ConfigError;
use kube_codegen::model::FieldType;

pub const NAME: &str = "nobools";

pub fn run(cx: &Cx<'_>, _: &Value) -> Result<Vec<Finding>, ConfigError> {
    let mut out = walk_all(NAME, cx, &|_| false, &mut |ty| {
        matches!(ty, FieldType::Bool).then(|| {
                "should not use a bool. Use a string type with meaningful constant values as an enum.".to_owned()
            })
    });
    for f in &mut out {
        f.help = Some("use a unit-only enum, which serde writes as a string".to_owned());
    }
    Ok(out)
}
