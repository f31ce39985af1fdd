// Twin of kube-api-linter's pkg/analysis/defaultorrequired/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct Test {
    /// This field has both required and default markers - should be flagged
    // +kubebuilder:validation:Required
    // +kubebuilder:default:=testValue
    pub conflicted_field: String, // want `field Test.conflictedField has conflicting markers: default_or_required: \{\[kubebuilder:default\], \[kubebuilder:validation:Required\]\}. A field with a default value cannot be required. A required field must be provided by the user, so a default value is not meaningful.`
    /// This field has only required marker - should not be flagged
    // +kubebuilder:validation:Required
    pub required_only_field: String,
    /// This field has only default marker - should not be flagged
    // +kubebuilder:default:=defaultValue
    pub default_only_field: String,
    /// This field uses KAL required marker with default - should be flagged
    // +required
    #[serde(rename = "kalConflictedField")]
    pub kal_conflicted_field: String, // want `field Test.kalConflictedField has conflicting markers: default_or_required: \{\[default\], \[required\]\}. A field with a default value cannot be required. A required field must be provided by the user, so a default value is not meaningful.`
    /// This field uses k8s required marker with kubebuilder default - should be flagged
    // +k8s:required
    // +kubebuilder:default:=yetanotherValue
    pub k8s_conflicted_field: String, // want `field Test.k8sConflictedField has conflicting markers: default_or_required: \{\[kubebuilder:default\], \[k8s:required\]\}. A field with a default value cannot be required. A required field must be provided by the user, so a default value is not meaningful.`
    /// This field has neither marker - should not be flagged
    pub normal_field: String,
    /// Multiple fields to test various combinations
    pub valid_field1: String,
    // +required
    pub valid_field2: String,
    // +kubebuilder:default:=value
    pub valid_field3: String,
    // +kubebuilder:validation:Required
    pub valid_field4: String,
}

