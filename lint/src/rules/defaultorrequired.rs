//! `defaultorrequired`: a field both required and defaulted (the default
//! never applies to a field that must be given). `conflictingmarkers` with
//! KAL's fixed conflict.

use serde_json::Value;

use super::conflictingmarkers::{Conflict, check};
use crate::context::Cx;
use crate::finding::Finding;
use crate::settings::ConfigError;

pub const NAME: &str = "defaultorrequired";

pub fn run(cx: &Cx<'_>, _: &Value) -> Result<Vec<Finding>, ConfigError> {
    let conflict = Conflict {
        name: "default_or_required".to_owned(),
        sets: vec![
            vec!["default".to_owned(), "kubebuilder:default".to_owned()],
            vec![
                "required".to_owned(),
                "kubebuilder:validation:Required".to_owned(),
                "k8s:required".to_owned(),
            ],
        ],
        description: "A field with a default value cannot be required. A required field must be provided by the user, so a default value is not meaningful.".to_owned(),
    };
    Ok(cx
        .fields()
        .iter()
        .filter_map(|f| check(NAME, f, &conflict))
        .collect())
}
