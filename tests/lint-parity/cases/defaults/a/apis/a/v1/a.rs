// Twin of kube-api-linter's pkg/analysis/defaults/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct A {
    /// GoodDefaultField is correctly configured with +default, +optional, and omitempty.
    // +optional
    // +default="default-value"
    #[serde(default)]
    pub good_default_field: String,
    /// K8sDefaultOnlyField uses only +k8s:default which requires adding the preferred marker.
    // +optional
    #[serde(default)]
    pub k8s_default_only_field: String, // want "field A.k8sDefaultOnlyField has \\+k8s:default but should also have \\+default marker"
    /// KubebuilderDefaultField uses +kubebuilder:default which should be replaced.
    // +optional
    // +kubebuilder:default="default-value"
    #[serde(default)]
    pub kubebuilder_default_field: String, // want "field A.kubebuilderDefaultField should use \\+default marker instead of \\+kubebuilder:default"
    /// MissingOptionalField has a default but is not marked optional.
    // +default="value"
    #[serde(default)]
    pub missing_optional_field: String, // want "field A.missingOptionalField has a default value but is not marked as optional"
    /// MissingOmitEmptyField has a default and optional but no omitempty.
    // +optional
    // +default="value"
    pub missing_omit_empty_field: String, // want "field A.missingOmitEmptyField has a default value but does not have omitempty in its json tag"
    /// BothIssuesField has both issues: not optional and no omitempty.
    // +default="value"
    pub both_issues_field: String, // want "field A.bothIssuesField has a default value but is not marked as optional" "field A.bothIssuesField has a default value but does not have omitempty in its json tag"
    /// NoDefaultField is a regular field without default - should not be flagged.
    // +optional
    #[serde(default)]
    pub no_default_field: String,
    /// RequiredFieldWithDefault has both required and default, which is contradictory.
    // +required
    // +default="value"
    #[serde(default)]
    pub required_field_with_default: String, // want "field A.requiredFieldWithDefault has a default value but is marked as required, which is contradictory"
    /// RequiredFieldNoDefault is a required field without default - should not be flagged.
    // +required
    pub required_field_no_default: String,
    /// RequiredFieldNoOmitEmpty is a required field without omitempty - should not be flagged.
    /// This tests that required fields without omitempty are not incorrectly flagged.
    // +required
    pub required_field_no_omit_empty: String,
    /// InlineField with default and inline tag should not require omitempty.
    // +optional
    // +default={}
    #[serde(rename = "InlineField")]
    pub inline_field: NestedStruct,
    /// BothDefaultAndK8sMarkers has both +default and +k8s:default which is acceptable (K/K transition).
    // +optional
    // +default="value"
    #[serde(default)]
    pub both_default_and_k8s_markers: String,
    /// BothDefaultAndKubebuilderMarkers has both +default and +kubebuilder:default which should suggest removing kubebuilder:default.
    // +optional
    // +default="value"
    // +kubebuilder:default="value"
    #[serde(default)]
    pub both_default_and_kubebuilder_markers: String, // want "field A.bothDefaultAndKubebuilderMarkers should use only the marker \\+default, \\+kubebuilder:default is not required"
    /// StructFieldWithOmitEmpty has omitempty only (missing omitzero for struct types).
    // +optional
    // +default={}
    #[serde(default)]
    pub struct_field_with_omit_empty: NestedStruct, // want "field A.structFieldWithOmitEmpty has a default value but does not have omitzero in its json tag"
    /// StructFieldWithOmitZero has omitzero only - this is the preferred state for struct types.
    /// omitempty is not required when omitzero is present (modernize linter would complain if both were present).
    // +optional
    // +default={}
    #[serde(default)]
    pub struct_field_with_omit_zero: NestedStruct,
    /// DefinedTypeField uses a defined type (alias to struct) - should require omitzero.
    // +optional
    // +default={}
    #[serde(default)]
    pub defined_type_field: DefinedStructType, // want "field A.definedTypeField has a default value but does not have omitzero in its json tag"
    /// TypeAliasField uses a type alias to struct - should require omitzero.
    // +optional
    // +default={}
    #[serde(default)]
    pub type_alias_field: StructTypeAlias, // want "field A.typeAliasField has a default value but does not have omitzero in its json tag"
    /// PointerToStructField is a pointer to struct - should NOT require omitzero (pointers have nil zero value).
    // +optional
    // +default={}
    pub pointer_to_struct_field: Option<NestedStruct>,
    /// PointerToStructMissingOmitEmpty is a pointer to struct missing omitempty.
    // +optional
    // +default={}
    pub pointer_to_struct_missing_omit_empty: Option<NestedStruct>, // want "field A.pointerToStructMissingOmitEmpty has a default value but does not have omitempty in its json tag"
}

/// NestedStruct is a simple struct for testing.
#[serde(rename_all = "camelCase")]
pub struct NestedStruct {
    /// Field is a nested field.
    // +optional
    #[serde(default)]
    pub field: String,
}

/// DefinedStructType is a defined type based on NestedStruct.
pub struct DefinedStructType(pub NestedStruct);

/// StructTypeAlias is a type alias to NestedStruct.
pub struct StructTypeAlias(pub NestedStruct);

