// Twin of kube-api-linter's pkg/analysis/arrayofstruct/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

/// Valid cases - arrays of structs with at least one required field

#[serde(rename_all = "camelCase")]
pub struct ValidStruct {
    #[serde(rename = "Items")]
    pub items: Vec<ValidItem>,
}

#[serde(rename_all = "camelCase")]
pub struct ValidItem {
    // +required
    #[serde(rename = "Name")]
    pub name: String,
    // +optional
    #[serde(rename = "Description")]
    pub description: String,
}

#[serde(rename_all = "camelCase")]
pub struct ValidStructWithKubebuilderRequired {
    #[serde(rename = "Items")]
    pub items: Vec<ValidItemKubebuilder>,
}

#[serde(rename_all = "camelCase")]
pub struct ValidItemKubebuilder {
    // +kubebuilder:validation:Required
    #[serde(rename = "Name")]
    pub name: String,
    // +optional
    #[serde(rename = "Description")]
    pub description: String,
}

#[serde(rename_all = "camelCase")]
pub struct ValidStructWithK8sRequired {
    #[serde(rename = "Items")]
    pub items: Vec<ValidItemK8s>,
}

#[serde(rename_all = "camelCase")]
pub struct ValidItemK8s {
    // +k8s:required
    #[serde(rename = "Name")]
    pub name: String,
    // +optional
    #[serde(rename = "Description")]
    pub description: String,
}

#[serde(rename_all = "camelCase")]
pub struct ValidStructWithPointer {
    #[serde(rename = "Items")]
    pub items: Vec<Option<ValidPointerItem>>,
}

#[serde(rename_all = "camelCase")]
pub struct ValidPointerItem {
    // +required
    #[serde(rename = "ID")]
    pub id: String,
}

/// Valid cases - arrays of primitives (not checked by this linter)

#[serde(rename_all = "camelCase")]
pub struct ValidPrimitiveArray {
    #[serde(rename = "Strings")]
    pub strings: Vec<String>,
    #[serde(rename = "Ints")]
    pub ints: Vec<isize>,
}

/// Invalid cases - arrays of structs without any required fields

#[serde(rename_all = "camelCase")]
pub struct InvalidStruct {
    #[serde(rename = "Items")]
    pub items: Vec<InvalidItem>, // want "InvalidStruct.Items is an array of structs, but the struct has no required fields. At least one field should be marked as required to prevent ambiguous YAML configurations"
}

#[serde(rename_all = "camelCase")]
pub struct InvalidItem {
    // +optional
    #[serde(rename = "Name")]
    pub name: String,
    // +optional
    #[serde(rename = "Description")]
    pub description: String,
}

#[serde(rename_all = "camelCase")]
pub struct InvalidStructWithPointer {
    #[serde(rename = "Items")]
    pub items: Vec<Option<InvalidPointerItem>>, // want "InvalidStructWithPointer.Items is an array of structs, but the struct has no required fields. At least one field should be marked as required to prevent ambiguous YAML configurations"
}

#[serde(rename_all = "camelCase")]
pub struct InvalidPointerItem {
    // +optional
    #[serde(rename = "ID")]
    pub id: String,
}

#[serde(rename_all = "camelCase")]
pub struct InvalidStructWithInlineStruct {
    // +optional
    #[serde(rename = "Name")]
    pub name: String,
}

/// Invalid case - struct with no markers at all

#[serde(rename_all = "camelCase")]
pub struct InvalidStructNoMarkers {
    #[serde(rename = "Items")]
    pub items: Vec<InvalidItemNoMarkers>, // want "InvalidStructNoMarkers.Items is an array of structs, but the struct has no required fields. At least one field should be marked as required to prevent ambiguous YAML configurations"
}

#[serde(rename_all = "camelCase")]
pub struct InvalidItemNoMarkers {
    #[serde(rename = "Name")]
    pub name: String,
    #[serde(rename = "Description")]
    pub description: String,
}

/// Valid case - array of structs where all fields are required

#[serde(rename_all = "camelCase")]
pub struct ValidAllRequired {
    #[serde(rename = "Items")]
    pub items: Vec<AllRequiredItem>,
}

#[serde(rename_all = "camelCase")]
pub struct AllRequiredItem {
    // +required
    #[serde(rename = "Name")]
    pub name: String,
    // +required
    #[serde(rename = "Description")]
    pub description: String,
}

/// Test with type alias

pub struct ItemAlias(pub InvalidItem);

#[serde(rename_all = "camelCase")]
pub struct InvalidStructWithAlias {
    #[serde(rename = "Items")]
    pub items: Vec<ItemAlias>, // want "InvalidStructWithAlias.Items is an array of structs, but the struct has no required fields. At least one field should be marked as required to prevent ambiguous YAML configurations"
}

/// Test with array type alias

pub struct ArrayAlias(pub Vec<InvalidItem>);

#[serde(rename_all = "camelCase")]
pub struct InvalidStructWithArrayAlias {
    #[serde(rename = "Items")]
    pub items: ArrayAlias, // want "InvalidStructWithArrayAlias.Items is an array of structs, but the struct has no required fields. At least one field should be marked as required to prevent ambiguous YAML configurations"
}

/// Valid case with multiple array fields

#[serde(rename_all = "camelCase")]
pub struct ValidMultipleArrays {
    #[serde(rename = "ValidItems")]
    pub valid_items: Vec<ValidItem>,
    #[serde(rename = "InvalidItems")]
    pub invalid_items: Vec<InvalidItem>, // want "ValidMultipleArrays.InvalidItems is an array of structs, but the struct has no required fields. At least one field should be marked as required to prevent ambiguous YAML configurations"
}

/// Valid case - type alias to basic type (should not trigger linter)

pub struct StringAlias(pub String);

#[serde(rename_all = "camelCase")]
pub struct ValidStructWithBasicTypeAlias {
    /// This should not trigger the linter because StringAlias resolves to string, a basic type
    #[serde(rename = "Items")]
    pub items: Vec<StringAlias>,
}

/// Valid case - custom type wrapping basic type (should not trigger linter)

pub struct CustomString(pub String);

#[serde(rename_all = "camelCase")]
pub struct ValidStructWithCustomBasicType {
    /// This should not trigger the linter because CustomString is based on string, a basic type
    #[serde(rename = "Items")]
    pub items: Vec<CustomString>,
}

/// Valid case - struct with ExactlyOneOf marker
#[serde(rename_all = "camelCase")]
pub struct ValidWithExactlyOneOf {
    #[serde(rename = "Items")]
    pub items: Vec<ValidExactlyOneOfItem>,
}

// KAL's test names the Go fields (`FieldA;FieldB`); kube-codegen takes the
// JSON names the CRD's rule uses (and refuses others).
// +kubebuilder:validation:ExactlyOneOf=fieldA;fieldB
#[serde(rename_all = "camelCase")]
pub struct ValidExactlyOneOfItem {
    pub field_a: Option<String>,
    pub field_b: Option<String>,
}

