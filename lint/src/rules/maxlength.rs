//! `maxlength`: strings have a `MaxLength`, lists a `MaxItems`, and lists of
//! strings a `+kubebuilder:validation:items:MaxLength` (or a `MaxLength` on
//! the item's named type), so that objects stay small and CEL costs bounded.
//! Rust reading: `String` (and newtypes and aliases of it), `Vec`/`[T; N]`,
//! bytes (`ByteString`); string enums, enum-valued and `date-time`-like
//! formatted strings are bounded already.

use serde_json::Value;

use super::bounds::{Bound, check_bounds};
use crate::context::Cx;
use crate::finding::Finding;
use crate::settings::ConfigError;

pub const NAME: &str = "maxlength";

pub fn run(cx: &Cx<'_>, _: &Value) -> Result<Vec<Finding>, ConfigError> {
    Ok(check_bounds(NAME, cx, Bound::Max))
}
