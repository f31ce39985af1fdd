// Twin of kube-api-linter's pkg/analysis/statusoptional/testdata/src/a/a.go (see tests/lint-parity/README.md).
use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};

/// Different embedding scenarios
#[serde(rename_all = "camelCase")]
pub struct ResourceWithEmbeddings {
    pub status: StatusWithEmbeddings,
}

#[serde(rename_all = "camelCase")]
pub struct StatusWithEmbeddings {
    /// Regular inlined embed
    #[serde(flatten)]
    pub inline_embed: InlineEmbed,
    /// Non-inlined embed
    pub non_inline_embed: NonInlineEmbed, // want "status field \"NonInlineEmbed\" must be marked as optional"
    /// Non-inlined embed with omitempty
    #[serde(rename = "nonInlineOmitEmpty")]
    #[serde(default)]
    pub non_inline_omit_empty_embed: NonInlineOmitEmptyEmbed, // want "status field \"NonInlineOmitEmptyEmbed\" must be marked as optional"
    /// Pointer to non-inlined embed
    pub pointer_embed: Option<PointerEmbed>, // want "status field \"PointerEmbed\" must be marked as optional"
    /// Pointer to non-inlined embed with omitempty
    #[serde(rename = "pointerOmitEmpty")]
    pub pointer_omit_empty_embed: Option<PointerOmitEmptyEmbed>, // want "status field \"PointerOmitEmptyEmbed\" must be marked as optional"
    /// NonInlinedStructFromAnotherFile imports a type from another file
    pub non_inlined_struct_from_another_file: StructFromAnotherFile, // want "status field \"NonInlinedStructFromAnotherFile\" must be marked as optional"
    #[serde(flatten)]
    pub struct_from_another_file: StructFromAnotherFile,
}

#[serde(rename_all = "camelCase")]
pub struct InlineEmbed {
    pub inline_field: String, // want "status field \"InlineField\" must be marked as optional"
}

#[serde(rename_all = "camelCase")]
pub struct NonInlineEmbed {
    pub non_inline_field: String,
}

#[serde(rename_all = "camelCase")]
pub struct NonInlineOmitEmptyEmbed {
    pub non_inline_omit_empty_field: String,
}

#[serde(rename_all = "camelCase")]
pub struct PointerEmbed {
    pub pointer_field: String,
}

#[serde(rename_all = "camelCase")]
pub struct PointerOmitEmptyEmbed {
    pub pointer_omit_empty_field: String,
}

#[serde(rename_all = "camelCase")]
pub struct NonInlineOmitZeroEmbed {
    pub non_inline_omit_zero_field: String,
}

#[serde(rename_all = "camelCase")]
pub struct PointerOmitZeroEmbed {
    pub pointer_omit_zero_field: String,
}

#[serde(rename_all = "camelCase")]
pub struct ResourceWithNestedStatus {
    pub status: NestedStatusStatus,
}

#[serde(rename_all = "camelCase")]
pub struct NestedStatusStatus {
    // +optional
    pub nested_status: SecondLevelStatus,
}

#[serde(rename_all = "camelCase")]
pub struct SecondLevelStatus {
    /// The required here is ignored because it is not the top-level status field.
    // +required
    pub nested_field: String,
}

#[serde(rename_all = "camelCase")]
pub struct ResourceWithStatusMarkedRequired {
    pub status: StatusMarkedRequired,
}

#[serde(rename_all = "camelCase")]
pub struct StatusMarkedRequired {
    // +required
    pub one_required_field: String, // want "status field \"OneRequiredField\" must be marked as optional"
    // +required
    // +kubebuilder:validation:Required
    pub both_required_field: String, // want "status field \"BothRequiredField\" must be marked as optional"
}

