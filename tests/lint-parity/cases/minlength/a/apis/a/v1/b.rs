// Twin of kube-api-linter's pkg/analysis/minlength/testdata/src/a/b.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

/// StringAliasB is a string without a MinLength.
pub struct StringAliasB(pub String);

/// StringAliasWithMinLengthB is a string with a MinLength.
// +kubebuilder:validation:MinLength:=512
pub struct StringAliasWithMinLengthB(pub String);

