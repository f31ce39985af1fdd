// Twin of kube-api-linter's pkg/analysis/ssatags/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct TestObject {
    pub name: String,
    #[serde(rename = "id")]
    pub id: isize,
}

#[serde(rename_all = "camelCase")]
pub struct SimpleObject {
    pub name: String,
}

/// ObjectWithEmbedded is an object with an embedded struct.
/// As there's no json tag, the embedded struct is inlined.
#[serde(rename_all = "camelCase")]
pub struct ObjectWithEmbedded {
    #[serde(rename = "TestObject")]
    pub test_object: TestObject,
    pub embedded: String,
}

#[serde(rename_all = "camelCase")]
pub struct ObjectWithInlineEmbedded {
    #[serde(flatten)]
    pub test_object: TestObject,
    pub embedded: String,
}

#[serde(rename_all = "camelCase")]
pub struct ObjectWithNamedEmbedded {
    pub test_object: TestObject,
    pub embedded: String,
}

pub struct String(pub String);
pub struct Int(pub isize);
pub struct Object(pub TestObject);
pub struct StringArray(pub Vec<String>);

pub struct StringAlias(pub String);
pub struct IntAlias(pub isize);
pub struct ObjectAlias(pub TestObject);
pub struct StringArrayAlias(pub Vec<String>);

pub struct ByteArray(pub k8s_openapi::ByteString);
pub struct ByteArrayAlias(pub k8s_openapi::ByteString);

// +listType=atomic
pub struct StringArrayAtomic(pub StringArray);

#[serde(rename_all = "camelCase")]
pub struct SSATagsTestSpec {
    /// Valid atomic list - should pass
    // +listType=atomic
    #[serde(default)]
    pub atomic_string_list: Vec<String>,
    /// Valid atomic object list - should pass
    #[serde(default)]
    pub string_array_atomic: StringArrayAtomic,
    /// Valid atomic object list from another file - should pass
    #[serde(default)]
    pub other_file_string_array_atomic: OtherFileStringArrayAtomic,
    /// Valid atomic object list - should pass
    // +listType=atomic
    #[serde(default)]
    pub atomic_object_list: Vec<TestObject>,
    /// Valid set for primitive list - should pass (no warning for primitive lists)
    // +listType=set
    #[serde(default)]
    pub set_primitive_list: Vec<String>,
    /// Invalid set for object list - should warn about listType=set compatibility issues
    // +listType=set
    #[serde(default)]
    pub set_object_list: Vec<TestObject>, // want "SSATagsTestSpec.setObjectList with listType=set is not recommended due to Server-Side Apply compatibility issues. Consider using listType=atomic or listType=map instead"
    /// Valid map on object list with proper listMapKey - should pass
    // +listType=map
    // +listMapKey=name
    #[serde(default)]
    pub map_object_list: Vec<TestObject>,
    /// Invalid map on object list without listMapKey - should error
    #[serde(default)]
    pub map_object_list_no_key: Vec<TestObject>, // want "SSATagsTestSpec.mapObjectListNoKey with listType=map must have at least one listMapKey marker"
    /// Valid map with correct JSON tag name - should pass
    // +listType=map
    // +listMapKey=name
    #[serde(default)]
    pub map_object_list_valid: Vec<SimpleObject>,
    /// Invalid listType value - should error
    #[serde(default)]
    pub invalid_list_type: Vec<String>, // want "SSATagsTestSpec.invalidListType has invalid listType \"invalid\", must be one of: atomic, set, map"
    /// Missing listType on primitive array - should warn
    #[serde(default)]
    pub primitive_array_no_marker: Vec<String>, // want "SSATagsTestSpec.primitiveArrayNoMarker should have a listType marker for proper Server-Side Apply behavior \\(atomic, set, or map\\)"
    /// Missing listType on object array - should warn
    #[serde(default)]
    pub object_array_no_marker: Vec<TestObject>, // want "SSATagsTestSpec.objectArrayNoMarker should have a listType marker for proper Server-Side Apply behavior \\(atomic, set, or map\\)"
    /// Non-array field - should be ignored
    #[serde(default)]
    pub single_value: String,
    /// Pointer array field - should behave same as non-pointer
    #[serde(default)]
    pub pointer_array_no_marker: Vec<Option<TestObject>>, // want "SSATagsTestSpec.pointerArrayNoMarker should have a listType marker for proper Server-Side Apply behavior \\(atomic, set, or map\\)"
    /// Defined type tests - defined types should behave as their underlying types
    // +listType=atomic
    #[serde(default)]
    pub string_atomic_list: Vec<String>,
    // +listType=set
    #[serde(default)]
    pub string_set_list: Vec<String>,
    /// Defined type to object should behave as object list
    // +listType=atomic
    #[serde(default)]
    pub object_atomic_list: Vec<Object>,
    // +listType=set
    #[serde(default)]
    pub object_set_list: Vec<Object>, // want "SSATagsTestSpec.objectSetList with listType=set is not recommended due to Server-Side Apply compatibility issues. Consider using listType=atomic or listType=map instead"
    /// Missing listType on defined type to basic type - should warn
    #[serde(default)]
    pub string_no_marker: Vec<String>, // want "SSATagsTestSpec.stringNoMarker should have a listType marker for proper Server-Side Apply behavior \\(atomic, set, or map\\)"
    /// Missing listType on defined type to object - should warn
    #[serde(default)]
    pub object_no_marker: Vec<Object>, // want "SSATagsTestSpec.objectNoMarker should have a listType marker for proper Server-Side Apply behavior \\(atomic, set, or map\\)"
    /// Pointer to defined type - should behave same as defined type
    // +listType=atomic
    #[serde(default)]
    pub pointer_to_string: Vec<Option<String>>,
    // +listType=set
    #[serde(default)]
    pub pointer_to_object: Vec<Option<Object>>, // want "SSATagsTestSpec.pointerToObject with listType=set is not recommended due to Server-Side Apply compatibility issues. Consider using listType=atomic or listType=map instead"
    /// Type alias tests - aliases to basic types should behave as primitive lists
    // +listType=atomic
    #[serde(default)]
    pub string_alias_atomic_list: Vec<StringAlias>,
    // +listType=set
    #[serde(default)]
    pub string_alias_set_list: Vec<StringAlias>,
    /// Type alias to object should behave as object list
    // +listType=atomic
    #[serde(default)]
    pub object_alias_atomic_list: Vec<ObjectAlias>,
    // +listType=set
    #[serde(default)]
    pub object_alias_set_list: Vec<ObjectAlias>, // want "SSATagsTestSpec.objectAliasSetList with listType=set is not recommended due to Server-Side Apply compatibility issues. Consider using listType=atomic or listType=map instead"
    /// Missing listType on alias to basic type - should warn
    #[serde(default)]
    pub string_alias_no_marker: Vec<StringAlias>, // want "SSATagsTestSpec.stringAliasNoMarker should have a listType marker for proper Server-Side Apply behavior \\(atomic, set, or map\\)"
    /// Missing listType on alias to object - should warn
    #[serde(default)]
    pub object_alias_no_marker: Vec<ObjectAlias>, // want "SSATagsTestSpec.objectAliasNoMarker should have a listType marker for proper Server-Side Apply behavior \\(atomic, set, or map\\)"
    /// Pointer to alias - should behave same as alias
    // +listType=atomic
    #[serde(default)]
    pub pointer_to_string_alias: Vec<Option<StringAlias>>,
    // +listType=set
    #[serde(default)]
    pub pointer_to_object_alias: Vec<Option<ObjectAlias>>, // want "SSATagsTestSpec.pointerToObjectAlias with listType=set is not recommended due to Server-Side Apply compatibility issues. Consider using listType=atomic or listType=map instead"
    /// Array defined type tests - defined types to array types should behave as array lists
    // +listType=atomic
    #[serde(default)]
    pub string_array_atomic_list: StringArray,
    // +listType=set
    #[serde(default)]
    pub string_array_set_list: StringArray,
    /// Missing listType on array defined type - should warn
    #[serde(default)]
    pub string_array_no_marker: StringArray, // want "SSATagsTestSpec.stringArrayNoMarker should have a listType marker for proper Server-Side Apply behavior \\(atomic, set, or map\\)"
    /// Array type alias tests - aliases to array types should behave as array lists
    // +listType=atomic
    #[serde(default)]
    pub string_array_alias_atomic_list: StringArrayAlias,
    // +listType=set
    #[serde(default)]
    pub string_array_alias_set_list: StringArrayAlias,
    /// Missing listType on array alias - should warn
    #[serde(default)]
    pub string_array_alias_no_marker: StringArrayAlias, // want "SSATagsTestSpec.stringArrayAliasNoMarker should have a listType marker for proper Server-Side Apply behavior \\(atomic, set, or map\\)"
    /// Byte array tests - these should be skipped by IsByteArray condition
    /// Direct byte array - should be ignored (no listType required)
    #[serde(default)]
    pub byte_array_direct: k8s_openapi::ByteString,
    /// Defined type byte array - should be ignored (no listType required)
    #[serde(default)]
    pub byte_array_defined_type: ByteArray,
    /// Aliased byte array - should be ignored (no listType required)
    #[serde(default)]
    pub byte_array_aliased: ByteArrayAlias,
    /// Byte array with markers - should be ignored even if markers are present
    // +listType=atomic
    #[serde(default)]
    pub byte_array_with_marker: k8s_openapi::ByteString, // want "SSATagsTestSpec.byteArrayWithMarker is a byte array, which does not support the listType marker. Remove the listType marker"
    // +optional
    // +kubebuilder:pruning:PreserveUnknownFields
    // +kubebuilder:validation:Schemaless
    #[serde(default)]
    pub all_of: Vec<JSONSchemaProps>,
    /// Slice-of-slice element - should warn
    // +listType=set
    #[serde(default)]
    pub set_of_string_slices: Vec<Vec<String>>, // want "SSATagsTestSpec.setOfStringSlices with listType=set is not recommended due to Server-Side Apply compatibility issues. Consider using listType=atomic or listType=map instead"
    /// Pointer-to-slice element - should warn
    // +listType=set
    #[serde(default)]
    pub set_of_pointer_string_slices: Vec<Option<Vec<String>>>, // want "SSATagsTestSpec.setOfPointerStringSlices with listType=set is not recommended due to Server-Side Apply compatibility issues. Consider using listType=atomic or listType=map instead"
    /// Named slice element - should warn
    // +listType=set
    #[serde(default)]
    pub set_of_named_slices: Vec<StringArray>, // want "SSATagsTestSpec.setOfNamedSlices with listType=set is not recommended due to Server-Side Apply compatibility issues. Consider using listType=atomic or listType=map instead"
    /// Named slice-of-slice at field position - should warn
    // +listType=set
    #[serde(default)]
    pub set_of_named_slice_of_slice: StringArrayOfArrays, // want "SSATagsTestSpec.setOfNamedSliceOfSlice with listType=set is not recommended due to Server-Side Apply compatibility issues. Consider using listType=atomic or listType=map instead"
}

pub struct StringArrayOfArrays(pub Vec<Vec<String>>);

/// JSONSchemaProps is a placeholder for the JSON schema properties.
#[serde(rename_all = "camelCase")]
pub struct JSONSchemaProps {}

