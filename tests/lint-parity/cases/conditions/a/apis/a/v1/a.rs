// Twin of kube-api-linter's pkg/analysis/conditions/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct ValidConditions {
    /// conditions is an accurate representation of the desired state of a conditions object.
    // +listType=map
    // +listMapKey=type
    // +patchStrategy=merge
    // +patchMergeKey=type
    // +optional
    #[serde(default)]
    pub conditions: Vec<Condition>,
    /// other fields
    #[serde(default)]
    pub other_field: String,
}

#[serde(rename_all = "camelCase")]
pub struct ConditionsNotFirst {
    /// other fields
    #[serde(default)]
    pub other_field: String,
    /// conditions is an accurate representation of the desired state of a conditions object.
    // +listType=map
    // +listMapKey=type
    // +patchStrategy=merge
    // +patchMergeKey=type
    // +optional
    #[serde(default)]
    pub conditions: Vec<Condition>, // want "Conditions field in ConditionsNotFirst must be the first field in the struct"
}

#[serde(rename_all = "camelCase")]
pub struct ConditionsIncorrectType {
    /// conditions has an incorrect type.
    #[serde(rename = "Conditions")]
    pub conditions: BTreeMap<String, Condition>, // want "Conditions field in ConditionsIncorrectType must be a slice of metav1.Condition"
}

#[serde(rename_all = "camelCase")]
pub struct ConditionsIncorrectSliceElement {
    /// conditions has an incorrect type.
    #[serde(rename = "Conditions")]
    pub conditions: Vec<String>, // want "Conditions field in ConditionsIncorrectSliceElement must be a slice of metav1.Condition"
}

#[serde(rename_all = "camelCase")]
pub struct ConditionsIncorrectImportedSliceElement {
    /// conditions has an incorrect type.
    #[serde(rename = "Conditions")]
    pub conditions: Vec<Time>, // want "Conditions field in ConditionsIncorrectImportedSliceElement must be a slice of metav1.Condition"
}

#[serde(rename_all = "camelCase")]
pub struct ConditionsIncorrectImportedPackage {
}

#[serde(rename_all = "camelCase")]
pub struct MissingAllMarkers {
    /// conditions is missing all markers.
    #[serde(default)]
    pub conditions: Vec<Condition>, // want "Conditions field in MissingAllMarkers is missing the following markers: listType=map, listMapKey=type, patchStrategy=merge, patchMergeKey=type, optional"
}

#[serde(rename_all = "camelCase")]
pub struct MissingListMarkers {
    /// conditions is missing list markers.
    // +patchStrategy=merge
    // +patchMergeKey=type
    // +optional
    #[serde(default)]
    pub conditions: Vec<Condition>, // want "Conditions field in MissingListMarkers is missing the following markers: listType=map, listMapKey=type"
}

#[serde(rename_all = "camelCase")]
pub struct MissingPatchMarkers {
    /// conditions is missing patch markers.
    // +listType=map
    // +listMapKey=type
    // +optional
    #[serde(default)]
    pub conditions: Vec<Condition>, // want "Conditions field in MissingPatchMarkers is missing the following markers: patchStrategy=merge, patchMergeKey=type"
}

#[serde(rename_all = "camelCase")]
pub struct MissingOptionalMarker {
    /// conditions is missng the optional marker.
    // +listType=map
    // +listMapKey=type
    // +patchStrategy=merge
    // +patchMergeKey=type
    #[serde(default)]
    pub conditions: Vec<Condition>, // want "Conditions field in MissingOptionalMarker is missing the following markers: optional"
}

#[serde(rename_all = "camelCase")]
pub struct MissingFieldTag {
    /// conditions is missing the field tag.
    // +listType=map
    // +listMapKey=type
    // +patchStrategy=merge
    // +patchMergeKey=type
    // +optional
    #[serde(rename = "Conditions")]
    pub conditions: Vec<Condition>, // want "Conditions field in MissingFieldTag is missing tags, should be: `json:\"conditions,omitempty\" patchStrategy:\"merge\" patchMergeKey:\"type\" protobuf:\"bytes,1,rep,name=conditions\"`"
}

#[serde(rename_all = "camelCase")]
pub struct IncorrectFieldTag {
    /// conditions has an incorrect field tag.
    // +listType=map
    // +listMapKey=type
    // +patchStrategy=merge
    // +patchMergeKey=type
    // +optional
    pub conditions: Vec<Condition>, // want "Conditions field in IncorrectFieldTag has incorrect tags, should be: `json:\"conditions,omitempty\" patchStrategy:\"merge\" patchMergeKey:\"type\" protobuf:\"bytes,1,rep,name=conditions\"`"
}

/// ConditionsWithOrphanedMarkers tests the fix for orphaned markers where markers
/// separated from the field doc comment by a blank line were not being detected.
#[serde(rename_all = "camelCase")]
pub struct ConditionsWithOrphanedMarkers {
    // +optional
    // +listType=map
    // +listMapKey=type
    // +patchStrategy=merge
    // +patchMergeKey=type
    /// Conditions update as changes occur in the status.
    #[serde(default)]
    pub conditions: Vec<Condition>,
}

