//! Probe objects and the two installed CRDs they are sent to.
//!
//! controller-gen's CRD is installed in its own group, the original group
//! with [`REFERENCE_GROUP_SUFFIX`] appended; kube-codegen's keeps the original
//! group. Every probe is created in both; verdicts, error field paths and the
//! stored objects (after defaulting and pruning) are compared.

use std::path::Path;

use anyhow::{Context, Result};
use serde::Deserialize;
use serde_json::Value;

use crate::compare::Difference;
use crate::render;

/// Appended to controller-gen's group so both CRDs can be installed at once.
pub const REFERENCE_GROUP_SUFFIX: &str = ".cg";

/// One probe: an object sent to both CRDs.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Probe {
    /// Unique within the API; also the object's name.
    pub name: String,
    /// The kind of the object.
    pub kind: String,
    /// The API version (`v1`) it is sent as.
    pub version: String,
    /// What controller-gen's CRD does with it; a probe that does not get this
    /// verdict from the reference does not test what it says it tests.
    pub expect: Verdict,
    /// The object without apiVersion, kind and metadata.
    pub object: Value,
    /// When given, `object` is created first and this replaces it; the
    /// verdict is the update's (for transition rules such as immutability).
    #[serde(default)]
    pub update: Option<Value>,
    /// What the probe checks, for readers of the file.
    #[serde(default)]
    pub about: String,
}

/// Accepted or rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Stored by the API server.
    Accepted,
    /// Refused by the API server.
    Rejected,
}

/// The probes of one API (none when it has no probe file).
pub fn load(path: &Path) -> Result<Vec<Probe>> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text = std::fs::read_to_string(path)?;
    serde_saphyr::from_str(&text).with_context(|| format!("parsing {}", path.display()))
}

/// `crd` moved to its group plus [`REFERENCE_GROUP_SUFFIX`].
pub fn regroup(crd: &Value) -> Value {
    let mut crd = crd.clone();
    let group = format!(
        "{}{REFERENCE_GROUP_SUFFIX}",
        crd["spec"]["group"].as_str().unwrap_or_default()
    );
    let plural = crd["spec"]["names"]["plural"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    crd["spec"]["group"] = Value::from(group.clone());
    crd["metadata"]["name"] = Value::from(format!("{plural}.{group}"));
    crd
}

/// What the server did with a probe, in comparable form.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Stored: the object as read back, without metadata and apiVersion.
    Accepted(Value),
    /// Rejected: HTTP code, reason and the sorted field paths of the causes.
    Rejected {
        /// The HTTP status code (422 for `Invalid`).
        code: u16,
        /// The status reason (`Invalid`, `BadRequest`, ...).
        reason: String,
        /// The field paths of the causes, sorted.
        fields: Vec<String>,
        /// The status message (what `describe` shows when no field is named).
        message: String,
    },
}

impl Outcome {
    /// Accepted or rejected, without the details.
    pub fn verdict(&self) -> Verdict {
        match self {
            Outcome::Accepted(_) => Verdict::Accepted,
            Outcome::Rejected { .. } => Verdict::Rejected,
        }
    }
}

/// The differences between what the server did with `probe` under our CRD
/// and under controller-gen's, keyed `api / probe:<name> / version / path /
/// verdict|fields|stored`.
pub fn compare(api: &str, probe: &Probe, ours: &Outcome, reference: &Outcome) -> Vec<Difference> {
    let key = |path: &str, attribute: &str| {
        format!(
            "{api} / probe:{} / {} / {path} / {attribute}",
            probe.name, probe.version
        )
    };
    let mut out = Vec::new();
    match (ours, reference) {
        (Outcome::Accepted(a), Outcome::Accepted(b)) => {
            json_diff(".", a, b, &mut |path, x, y| {
                out.push(Difference {
                    key: key(path, "stored"),
                    ours: render::value(x),
                    reference: render::value(y),
                })
            });
        }
        (
            Outcome::Rejected {
                code: ca,
                reason: ra,
                fields: fa,
                ..
            },
            Outcome::Rejected {
                code: cb,
                reason: rb,
                fields: fb,
                ..
            },
        ) => {
            if (ca, ra) != (cb, rb) {
                out.push(Difference {
                    key: key("*", "verdict"),
                    ours: ours.describe(),
                    reference: reference.describe(),
                });
            }
            if fa != fb {
                out.push(Difference {
                    key: key("*", "fields"),
                    ours: render::cut(&fa.join(", ")),
                    reference: render::cut(&fb.join(", ")),
                });
            }
        }
        _ => out.push(Difference {
            key: key("*", "verdict"),
            ours: ours.describe(),
            reference: reference.describe(),
        }),
    }
    out
}

impl Outcome {
    /// One line: `accepted`, or `rejected <code> <reason>: <fields>`.
    pub fn describe(&self) -> String {
        match self {
            Outcome::Accepted(_) => "accepted".to_owned(),
            Outcome::Rejected {
                code,
                reason,
                fields,
                message,
            } => render::cut(&format!(
                "rejected {code} {reason}: {}",
                if fields.is_empty() {
                    message.clone()
                } else {
                    fields.join(", ")
                }
            )),
        }
    }
}

/// Receives a path where two stored objects differ, and both values there.
type Report<'a> = dyn FnMut(&str, Option<&Value>, Option<&Value>) + 'a;

/// Calls `report` with every path where `a` and `b` differ (lists of unequal
/// length, and values of different JSON types, are one difference).
fn json_diff(path: &str, a: &Value, b: &Value, report: &mut Report<'_>) {
    if a == b {
        return;
    }
    let child = |suffix: String| {
        if path == "." {
            suffix
        } else {
            format!("{path}{suffix}")
        }
    };
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            for k in keys {
                match (x.get(k), y.get(k)) {
                    (Some(p), Some(q)) => json_diff(&child(format!(".{k}")), p, q, report),
                    (p, q) => report(&child(format!(".{k}")), p, q),
                }
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                json_diff(&child(format!("[{i}]")), p, q, report);
            }
        }
        _ => report(path, Some(a), Some(b)),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn probe() -> Probe {
        Probe {
            name: "p".into(),
            kind: "Thing".into(),
            version: "v1".into(),
            expect: Verdict::Accepted,
            object: json!({}),
            update: None,
            about: String::new(),
        }
    }

    #[test]
    fn regroup_moves_name_and_group_together() {
        let crd = json!({"metadata": {"name": "things.example.com"},
                         "spec": {"group": "example.com", "names": {"plural": "things"}}});
        let moved = regroup(&crd);
        assert_eq!(moved["spec"]["group"], "example.com.cg");
        assert_eq!(moved["metadata"]["name"], "things.example.com.cg");
    }

    #[test]
    fn stored_objects_differ_per_path_and_rejections_by_verdict_and_fields() {
        let ours = Outcome::Accepted(json!({"spec": {"a": 1, "list": [{"p": "TCP"}]}}));
        let theirs =
            Outcome::Accepted(json!({"spec": {"a": 1, "list": [{"p": "UDP"}], "b": true}}));
        let keys: Vec<String> = compare("x", &probe(), &ours, &theirs)
            .into_iter()
            .map(|d| d.key)
            .collect();
        assert_eq!(
            keys,
            [
                "x / probe:p / v1 / .spec.b / stored",
                "x / probe:p / v1 / .spec.list[0].p / stored"
            ]
        );

        let rejected = |fields: &[&str]| Outcome::Rejected {
            code: 422,
            reason: "Invalid".into(),
            fields: fields.iter().map(|f| f.to_string()).collect(),
            message: String::new(),
        };
        assert!(
            compare(
                "x",
                &probe(),
                &rejected(&["spec.a"]),
                &rejected(&["spec.a"])
            )
            .is_empty()
        );
        let diffs = compare(
            "x",
            &probe(),
            &rejected(&["spec.a"]),
            &rejected(&["spec.b"]),
        );
        assert_eq!(diffs.len(), 1);
        assert_eq!(diffs[0].attribute(), "fields");
        let diffs = compare("x", &probe(), &ours, &rejected(&["spec.b"]));
        assert_eq!(
            (diffs[0].attribute(), diffs[0].ours.as_str()),
            ("verdict", "accepted")
        );
        assert_eq!(diffs[0].reference, "rejected 422 Invalid: spec.b");
    }
}
