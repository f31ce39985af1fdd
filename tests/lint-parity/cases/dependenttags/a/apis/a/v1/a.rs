// Twin of kube-api-linter's pkg/analysis/dependenttags/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct Union {
    #[serde(rename = "InvalidMember")]
    pub invalid_member: String, // want "field Union.InvalidMember with marker \\+k8s:unionMember is missing required marker\\(s\\): \\+k8s:optional"
    // +k8s:optional
    #[serde(rename = "ValidMember")]
    pub valid_member: String,
}

#[serde(rename_all = "camelCase")]
pub struct List {
    #[serde(rename = "InvalidList")]
    pub invalid_list: Vec<String>, // want "field List.InvalidList with marker \\+listType is missing required marker\\(s\\): \\+k8s:listType"
    #[serde(rename = "ValidList")]
    pub valid_list: Vec<String>,
}

#[serde(rename_all = "camelCase")]
pub struct AnyOf {
    #[serde(rename = "InvalidAny")]
    pub invalid_any: String, // want "field AnyOf.InvalidAny with marker \\+example:any requires at least one of the following markers, but none were found: \\+dep1, \\+dep2"
    #[serde(rename = "ValidAny1")]
    pub valid_any1: String,
    #[serde(rename = "ValidAny2")]
    pub valid_any2: String,
}

pub struct MyString(pub String);

#[serde(rename_all = "camelCase")]
pub struct TypeAlias {
    #[serde(rename = "InvalidAlias")]
    pub invalid_alias: String, // want "field TypeAlias.InvalidAlias with marker \\+example:any requires at least one of the following markers, but none were found: \\+dep1, \\+dep2"
    #[serde(rename = "ValidAlias")]
    pub valid_alias: MyString,
}

#[serde(rename_all = "camelCase")]
pub struct ListMap {
}

