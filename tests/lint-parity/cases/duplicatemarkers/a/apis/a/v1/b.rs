// Twin of kube-api-linter's pkg/analysis/duplicatemarkers/testdata/src/a/b.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

// +kubebuilder:validation:MaxLength=10
pub struct StringFromAnotherFile(pub String);

