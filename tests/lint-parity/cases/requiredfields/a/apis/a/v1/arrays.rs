// Twin of kube-api-linter's pkg/analysis/requiredfields/testdata/src/a/arrays.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct TestArrays {
    // +required
    pub array: Vec<String>, // want "field TestArrays.array should have the omitempty tag."
    // +required
    #[serde(default)]
    pub array_with_omit_empty: Vec<String>,
    // +required
    pub array_ptr: Vec<Option<String>>, // want "field TestArrays.arrayPtr should have the omitempty tag."
    // +required
    #[serde(default)]
    pub array_with_omit_empty_ptr: Vec<Option<String>>,
    /// This is not picked up as the field is marked as optional.
    // +kubebuilder:validation:MinItems=1
    // +required
    pub array_with_positive_min_items: Vec<String>, // want "field TestArrays.arrayWithPositiveMinItems should have the omitempty tag."
    /// This is not picked up as the field is marked as optional.
    // +kubebuilder:validation:MinItems=1
    // +optional
    pub optional_array_with_positive_min_items: Vec<String>,
    // +kubebuilder:validation:MinItems=1
    // +required
    #[serde(default)]
    pub array_with_positive_min_items_with_omit_empty: Vec<String>,
    // +kubebuilder:validation:MinItems=0
    // +required
    pub array_with_zero_min_items: Vec<String>, // want "field TestArrays.arrayWithZeroMinItems should have the omitempty tag."
    // +kubebuilder:validation:MinItems=0
    // +optional
    #[serde(default)]
    pub array_with_zero_min_items_with_omit_empty: Vec<String>,
    // +optional
    pub byte_array: k8s_openapi::ByteString,
    #[serde(default)]
    pub byte_array_with_omit_empty: k8s_openapi::ByteString,
    // +kubebuilder:validation:MinLength=1
    // +required
    pub byte_array_with_min_length: k8s_openapi::ByteString, // want "field TestArrays.byteArrayWithMinLength should have the omitempty tag."
    // +kubebuilder:validation:MinLength=1
    // +required
    #[serde(default)]
    pub byte_array_with_min_length_with_omit_empty: k8s_openapi::ByteString,
    /// neither required or empty so no issue reported
    // +kubebuilder:validation:MinLength=0
    pub byte_array_with_min_length0: k8s_openapi::ByteString,
    // +kubebuilder:validation:MinLength=0
    #[serde(default)]
    pub byte_array_with_min_length0_with_omit_empty: k8s_openapi::ByteString,
    // +required
    pub ptr_array: Option<Vec<String>>, // want "field TestArrays.ptrArray should have the omitempty tag." "field TestArrays.ptrArray underlying type does not need to be a pointer. The pointer should be removed."
    // +required
    pub ptr_array_with_omit_empty: Option<Vec<String>>, // want "field TestArrays.ptrArrayWithOmitEmpty underlying type does not need to be a pointer. The pointer should be removed."
}

