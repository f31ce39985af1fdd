// Twin of kube-api-linter's pkg/analysis/noreferences/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

/// TestWithPolicyPreferAbbreviatedReference tests the linter with PolicyPreferAbbreviatedReference
/// In this mode, Reference/References are flagged at START or END of field names, but Ref/Refs are allowed
#[serde(rename_all = "camelCase")]
pub struct TestWithPolicyPreferAbbreviatedReference {
    /// Fields ending with Reference should be flagged
    pub node_reference: String, // want `naming convention "reference-to-ref": field TestWithPolicyPreferAbbreviatedReference.nodeReference: field names should use 'Ref' instead of 'Reference'`
    pub config_reference: String, // want `naming convention "reference-to-ref": field TestWithPolicyPreferAbbreviatedReference.configReference: field names should use 'Ref' instead of 'Reference'`
    /// Fields ending with References should be flagged
    pub node_references: Vec<String>, // want `naming convention "reference-to-ref": field TestWithPolicyPreferAbbreviatedReference.nodeReferences: field names should use 'Ref' instead of 'Reference'`
    pub config_references: Vec<String>, // want `naming convention "reference-to-ref": field TestWithPolicyPreferAbbreviatedReference.configReferences: field names should use 'Ref' instead of 'Reference'`
    /// Fields with Reference at beginning should be flagged
    pub reference_count: isize, // want `naming convention "reference-to-ref": field TestWithPolicyPreferAbbreviatedReference.referenceCount: field names should use 'Ref' instead of 'Reference'`
    pub reference_data: String, // want `naming convention "reference-to-ref": field TestWithPolicyPreferAbbreviatedReference.referenceData: field names should use 'Ref' instead of 'Reference'`
    /// Fields with References at beginning should be flagged
    pub references_count: isize, // want `naming convention "reference-to-ref": field TestWithPolicyPreferAbbreviatedReference.referencesCount: field names should use 'Ref' instead of 'Reference'`
    pub references_data: Vec<String>, // want `naming convention "reference-to-ref": field TestWithPolicyPreferAbbreviatedReference.referencesData: field names should use 'Ref' instead of 'Reference'`
    /// Fields with Reference in middle are NOT flagged (only start/end boundaries)
    pub cross_reference_id: String,
    /// Fields with References in middle are NOT flagged (only start/end boundaries)
    pub cross_references_map: BTreeMap<String, String>,
    /// Past tense "Referenced" at end is flagged
    pub referenced: bool, // want `naming convention "reference-to-ref": field TestWithPolicyPreferAbbreviatedReference.referenced: field names should use 'Ref' instead of 'Reference'`
    /// Fields with Ref/Refs anywhere are ALLOWED in this mode (no diagnostics expected)
    pub node_ref: String,
    pub config_ref: String,
    pub node_refs: Vec<String>,
    pub config_refs: Vec<String>,
    pub ref_count: isize,
    pub refs_data: Vec<String>,
    pub internal_ref_data: String,
    pub internal_refs_data: Vec<String>,
    /// Normal fields should not be flagged (no Reference/References/Ref/Refs)
    pub name: String,
    pub namespace: String,
    /// Edge cases - Preference contains "eference" in middle and is NOT flagged (only boundaries)
    pub preference_type: String,
    #[serde(default)]
    pub preferences: BTreeMap<String, String>,
    /// These don't contain capital Reference
    pub referral: String,
    pub referee: String,
}

