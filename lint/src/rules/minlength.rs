//! `minlength`: strings have a `MinLength`, lists a `MinItems`, maps a
//! `MinProperties`, and structs without required fields a `MinProperties`
//! (or `ExactlyOneOf`/`AtLeastOneOf`), so that an empty value is an explicit
//! choice (`=0`). Rust reading as for `maxlength`; a struct's required
//! fields are what the CRD requires.

use serde_json::Value;

use super::bounds::{Bound, check_bounds};
use crate::context::Cx;
use crate::finding::Finding;
use crate::settings::ConfigError;

pub const NAME: &str = "minlength";

pub fn run(cx: &Cx<'_>, _: &Value) -> Result<Vec<Finding>, ConfigError> {
    Ok(check_bounds(NAME, cx, Bound::Min))
}
