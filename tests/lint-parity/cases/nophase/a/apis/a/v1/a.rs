// Twin of kube-api-linter's pkg/analysis/nophase/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct NoPhaseTestStruct {
    // +optional
    pub phase: Option<String>, // want "naming convention \"nophase\": field NoPhaseTestStruct.phase: phase fields are deprecated and conditions should be preferred, avoid phase like enum fields"
}

#[serde(rename_all = "camelCase")]
pub struct NoSubPhaseTestStruct {
    // +optional
    pub foo_phase: Option<String>, // want "naming convention \"nophase\": field NoSubPhaseTestStruct.fooPhase: phase fields are deprecated and conditions should be preferred, avoid phase like enum fields"
}

#[serde(rename_all = "camelCase")]
pub struct SerializedPhaseTeststruct {
    // +optional
    #[serde(rename = "fooPhase")]
    pub foo_field: Option<String>, // want "naming convention \"nophase\": field SerializedPhaseTeststruct.fooPhase: phase fields are deprecated and conditions should be preferred, avoid phase like enum fields"
}

