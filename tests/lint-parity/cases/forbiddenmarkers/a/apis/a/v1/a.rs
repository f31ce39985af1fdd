// Twin of kube-api-linter's pkg/analysis/forbiddenmarkers/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

pub struct ForbiddenMarkerType(pub String); // want `type ForbiddenMarkerType has forbidden marker "custom:forbidden"`

pub struct ForbiddenMarkerWithAttrType(pub String); // want `type ForbiddenMarkerWithAttrType has forbidden marker "custom:AttrNoValues:fruit=apple"`

pub struct ForbiddenMarkerWithMultipleAttrsType(pub String); // want `type ForbiddenMarkerWithMultipleAttrsType has forbidden marker "custom:AttrsNoValues:fruit=apple,color=blue"`

pub struct ForbiddenMarkerWithAttrWithValueType(pub String); // want `type ForbiddenMarkerWithAttrWithValueType has forbidden marker "custom:AttrValues:fruit=orange"`

pub struct ForbiddenMarkerWithAttrsWithValueType(pub String); // want `type ForbiddenMarkerWithAttrsWithValueType has forbidden marker "custom:AttrsValues:fruit=orange,color=blue"`

pub struct ForbiddenMarkerWithMultipleRuleSetsType(pub String); // want `type ForbiddenMarkerWithMultipleRuleSetsType has forbidden marker "custom:MultiRuleSet:fruit=apple,color=blue"` `type ForbiddenMarkerWithMultipleRuleSetsType has forbidden marker "custom:MultiRuleSet:fruit=apple,color=green"` `type ForbiddenMarkerWithMultipleRuleSetsType has forbidden marker "custom:MultiRuleSet:fruit=orange,color=green"` `type ForbiddenMarkerWithMultipleRuleSetsType has forbidden marker "custom:MultiRuleSet:fruit=orange,color=blue"` `type ForbiddenMarkerWithMultipleRuleSetsType has forbidden marker "custom:MultiRuleSet:fruit=orange,color=red"` `type ForbiddenMarkerWithMultipleRuleSetsType has forbidden marker "custom:MultiRuleSet:fruit=banana,color=yellow"`

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
    pub forbidden_marker_with_multiple_attrs_field: String, // want `field Test.forbiddenMarkerWithMultipleAttrsField has forbidden marker "custom:AttrsNoValues:fruit=apple,color=blue"`
    #[serde(rename = "forbiddenMarkerWithMultipleAttrsFieldTypeAlias")]
    pub forbidden_marker_with_mutliple_attrs_field_type_alias: ForbiddenMarkerWithMultipleAttrsType, // want `field Test.forbiddenMarkerWithMultipleAttrsFieldTypeAlias has forbidden marker "custom:AttrsNoValues:fruit=apple,color=blue"`
    pub forbidden_marker_with_attr_with_value_field: String, // want `field Test.forbiddenMarkerWithAttrWithValueField has forbidden marker "custom:AttrValues:fruit=orange"`
    pub forbidden_marker_with_attr_with_value_field_type_alias: ForbiddenMarkerWithAttrWithValueType, // want `field Test.forbiddenMarkerWithAttrWithValueFieldTypeAlias has forbidden marker "custom:AttrValues:fruit=orange"`
    pub forbidden_marker_with_attrs_with_value_field: String, // want `field Test.forbiddenMarkerWithAttrsWithValueField has forbidden marker "custom:AttrsValues:fruit=orange,color=blue"`
    pub forbidden_marker_with_attrs_with_value_field_type_alias: ForbiddenMarkerWithAttrsWithValueType, // want `field Test.forbiddenMarkerWithAttrsWithValueFieldTypeAlias has forbidden marker "custom:AttrsValues:fruit=orange,color=blue"`
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

