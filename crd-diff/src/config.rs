//! The configuration: crdify's file format (`validations`,
//! `unhandledEnforcement`, `conversion`), plus `ratcheting`.
//!
//! ```yaml
//! validations:
//!   - name: enum
//!     enforcement: Error          # Error, Warn or None
//!     configuration:
//!       additionPolicy: Allow     # the check's own settings
//!   - name: description
//!     enforcement: None
//! unhandledEnforcement: Error     # changes no check handles
//! conversion: None                # Ignore: skip served-version checks of webhook-converted CRDs
//! ratcheting: Enabled             # default Disabled: every tightening is an error, as in crdify
//! ```
//!
//! As in crdify, configuration is additive: a check that is not listed runs
//! with `enforcement: Error` and its default settings. Unlike crdify, a key
//! the format does not have is an error, not ignored.

use std::collections::BTreeSet;

use serde::Deserialize;
use serde_json::{Map, Value};

/// How a check's findings count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum Enforcement {
    /// A finding is an error: the comparison fails (exit status 1).
    #[default]
    Error,
    /// A finding is a warning: reported, the comparison passes.
    Warn,
    /// The check still takes its keyword out of the comparison (so the
    /// unhandled check does not report it), and reports nothing.
    None,
}

/// What served-version checks do with a CRD converted by a webhook.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum ConversionPolicy {
    /// Compare the served versions of every CRD.
    #[default]
    None,
    /// Skip the served-version comparison when the new CRD's conversion
    /// strategy is `Webhook`: the webhook converts between the versions.
    Ignore,
}

/// Whether tightenings the API server ratchets count as errors.
///
/// A tightening (an enum where there was none, a removed enum value, a bound
/// added or moved inwards, an added or changed pattern, an added or changed
/// CEL rule without `oldSelf`) is ratcheted by the API server from
/// Kubernetes 1.30: a stored object keeps validating while the value is
/// unchanged. A client that creates a new object with the old value is
/// refused all the same, so by default such a tightening is an error, as
/// crdify and OLM's preflight have it; the message carries the ratcheting
/// note either way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ratcheting {
    /// Every tightening is an error (the default; crdify's verdict): clients
    /// writing new objects with values the old schema allowed break.
    #[default]
    Disabled,
    /// A tightening the API server ratchets is a warning naming the release
    /// (for teams whose clients only update the objects they read).
    Enabled,
}

impl<'de> Deserialize<'de> for Ratcheting {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Ratcheting;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("`ratcheting`: Disabled (the default) or Enabled")
            }
            fn visit_str<E: serde::de::Error>(self, value: &str) -> Result<Ratcheting, E> {
                match value {
                    "Disabled" => Ok(Ratcheting::Disabled),
                    "Enabled" => Ok(Ratcheting::Enabled),
                    other => {
                        let hint = ["Disabled", "Enabled"]
                            .into_iter()
                            .find(|known| known.eq_ignore_ascii_case(other))
                            .map(|known| format!(" (did you mean `{known}`?)"))
                            .unwrap_or_default();
                        Err(E::custom(format!(
                            "`ratcheting`: unknown value `{other}`{hint}; write `Disabled` (the \
                             default: every tightening is an error) or `Enabled` (a tightening \
                             the API server ratchets is a warning)"
                        )))
                    }
                }
            }
        }
        deserializer.deserialize_str(Visitor)
    }
}

/// One entry of `validations`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValidationConfig {
    /// The check's name (`enum`, `maxLength`, ...).
    #[serde(default)]
    pub name: String,
    /// How its findings count; required, as in crdify.
    #[serde(default)]
    pub enforcement: Option<Enforcement>,
    /// The check's own settings.
    #[serde(default)]
    pub configuration: Option<Map<String, Value>>,
}

/// The whole configuration.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Config {
    /// Per-check enforcement and settings.
    #[serde(default)]
    pub validations: Vec<ValidationConfig>,
    /// How changes that no check handles count (default `Error`).
    #[serde(default)]
    pub unhandled_enforcement: Enforcement,
    /// What served-version checks do with webhook-converted CRDs.
    #[serde(default)]
    pub conversion: ConversionPolicy,
    /// Whether ratcheted tightenings are errors (default) or warnings.
    #[serde(default)]
    pub ratcheting: Ratcheting,
}

/// What is wrong with a configuration.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    /// The text is not YAML of the configuration's shape.
    #[error("{}{message}", .at.map(|(l, c)| format!("line {l}, column {c}: ")).unwrap_or_default())]
    Syntax {
        /// Line and column (1-based), when known.
        at: Option<(usize, usize)>,
        /// What is wrong there.
        message: String,
    },
    /// `validations[i]` has no `name`.
    #[error("validations[{index}]: `name` is required (one of: {known})")]
    MissingName {
        /// Its place in the list.
        index: usize,
        /// The checks there are.
        known: String,
    },
    /// `validations[i]` has no `enforcement`.
    #[error("validations[{index}] ({name}): `enforcement` is required: Error, Warn or None")]
    MissingEnforcement {
        /// Its place in the list.
        index: usize,
        /// The check.
        name: String,
    },
    /// A name no check has.
    #[error(
        "validations[{index}]: unknown validation `{name}`{suggestion}; the checks are: {known}"
    )]
    UnknownValidation {
        /// Its place in the list.
        index: usize,
        /// The name given.
        name: String,
        /// `; did you mean ...?`, when a check's name is close.
        suggestion: String,
        /// The checks there are.
        known: String,
    },
    /// The same check listed twice.
    #[error("validations[{index}]: `{name}` is configured twice; keep one entry")]
    Duplicate {
        /// The second entry's place.
        index: usize,
        /// The check.
        name: String,
    },
    /// A check refused its `configuration`.
    #[error("validations[{index}] ({name}): configuration: {message}")]
    Configuration {
        /// Its place in the list.
        index: usize,
        /// The check.
        name: String,
        /// What the check says.
        message: String,
    },
}

impl Config {
    /// Reads a configuration file's text (YAML or JSON). Where the text is
    /// not of the configuration's shape the error says where.
    pub fn from_yaml(text: &str) -> Result<Config, ConfigError> {
        if text.trim().is_empty() {
            return Ok(Config::default());
        }
        serde_saphyr::from_str(text).map_err(|e| {
            let (at, message) = yaml_error(&e);
            ConfigError::Syntax { at, message }
        })
    }

    /// Checks the `validations` entries against the registered checks.
    pub(crate) fn check_names(&self, known: &[&str]) -> Result<(), ConfigError> {
        let list = known.join(", ");
        let mut seen = BTreeSet::new();
        for (index, v) in self.validations.iter().enumerate() {
            if v.name.is_empty() {
                return Err(ConfigError::MissingName { index, known: list });
            }
            if !known.contains(&v.name.as_str()) {
                let suggestion = closest(&v.name, known)
                    .map(|k| format!("; did you mean `{k}`?"))
                    .unwrap_or_default();
                return Err(ConfigError::UnknownValidation {
                    index,
                    name: v.name.clone(),
                    suggestion,
                    known: list,
                });
            }
            if v.enforcement.is_none() {
                return Err(ConfigError::MissingEnforcement {
                    index,
                    name: v.name.clone(),
                });
            }
            if !seen.insert(v.name.as_str()) {
                return Err(ConfigError::Duplicate {
                    index,
                    name: v.name.clone(),
                });
            }
        }
        Ok(())
    }
}

/// A YAML error's place (line, column) and its message alone, without the
/// snippet and the `error: line 1 column 1:` prefix serde-saphyr renders.
pub fn yaml_error(e: &serde_saphyr::Error) -> (Option<(usize, usize)>, String) {
    let at = e.location().map(|l| {
        (
            usize::try_from(l.line()).unwrap_or_default(),
            usize::try_from(l.column()).unwrap_or_default(),
        )
    });
    let text = e.without_snippet().to_string();
    let mut message = text.lines().next().unwrap_or_default().trim();
    message = message.strip_prefix("error: ").unwrap_or(message);
    if let Some((head, rest)) = message.split_once(": ")
        && head.starts_with("line ")
        && head.contains(" column ")
    {
        message = rest;
    }
    // ... and the ` at line 7, column 10` it may end with.
    if let Some((head, tail)) = message.rsplit_once(" at line ")
        && tail.contains(", column ")
    {
        message = head;
    }
    (at, message.to_owned())
}

/// The known name closest to `name` by case-insensitive edit distance, if it
/// is close enough to be a typo.
fn closest<'a>(name: &str, known: &[&'a str]) -> Option<&'a str> {
    let lower = name.to_ascii_lowercase();
    known
        .iter()
        .map(|k| (edit_distance(&lower, &k.to_ascii_lowercase()), *k))
        .filter(|(d, k)| *d <= 2.max(k.len() / 4))
        .min()
        .map(|(_, k)| k)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_crdify_files() {
        let config = Config::from_yaml(
            "validations:\n  - name: enum\n    enforcement: Warn\n    configuration:\n      additionPolicy: Allow\nunhandledEnforcement: None\nconversion: Ignore\n",
        )
        .unwrap();
        assert_eq!(config.validations[0].enforcement, Some(Enforcement::Warn));
        assert_eq!(config.unhandled_enforcement, Enforcement::None);
        assert_eq!(config.conversion, ConversionPolicy::Ignore);
        assert_eq!(config.ratcheting, Ratcheting::Disabled);
        assert_eq!(Config::from_yaml("").unwrap(), Config::default());
        assert_eq!(
            Config::from_yaml("ratcheting: Enabled\n")
                .unwrap()
                .ratcheting,
            Ratcheting::Enabled
        );
        assert_eq!(
            Config::from_yaml("ratcheting: Disabled\n")
                .unwrap()
                .ratcheting,
            Ratcheting::Disabled
        );
    }

    #[test]
    fn refuses_an_unknown_ratcheting_value() {
        let refused = |text: &str| Config::from_yaml(text).unwrap_err().to_string();
        assert_eq!(
            refused("conversion: None\nratcheting: enabled\n"),
            "line 2, column 13: `ratcheting`: unknown value `enabled` (did you mean `Enabled`?); \
             write `Disabled` (the default: every tightening is an error) or `Enabled` (a \
             tightening the API server ratchets is a warning)"
        );
        assert_eq!(
            refused("ratcheting: true\n"),
            "line 1, column 13: `ratcheting`: unknown value `true`; write `Disabled` (the \
             default: every tightening is an error) or `Enabled` (a tightening the API server \
             ratchets is a warning)"
        );
    }

    #[test]
    fn refuses_what_crdify_would_ignore() {
        assert_eq!(
            Config::from_yaml("conversion: None\nunhandledEnforcment: None\n")
                .unwrap_err()
                .to_string(),
            "line 2, column 1: unknown field `unhandledEnforcment`, expected one of validations, \
             unhandledEnforcement, conversion, ratcheting"
        );
        assert!(matches!(
            Config::from_yaml("conversion: Sometimes\n"),
            Err(ConfigError::Syntax {
                at: Some((1, _)),
                ..
            })
        ));
        let config =
            Config::from_yaml("validations:\n  - name: maxlength\n    enforcement: Warn\n")
                .unwrap();
        let err = config.check_names(&["maxLength", "minLength"]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "validations[0]: unknown validation `maxlength`; did you mean `maxLength`?; the checks are: maxLength, minLength"
        );
        let config = Config::from_yaml("validations:\n  - name: maxLength\n").unwrap();
        assert_eq!(
            config.check_names(&["maxLength"]).unwrap_err().to_string(),
            "validations[0] (maxLength): `enforcement` is required: Error, Warn or None"
        );
    }
}
