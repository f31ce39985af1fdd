// Twin of kube-api-linter's pkg/analysis/maxlength/testdata/src/a/b.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

/// StringAliasB is a string without a MaxLength.
pub struct StringAliasB(pub String);

/// StringAliasWithMaxLengthB is a string with a MaxLength.
// +kubebuilder:validation:MaxLength:=512
pub struct StringAliasWithMaxLengthB(pub String);

