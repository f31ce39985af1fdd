// Twin of kube-api-linter's pkg/analysis/uniquemarkers/testdata/src/a/k8s.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct K8s {
    #[serde(rename = "UniqueFormat")]
    pub unique_format: String,
    #[serde(rename = "NonUniqueFormat")]
    pub non_unique_format: String, // want "field K8s.NonUniqueFormat has multiple definitions of marker k8s:format when only a single definition should exist"
    #[serde(rename = "UniqueMinLength")]
    pub unique_min_length: String,
    #[serde(rename = "NonUniqueMinLength")]
    pub non_unique_min_length: String, // want "field K8s.NonUniqueMinLength has multiple definitions of marker k8s:minLength when only a single definition should exist"
    #[serde(rename = "UniqueMaxLength")]
    pub unique_max_length: String,
    #[serde(rename = "NonUniqueMaxLength")]
    pub non_unique_max_length: String, // want "field K8s.NonUniqueMaxLength has multiple definitions of marker k8s:maxLength when only a single definition should exist"
    #[serde(rename = "UniqueMinItems")]
    pub unique_min_items: Vec<String>,
    #[serde(rename = "NonUniqueMinItems")]
    pub non_unique_min_items: Vec<String>, // want "field K8s.NonUniqueMinItems has multiple definitions of marker k8s:minItems when only a single definition should exist"
    // +k8s:maxItems=100
    #[serde(rename = "UniqueMaxItems")]
    pub unique_max_items: Vec<String>,
    // +k8s:maxItems=100
    // +k8s:maxItems=200
    #[serde(rename = "NonUniqueMaxItems")]
    pub non_unique_max_items: Vec<String>, // want "field K8s.NonUniqueMaxItems has multiple definitions of marker k8s:maxItems when only a single definition should exist"
    // +k8s:listType=map
    // +k8s:listType=atomic
    #[serde(rename = "NonUniqueListType")]
    pub non_unique_list_type: Vec<String>, // want "field K8s.NonUniqueListType has multiple definitions of marker k8s:listType when only a single definition should exist"
}

