// Twin of kube-api-linter's pkg/analysis/ssatags/testdata/src/a/aa.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

// +listType=atomic
pub struct OtherFileStringArrayAtomic(pub Vec<String>);

