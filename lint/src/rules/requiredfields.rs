//! `requiredfields`: a required field whose zero value the validation
//! allows cannot be told apart from one left unset, so it must be a pointer
//! (the server then refuses it missing); one whose zero value is invalid
//! needs none. Rust reading: the pointer is `Option<T>` (`None` is left out,
//! and the CRD's `required` refuses it); Go's `omitempty`/`omitzero` on
//! required fields have no Rust counterpart (a required `Option` is left out
//! when `None`, a value that is none is always written). Fix
//! (`pointers.policy: SuggestFix`): the type becomes `Option<T>`, or loses it.

use serde::Deserialize;
use serde_json::Value;

use super::zero_value;
use crate::context::Cx;
use crate::finding::Finding;
use crate::settings::{self, ConfigError};

pub const NAME: &str = "requiredfields";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Settings {
    #[serde(default)]
    pointers: Option<Pointers>,
    #[serde(default)]
    omitempty: Option<Value>,
    #[serde(default)]
    omitzero: Option<Value>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Pointers {
    #[serde(default)]
    policy: Option<String>,
}

pub fn run(cx: &Cx<'_>, settings: &Value) -> Result<Vec<Finding>, ConfigError> {
    let s: Settings = settings::read(NAME, settings)?;
    let fix = super::suggests(
        s.pointers
            .and_then(|p| p.policy)
            .as_deref()
            .unwrap_or("SuggestFix"),
    );
    let _ = (s.omitempty, s.omitzero);
    let mut out = Vec::new();
    for f in cx.fields() {
        if !super::marked_required(&f) || super::is_inline(&f) {
            continue;
        }
        let Some(z) = zero_value(&f) else { continue };
        let q = f.qualified();
        let is_option = f.field.ty.is_option();
        if z.is_reference {
            super::optionalfields::reference(NAME, &mut out, &f, &z, is_option, true);
            continue;
        }
        if !is_option && z.valid && !z.is_struct {
            let reason = if z.complete {
                format!(
                    "has a valid zero value ({}) and should be a pointer.",
                    z.shown
                )
            } else {
                format!(
                    "has a valid zero value ({}), but the validation is not complete (e.g. {}). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer.",
                    z.shown, z.hint
                )
            };
            out.push(
                f.finding(NAME, format!("field {q} {reason}"))
                    .with_help(format!(
                        "make it `Option<{}>` (the server then refuses it unset), or add the validation that refuses {}",
                        f.field.ty_source, z.shown
                    ))
                    .with_fix_if(fix, "make the field an `Option`", vec![f.wrap_in_option()]),
            );
        } else if is_option && !z.valid && z.complete && !z.is_struct {
            out.push(
                f.finding(NAME, format!("field {q} does not allow the zero value. The field does not need to be a pointer."))
                    .with_fix_if(fix, "take the field out of its `Option`", vec![f.unwrap_option()]),
            );
        }
    }
    Ok(out)
}
