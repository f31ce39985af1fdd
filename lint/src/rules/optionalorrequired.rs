//! `optionalorrequired`: every field says whether it is optional or
//! required, with one marker in the preferred spelling, and no type does.
//! Rust reading: as KAL, by markers (kube-codegen infers optionality from
//! `Option`, but the marker states it for readers). Fixes: the preferred
//! spelling replaces the other, a duplicate spelling is removed, and (beyond
//! KAL, since the Rust type says which) a missing marker is added as the CRD
//! has it now: `+optional` for a field the CRD does not require.

use serde::Deserialize;
use serde_json::Value;

use super::{OPTIONAL, REQUIRED};
use crate::context::{Cx, FieldView, remove_marker, replace_marker};
use crate::finding::Finding;
use crate::settings::{self, ConfigError};

pub const NAME: &str = "optionalorrequired";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Settings {
    #[serde(default)]
    preferred_optional_marker: Option<String>,
    #[serde(default)]
    preferred_required_marker: Option<String>,
}

pub fn run(cx: &Cx<'_>, settings: &Value) -> Result<Vec<Finding>, ConfigError> {
    let s: Settings = settings::read(NAME, settings)?;
    let opt = s.preferred_optional_marker.as_deref().unwrap_or("optional");
    let req = s.preferred_required_marker.as_deref().unwrap_or("required");
    let (opt2, req2) = (
        if opt == "optional" {
            "kubebuilder:validation:Optional"
        } else {
            "optional"
        },
        if req == "required" {
            "kubebuilder:validation:Required"
        } else {
            "required"
        },
    );
    let mut out = Vec::new();
    for t in cx.types() {
        for m in t.markers().markers.iter().filter(|m| {
            OPTIONAL.contains(&m.identifier.as_str()) || REQUIRED.contains(&m.identifier.as_str())
        }) {
            let f = t
                .finding(
                    NAME,
                    format!(
                        "type {} should not be marked as {}",
                        t.ty.name,
                        &m.text[1..]
                    ),
                )
                .with_fix(
                    format!("remove `// {}`", m.text),
                    vec![remove_marker(&t.file.path, m)],
                );
            out.push(f);
        }
    }
    for f in cx.fields() {
        if super::is_inline(&f) {
            continue;
        }
        let q = f.qualified();
        let m = f.markers();
        let (o1, o2, r1, r2) = (m.has(opt), m.has(opt2), m.has(req), m.has(req2));
        let (k8s_opt, k8s_req) = (m.has("k8s:optional"), m.has("k8s:required"));
        if (o1 || o2) && (r1 || r2) {
            out.push(f.finding(
                NAME,
                format!("field {q} must not be marked as both optional and required"),
            ));
            continue;
        }
        if k8s_opt && k8s_req {
            out.push(f.finding(
                NAME,
                format!("field {q} must not be marked as both k8s:optional and k8s:required"),
            ));
            continue;
        }
        if k8s_opt && (r1 || r2) {
            out.push(f.finding(
                NAME,
                format!("field {q} must not be marked as both k8s:optional and required"),
            ));
            continue;
        }
        if (o1 || o2) && k8s_req {
            out.push(f.finding(
                NAME,
                format!("field {q} must not be marked as both optional and k8s:required"),
            ));
            continue;
        }
        if !(o1 || o2 || r1 || r2 || k8s_opt || k8s_req) {
            let container_default = f.owner.as_struct().is_some_and(|s| s.default);
            let marker = if f.field.is_required(container_default) {
                req
            } else {
                opt
            };
            out.push(
                f.finding(NAME, format!("field {q} must be marked as {opt} or {req}"))
                    .with_fix(
                        format!("mark it `+{marker}`, as the CRD has it now"),
                        vec![f.add_marker(marker)],
                    ),
            );
            continue;
        }
        secondary(&mut out, &f, &q, opt, opt2, o1, o2);
        secondary(&mut out, &f, &q, req, req2, r1, r2);
    }
    Ok(out)
}

fn secondary(
    out: &mut Vec<Finding>,
    f: &FieldView<'_>,
    q: &str,
    primary: &str,
    second: &str,
    has1: bool,
    has2: bool,
) {
    if !has2 {
        return;
    }
    let path = &f.owner.file.path;
    let m = f.markers().named(second).next().expect("present");
    if has1 {
        out.push(
            f.finding_at(
                NAME,
                format!("field {q} should use only the marker {primary}, {second} is not required"),
                m,
            )
            .with_fix(
                format!("remove `// +{second}`"),
                vec![remove_marker(path, m)],
            ),
        );
    } else {
        out.push(
            f.finding_at(
                NAME,
                format!("field {q} should use marker {primary} instead of {second}"),
                m,
            )
            .with_fix(
                format!("replace `{second}` with `{primary}`"),
                vec![replace_marker(path, m, primary)],
            ),
        );
    }
}
