//! `nofloats`: no `f32`/`f64` fields: floats do not round-trip reliably
//! between languages (kube-codegen refuses them too, unless
//! `--allow-dangerous-types`).

use serde_json::Value;

use super::walk_all;
use crate::context::Cx;
use crate::finding::Finding;
use crate::settings::ConfigError;
use kube_codegen::model::FieldType;

pub const NAME: &str = "nofloats";

pub fn run(cx: &Cx<'_>, _: &Value) -> Result<Vec<Finding>, ConfigError> {
    let mut out = walk_all(NAME, cx, &|_| false, &mut |ty| {
        matches!(ty, FieldType::Float { .. }).then(|| {
            "should not use a float value because they cannot be reliably round-tripped.".to_owned()
        })
    });
    for f in &mut out {
        f.help =
            Some("use an integer with the unit in the name, or a `Quantity` string".to_owned());
    }
    Ok(out)
}
