// Twin of kube-api-linter's pkg/analysis/integers/testdata/src/a/b.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

/// IntB is being used to show a type from a different file.
pub struct IntB(pub isize); // want "type IntB should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"

pub struct InvalidSliceIntAliasB(pub Vec<isize>); // want "type InvalidSliceIntAliasB array element should not use an int, int8 or int16. Use int32 or int64 depending on bounding requirements"

