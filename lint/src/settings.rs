//! What a rule and the configuration share: the error of a configuration
//! that cannot be used, and the reading of one rule's settings. Its own
//! module so that the rules, the registry of rules and the configuration
//! (which names the rules) need not import each other.

use serde_json::{Map, Value};

/// A configuration that cannot be used; names the file and the key.
#[derive(Debug, thiserror::Error)]
#[error("{file}: {message}")]
pub struct ConfigError {
    /// The file (or part of the configuration) at fault.
    pub file: String,
    /// What is wrong.
    pub message: String,
}

/// Settings of one rule, read with serde (unknown keys are errors).
pub fn read<T: serde::de::DeserializeOwned + Default>(
    rule: &str,
    value: &Value,
) -> Result<T, ConfigError> {
    if value.as_object().is_some_and(Map::is_empty) || value.is_null() {
        return Ok(T::default());
    }
    serde_json::from_value(value.clone()).map_err(|e| ConfigError {
        file: "lintersConfig".to_owned(),
        message: format!("`{rule}`: {e}"),
    })
}
