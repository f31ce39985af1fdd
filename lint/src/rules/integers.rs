//! `integers`: integers are `i32` or `i64`. Rust reading: `i8`, `i16` and
//! `isize` are Go's `int8`, `int16` and `int`; `u8` to `u64` and `usize` its
//! unsigned integers (the generator bounds them, but clients in other
//! languages read `int32`/`int64`).

use serde_json::Value;

use super::walk_all;
use crate::context::Cx;
use crate::finding::Finding;
use crate::settings::ConfigError;
use kube_codegen::model::FieldType;

pub const NAME: &str = "integers";

pub fn run(cx: &Cx<'_>, _: &Value) -> Result<Vec<Finding>, ConfigError> {
    let mut out = walk_all(NAME, cx, &|f| f.field.is_bytes(), &mut |ty| {
        match ty {
            FieldType::Integer { signed: true, bits } if *bits < 32 => Some(
                "should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements".to_owned(),
            ),
            FieldType::PointerSized { signed: true } => Some(
                "should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements".to_owned(),
            ),
            FieldType::Integer { signed: false, .. } | FieldType::PointerSized { signed: false } => Some(
                "should not use unsigned integers, use only int32 or int64 and apply validation to ensure the value is positive".to_owned(),
            ),
            _ => None,
        }
    });
    for f in &mut out {
        f.help = Some(
            "use `i32` or `i64` (with `+kubebuilder:validation:Minimum=0` for a count)".to_owned(),
        );
    }
    Ok(out)
}
