//! Findings of both linters in one shape: rule, type, field (normalized:
//! lower case without `_`, so Go's `FooBar` and Rust's `foo_bar` meet).

use std::fmt;

/// One finding, as compared.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Key {
    /// KAL's rule name.
    pub rule: String,
    /// The type (Go and Rust name it alike).
    pub ty: String,
    /// The field, normalized; empty for a finding about the type.
    pub field: String,
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{} {}", self.rule, self.ty)
        } else {
            write!(f, "{} {}.{}", self.rule, self.ty, self.field)
        }
    }
}

/// A finding with its message.
#[derive(Clone, Debug)]
pub struct Found {
    /// What is compared.
    pub key: Key,
    /// The message, for reports.
    pub message: String,
}

/// Lower case, no underscores.
pub fn normalize(name: &str) -> String {
    name.chars()
        .filter(|c| *c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}

/// Our findings on a case's twin.
pub fn ours(case: &crate::case::Case) -> anyhow::Result<Vec<Found>> {
    use kube_codegen_lint::{LintConfig, lint_dir};
    let config = LintConfig::from_plain(&case.config, None)?;
    let report = lint_dir(&case.apis(), &Default::default(), &config).map_err(|e| match e {
        kube_codegen_lint::Error::Input(d) => {
            anyhow::anyhow!("{} does not parse:\n{d}", case.name)
        }
        other => anyhow::anyhow!("{}: {other}", case.name),
    })?;
    Ok(report
        .findings
        .iter()
        .map(|f| {
            let ty = f.subject.split('.').next().unwrap_or_default().to_owned();
            Found {
                key: Key {
                    rule: f.rule.to_owned(),
                    ty,
                    field: f.field.as_deref().map(normalize).unwrap_or_default(),
                },
                message: f.message.clone(),
            }
        })
        .collect())
}
