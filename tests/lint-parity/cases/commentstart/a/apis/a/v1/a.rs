// Twin of kube-api-linter's pkg/analysis/commentstart/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct CommentStartTestStruct {
    #[serde(rename = "NoJSONTag")]
    pub no_json_tag: String,
    #[serde(rename = "EmptyJSONTag")]
    pub empty_json_tag: String,
    #[serde(rename = "InlineJSONTag")]
    pub inline_json_tag: String,
    pub no_comment: String, // want "field CommentStartTestStruct.noComment is missing godoc comment"
    pub no_comment: String, // want "field NoComment is missing godoc comment"
}

#[serde(rename_all = "camelCase")]
pub struct StructForInlineField {
    pub no_comment: String, // want "field StructForInlineField.noComment is missing godoc comment"
}

#[serde(rename_all = "camelCase")]
pub struct A {
    pub no_comment: String, // want "field A.noComment is missing godoc comment"
}

#[serde(rename_all = "camelCase")]
pub struct unexportedStruct {
    pub no_comment: String, // want "field unexportedStruct.noComment is missing godoc comment"
}

