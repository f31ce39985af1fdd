//! `conditions`: a `conditions` field (by its Rust or its JSON name) is
//! `Vec<Condition>` (k8s-openapi's `metav1.Condition`), the struct's first
//! field, `+listType=map`, `+listMapKey=type` and `+optional`. Go's protobuf tag and patch strategy
//! have no meaning for Rust types (kube-codegen writes CRDs, which neither
//! uses): `useProtobuf` is accepted and changes nothing, `usePatchStrategy:
//! Forbid` reports `+patchStrategy`/`+patchMergeKey` markers. Fix: the missing
//! markers are added above the field, forbidden ones removed.

use serde::Deserialize;
use serde_json::Value;

use crate::context::{Cx, external_is, remove_marker};
use crate::finding::Finding;
use crate::settings::{self, ConfigError};
use kube_codegen::model::FieldType;

pub const NAME: &str = "conditions";
const CONDITION: &str = "k8s_openapi::apimachinery::pkg::apis::meta::v1::Condition";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Settings {
    #[serde(default)]
    is_first_field: Option<FirstField>,
    /// Go's protobuf tag: no Rust meaning, accepted (KAL's key) and unused.
    #[serde(default)]
    #[allow(dead_code)]
    use_protobuf: Option<Policy>,
    #[serde(default)]
    use_patch_strategy: Option<Policy>,
}

#[derive(Debug, Deserialize, PartialEq)]
enum FirstField {
    Warn,
    Ignore,
}

#[derive(Debug, Deserialize, PartialEq)]
enum Policy {
    SuggestFix,
    Warn,
    Ignore,
    Forbid,
}

pub fn run(cx: &Cx<'_>, settings: &Value) -> Result<Vec<Finding>, ConfigError> {
    let s: Settings = settings::read(NAME, settings)?;
    let mut out = Vec::new();
    for f in cx.fields() {
        // KAL finds the field by its Go name, `Conditions`: the Rust name
        // `conditions`, or the JSON name whatever the Rust one.
        if f.field.name != "conditions" && f.field.json_name != "conditions" {
            continue;
        }
        let owner = &f.owner.ty.name;
        let is_conditions = match &f.field.ty {
            FieldType::Vec(item) | FieldType::Option(item) => match item.as_ref() {
                FieldType::Vec(inner) => external_is(inner, CONDITION),
                other => external_is(other, CONDITION),
            },
            _ => false,
        };
        if !is_conditions {
            out.push(
                f.finding(
                    NAME,
                    format!("Conditions field in {owner} must be a slice of metav1.Condition"),
                )
                .with_help(
                    "make it `Vec<k8s_openapi::apimachinery::pkg::apis::meta::v1::Condition>`",
                ),
            );
            continue;
        }
        if s.is_first_field != Some(FirstField::Ignore) {
            let first = f.owner.fields().first().map(|x| x.index);
            if first != Some(f.index) {
                out.push(f.finding(
                    NAME,
                    format!("Conditions field in {owner} must be the first field in the struct"),
                ));
            }
        }
        let v = &f.field.validation;
        let mut missing = Vec::new();
        if v.list_type.as_deref() != Some("map") {
            missing.push("listType=map");
        }
        if !v.list_map_keys.iter().any(|k| k == "type") {
            missing.push("listMapKey=type");
        }
        if !super::marked_optional(&f) {
            missing.push("optional");
        }
        if !missing.is_empty() {
            let shown: Vec<String> = missing.iter().map(|m| format!("+{m}")).collect();
            out.push(
                f.finding(
                    NAME,
                    format!(
                        "Conditions field in {owner} is missing the following markers: {}",
                        shown.join(", ")
                    ),
                )
                .with_fix(
                    "add the missing markers",
                    missing.iter().map(|m| f.add_marker(m)).collect(),
                ),
            );
        }
        if s.use_patch_strategy == Some(Policy::Forbid) {
            let extra: Vec<_> = f
                .markers()
                .markers
                .iter()
                .filter(|m| m.identifier == "patchStrategy" || m.identifier == "patchMergeKey")
                .collect();
            if !extra.is_empty() {
                let shown: Vec<String> = extra.iter().map(|m| m.text.clone()).collect();
                out.push(
                    f.finding(
                        NAME,
                        format!(
                            "Conditions field in {owner} has the following additional markers: {}",
                            shown.join(", ")
                        ),
                    )
                    .with_fix(
                        "remove the additional markers",
                        extra
                            .iter()
                            .map(|m| remove_marker(&f.owner.file.path, m))
                            .collect(),
                    ),
                );
            }
        }
    }
    Ok(out)
}
