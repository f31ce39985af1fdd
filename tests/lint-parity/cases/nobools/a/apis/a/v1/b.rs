// Twin of kube-api-linter's pkg/analysis/nobools/testdata/src/a/b.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

pub struct BoolAliasB(pub bool); // want "type BoolAliasB should not use a bool. Use a string type with meaningful constant values as an enum."

pub struct BoolAliasPtrB(pub Option<bool>); // want "type BoolAliasPtrB pointer should not use a bool. Use a string type with meaningful constant values as an enum."

