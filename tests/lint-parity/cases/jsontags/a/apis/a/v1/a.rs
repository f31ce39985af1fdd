// Twin of kube-api-linter's pkg/analysis/jsontags/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

#[serde(rename_all = "camelCase")]
pub struct JSONTagTestStruct {
    #[serde(rename = "NoJSONTag")]
    pub no_json_tag: String, // want "field JSONTagTestStruct.NoJSONTag is missing json tag"
    #[serde(rename = "EmptyJSONTag")]
    pub empty_json_tag: String, // want "field JSONTagTestStruct.EmptyJSONTag has empty json tag"
    #[serde(rename = "non_camel_case_json_tag")]
    pub non_camel_case_json_tag: String, // want "field JSONTagTestStruct.non_camel_case_json_tag json tag does not match pattern \"\\^\\[a-z\\]\\[a-z0-9\\]\\*\\(\\?:\\[A-Z\\]\\[a-z0-9\\]\\*\\)\\*\\$\": non_camel_case_json_tag"
    #[serde(rename = "with-hyphens-json-tag")]
    pub with_hyphens_json_tag: String, // want "field JSONTagTestStruct.with-hyphens-json-tag json tag does not match pattern \"\\^\\[a-z\\]\\[a-z0-9\\]\\*\\(\\?:\\[A-Z\\]\\[a-z0-9\\]\\*\\)\\*\\$\": with-hyphens-json-tag"
    #[serde(rename = "PascalCaseJSONTag")]
    pub pascal_case_json_tag: String, // want "field JSONTagTestStruct.PascalCaseJSONTag json tag does not match pattern \"\\^\\[a-z\\]\\[a-z0-9\\]\\*\\(\\?:\\[A-Z\\]\\[a-z0-9\\]\\*\\)\\*\\$\": PascalCaseJSONTag"
    #[serde(rename = "NonTerminatedJSONTag")]
    pub non_terminated_json_tag: String, // want "field JSONTagTestStruct.NonTerminatedJSONTag is missing json tag"
    #[serde(rename = "XMLTag")]
    pub xml_tag: String, // want "field JSONTagTestStruct.XMLTag is missing json tag"
    #[serde(rename = "NamedInline")]
    pub named_inline: String, // want "field JSONTagTestStruct.NamedInline has inline json tag, but is not embedded"
    #[serde(rename = "NamedEmptyTag")]
    pub named_empty_tag: String, // want "field JSONTagTestStruct.NamedEmptyTag has empty json tag"
    #[serde(rename = "validJsonTag")]
    pub valid_json_tag: String,
    #[serde(rename = "validOptionalJsonTag")]
    #[serde(default)]
    pub valid_optional_json_tag: String,
    #[serde(rename = "jsonTagWithID")]
    pub json_tag_with_id: String,
    #[serde(rename = "jsonTagWithTTL")]
    pub json_tag_with_ttl: String,
    #[serde(rename = "jsonTagWithGiB")]
    pub json_tag_with_gi_b: String,
    /// This field should be ignored since the parent field is ignored.
    #[serde(rename = "A")]
    pub a: String,
}

#[serde(rename_all = "camelCase")]
pub struct A {}

#[serde(rename_all = "camelCase")]
pub struct B {}

#[serde(rename_all = "camelCase")]
pub struct C {}

#[serde(rename_all = "camelCase")]
pub struct D {}

#[serde(rename_all = "camelCase")]
pub struct E {}

#[serde(rename_all = "camelCase")]
pub struct EmbeddedInline {}

#[serde(rename_all = "camelCase")]
pub struct EmbeddedEmptyTag {}

/// ValidList is a properly tagged list type
#[serde(rename_all = "camelCase")]
pub struct ValidList {
    #[serde(rename = "metadata")]
    pub metadata: ListMeta,
    pub items: Vec<A>,
}

/// InvalidList is a list type with missing JSON tag on Items field
#[serde(rename_all = "camelCase")]
pub struct InvalidList {
    #[serde(rename = "metadata")]
    pub metadata: ListMeta,
    #[serde(rename = "Items")]
    pub items: Vec<A>, // want "field InvalidList.Items is missing json tag"
}

/// InvalidListEmptyTag is a list type with empty JSON tag on Items field
#[serde(rename_all = "camelCase")]
pub struct InvalidListEmptyTag {
    #[serde(rename = "metadata")]
    pub metadata: ListMeta,
    #[serde(rename = "Items")]
    pub items: Vec<A>, // want "field InvalidListEmptyTag.Items has empty json tag"
}

/// InvalidListSnakeCase is a list type with snake_case JSON tag on Items field
#[serde(rename_all = "camelCase")]
pub struct InvalidListSnakeCase {
    #[serde(rename = "metadata")]
    pub metadata: ListMeta,
    #[serde(rename = "item_list")]
    pub items: Vec<A>, // want "field InvalidListSnakeCase.item_list json tag does not match pattern \"\\^\\[a-z\\]\\[a-z0-9\\]\\*\\(\\?:\\[A-Z\\]\\[a-z0-9\\]\\*\\)\\*\\$\": item_list"
}

/// InvalidListKebabCase is a list type with kebab-case JSON tag on Items field
#[serde(rename_all = "camelCase")]
pub struct InvalidListKebabCase {
    #[serde(rename = "metadata")]
    pub metadata: ListMeta,
    #[serde(rename = "item-list")]
    pub items: Vec<A>, // want "field InvalidListKebabCase.item-list json tag does not match pattern \"\\^\\[a-z\\]\\[a-z0-9\\]\\*\\(\\?:\\[A-Z\\]\\[a-z0-9\\]\\*\\)\\*\\$\": item-list"
}

/// InvalidListMissingMetadataTag is a list type with missing JSON tag on ListMeta
#[serde(rename_all = "camelCase")]
pub struct InvalidListMissingMetadataTag {
    #[serde(rename = "ListMeta")]
    pub list_meta: ListMeta, // want "embedded field InvalidListMissingMetadataTag.metav1.ListMeta is missing json tag"
    pub items: Vec<A>,
}

/// InvalidListWrongMetadataTag is a list type with invalid JSON tag on ListMeta
#[serde(rename_all = "camelCase")]
pub struct InvalidListWrongMetadataTag {
    #[serde(rename = "meta_data")]
    pub list_meta: ListMeta, // want "embedded field InvalidListWrongMetadataTag.metav1.ListMeta json tag does not match pattern \"\\^\\[a-z\\]\\[a-z0-9\\]\\*\\(\\?:\\[A-Z\\]\\[a-z0-9\\]\\*\\)\\*\\$\": meta_data"
    pub items: Vec<A>,
}

/// ListWithAdditionalFields is a list type with extra fields beyond the standard 3
#[serde(rename_all = "camelCase")]
pub struct ListWithAdditionalFields {
    #[serde(rename = "metadata")]
    pub metadata: ListMeta,
    pub items: Vec<A>,
    pub extra_field: String,
    #[serde(rename = "MissingTagField")]
    pub missing_tag_field: String, // want "field ListWithAdditionalFields.MissingTagField is missing json tag"
    #[serde(rename = "invalid_tag")]
    pub invalid_tag_field: String, // want "field ListWithAdditionalFields.invalid_tag json tag does not match pattern \"\\^\\[a-z\\]\\[a-z0-9\\]\\*\\(\\?:\\[A-Z\\]\\[a-z0-9\\]\\*\\)\\*\\$\": invalid_tag"
}

/// ListWithIgnoredField is a list type with an ignored field
#[serde(rename_all = "camelCase")]
pub struct ListWithIgnoredField {
    #[serde(rename = "metadata")]
    pub metadata: ListMeta,
    pub items: Vec<A>,
}

/// Resource is a test resource type
#[serde(rename_all = "camelCase")]
pub struct Resource {
    pub field: String,
}

/// ResourceList is the exact scenario from issue #147
/// This would serialize incorrectly without proper JSON tags
#[serde(rename_all = "camelCase")]
pub struct ResourceList {
    #[serde(rename = "metadata")]
    pub metadata: ListMeta,
    #[serde(rename = "Items")]
    pub items: Vec<Resource>, // want "field ResourceList.Items is missing json tag"
}

/// ValidResourceList is the corrected version
#[serde(rename_all = "camelCase")]
pub struct ValidResourceList {
    #[serde(rename = "metadata")]
    pub metadata: ListMeta,
    pub items: Vec<Resource>,
}

/// ListWithPascalCaseTag tests that PascalCase tags are caught
#[serde(rename_all = "camelCase")]
pub struct ListWithPascalCaseTag {
    #[serde(rename = "metadata")]
    pub metadata: ListMeta,
    #[serde(rename = "Items")]
    pub items: Vec<A>, // want "field ListWithPascalCaseTag.Items json tag does not match pattern \"\\^\\[a-z\\]\\[a-z0-9\\]\\*\\(\\?:\\[A-Z\\]\\[a-z0-9\\]\\*\\)\\*\\$\": Items"
}

/// NotActuallyAList should still be linted even though it has TypeMeta and ListMeta
/// but is not a proper 3-field list type
#[serde(rename_all = "camelCase")]
pub struct NotActuallyAList {
    #[serde(rename = "metadata")]
    pub metadata: ListMeta,
    #[serde(rename = "Items")]
    pub items: A, // want "field NotActuallyAList.Items is missing json tag"
    #[serde(rename = "otherField")]
    pub some_other_field: String,
}

