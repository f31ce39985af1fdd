// Twin of kube-api-linter's pkg/analysis/nofloats/testdata/src/a/b.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

pub struct Float32AliasB(pub f32); // want "type Float32AliasB should not use a float value because they cannot be reliably round-tripped."

pub struct Float32AliasPtrB(pub Option<f32>); // want "type Float32AliasPtrB pointer should not use a float value because they cannot be reliably round-tripped."

