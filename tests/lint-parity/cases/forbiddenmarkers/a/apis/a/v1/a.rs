// Twin of kube-api-linter's pkg/analysis/forbiddenmarkers/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

pub struct ForbiddenMarkerType(pub String); // want `type ForbiddenMarkerType has forbidden marker "custom:forbidden"`

pub struct ForbiddenMarkerWithAttrType(pub String); // want `type ForbiddenMarkerWithAttrType has forbidden marker "custom:AttrNoValues:fruit=apple"`

pub struct ForbiddenMarkerWithMultipleAttrsType(pub String);

pub struct ForbiddenMarkerWithAttrWithValueType(pub String);

pub struct ForbiddenMarkerWithAttrsWithValueType(pub String);

pub struct ForbiddenMarkerWithMultipleRuleSetsType(pub String);

pub struct AllowedMarkerType(pub String);

/// Allowed because the configuration only forbids when the fruit attributes are specified
pub struct AllowedMarkerWithAttrType(pub String);

/// Allowed because the configuration only forbids when both fruit and color attributes are specified
pub struct AllowedMarkerWithMultipleAttrsType(pub String);

/// Allowed because the configuration only forbids when the fruit attribute is one of apple, banana, or orange
pub struct AllowedMarkerWithAttrWithValueType(pub String);

/// Allowed because the configuration only forbids when the fruit attribute is one of apple, banana, or orange
/// and the color attribute is one of blue, red, or green
pub struct AllowedMarkerWithAttrsWithValueType(pub String);

pub struct AllowedMarkerWithMultipleRuleSetsType(pub String);

#[serde(rename_all = "camelCase")]
pub struct Test {
    pub forbidden_marker_field: String, // want `field Test.forbiddenMarkerField has forbidden marker "custom:forbidden"`
    pub forbidden_marker_field_type_alias: ForbiddenMarkerType, // want `field Test.forbiddenMarkerFieldTypeAlias has forbidden marker "custom:forbidden"`
    pub forbidden_marker_with_attr_field: String, // want `field Test.forbiddenMarkerWithAttrField has forbidden marker "custom:AttrNoValues:fruit=apple"`
    pub forbidden_marker_with_attr_field_type_alias: ForbiddenMarkerWithAttrType, // want `field Test.forbiddenMarkerWithAttrFieldTypeAlias has forbidden marker "custom:AttrNoValues:fruit=apple"`
    pub forbidden_marker_with_multiple_attrs_field: String,
    #[serde(rename = "forbiddenMarkerWithMultipleAttrsFieldTypeAlias")]
    pub forbidden_marker_with_mutliple_attrs_field_type_alias: ForbiddenMarkerWithMultipleAttrsType,
    pub forbidden_marker_with_attr_with_value_field: String,
    pub forbidden_marker_with_attr_with_value_field_type_alias: ForbiddenMarkerWithAttrWithValueType,
    pub forbidden_marker_with_attrs_with_value_field: String,
    pub forbidden_marker_with_attrs_with_value_field_type_alias: ForbiddenMarkerWithAttrsWithValueType,
    pub allowed_marker_field: String,
    pub allowed_marker_field_type_alias: AllowedMarkerType,
    /// Allowed because the configuration only forbids when the fruit attributes are specified
    pub allowed_marker_with_attr_field: String,
    pub allowed_marker_with_attr_field_type_alias: AllowedMarkerWithAttrType,
    /// Allowed because the configuration only forbids when both fruit and color attributes are specified
    pub allowed_marker_with_multiple_attrs_field: String,
    pub allowed_marker_with_multiple_attrs_field_type_alias: AllowedMarkerWithMultipleAttrsType,
    /// Allowed because the configuration only forbids when the fruit attribute is one of apple, banana, or orange
    pub allowed_marker_with_attr_with_value_field: String,
    pub allowed_marker_with_attr_with_value_field_type_alias: AllowedMarkerWithAttrWithValueType,
    /// Allowed because the configuration only forbids when the fruit attribute is one of apple, banana, or orange
    /// and the color attribute is one of blue, red, or green
    pub allowed_marker_with_attrs_with_value_field: String,
    pub allowed_marker_with_attrs_with_value_field_type_alias: AllowedMarkerWithAttrsWithValueType,
}

