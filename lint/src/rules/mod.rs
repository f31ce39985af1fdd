//! kube-api-linter's rules on Rust types, one file each (named as KAL names
//! them), and what several of them share: the optional and required marker
//! spellings, and whether a field's zero value is one its validation allows.

pub mod arrayofstruct;
pub mod commentstart;
pub mod conditions;
pub mod conflictingmarkers;
pub mod defaultorrequired;
pub mod defaults;
pub mod dependenttags;
pub mod duplicatemarkers;
pub mod forbiddenmarkers;
pub mod integers;
pub mod jsontags;
pub mod maxlength;
pub mod minlength;
pub mod namingconventions;
pub mod nobools;
pub mod nodurations;
pub mod nofloats;
pub mod nomaps;
pub mod nonpointerstructs;
pub mod nonullable;
pub mod nophase;
pub mod noreferences;
pub mod notimestamp;
pub mod optionalfields;
pub mod optionalorrequired;
pub mod preferredmarkers;
pub mod requiredfields;
pub mod ssatags;
pub mod statusoptional;
pub mod statussubresource;
pub mod uniquemarkers;

mod bounds;
mod types;
mod zero;

use super::context::FieldView;

/// The spellings of "optional", KAL's preferred first.
pub const OPTIONAL: [&str; 3] = [
    "optional",
    "kubebuilder:validation:Optional",
    "k8s:optional",
];
/// The spellings of "required", KAL's preferred first.
pub const REQUIRED: [&str; 3] = [
    "required",
    "kubebuilder:validation:Required",
    "k8s:required",
];

/// Whether the field is marked optional (any spelling).
pub fn marked_optional(f: &FieldView<'_>) -> bool {
    OPTIONAL.iter().any(|m| f.markers().has(m))
}

/// Whether the field is marked required (any spelling).
pub fn marked_required(f: &FieldView<'_>) -> bool {
    REQUIRED.iter().any(|m| f.markers().has(m))
}

/// Whether the field carries JSON of its own in the Rust reading of Go's
/// embedded `json:",inline"` fields: `#[serde(flatten)]`, whose fields are the
/// container's (KAL skips inline fields).
pub fn is_inline(f: &FieldView<'_>) -> bool {
    f.field.flatten
}

/// Whether a policy value asks for fixes.
pub fn suggests(policy: &str) -> bool {
    policy == "SuggestFix"
}

pub(crate) use types::walk_all;
pub(crate) use zero::zero_value;
