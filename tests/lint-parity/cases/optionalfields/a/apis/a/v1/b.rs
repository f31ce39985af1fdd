// Twin of kube-api-linter's pkg/analysis/optionalfields/testdata/src/a/b.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

pub struct StringAliasFromAnotherFile(pub String);

