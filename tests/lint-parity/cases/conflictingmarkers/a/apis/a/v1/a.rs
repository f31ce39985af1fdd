// Twin of kube-api-linter's pkg/analysis/conflictingmarkers/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct TestStruct {
    /// Valid field with only marker1
    pub valid_marker1_field: String,
    /// Valid field with marker1 that has a value
    pub valid_marker1_with_value_field: String,
    /// Valid field with marker1 and marker2 (both in same conflict set)
    pub valid_marker1_and2_field: String,
    /// Conflict: marker1 vs marker3 (both with values)
    pub conflict_with_values_field: String, // want "field TestStruct.conflictWithValuesField has conflicting markers: test_conflict: \\{\\[marker1\\], \\[marker3\\]\\}. Test markers conflict with each other"
    /// Conflict: marker1 vs marker3 (mixed with and without values)
    pub conflict_mixed_field: String, // want "field TestStruct.conflictMixedField has conflicting markers: test_conflict: \\{\\[marker1\\], \\[marker3\\]\\}. Test markers conflict with each other"
    /// Multiple conflicts with multiple markers in each set:
    pub multiple_conflicts_field: String, // want "field TestStruct.multipleConflictsField has conflicting markers: test_conflict: \\{\\[marker1 marker2\\], \\[marker3 marker4\\]\\}. Test markers conflict with each other"
    /// Three-way conflict: marker5 vs marker7 vs marker9
    pub three_way_conflict_field: String, // want "field TestStruct.threeWayConflictField has conflicting markers: three_way_conflict: \\{\\[marker5\\], \\[marker7\\], \\[marker9\\]\\}. Three-way conflict between marker sets"
    /// Three-way conflict with values
    pub three_way_conflict_with_values_field: String, // want "field TestStruct.threeWayConflictWithValuesField has conflicting markers: three_way_conflict: \\{\\[marker6\\], \\[marker8\\], \\[marker10\\]\\}. Three-way conflict between marker sets"
    /// Valid field with markers from same set in three-way conflict
    pub valid_three_way_same_set_field: String,
    /// Three-way conflict with multiple markers from each set
    pub three_way_multiple_markers_field: String, // want "field TestStruct.threeWayMultipleMarkersField has conflicting markers: three_way_conflict: \\{\\[marker5 marker6\\], \\[marker7 marker8\\], \\[marker10 marker9\\]\\}. Three-way conflict between marker sets"
    /// Three-way conflict with only subset of sets triggered (sets 1 and 2 only)
    pub subset_three_way_conflict_field: String, // want "field TestStruct.subsetThreeWayConflictField has conflicting markers: three_way_conflict: \\{\\[marker5\\], \\[marker7\\]\\}. Three-way conflict between marker sets"
}

