// Twin of kube-api-linter's pkg/analysis/uniquemarkers/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

// +kubebuilder:validation:MinProperties:=3
// +kubebuilder:validation:MinProperties:=5
#[serde(rename_all = "camelCase")]
pub struct A { // want "type A has multiple definitions of marker kubebuilder:validation:MinProperties when only a single definition should exist"
    // +kubebuilder:validation:XValidation:rule='self.matches("[0-9A-Za-z]")',message='should match regex'
    // +kubebuilder:validation:XValidation:rule='isURL(self)',message='should be a URL'
    #[serde(rename = "AllowedNonUniqueMarkers")]
    pub allowed_non_unique_markers: String,
    // +kubebuilder:validation:XValidation:rule='self.matches("[0-9]")',message='should actually be a number'
    // +kubebuilder:validation:XValidation:rule='self.matches("[0-9]")',message='different message'
    #[serde(rename = "NonUniqueXValidations")]
    pub non_unique_x_validations: String, // want "field A.NonUniqueXValidations has multiple definitions of marker kubebuilder:validation:XValidation:rule='self\\.matches\\(\\\"\\[0-9]\\\"\\)' when only a single definition should exist"
    // +kubebuilder:validation:items:XValidation:rule='self.matches("[0-9]")',message='should actually be a number'
    // +kubebuilder:validation:items:XValidation:rule='self.matches("[0-9]")',message='different message'
    #[serde(rename = "NonUniqueItemsXValidations")]
    pub non_unique_items_x_validations: Vec<String>, // want "field A.NonUniqueItemsXValidations has multiple definitions of marker kubebuilder:validation:items:XValidation:rule='self\\.matches\\(\\\"\\[0-9]\\\"\\)' when only a single definition should exist"
    // +kubebuilder:validation:XValidation:rule='self.matches("[a-z]")',message='same'
    // +kubebuilder:validation:XValidation:rule='self.matches("[0-9]")',message='same'
    #[serde(rename = "UniqueXValidationsFromMessage")]
    pub unique_x_validations_from_message: String,
    #[serde(rename = "CustomMarkers")]
    pub custom_markers: String,
    #[serde(rename = "UniqueBasicDefault")]
    pub unique_basic_default: String,
    #[serde(rename = "NonUniqueBasicDefault")]
    pub non_unique_basic_default: String, // want "field A.NonUniqueBasicDefault has multiple definitions of marker default when only a single definition should exist"
    #[serde(rename = "NonUniqueBasicDefaultFromAliasWithBasicDefault")]
    pub non_unique_basic_default_from_alias_with_basic_default: UniqueBasicDefaultAlias, // want "field A.NonUniqueBasicDefaultFromAliasWithBasicDefault has multiple definitions of marker default when only a single definition should exist"
    #[serde(rename = "NonUniqueBasicDefaultOnlyFromAliasWithBasicDefault")]
    pub non_unique_basic_default_only_from_alias_with_basic_default: NonUniqueBasicDefaultAlias, // want "field A.NonUniqueBasicDefaultOnlyFromAliasWithBasicDefault has multiple definitions of marker default when only a single definition should exist"
    // +kubebuilder:default:="homer"
    #[serde(rename = "UniqueKubebuilderDefault")]
    pub unique_kubebuilder_default: String,
    // +kubebuilder:default:="homer"
    // +kubebuilder:default:="bart"
    #[serde(rename = "NonUniqueKubebuilderDefault")]
    pub non_unique_kubebuilder_default: String, // want "field A.NonUniqueKubebuilderDefault has multiple definitions of marker kubebuilder:default when only a single definition should exist"
    // +kubebuilder:default:="homer"
    #[serde(rename = "NonUniqueKubebuilderDefaultFromAliasWithKubebuilderDefault")]
    pub non_unique_kubebuilder_default_from_alias_with_kubebuilder_default: UniqueKubebuilderDefaultAlias, // want "field A.NonUniqueKubebuilderDefaultFromAliasWithKubebuilderDefault has multiple definitions of marker kubebuilder:default when only a single definition should exist"
    #[serde(rename = "NonUniqueKubebuilderDefaultOnlyFromAliasWithKubebuilderDefault")]
    pub non_unique_kubebuilder_default_only_from_alias_with_kubebuilder_default: NonUniqueKubebuilderDefaultAlias, // want "field A.NonUniqueKubebuilderDefaultOnlyFromAliasWithKubebuilderDefault has multiple definitions of marker kubebuilder:default when only a single definition should exist"
    // +kubebuilder:example:="homer"
    #[serde(rename = "UniqueKubebuilderExample")]
    pub unique_kubebuilder_example: String,
    // +kubebuilder:example:="homer"
    // +kubebuilder:example:="bart"
    #[serde(rename = "NonUniqueKubebuilderExample")]
    pub non_unique_kubebuilder_example: String, // want "field A.NonUniqueKubebuilderExample has multiple definitions of marker kubebuilder:example when only a single definition should exist"
    // +kubebuilder:example:="homer"
    #[serde(rename = "NonUniqueKubebuilderExampleFromAliasWithKubebuilderExample")]
    pub non_unique_kubebuilder_example_from_alias_with_kubebuilder_example: UniqueKubebuilderExampleAlias, // want "field A.NonUniqueKubebuilderExampleFromAliasWithKubebuilderExample has multiple definitions of marker kubebuilder:example when only a single definition should exist"
    #[serde(rename = "NonUniqueKubebuilderExampleOnlyFromAliasWithKubebuilderExample")]
    pub non_unique_kubebuilder_example_only_from_alias_with_kubebuilder_example: NonUniqueKubebuilderExampleAlias, // want "field A.NonUniqueKubebuilderExampleOnlyFromAliasWithKubebuilderExample has multiple definitions of marker kubebuilder:example when only a single definition should exist"
    // +kubebuilder:validation:MinLength:=1
    #[serde(rename = "UniqueMinLength")]
    pub unique_min_length: String,
    // +kubebuilder:validation:MinLength:=1
    // +kubebuilder:validation:MinLength:=5
    #[serde(rename = "NonUniqueMinLength")]
    pub non_unique_min_length: String, // want "field A.NonUniqueMinLength has multiple definitions of marker kubebuilder:validation:MinLength when only a single definition should exist"
    // +kubebuilder:validation:MinLength:=1
    #[serde(rename = "NonUniqueMinLengthFromAliasWithMinLength")]
    pub non_unique_min_length_from_alias_with_min_length: UniqueMinLengthStringAlias, // want "field A.NonUniqueMinLengthFromAliasWithMinLength has multiple definitions of marker kubebuilder:validation:MinLength when only a single definition should exist"
    #[serde(rename = "NonUniqueMinLengthOnlyFromAliasWithMinLength")]
    pub non_unique_min_length_only_from_alias_with_min_length: NonUniqueMinLengthStringAlias, // want "field A.NonUniqueMinLengthOnlyFromAliasWithMinLength has multiple definitions of marker kubebuilder:validation:MinLength when only a single definition should exist"
    // +kubebuilder:validation:Enum:=Foo;Bar
    #[serde(rename = "UniqueEnum")]
    pub unique_enum: String,
    // +kubebuilder:validation:Enum:=Foo;Bar
    // +kubebuilder:validation:Enum:=Baz;Qux
    #[serde(rename = "NonUniqueEnum")]
    pub non_unique_enum: String, // want "field A.NonUniqueEnum has multiple definitions of marker kubebuilder:validation:Enum when only a single definition should exist"
    // +kubebuilder:validation:Enum:=Foo;Bar
    #[serde(rename = "NonUniqueEnumFromAliasWithEnum")]
    pub non_unique_enum_from_alias_with_enum: UniqueEnumAlias, // want "field A.NonUniqueEnumFromAliasWithEnum has multiple definitions of marker kubebuilder:validation:Enum when only a single definition should exist"
    #[serde(rename = "NonUniqueEnumOnlyFromAliasWithEnum")]
    pub non_unique_enum_only_from_alias_with_enum: NonUniqueEnumAlias, // want "field A.NonUniqueEnumOnlyFromAliasWithEnum has multiple definitions of marker kubebuilder:validation:Enum when only a single definition should exist"
    // +kubebuilder:validation:Maximum:=10
    // +kubebuilder:validation:ExclusiveMaximum:=true
    #[serde(rename = "UniqueExclusiveMaximum")]
    pub unique_exclusive_maximum: isize,
    // +kubebuilder:validation:Maximum:=10
    // +kubebuilder:validation:ExclusiveMaximum:=true
    // +kubebuilder:validation:ExclusiveMaximum:=false
    #[serde(rename = "NonUniqueExclusiveMaximum")]
    pub non_unique_exclusive_maximum: isize, // want "field A.NonUniqueExclusiveMaximum has multiple definitions of marker kubebuilder:validation:ExclusiveMaximum when only a single definition should exist"
    #[serde(rename = "NonUniqueExclusiveMaximumFromAliasWithExclusiveMaximum")]
    pub non_unique_exclusive_maximum_from_alias_with_exclusive_maximum: UniqueExclusiveMaximumAlias, // want "field A.NonUniqueExclusiveMaximumFromAliasWithExclusiveMaximum has multiple definitions of marker kubebuilder:validation:ExclusiveMaximum when only a single definition should exist"
    #[serde(rename = "NonUniqueExclusiveMaximumOnlyFromAliasWithExclusiveMaximum")]
    pub non_unique_exclusive_maximum_only_from_alias_with_exclusive_maximum: NonUniqueExclusiveMaximumAlias, // want "field A.NonUniqueExclusiveMaximumOnlyFromAliasWithExclusiveMaximum has multiple definitions of marker kubebuilder:validation:ExclusiveMaximum when only a single definition should exist"
    // +kubebuilder:validation:Minimum:=2
    // +kubebuilder:validation:ExclusiveMinimum:=true
    #[serde(rename = "UniqueExclusiveMinimum")]
    pub unique_exclusive_minimum: isize,
    // +kubebuilder:validation:Minimum:=2
    // +kubebuilder:validation:ExclusiveMinimum:=true
    // +kubebuilder:validation:ExclusiveMinimum:=false
    #[serde(rename = "NonUniqueExclusiveMinimum")]
    pub non_unique_exclusive_minimum: isize, // want "field A.NonUniqueExclusiveMinimum has multiple definitions of marker kubebuilder:validation:ExclusiveMinimum when only a single definition should exist"
    #[serde(rename = "NonUniqueExclusiveMinimumFromAliasWithExclusiveMinimum")]
    pub non_unique_exclusive_minimum_from_alias_with_exclusive_minimum: UniqueExclusiveMinimumAlias, // want "field A.NonUniqueExclusiveMinimumFromAliasWithExclusiveMinimum has multiple definitions of marker kubebuilder:validation:ExclusiveMinimum when only a single definition should exist"
    #[serde(rename = "NonUniqueExclusiveMinimumOnlyFromAliasWithExclusiveMinimum")]
    pub non_unique_exclusive_minimum_only_from_alias_with_exclusive_minimum: NonUniqueExclusiveMinimumAlias, // want "field A.NonUniqueExclusiveMinimumOnlyFromAliasWithExclusiveMinimum has multiple definitions of marker kubebuilder:validation:ExclusiveMinimum when only a single definition should exist"
    // +kubebuilder:validation:Format:="date-time"
    #[serde(rename = "UniqueFormat")]
    pub unique_format: String,
    // +kubebuilder:validation:Format:="date-time"
    // +kubebuilder:validation:Format:="password"
    #[serde(rename = "NonUniqueFormat")]
    pub non_unique_format: String, // want "field A.NonUniqueFormat has multiple definitions of marker kubebuilder:validation:Format when only a single definition should exist"
    // +kubebuilder:validation:Format:="password"
    #[serde(rename = "NonUniqueFormatFromAliasWithFormat")]
    pub non_unique_format_from_alias_with_format: UniqueFormatAlias, // want "field A.NonUniqueFormatFromAliasWithFormat has multiple definitions of marker kubebuilder:validation:Format when only a single definition should exist"
    #[serde(rename = "NonUniqueFormatOnlyFromAliasWithFormat")]
    pub non_unique_format_only_from_alias_with_format: NonUniqueFormatAlias, // want "field A.NonUniqueFormatOnlyFromAliasWithFormat has multiple definitions of marker kubebuilder:validation:Format when only a single definition should exist"
    // +kubebuilder:validation:MaxItems:=10
    #[serde(rename = "UniqueMaxItems")]
    pub unique_max_items: Vec<String>,
    // +kubebuilder:validation:MaxItems:=10
    // +kubebuilder:validation:MaxItems:=5
    #[serde(rename = "NonUniqueMaxItems")]
    pub non_unique_max_items: Vec<String>, // want "field A.NonUniqueMaxItems has multiple definitions of marker kubebuilder:validation:MaxItems when only a single definition should exist"
    // +kubebuilder:validation:MaxItems:=8
    #[serde(rename = "NonUniqueMaxItemsFromAliasWithMaxItems")]
    pub non_unique_max_items_from_alias_with_max_items: UniqueMaxItemsAlias, // want "field A.NonUniqueMaxItemsFromAliasWithMaxItems has multiple definitions of marker kubebuilder:validation:MaxItems when only a single definition should exist"
    #[serde(rename = "NonUniqueMaxItemsOnlyFromAliasWithMaxItems")]
    pub non_unique_max_items_only_from_alias_with_max_items: NonUniqueMaxItemsAlias, // want "field A.NonUniqueMaxItemsOnlyFromAliasWithMaxItems has multiple definitions of marker kubebuilder:validation:MaxItems when only a single definition should exist"
    // +kubebuilder:validation:MaxProperties:=3
    #[serde(rename = "UniqueMaxProperties")]
    pub unique_max_properties: BTreeMap<String, String>,
    // +kubebuilder:validation:MaxProperties:=3
    // +kubebuilder:validation:MaxProperties:=5
    #[serde(rename = "NonUniqueMaxProperties")]
    pub non_unique_max_properties: BTreeMap<String, String>, // want "field A.NonUniqueMaxProperties has multiple definitions of marker kubebuilder:validation:MaxProperties when only a single definition should exist"
    // +kubebuilder:validation:MaxProperties:=4
    #[serde(rename = "NonUniqueMaxPropertiesFromAliasWithMaxProperties")]
    pub non_unique_max_properties_from_alias_with_max_properties: UniqueMaxPropertiesAlias, // want "field A.NonUniqueMaxPropertiesFromAliasWithMaxProperties has multiple definitions of marker kubebuilder:validation:MaxProperties when only a single definition should exist"
    #[serde(rename = "NonUniqueMaxPropertiesOnlyFromAliasWithMaxProperties")]
    pub non_unique_max_properties_only_from_alias_with_max_properties: NonUniqueMaxPropertiesAlias, // want "field A.NonUniqueMaxPropertiesOnlyFromAliasWithMaxProperties has multiple definitions of marker kubebuilder:validation:MaxProperties when only a single definition should exist"
    // +kubebuilder:validation:Maximum:=100
    #[serde(rename = "UniqueMaximum")]
    pub unique_maximum: isize,
    // +kubebuilder:validation:Maximum:=100
    // +kubebuilder:validation:Maximum:=200
    #[serde(rename = "NonUniqueMaximum")]
    pub non_unique_maximum: isize, // want "field A.NonUniqueMaximum has multiple definitions of marker kubebuilder:validation:Maximum when only a single definition should exist"
    // +kubebuilder:validation:Maximum:=150
    #[serde(rename = "NonUniqueMaximumFromAliasWithMaximum")]
    pub non_unique_maximum_from_alias_with_maximum: UniqueMaximumAlias, // want "field A.NonUniqueMaximumFromAliasWithMaximum has multiple definitions of marker kubebuilder:validation:Maximum when only a single definition should exist"
    #[serde(rename = "NonUniqueMaximumOnlyFromAliasWithMaximum")]
    pub non_unique_maximum_only_from_alias_with_maximum: NonUniqueMaximumAlias, // want "field A.NonUniqueMaximumOnlyFromAliasWithMaximum has multiple definitions of marker kubebuilder:validation:Maximum when only a single definition should exist"
    // +kubebuilder:validation:MinItems:=1
    #[serde(rename = "UniqueMinItems")]
    pub unique_min_items: Vec<String>,
    // +kubebuilder:validation:MinItems:=1
    // +kubebuilder:validation:MinItems:=2
    #[serde(rename = "NonUniqueMinItems")]
    pub non_unique_min_items: Vec<String>, // want "field A.NonUniqueMinItems has multiple definitions of marker kubebuilder:validation:MinItems when only a single definition should exist"
    // +kubebuilder:validation:MinItems:=3
    #[serde(rename = "NonUniqueMinItemsFromAliasWithMinItems")]
    pub non_unique_min_items_from_alias_with_min_items: UniqueMinItemsAlias, // want "field A.NonUniqueMinItemsFromAliasWithMinItems has multiple definitions of marker kubebuilder:validation:MinItems when only a single definition should exist"
    #[serde(rename = "NonUniqueMinItemsOnlyFromAliasWithMinItems")]
    pub non_unique_min_items_only_from_alias_with_min_items: NonUniqueMinItemsAlias, // want "field A.NonUniqueMinItemsOnlyFromAliasWithMinItems has multiple definitions of marker kubebuilder:validation:MinItems when only a single definition should exist"
    // +kubebuilder:validation:MinLength:=30
    #[serde(rename = "UniqueMinLengthCustom")]
    pub unique_min_length_custom: String,
    // +kubebuilder:validation:MinLength:=30
    // +kubebuilder:validation:MinLength:=35
    #[serde(rename = "NonUniqueMinLengthCustom")]
    pub non_unique_min_length_custom: String, // want "field A.NonUniqueMinLengthCustom has multiple definitions of marker kubebuilder:validation:MinLength when only a single definition should exist"
    // +kubebuilder:validation:MinLength:=30
    #[serde(rename = "NonUniqueMinLengthCustomFromAliasWithMinLength")]
    pub non_unique_min_length_custom_from_alias_with_min_length: UniqueMinLengthCustomAlias, // want "field A.NonUniqueMinLengthCustomFromAliasWithMinLength has multiple definitions of marker kubebuilder:validation:MinLength when only a single definition should exist"
    #[serde(rename = "NonUniqueMinLengthCustomOnlyFromAliasWithMinLength")]
    pub non_unique_min_length_custom_only_from_alias_with_min_length: NonUniqueMinLengthCustomAlias, // want "field A.NonUniqueMinLengthCustomOnlyFromAliasWithMinLength has multiple definitions of marker kubebuilder:validation:MinLength when only a single definition should exist"
    // +kubebuilder:validation:MinProperties:=1
    #[serde(rename = "UniqueMinPropertiesField")]
    pub unique_min_properties_field: BTreeMap<String, String>,
    // +kubebuilder:validation:MinProperties:=1
    // +kubebuilder:validation:MinProperties:=2
    #[serde(rename = "NonUniqueMinPropertiesField")]
    pub non_unique_min_properties_field: BTreeMap<String, String>, // want "field A.NonUniqueMinPropertiesField has multiple definitions of marker kubebuilder:validation:MinProperties when only a single definition should exist"
    // +kubebuilder:validation:MinProperties:=1
    #[serde(rename = "NonUniqueMinPropertiesFieldFromAliasWithMinProperties")]
    pub non_unique_min_properties_field_from_alias_with_min_properties: UniqueMinPropertiesFieldAlias, // want "field A.NonUniqueMinPropertiesFieldFromAliasWithMinProperties has multiple definitions of marker kubebuilder:validation:MinProperties when only a single definition should exist"
    #[serde(rename = "NonUniqueMinPropertiesFieldOnlyFromAliasWithMinProperties")]
    pub non_unique_min_properties_field_only_from_alias_with_min_properties: NonUniqueMinPropertiesFieldAlias, // want "field A.NonUniqueMinPropertiesFieldOnlyFromAliasWithMinProperties has multiple definitions of marker kubebuilder:validation:MinProperties when only a single definition should exist"
    // +kubebuilder:validation:Minimum:=10
    #[serde(rename = "UniqueMinimum")]
    pub unique_minimum: isize,
    // +kubebuilder:validation:Minimum:=10
    // +kubebuilder:validation:Minimum:=20
    #[serde(rename = "NonUniqueMinimum")]
    pub non_unique_minimum: isize, // want "field A.NonUniqueMinimum has multiple definitions of marker kubebuilder:validation:Minimum when only a single definition should exist"
    // +kubebuilder:validation:Minimum:=15
    #[serde(rename = "NonUniqueMinimumFromAliasWithMinimum")]
    pub non_unique_minimum_from_alias_with_minimum: UniqueMinimumAlias, // want "field A.NonUniqueMinimumFromAliasWithMinimum has multiple definitions of marker kubebuilder:validation:Minimum when only a single definition should exist"
    #[serde(rename = "NonUniqueMinimumOnlyFromAliasWithMinimum")]
    pub non_unique_minimum_only_from_alias_with_minimum: NonUniqueMinimumAlias, // want "field A.NonUniqueMinimumOnlyFromAliasWithMinimum has multiple definitions of marker kubebuilder:validation:Minimum when only a single definition should exist"
    // +kubebuilder:validation:MultipleOf:=3
    #[serde(rename = "UniqueMultipleOf")]
    pub unique_multiple_of: isize,
    // +kubebuilder:validation:MultipleOf:=3
    // +kubebuilder:validation:MultipleOf:=5
    #[serde(rename = "NonUniqueMultipleOf")]
    pub non_unique_multiple_of: isize, // want "field A.NonUniqueMultipleOf has multiple definitions of marker kubebuilder:validation:MultipleOf when only a single definition should exist"
    // +kubebuilder:validation:MultipleOf:=2
    #[serde(rename = "NonUniqueMultipleOfFromAliasWithMultipleOf")]
    pub non_unique_multiple_of_from_alias_with_multiple_of: UniqueMultipleOfAlias, // want "field A.NonUniqueMultipleOfFromAliasWithMultipleOf has multiple definitions of marker kubebuilder:validation:MultipleOf when only a single definition should exist"
    #[serde(rename = "NonUniqueMultipleOfOnlyFromAliasWithMultipleOf")]
    pub non_unique_multiple_of_only_from_alias_with_multiple_of: NonUniqueMultipleOfAlias, // want "field A.NonUniqueMultipleOfOnlyFromAliasWithMultipleOf has multiple definitions of marker kubebuilder:validation:MultipleOf when only a single definition should exist"
    // +kubebuilder:validation:Pattern:="^[a-z]+$"
    #[serde(rename = "UniquePattern")]
    pub unique_pattern: String,
    // +kubebuilder:validation:Pattern:="^[a-z]+$"
    // +kubebuilder:validation:Pattern:="^[0-9]+$"
    #[serde(rename = "NonUniquePattern")]
    pub non_unique_pattern: String, // want "field A.NonUniquePattern has multiple definitions of marker kubebuilder:validation:Pattern when only a single definition should exist"
    // +kubebuilder:validation:Pattern:="^[A-Z]+$"
    #[serde(rename = "NonUniquePatternFromAliasWithPattern")]
    pub non_unique_pattern_from_alias_with_pattern: UniquePatternAlias, // want "field A.NonUniquePatternFromAliasWithPattern has multiple definitions of marker kubebuilder:validation:Pattern when only a single definition should exist"
    #[serde(rename = "NonUniquePatternOnlyFromAliasWithPattern")]
    pub non_unique_pattern_only_from_alias_with_pattern: NonUniquePatternAlias, // want "field A.NonUniquePatternOnlyFromAliasWithPattern has multiple definitions of marker kubebuilder:validation:Pattern when only a single definition should exist"
    // +kubebuilder:validation:Type:="string"
    #[serde(rename = "UniqueTypeValidationField")]
    pub unique_type_validation_field: String,
    // +kubebuilder:validation:Type:="string"
    #[serde(rename = "NonUniqueTypeValidationField")]
    pub non_unique_type_validation_field: String, // want "field A.NonUniqueTypeValidationField has multiple definitions of marker kubebuilder:validation:Type when only a single definition should exist"
    #[serde(rename = "NonUniqueTypeValidationFieldFromAliasWithType")]
    pub non_unique_type_validation_field_from_alias_with_type: UniqueTypeValidationAlias, // want "field A.NonUniqueTypeValidationFieldFromAliasWithType has multiple definitions of marker kubebuilder:validation:Type when only a single definition should exist"
    #[serde(rename = "NonUniqueTypeValidationFieldOnlyFromAliasWithType")]
    pub non_unique_type_validation_field_only_from_alias_with_type: NonUniqueTypeValidationAlias, // want "field A.NonUniqueTypeValidationFieldOnlyFromAliasWithType has multiple definitions of marker kubebuilder:validation:Type when only a single definition should exist"
    // +kubebuilder:validation:UniqueItems:=true
    #[serde(rename = "UniqueUniqueItems")]
    pub unique_unique_items: Vec<String>,
    // +kubebuilder:validation:UniqueItems:=true
    // +kubebuilder:validation:UniqueItems:=false
    #[serde(rename = "NonUniqueUniqueItems")]
    pub non_unique_unique_items: Vec<String>, // want "field A.NonUniqueUniqueItems has multiple definitions of marker kubebuilder:validation:UniqueItems when only a single definition should exist"
    // +kubebuilder:validation:UniqueItems:=true
    #[serde(rename = "NonUniqueUniqueItemsFromAliasWithUniqueItems")]
    pub non_unique_unique_items_from_alias_with_unique_items: UniqueUniqueItemsAlias, // want "field A.NonUniqueUniqueItemsFromAliasWithUniqueItems has multiple definitions of marker kubebuilder:validation:UniqueItems when only a single definition should exist"
    #[serde(rename = "NonUniqueUniqueItemsOnlyFromAliasWithUniqueItems")]
    pub non_unique_unique_items_only_from_alias_with_unique_items: NonUniqueUniqueItemsAlias, // want "field A.NonUniqueUniqueItemsOnlyFromAliasWithUniqueItems has multiple definitions of marker kubebuilder:validation:UniqueItems when only a single definition should exist"
    // +kubebuilder:validation:items:Enum=Apple;Orange
    #[serde(rename = "UniqueItemsEnum")]
    pub unique_items_enum: Vec<String>,
    // +kubebuilder:validation:items:Enum=Apple;Orange
    // +kubebuilder:validation:items:Enum=Banana;Grape
    #[serde(rename = "NonUniqueItemsEnum")]
    pub non_unique_items_enum: Vec<String>, // want "field A.NonUniqueItemsEnum has multiple definitions of marker kubebuilder:validation:items:Enum when only a single definition should exist"
    // +kubebuilder:validation:items:Enum=Apple;Orange
    #[serde(rename = "NonUniqueItemsEnumFromAliasWithItemsEnum")]
    pub non_unique_items_enum_from_alias_with_items_enum: UniqueItemsEnumAlias, // want "field A.NonUniqueItemsEnumFromAliasWithItemsEnum has multiple definitions of marker kubebuilder:validation:items:Enum when only a single definition should exist"
    #[serde(rename = "NonUniqueItemsEnumOnlyFromAliasWithItemsEnum")]
    pub non_unique_items_enum_only_from_alias_with_items_enum: NonUniqueItemsEnumAlias, // want "field A.NonUniqueItemsEnumOnlyFromAliasWithItemsEnum has multiple definitions of marker kubebuilder:validation:items:Enum when only a single definition should exist"
    // +kubebuilder:validation:items:Maximum:=10
    // +kubebuilder:validation:items:ExclusiveMaximum:=true
    #[serde(rename = "UniqueItemsExclusiveMaximum")]
    pub unique_items_exclusive_maximum: Vec<isize>,
    // +kubebuilder:validation:items:Maximum:=10
    // +kubebuilder:validation:items:ExclusiveMaximum:=true
    // +kubebuilder:validation:items:ExclusiveMaximum:=false
    #[serde(rename = "NonUniqueItemsExclusiveMaximum")]
    pub non_unique_items_exclusive_maximum: Vec<isize>, // want "field A.NonUniqueItemsExclusiveMaximum has multiple definitions of marker kubebuilder:validation:items:ExclusiveMaximum when only a single definition should exist"
    // +kubebuilder:validation:items:ExclusiveMaximum:=true
    #[serde(rename = "NonUniqueItemsExclusiveMaximumFromAliasWithItemsExclusiveMaximum")]
    pub non_unique_items_exclusive_maximum_from_alias_with_items_exclusive_maximum: UniqueItemsExclusiveMaximumAlias, // want "field A.NonUniqueItemsExclusiveMaximumFromAliasWithItemsExclusiveMaximum has multiple definitions of marker kubebuilder:validation:items:ExclusiveMaximum when only a single definition should exist"
    #[serde(rename = "NonUniqueItemsExclusiveMaximumOnlyFromAliasWithItemsExclusiveMaximum")]
    pub non_unique_items_exclusive_maximum_only_from_alias_with_items_exclusive_maximum: NonUniqueItemsExclusiveMaximumAlias, // want "field A.NonUniqueItemsExclusiveMaximumOnlyFromAliasWithItemsExclusiveMaximum has multiple definitions of marker kubebuilder:validation:items:ExclusiveMaximum when only a single definition should exist"
    // +kubebuilder:validation:items:Minimum:=1
    // +kubebuilder:validation:items:ExclusiveMinimum:=true
    #[serde(rename = "UniqueItemsExclusiveMinimum")]
    pub unique_items_exclusive_minimum: Vec<isize>,
    // +kubebuilder:validation:items:Minimum:=1
    // +kubebuilder:validation:items:ExclusiveMinimum:=true
    // +kubebuilder:validation:items:ExclusiveMinimum:=false
    #[serde(rename = "NonUniqueItemsExclusiveMinimum")]
    pub non_unique_items_exclusive_minimum: Vec<isize>, // want "field A.NonUniqueItemsExclusiveMinimum has multiple definitions of marker kubebuilder:validation:items:ExclusiveMinimum when only a single definition should exist"
    // +kubebuilder:validation:items:ExclusiveMinimum:=true
    #[serde(rename = "NonUniqueItemsExclusiveMinimumFromAliasWithItemsExclusiveMinimum")]
    pub non_unique_items_exclusive_minimum_from_alias_with_items_exclusive_minimum: UniqueItemsExclusiveMinimumAlias, // want "field A.NonUniqueItemsExclusiveMinimumFromAliasWithItemsExclusiveMinimum has multiple definitions of marker kubebuilder:validation:items:ExclusiveMinimum when only a single definition should exist"
    #[serde(rename = "NonUniqueItemsExclusiveMinimumOnlyFromAliasWithItemsExclusiveMinimum")]
    pub non_unique_items_exclusive_minimum_only_from_alias_with_items_exclusive_minimum: NonUniqueItemsExclusiveMinimumAlias, // want "field A.NonUniqueItemsExclusiveMinimumOnlyFromAliasWithItemsExclusiveMinimum has multiple definitions of marker kubebuilder:validation:items:ExclusiveMinimum when only a single definition should exist"
    // +kubebuilder:validation:items:Format:="date-time"
    #[serde(rename = "UniqueItemsFormat")]
    pub unique_items_format: Vec<String>,
    // +kubebuilder:validation:items:Format:="date-time"
    // +kubebuilder:validation:items:Format:="password"
    #[serde(rename = "NonUniqueItemsFormat")]
    pub non_unique_items_format: Vec<String>, // want "field A.NonUniqueItemsFormat has multiple definitions of marker kubebuilder:validation:items:Format when only a single definition should exist"
    // +kubebuilder:validation:items:Format:="date-time"
    #[serde(rename = "NonUniqueItemsFormatFromAliasWithItemsFormat")]
    pub non_unique_items_format_from_alias_with_items_format: UniqueItemsFormatAlias, // want "field A.NonUniqueItemsFormatFromAliasWithItemsFormat has multiple definitions of marker kubebuilder:validation:items:Format when only a single definition should exist"
    #[serde(rename = "NonUniqueItemsFormatOnlyFromAliasWithItemsFormat")]
    pub non_unique_items_format_only_from_alias_with_items_format: NonUniqueItemsFormatAlias, // want "field A.NonUniqueItemsFormatOnlyFromAliasWithItemsFormat has multiple definitions of marker kubebuilder:validation:items:Format when only a single definition should exist"
    // +kubebuilder:validation:items:MaxItems:=5
    #[serde(rename = "UniqueItemsMaxItems")]
    pub unique_items_max_items: Vec<Vec<String>>,
    // +kubebuilder:validation:items:MaxItems:=5
    // +kubebuilder:validation:items:MaxItems:=10
    #[serde(rename = "NonUniqueItemsMaxItems")]
    pub non_unique_items_max_items: Vec<Vec<String>>, // want "field A.NonUniqueItemsMaxItems has multiple definitions of marker kubebuilder:validation:items:MaxItems when only a single definition should exist"
    // +kubebuilder:validation:items:MaxItems:=3
    #[serde(rename = "NonUniqueItemsMaxItemsFromAliasWithItemsMaxItems")]
    pub non_unique_items_max_items_from_alias_with_items_max_items: UniqueItemsMaxItemsAlias, // want "field A.NonUniqueItemsMaxItemsFromAliasWithItemsMaxItems has multiple definitions of marker kubebuilder:validation:items:MaxItems when only a single definition should exist"
    #[serde(rename = "NonUniqueItemsMaxItemsOnlyFromAliasWithItemsMaxItems")]
    pub non_unique_items_max_items_only_from_alias_with_items_max_items: NonUniqueItemsMaxItemsAlias, // want "field A.NonUniqueItemsMaxItemsOnlyFromAliasWithItemsMaxItems has multiple definitions of marker kubebuilder:validation:items:MaxItems when only a single definition should exist"
    // +kubebuilder:validation:items:MaxProperties:=3
    #[serde(rename = "UniqueItemsMaxProperties")]
    pub unique_items_max_properties: Vec<BTreeMap<String, String>>,
    // +kubebuilder:validation:items:MaxProperties:=3
    // +kubebuilder:validation:items:MaxProperties:=5
    #[serde(rename = "NonUniqueItemsMaxProperties")]
    pub non_unique_items_max_properties: Vec<BTreeMap<String, String>>, // want "field A.NonUniqueItemsMaxProperties has multiple definitions of marker kubebuilder:validation:items:MaxProperties when only a single definition should exist"
    // +kubebuilder:validation:items:MaxProperties:=2
    #[serde(rename = "NonUniqueItemsMaxPropertiesFromAliasWithItemsMaxProperties")]
    pub non_unique_items_max_properties_from_alias_with_items_max_properties: UniqueItemsMaxPropertiesAlias, // want "field A.NonUniqueItemsMaxPropertiesFromAliasWithItemsMaxProperties has multiple definitions of marker kubebuilder:validation:items:MaxProperties when only a single definition should exist"
    #[serde(rename = "NonUniqueItemsMaxPropertiesOnlyFromAliasWithItemsMaxProperties")]
    pub non_unique_items_max_properties_only_from_alias_with_items_max_properties: NonUniqueItemsMaxPropertiesAlias, // want "field A.NonUniqueItemsMaxPropertiesOnlyFromAliasWithItemsMaxProperties has multiple definitions of marker kubebuilder:validation:items:MaxProperties when only a single definition should exist"
    // +kubebuilder:validation:items:Maximum:=100
    #[serde(rename = "UniqueItemsMaximum")]
    pub unique_items_maximum: Vec<isize>,
    // +kubebuilder:validation:items:Maximum:=100
    // +kubebuilder:validation:items:Maximum:=50
    #[serde(rename = "NonUniqueItemsMaximum")]
    pub non_unique_items_maximum: Vec<isize>, // want "field A.NonUniqueItemsMaximum has multiple definitions of marker kubebuilder:validation:items:Maximum when only a single definition should exist"
    // +kubebuilder:validation:items:Maximum:=75
    #[serde(rename = "NonUniqueItemsMaximumFromAliasWithItemsMaximum")]
    pub non_unique_items_maximum_from_alias_with_items_maximum: UniqueItemsMaximumAlias, // want "field A.NonUniqueItemsMaximumFromAliasWithItemsMaximum has multiple definitions of marker kubebuilder:validation:items:Maximum when only a single definition should exist"
    #[serde(rename = "NonUniqueItemsMaximumOnlyFromAliasWithItemsMaximum")]
    pub non_unique_items_maximum_only_from_alias_with_items_maximum: NonUniqueItemsMaximumAlias, // want "field A.NonUniqueItemsMaximumOnlyFromAliasWithItemsMaximum has multiple definitions of marker kubebuilder:validation:items:Maximum when only a single definition should exist"
    // +kubebuilder:validation:items:MinItems:=1
    #[serde(rename = "UniqueItemsMinItems")]
    pub unique_items_min_items: Vec<Vec<String>>,
    // +kubebuilder:validation:items:MinItems:=1
    // +kubebuilder:validation:items:MinItems:=2
    #[serde(rename = "NonUniqueItemsMinItems")]
    pub non_unique_items_min_items: Vec<Vec<String>>, // want "field A.NonUniqueItemsMinItems has multiple definitions of marker kubebuilder:validation:items:MinItems when only a single definition should exist"
    // +kubebuilder:validation:items:MinItems:=3
    #[serde(rename = "NonUniqueItemsMinItemsFromAliasWithItemsMinItems")]
    pub non_unique_items_min_items_from_alias_with_items_min_items: UniqueItemsMinItemsAlias, // want "field A.NonUniqueItemsMinItemsFromAliasWithItemsMinItems has multiple definitions of marker kubebuilder:validation:items:MinItems when only a single definition should exist"
    #[serde(rename = "NonUniqueItemsMinItemsOnlyFromAliasWithItemsMinItems")]
    pub non_unique_items_min_items_only_from_alias_with_items_min_items: NonUniqueItemsMinItemsAlias, // want "field A.NonUniqueItemsMinItemsOnlyFromAliasWithItemsMinItems has multiple definitions of marker kubebuilder:validation:items:MinItems when only a single definition should exist"
    // +kubebuilder:validation:items:MinLength:=5
    #[serde(rename = "UniqueItemsMinLength")]
    pub unique_items_min_length: Vec<String>,
    // +kubebuilder:validation:items:MinLength:=5
    // +kubebuilder:validation:items:MinLength:=10
    #[serde(rename = "NonUniqueItemsMinLength")]
    pub non_unique_items_min_length: Vec<String>, // want "field A.NonUniqueItemsMinLength has multiple definitions of marker kubebuilder:validation:items:MinLength when only a single definition should exist"
    // +kubebuilder:validation:items:MinLength:=3
    #[serde(rename = "NonUniqueItemsMinLengthFromAliasWithItemsMinLength")]
    pub non_unique_items_min_length_from_alias_with_items_min_length: UniqueItemsMinLengthAlias, // want "field A.NonUniqueItemsMinLengthFromAliasWithItemsMinLength has multiple definitions of marker kubebuilder:validation:items:MinLength when only a single definition should exist"
    #[serde(rename = "NonUniqueItemsMinLengthOnlyFromAliasWithItemsMinLength")]
    pub non_unique_items_min_length_only_from_alias_with_items_min_length: NonUniqueItemsMinLengthAlias, // want "field A.NonUniqueItemsMinLengthOnlyFromAliasWithItemsMinLength has multiple definitions of marker kubebuilder:validation:items:MinLength when only a single definition should exist"
    // +kubebuilder:validation:items:MinProperties:=1
    #[serde(rename = "UniqueItemsMinProperties")]
    pub unique_items_min_properties: Vec<BTreeMap<String, String>>,
    // +kubebuilder:validation:items:MinProperties:=1
    // +kubebuilder:validation:items:MinProperties:=2
    #[serde(rename = "NonUniqueItemsMinProperties")]
    pub non_unique_items_min_properties: Vec<BTreeMap<String, String>>, // want "field A.NonUniqueItemsMinProperties has multiple definitions of marker kubebuilder:validation:items:MinProperties when only a single definition should exist"
    // +kubebuilder:validation:items:MinProperties:=3
    #[serde(rename = "NonUniqueItemsMinPropertiesFromAliasWithItemsMinProperties")]
    pub non_unique_items_min_properties_from_alias_with_items_min_properties: UniqueItemsMinPropertiesAlias, // want "field A.NonUniqueItemsMinPropertiesFromAliasWithItemsMinProperties has multiple definitions of marker kubebuilder:validation:items:MinProperties when only a single definition should exist"
    #[serde(rename = "NonUniqueItemsMinPropertiesOnlyFromAliasWithItemsMinProperties")]
    pub non_unique_items_min_properties_only_from_alias_with_items_min_properties: NonUniqueItemsMinPropertiesAlias, // want "field A.NonUniqueItemsMinPropertiesOnlyFromAliasWithItemsMinProperties has multiple definitions of marker kubebuilder:validation:items:MinProperties when only a single definition should exist"
    // +kubebuilder:validation:items:Minimum:=0
    #[serde(rename = "UniqueItemsMinimum")]
    pub unique_items_minimum: Vec<isize>,
    // +kubebuilder:validation:items:Minimum:=0
    // +kubebuilder:validation:items:Minimum:=-5
    #[serde(rename = "NonUniqueItemsMinimum")]
    pub non_unique_items_minimum: Vec<isize>, // want "field A.NonUniqueItemsMinimum has multiple definitions of marker kubebuilder:validation:items:Minimum when only a single definition should exist"
    // +kubebuilder:validation:items:Minimum:=10
    #[serde(rename = "NonUniqueItemsMinimumFromAliasWithItemsMinimum")]
    pub non_unique_items_minimum_from_alias_with_items_minimum: UniqueItemsMinimumAlias, // want "field A.NonUniqueItemsMinimumFromAliasWithItemsMinimum has multiple definitions of marker kubebuilder:validation:items:Minimum when only a single definition should exist"
    #[serde(rename = "NonUniqueItemsMinimumOnlyFromAliasWithItemsMinimum")]
    pub non_unique_items_minimum_only_from_alias_with_items_minimum: NonUniqueItemsMinimumAlias, // want "field A.NonUniqueItemsMinimumOnlyFromAliasWithItemsMinimum has multiple definitions of marker kubebuilder:validation:items:Minimum when only a single definition should exist"
    // +kubebuilder:validation:items:MultipleOf:=3
    #[serde(rename = "UniqueItemsMultipleOf")]
    pub unique_items_multiple_of: Vec<isize>,
    // +kubebuilder:validation:items:MultipleOf:=3
    // +kubebuilder:validation:items:MultipleOf:=5
    #[serde(rename = "NonUniqueItemsMultipleOf")]
    pub non_unique_items_multiple_of: Vec<isize>, // want "field A.NonUniqueItemsMultipleOf has multiple definitions of marker kubebuilder:validation:items:MultipleOf when only a single definition should exist"
    // +kubebuilder:validation:items:MultipleOf:=2
    #[serde(rename = "NonUniqueItemsMultipleOfFromAliasWithItemsMultipleOf")]
    pub non_unique_items_multiple_of_from_alias_with_items_multiple_of: UniqueItemsMultipleOfAlias, // want "field A.NonUniqueItemsMultipleOfFromAliasWithItemsMultipleOf has multiple definitions of marker kubebuilder:validation:items:MultipleOf when only a single definition should exist"
    #[serde(rename = "NonUniqueItemsMultipleOfOnlyFromAliasWithItemsMultipleOf")]
    pub non_unique_items_multiple_of_only_from_alias_with_items_multiple_of: NonUniqueItemsMultipleOfAlias, // want "field A.NonUniqueItemsMultipleOfOnlyFromAliasWithItemsMultipleOf has multiple definitions of marker kubebuilder:validation:items:MultipleOf when only a single definition should exist"
    // +kubebuilder:validation:items:Pattern:="^[a-z]+$"
    #[serde(rename = "UniqueItemsPattern")]
    pub unique_items_pattern: Vec<String>,
    // +kubebuilder:validation:items:Pattern:="^[a-z]+$"
    // +kubebuilder:validation:items:Pattern:="^[0-9]+$"
    #[serde(rename = "NonUniqueItemsPattern")]
    pub non_unique_items_pattern: Vec<String>, // want "field A.NonUniqueItemsPattern has multiple definitions of marker kubebuilder:validation:items:Pattern when only a single definition should exist"
    // +kubebuilder:validation:items:Pattern:="^[A-Z]+$"
    #[serde(rename = "NonUniqueItemsPatternFromAliasWithItemsPattern")]
    pub non_unique_items_pattern_from_alias_with_items_pattern: UniqueItemsPatternAlias, // want "field A.NonUniqueItemsPatternFromAliasWithItemsPattern has multiple definitions of marker kubebuilder:validation:items:Pattern when only a single definition should exist"
    #[serde(rename = "NonUniqueItemsPatternOnlyFromAliasWithItemsPattern")]
    pub non_unique_items_pattern_only_from_alias_with_items_pattern: NonUniqueItemsPatternAlias, // want "field A.NonUniqueItemsPatternOnlyFromAliasWithItemsPattern has multiple definitions of marker kubebuilder:validation:items:Pattern when only a single definition should exist"
    // +kubebuilder:validation:items:Type:="string"
    #[serde(rename = "UniqueItemsType")]
    pub unique_items_type: Vec<String>,
    // +kubebuilder:validation:items:Type:="string"
    #[serde(rename = "NonUniqueItemsType")]
    pub non_unique_items_type: Vec<String>, // want "field A.NonUniqueItemsType has multiple definitions of marker kubebuilder:validation:items:Type when only a single definition should exist"
    // +kubebuilder:validation:items:Type:="string"
    #[serde(rename = "NonUniqueItemsTypeFromAliasWithItemsType")]
    pub non_unique_items_type_from_alias_with_items_type: UniqueItemsTypeAlias, // want "field A.NonUniqueItemsTypeFromAliasWithItemsType has multiple definitions of marker kubebuilder:validation:items:Type when only a single definition should exist"
    #[serde(rename = "NonUniqueItemsTypeOnlyFromAliasWithItemsType")]
    pub non_unique_items_type_only_from_alias_with_items_type: NonUniqueItemsTypeAlias, // want "field A.NonUniqueItemsTypeOnlyFromAliasWithItemsType has multiple definitions of marker kubebuilder:validation:items:Type when only a single definition should exist"
    // +kubebuilder:validation:items:UniqueItems:=true
    #[serde(rename = "UniqueItemsUniqueItems")]
    pub unique_items_unique_items: Vec<Vec<String>>,
    // +kubebuilder:validation:items:UniqueItems:=true
    // +kubebuilder:validation:items:UniqueItems:=false
    #[serde(rename = "NonUniqueItemsUniqueItems")]
    pub non_unique_items_unique_items: Vec<Vec<String>>, // want "field A.NonUniqueItemsUniqueItems has multiple definitions of marker kubebuilder:validation:items:UniqueItems when only a single definition should exist"
    // +kubebuilder:validation:items:UniqueItems:=true
    #[serde(rename = "NonUniqueItemsUniqueItemsFromAliasWithItemsUniqueItems")]
    pub non_unique_items_unique_items_from_alias_with_items_unique_items: UniqueItemsUniqueItemsAlias, // want "field A.NonUniqueItemsUniqueItemsFromAliasWithItemsUniqueItems has multiple definitions of marker kubebuilder:validation:items:UniqueItems when only a single definition should exist"
    #[serde(rename = "NonUniqueItemsUniqueItemsOnlyFromAliasWithItemsUniqueItems")]
    pub non_unique_items_unique_items_only_from_alias_with_items_unique_items: NonUniqueItemsUniqueItemsAlias, // want "field A.NonUniqueItemsUniqueItemsOnlyFromAliasWithItemsUniqueItems has multiple definitions of marker kubebuilder:validation:items:UniqueItems when only a single definition should exist"
}

pub struct UniqueBasicDefaultAlias(pub String);

pub struct NonUniqueBasicDefaultAlias(pub String); // want "type NonUniqueBasicDefaultAlias has multiple definitions of marker default when only a single definition should exist"

// +kubebuilder:default:="bart"
pub struct UniqueKubebuilderDefaultAlias(pub String);

// +kubebuilder:default:="homer"
// +kubebuilder:default:="bart"
pub struct NonUniqueKubebuilderDefaultAlias(pub String); // want "type NonUniqueKubebuilderDefaultAlias has multiple definitions of marker kubebuilder:default when only a single definition should exist"

// +kubebuilder:example:="bart"
pub struct UniqueKubebuilderExampleAlias(pub String);

// +kubebuilder:example:="homer"
// +kubebuilder:example:="bart"
pub struct NonUniqueKubebuilderExampleAlias(pub String); // want "type NonUniqueKubebuilderExampleAlias has multiple definitions of marker kubebuilder:example when only a single definition should exist"

// +kubebuilder:validation:MinLength:=5
pub struct UniqueMinLengthStringAlias(pub String);

// +kubebuilder:validation:MinLength:=5
// +kubebuilder:validation:MinLength:=1
pub struct NonUniqueMinLengthStringAlias(pub String); // want "type NonUniqueMinLengthStringAlias has multiple definitions of marker kubebuilder:validation:MinLength when only a single definition should exist"

// +kubebuilder:validation:Enum:=Baz;Qux
pub struct UniqueEnumAlias(pub String);

// +kubebuilder:validation:Enum:=Foo;Bar
// +kubebuilder:validation:Enum=Baz;Qux
pub struct NonUniqueEnumAlias(pub String); // want "type NonUniqueEnumAlias has multiple definitions of marker kubebuilder:validation:Enum when only a single definition should exist"

// +kubebuilder:validation:Maximum:=5
// +kubebuilder:validation:ExclusiveMaximum:=false
pub struct UniqueExclusiveMaximumAlias(pub isize);

// +kubebuilder:validation:Maximum:=5
// +kubebuilder:validation:ExclusiveMaximum:=true
// +kubebuilder:validation:ExclusiveMaximum:=false
pub struct NonUniqueExclusiveMaximumAlias(pub isize); // want "type NonUniqueExclusiveMaximumAlias has multiple definitions of marker kubebuilder:validation:ExclusiveMaximum when only a single definition should exist"

// +kubebuilder:validation:Minimum:=2
// +kubebuilder:validation:ExclusiveMinimum:=false
pub struct UniqueExclusiveMinimumAlias(pub isize);

// +kubebuilder:validation:Minimum:=2
// +kubebuilder:validation:ExclusiveMinimum:=true
// +kubebuilder:validation:ExclusiveMinimum:=false
pub struct NonUniqueExclusiveMinimumAlias(pub isize); // want "type NonUniqueExclusiveMinimumAlias has multiple definitions of marker kubebuilder:validation:ExclusiveMinimum when only a single definition should exist"

// +kubebuilder:validation:Format:="date"
pub struct UniqueFormatAlias(pub String);

// +kubebuilder:validation:Format:="date"
// +kubebuilder:validation:Format:="password"
pub struct NonUniqueFormatAlias(pub String); // want "type NonUniqueFormatAlias has multiple definitions of marker kubebuilder:validation:Format when only a single definition should exist"

// +kubebuilder:validation:MaxItems:=3
pub struct UniqueMaxItemsAlias(pub Vec<String>);

// +kubebuilder:validation:MaxItems:=3
// +kubebuilder:validation:MaxItems:=7
pub struct NonUniqueMaxItemsAlias(pub Vec<String>); // want "type NonUniqueMaxItemsAlias has multiple definitions of marker kubebuilder:validation:MaxItems when only a single definition should exist"

// +kubebuilder:validation:MaxProperties:=2
pub struct UniqueMaxPropertiesAlias(pub BTreeMap<String, String>);

// +kubebuilder:validation:MaxProperties:=2
// +kubebuilder:validation:MaxProperties:=6
pub struct NonUniqueMaxPropertiesAlias(pub BTreeMap<String, String>); // want "type NonUniqueMaxPropertiesAlias has multiple definitions of marker kubebuilder:validation:MaxProperties when only a single definition should exist"

// +kubebuilder:validation:Maximum:=50
pub struct UniqueMaximumAlias(pub isize);

// +kubebuilder:validation:Maximum:=50
// +kubebuilder:validation:Maximum:=75
pub struct NonUniqueMaximumAlias(pub isize); // want "type NonUniqueMaximumAlias has multiple definitions of marker kubebuilder:validation:Maximum when only a single definition should exist"

// +kubebuilder:validation:MinItems:=4
pub struct UniqueMinItemsAlias(pub Vec<String>);

// +kubebuilder:validation:MinItems:=4
// +kubebuilder:validation:MinItems:=5
pub struct NonUniqueMinItemsAlias(pub Vec<String>); // want "type NonUniqueMinItemsAlias has multiple definitions of marker kubebuilder:validation:MinItems when only a single definition should exist"

// +kubebuilder:validation:MinLength:=40
pub struct UniqueMinLengthCustomAlias(pub String);

// +kubebuilder:validation:MinLength:=40
// +kubebuilder:validation:MinLength:=45
pub struct NonUniqueMinLengthCustomAlias(pub String); // want "type NonUniqueMinLengthCustomAlias has multiple definitions of marker kubebuilder:validation:MinLength when only a single definition should exist"

// +kubebuilder:validation:MinProperties:=4
pub struct UniqueMinPropertiesFieldAlias(pub BTreeMap<String, String>);

// +kubebuilder:validation:MinProperties:=4
// +kubebuilder:validation:MinProperties:=5
pub struct NonUniqueMinPropertiesFieldAlias(pub BTreeMap<String, String>); // want "type NonUniqueMinPropertiesFieldAlias has multiple definitions of marker kubebuilder:validation:MinProperties when only a single definition should exist"

// +kubebuilder:validation:Minimum:=5
pub struct UniqueMinimumAlias(pub isize);

// +kubebuilder:validation:Minimum:=5
// +kubebuilder:validation:Minimum:=7
pub struct NonUniqueMinimumAlias(pub isize); // want "type NonUniqueMinimumAlias has multiple definitions of marker kubebuilder:validation:Minimum when only a single definition should exist"

// +kubebuilder:validation:MultipleOf:=7
pub struct UniqueMultipleOfAlias(pub isize);

// +kubebuilder:validation:MultipleOf:=7
// +kubebuilder:validation:MultipleOf:=11
pub struct NonUniqueMultipleOfAlias(pub isize); // want "type NonUniqueMultipleOfAlias has multiple definitions of marker kubebuilder:validation:MultipleOf when only a single definition should exist"

// +kubebuilder:validation:Pattern:="^\\w+$"
pub struct UniquePatternAlias(pub String);

// +kubebuilder:validation:Pattern:="^\\w+$"
// +kubebuilder:validation:Pattern:="^\\d+$"
pub struct NonUniquePatternAlias(pub String); // want "type NonUniquePatternAlias has multiple definitions of marker kubebuilder:validation:Pattern when only a single definition should exist"

// +kubebuilder:validation:Type:="string"
pub struct UniqueTypeValidationAlias(pub String);

// +kubebuilder:validation:Type:="string"
pub struct NonUniqueTypeValidationAlias(pub String); // want "type NonUniqueTypeValidationAlias has multiple definitions of marker kubebuilder:validation:Type when only a single definition should exist"

// +kubebuilder:validation:UniqueItems:=false
pub struct UniqueUniqueItemsAlias(pub Vec<String>);

// +kubebuilder:validation:UniqueItems:=true
// +kubebuilder:validation:UniqueItems:=false
pub struct NonUniqueUniqueItemsAlias(pub Vec<String>); // want "type NonUniqueUniqueItemsAlias has multiple definitions of marker kubebuilder:validation:UniqueItems when only a single definition should exist"

// +kubebuilder:validation:items:Enum=Banana;Grape
pub struct UniqueItemsEnumAlias(pub Vec<String>);

// +kubebuilder:validation:items:Enum=Apple;Orange
// +kubebuilder:validation:items:Enum=Banana;Grape
pub struct NonUniqueItemsEnumAlias(pub Vec<String>); // want "type NonUniqueItemsEnumAlias has multiple definitions of marker kubebuilder:validation:items:Enum when only a single definition should exist"

// +kubebuilder:validation:items:Maximum:=5
// +kubebuilder:validation:items:ExclusiveMaximum:=false
pub struct UniqueItemsExclusiveMaximumAlias(pub Vec<isize>);

// +kubebuilder:validation:items:Maximum:=5
// +kubebuilder:validation:items:ExclusiveMaximum:=true
// +kubebuilder:validation:items:ExclusiveMaximum:=false
pub struct NonUniqueItemsExclusiveMaximumAlias(pub Vec<isize>); // want "type NonUniqueItemsExclusiveMaximumAlias has multiple definitions of marker kubebuilder:validation:items:ExclusiveMaximum when only a single definition should exist"

// +kubebuilder:validation:items:Minimum:=2
// +kubebuilder:validation:items:ExclusiveMinimum:=false
pub struct UniqueItemsExclusiveMinimumAlias(pub Vec<isize>);

// +kubebuilder:validation:items:Minimum:=2
// +kubebuilder:validation:items:ExclusiveMinimum:=true
// +kubebuilder:validation:items:ExclusiveMinimum:=false
pub struct NonUniqueItemsExclusiveMinimumAlias(pub Vec<isize>); // want "type NonUniqueItemsExclusiveMinimumAlias has multiple definitions of marker kubebuilder:validation:items:ExclusiveMinimum when only a single definition should exist"

// +kubebuilder:validation:items:Format:="password"
pub struct UniqueItemsFormatAlias(pub Vec<String>);

// +kubebuilder:validation:items:Format:="date-time"
// +kubebuilder:validation:items:Format:="password"
pub struct NonUniqueItemsFormatAlias(pub Vec<String>); // want "type NonUniqueItemsFormatAlias has multiple definitions of marker kubebuilder:validation:items:Format when only a single definition should exist"

// +kubebuilder:validation:items:MaxItems:=2
pub struct UniqueItemsMaxItemsAlias(pub Vec<Vec<String>>);

// +kubebuilder:validation:items:MaxItems:=2
// +kubebuilder:validation:items:MaxItems:=4
pub struct NonUniqueItemsMaxItemsAlias(pub Vec<Vec<String>>); // want "type NonUniqueItemsMaxItemsAlias has multiple definitions of marker kubebuilder:validation:items:MaxItems when only a single definition should exist"

// +kubebuilder:validation:items:MaxProperties:=1
pub struct UniqueItemsMaxPropertiesAlias(pub Vec<BTreeMap<String, String>>);

// +kubebuilder:validation:items:MaxProperties:=1
// +kubebuilder:validation:items:MaxProperties:=4
pub struct NonUniqueItemsMaxPropertiesAlias(pub Vec<BTreeMap<String, String>>); // want "type NonUniqueItemsMaxPropertiesAlias has multiple definitions of marker kubebuilder:validation:items:MaxProperties when only a single definition should exist"

/// kubebuilder:validation:items:Maximum
// +kubebuilder:validation:items:Maximum:=25
pub struct UniqueItemsMaximumAlias(pub Vec<isize>);

// +kubebuilder:validation:items:Maximum:=25
// +kubebuilder:validation:items:Maximum:=10
pub struct NonUniqueItemsMaximumAlias(pub Vec<isize>); // want "type NonUniqueItemsMaximumAlias has multiple definitions of marker kubebuilder:validation:items:Maximum when only a single definition should exist"

// +kubebuilder:validation:items:MinItems:=4
pub struct UniqueItemsMinItemsAlias(pub Vec<Vec<String>>);

// +kubebuilder:validation:items:MinItems:=4
// +kubebuilder:validation:items:MinItems:=2
pub struct NonUniqueItemsMinItemsAlias(pub Vec<Vec<String>>); // want "type NonUniqueItemsMinItemsAlias has multiple definitions of marker kubebuilder:validation:items:MinItems when only a single definition should exist"

// +kubebuilder:validation:items:MinLength:=8
pub struct UniqueItemsMinLengthAlias(pub Vec<String>);

// +kubebuilder:validation:items:MinLength:=8
// +kubebuilder:validation:items:MinLength:=2
pub struct NonUniqueItemsMinLengthAlias(pub Vec<String>); // want "type NonUniqueItemsMinLengthAlias has multiple definitions of marker kubebuilder:validation:items:MinLength when only a single definition should exist"

// +kubebuilder:validation:items:MinProperties:=4
pub struct UniqueItemsMinPropertiesAlias(pub Vec<BTreeMap<String, String>>);

// +kubebuilder:validation:items:MinProperties:=4
// +kubebuilder:validation:items:MinProperties:=2
pub struct NonUniqueItemsMinPropertiesAlias(pub Vec<BTreeMap<String, String>>); // want "type NonUniqueItemsMinPropertiesAlias has multiple definitions of marker kubebuilder:validation:items:MinProperties when only a single definition should exist"

// +kubebuilder:validation:items:Minimum:=20
pub struct UniqueItemsMinimumAlias(pub Vec<isize>);

// +kubebuilder:validation:items:Minimum:=20
// +kubebuilder:validation:items:Minimum:=30
pub struct NonUniqueItemsMinimumAlias(pub Vec<isize>); // want "type NonUniqueItemsMinimumAlias has multiple definitions of marker kubebuilder:validation:items:Minimum when only a single definition should exist"

// +kubebuilder:validation:items:MultipleOf:=7
pub struct UniqueItemsMultipleOfAlias(pub Vec<isize>);

// +kubebuilder:validation:items:MultipleOf:=7
// +kubebuilder:validation:items:MultipleOf:=11
pub struct NonUniqueItemsMultipleOfAlias(pub Vec<isize>); // want "type NonUniqueItemsMultipleOfAlias has multiple definitions of marker kubebuilder:validation:items:MultipleOf when only a single definition should exist"

/// kubebuilder:validation:items:Pattern
// +kubebuilder:validation:items:Pattern:="^\\w+$"
pub struct UniqueItemsPatternAlias(pub Vec<String>);

// +kubebuilder:validation:items:Pattern:="^\\w+$"
// +kubebuilder:validation:items:Pattern:="^\\d+$"
pub struct NonUniqueItemsPatternAlias(pub Vec<String>); // want "type NonUniqueItemsPatternAlias has multiple definitions of marker kubebuilder:validation:items:Pattern when only a single definition should exist"

pub struct UniqueItemsTypeAlias(pub Vec<String>);

// +kubebuilder:validation:items:Type:="string"
pub struct NonUniqueItemsTypeAlias(pub Vec<String>); // want "type NonUniqueItemsTypeAlias has multiple definitions of marker kubebuilder:validation:items:Type when only a single definition should exist"

// +kubebuilder:validation:items:UniqueItems:=false
pub struct UniqueItemsUniqueItemsAlias(pub Vec<Vec<String>>);

// +kubebuilder:validation:items:UniqueItems:=true
// +kubebuilder:validation:items:UniqueItems:=false
pub struct NonUniqueItemsUniqueItemsAlias(pub Vec<Vec<String>>); // want "type NonUniqueItemsUniqueItemsAlias has multiple definitions of marker kubebuilder:validation:items:UniqueItems when only a single definition should exist"

