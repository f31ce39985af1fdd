//! `defaults`: a defaulted field is marked optional and left out when
//! unset, or the default never applies; one default marker spelling.
//! Rust reading of "omitempty": an `Option` (the generated type leaves
//! `None` out) or `skip_serializing_if`; Go's `omitzero` is the same thing in
//! Rust. Fixes: the preferred spelling replaces the other (`+kubebuilder:default`
//! and `+default` take the same JSON value), and, with the `SuggestFix`
//! policy, an always-written field becomes an `Option`.

use serde::Deserialize;
use serde_json::Value;

use crate::context::{Cx, remove_marker, replace_marker};
use crate::finding::Finding;
use crate::settings::{self, ConfigError};

pub const NAME: &str = "defaults";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Settings {
    #[serde(default)]
    preferred_default_marker: Option<String>,
    #[serde(default)]
    omitempty: Option<PolicySetting>,
    #[serde(default)]
    omitzero: Option<PolicySetting>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct PolicySetting {
    policy: String,
}

pub fn run(cx: &Cx<'_>, settings: &Value) -> Result<Vec<Finding>, ConfigError> {
    let s: Settings = settings::read(NAME, settings)?;
    let preferred = s.preferred_default_marker.as_deref().unwrap_or("default");
    let secondary = match preferred {
        "default" => "kubebuilder:default",
        "kubebuilder:default" => "default",
        other => {
            return Err(ConfigError {
                file: "lintersConfig".to_owned(),
                message: format!(
                    "`defaults.preferredDefaultMarker`: `{other}` is not `default` or `kubebuilder:default`"
                ),
            });
        }
    };
    let omitempty = s
        .omitempty
        .map_or_else(|| "SuggestFix".to_owned(), |p| p.policy);
    let _ = s.omitzero;
    let mut out = Vec::new();
    for f in cx.fields() {
        let m = f.markers();
        let (has_pref, has_sec) = (m.has(preferred), m.has(secondary));
        if !has_pref && !has_sec {
            continue;
        }
        let q = f.qualified();
        let path = &f.owner.file.path;
        if has_sec && !has_pref {
            let sec = m.named(secondary).next().expect("present");
            out.push(
                f.finding_at(
                    NAME,
                    format!("field {q} should use +{preferred} marker instead of +{secondary}"),
                    sec,
                )
                .with_fix(
                    format!("replace +{secondary} with +{preferred}"),
                    vec![replace_marker(path, sec, preferred)],
                ),
            );
        } else if has_sec {
            let edits = m.named(secondary).map(|x| remove_marker(path, x)).collect();
            let sec = m.named(secondary).next().expect("present");
            out.push(
                f.finding_at(NAME, format!("field {q} should use only the marker +{preferred}, +{secondary} is not required"), sec)
                    .with_fix(format!("remove +{secondary}"), edits),
            );
        }
        if super::marked_required(&f) {
            out.push(f.finding(NAME, format!("field {q} has a default value but is marked as required, which is contradictory")));
        } else if !super::marked_optional(&f) {
            out.push(
                f.finding(
                    NAME,
                    format!("field {q} has a default value but is not marked as optional"),
                )
                .with_fix("add `+optional`", vec![f.add_marker("optional")]),
            );
        }
        let left_out = f.field.ty.is_option()
            || f.field
                .serde_attrs
                .iter()
                .any(|a| a.contains("skip_serializing_if"));
        if !left_out && omitempty != "Ignore" {
            out.push(
                f.finding(
                    NAME,
                    format!(
                        "field {q} has a default value but does not have omitempty in its json tag: `{}` is always serialized, so the API server never fills the default in for objects written in Rust",
                        f.field.ty_source
                    ),
                )
                .with_help(format!("make it `Option<{}>`", f.field.ty_source))
                .with_fix_if(super::suggests(&omitempty), "make the field an `Option`", vec![f.wrap_in_option()]),
            );
        }
    }
    Ok(out)
}
