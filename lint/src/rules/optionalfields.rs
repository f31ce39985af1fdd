//! `optionalfields`: an optional field can be told apart from one set to
//! its zero value, and is left out when unset. Rust reading: Go's pointer is
//! `Option<T>`, Go's `omitempty` is leaving `None` out (what the generated
//! type does for every `Option` unless `+nullable` or the field writes
//! itself), and Go's `omitzero` has no Rust counterpart (an optional struct
//! is an `Option` too). `pointers.preference: Always` (KAL's default) wants
//! every optional field an `Option`; `WhenRequired` (the `crd` profile's)
//! only where the zero value is valid, and no `Option` where it is not.
//! Fix (`pointers.policy: SuggestFix`): the type becomes `Option<T>`.

use serde::Deserialize;
use serde_json::Value;

use super::zero_value;
use crate::context::{Cx, FieldView};
use crate::finding::Finding;
use crate::settings::{self, ConfigError};

pub const NAME: &str = "optionalfields";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Settings {
    #[serde(default)]
    pointers: Option<Pointers>,
    #[serde(default)]
    omitempty: Option<Policy>,
    #[serde(default)]
    omitzero: Option<Policy>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Pointers {
    #[serde(default)]
    preference: Option<String>,
    #[serde(default)]
    policy: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Policy {
    policy: String,
}

/// Lists and maps, as KAL reads Go's slices and maps: no pointer, unless an
/// explicit zero minimum makes the empty value one to keep apart from unset.
pub(crate) fn reference(
    rule: &'static str,
    out: &mut Vec<Finding>,
    f: &FieldView<'_>,
    z: &super::zero::ZeroValue,
    is_option: bool,
    always: bool,
) {
    let q = f.qualified();
    if is_option && !z.explicit_zero_min {
        out.push(
            f.finding(rule, format!("field {q} underlying type does not need to be a pointer. The pointer should be removed."))
                .with_help(format!(
                    "write `{}` with `#[serde(default, skip_serializing_if = \"...::is_empty\")]`: an empty list or map is left out as `None` is",
                    f.field.ty.unwrap_option_display(&f.field.ty_source)
                )),
        );
    } else if !is_option && z.explicit_zero_min && always {
        out.push(
            f.finding(rule, format!("field {q} with MinItems=0/MinProperties=0, underlying type should be a pointer to distinguish nil (unset) from empty."))
                .with_fix("make the field an `Option`", vec![f.wrap_in_option()]),
        );
    }
}

/// Whether the generated type leaves `None` out of its JSON.
pub(crate) fn none_left_out(f: &FieldView<'_>) -> bool {
    f.field
        .serde_attrs
        .iter()
        .any(|a| a.contains("skip_serializing_if"))
        || (!f.field.nullable && !f.field.serializes_itself)
}

pub fn run(cx: &Cx<'_>, settings: &Value) -> Result<Vec<Finding>, ConfigError> {
    let s: Settings = settings::read(NAME, settings)?;
    let pointers = s.pointers.unwrap_or_default();
    let always = match pointers.preference.as_deref().unwrap_or("Always") {
        "Always" => true,
        "WhenRequired" => false,
        other => {
            return Err(ConfigError {
                file: "lintersConfig".to_owned(),
                message: format!(
                    "`optionalfields.pointers.preference`: `{other}` is not `Always` or `WhenRequired`"
                ),
            });
        }
    };
    let fix = super::suggests(pointers.policy.as_deref().unwrap_or("SuggestFix"));
    let omitempty = s
        .omitempty
        .map_or_else(|| "SuggestFix".to_owned(), |p| p.policy);
    let _ = s.omitzero;
    let mut out = Vec::new();
    for f in cx.fields() {
        if !super::marked_optional(&f) || super::is_inline(&f) {
            continue;
        }
        // A kind's `metadata` is kube's `ObjectMeta`, never an `Option` (kube's
        // `Resource` needs it); an empty one is written as `{}`, which the
        // server reads as unset.
        if f.owner.ty.kind.is_some() && f.field.json_name == "metadata" {
            continue;
        }
        let q = f.qualified();
        let is_option = f.field.ty.is_option();
        let zero = zero_value(&f);
        if let Some(z) = zero.as_ref().filter(|z| z.is_reference) {
            reference(NAME, &mut out, &f, z, is_option, always);
            if !is_option
                && omitempty != "Ignore"
                && !f
                    .field
                    .serde_attrs
                    .iter()
                    .any(|a| a.contains("skip_serializing_if"))
            {
                out.push(
                    f.finding(NAME, format!("field {q} should have the omitempty tag."))
                        .with_help("add `#[serde(default, skip_serializing_if = \"Vec::is_empty\")]` (`BTreeMap::is_empty` for a map)"),
                );
            }
            continue;
        }
        if !is_option {
            let reason = match (always, &zero) {
                (true, _) => Some("should be a pointer.".to_owned()),
                (false, Some(z)) if z.valid && !z.complete => Some(format!(
                    "has a valid zero value ({}), but the validation is not complete (e.g. {}). The field should be a pointer to allow the zero value to be set. If the zero value is not a valid use case, complete the validation and remove the pointer.",
                    z.shown, z.hint
                )),
                (false, Some(z)) if z.valid || z.is_struct => Some(format!(
                    "has a valid zero value ({}) and should be a pointer.",
                    z.shown
                )),
                _ => None,
            };
            if let Some(reason) = reason {
                out.push(
                    f.finding(NAME, format!("field {q} {reason}"))
                        .with_help(format!("make it `Option<{}>`: Rust writes the zero value of a field that is no `Option`", f.field.ty_source))
                        .with_fix_if(fix, "make the field an `Option`", vec![f.wrap_in_option()]),
                );
                continue;
            }
            if omitempty != "Ignore"
                && !f
                    .field
                    .serde_attrs
                    .iter()
                    .any(|a| a.contains("skip_serializing_if"))
            {
                out.push(
                    f.finding(NAME, format!("field {q} should have the omitempty tag."))
                        .with_help("add `#[serde(default, skip_serializing_if = \"...\")]` (e.g. `String::is_empty`), or make it an `Option`"),
                );
            }
            continue;
        }
        if !always
            && let Some(z) = &zero
            && !z.valid
            && z.complete
            && !z.is_struct
        {
            out.push(
                f.finding(NAME, format!("field {q} does not allow the zero value. The field does not need to be a pointer."))
                    .with_help("the `Option` can go: with `#[serde(default, skip_serializing_if = \"...\")]` the zero value is left out and refused by the validation"),
            );
        }
        if omitempty != "Ignore" && !none_left_out(&f) {
            out.push(
                f.finding(NAME, format!("field {q} should have the omitempty tag."))
                    .with_help("add `#[serde(default, skip_serializing_if = \"Option::is_none\")]`, or drop `+nullable`, so that `None` is left out"),
            );
        }
    }
    Ok(out)
}
