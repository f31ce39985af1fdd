// Twin of kube-api-linter's pkg/analysis/notimestamp/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct NoTimeStampTestStruct {
    // +optional
    pub meta_time_stamp: Option<Time>, // want `naming convention "notimestamp": field NoTimeStampTestStruct.metaTimeStamp: prefer use of the term 'time' over 'timestamp'`
}

#[serde(rename_all = "camelCase")]
pub struct NoSubTimeStampTestStruct {
}

#[serde(rename_all = "camelCase")]
pub struct SerializedTimeStampTestStruct {
}

