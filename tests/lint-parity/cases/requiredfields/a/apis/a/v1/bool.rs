// Twin of kube-api-linter's pkg/analysis/requiredfields/testdata/src/a/bool.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct TestBools {
    // +kubebuilder:validation:Required
    pub bool: bool, // want "field TestBools.bool should have the omitempty tag." "field TestBools.bool has a valid zero value \\(false\\) and should be a pointer."
    // +kubebuilder:validation:Required
    #[serde(default)]
    pub bool_with_omit_empty: bool, // want "field TestBools.boolWithOmitEmpty has a valid zero value \\(false\\) and should be a pointer."
    // +kubebuilder:validation:Required
    pub bool_ptr: Option<bool>, // want "field TestBools.boolPtr should have the omitempty tag."
    // +kubebuilder:validation:Required
    pub bool_ptr_with_omit_empty: Option<bool>,
}

