// Twin of kube-api-linter's pkg/analysis/statusoptional/testdata/src/a/b.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct StructFromAnotherFile {
    /// OptionalStringField is a string field that is optional.
    // +optional
    #[serde(default)]
    pub optional_string_field: String,
}

