//! `noreferences`: `Ref`/`Refs`, not `Reference`/`References`, in field
//! names (`policy: PreferAbbreviatedReference`, the default, with a fix that
//! renames the field), or no reference words at all (`policy:
//! NoReferences`, reported only). `namingconventions` with KAL's conventions.

use serde::Deserialize;
use serde_json::Value;

use super::namingconventions::{Convention, Operation, check};
use crate::context::Cx;
use crate::finding::Finding;
use crate::settings::{self, ConfigError};

pub const NAME: &str = "noreferences";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Settings {
    #[serde(default)]
    policy: Option<Policy>,
}

#[derive(Debug, Deserialize, PartialEq)]
enum Policy {
    PreferAbbreviatedReference,
    NoReferences,
}

pub fn run(cx: &Cx<'_>, settings: &Value) -> Result<Vec<Finding>, ConfigError> {
    let s: Settings = settings::read(NAME, settings)?;
    let convention = match s.policy {
        Some(Policy::NoReferences) => Convention {
            name: "no-references".to_owned(),
            violation_matcher: "^[Rr]ef(erence)?(s?)([A-Z])|Ref(erence)?(s?)$".to_owned(),
            operation: Operation::Inform,
            replacement: None,
            message: "field names should not contain reference-related words".to_owned(),
        },
        _ => Convention {
            name: "reference-to-ref".to_owned(),
            violation_matcher: "^[Rr]eference|Reference(s?)$".to_owned(),
            operation: Operation::Replacement,
            replacement: Some("Ref$1".to_owned()),
            message: "field names should use 'Ref' instead of 'Reference'".to_owned(),
        },
    };
    check(NAME, cx, &[convention])
}
