//! `differences.yaml`: every finding only one side makes, with the reason.
//! The test fails on a difference not listed (UNEXPLAINED) and on a listed
//! one that no longer occurs. `KUBE_CODEGEN_UPDATE_DIFFERENCES=1` rewrites
//! the file: entries that still occur keep their reason, new ones say
//! UNEXPLAINED (and still fail).

use std::collections::BTreeMap;
use std::path::PathBuf;

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};

use crate::case::root;

/// One listed difference.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Difference {
    /// `<rule>/<case>`.
    pub case: String,
    /// The finding: `<rule> <Type>.<field>`.
    pub finding: String,
    /// `kal` or `ours`: who reports it.
    pub only: String,
    /// What it says.
    pub message: String,
    /// Why the other side does not.
    pub reason: String,
}

/// The file.
pub fn path() -> PathBuf {
    root().join("differences.yaml")
}

/// The listed differences.
pub fn listed() -> Result<Vec<Difference>> {
    let text = std::fs::read_to_string(path()).context("reading differences.yaml")?;
    if text
        .lines()
        .all(|l| l.trim().is_empty() || l.starts_with('#'))
    {
        return Ok(Vec::new());
    }
    serde_saphyr::from_str(&text).context("reading differences.yaml")
}

/// Writes the file with the found differences, keeping known reasons.
pub fn update(found: &[Difference], known: &[Difference]) -> Result<()> {
    let reasons: BTreeMap<(String, String, String), String> = known
        .iter()
        .map(|d| {
            (
                (d.case.clone(), d.finding.clone(), d.only.clone()),
                d.reason.clone(),
            )
        })
        .collect();
    let mut out = String::from(HEADER);
    for d in found {
        let reason = reasons
            .get(&(d.case.clone(), d.finding.clone(), d.only.clone()))
            .cloned()
            .unwrap_or_else(|| "UNEXPLAINED".to_owned());
        let entry = Difference {
            reason,
            ..d.clone()
        };
        out.push_str(&serde_saphyr::to_string(&vec![entry])?);
    }
    std::fs::write(path(), out)?;
    Ok(())
}

const HEADER: &str =
    "# Findings of kube-api-linter (the version hack/tools/kube-api-linter.sh pins)
# and of `kube-codegen lint` on KAL's test data and its Rust twins that only one
# side makes, and why; see DIFFERENCES.md. Checked by `cargo test -p
# lint-parity`. Refresh with KUBE_CODEGEN_UPDATE_DIFFERENCES=1: entries that
# still occur keep their reason, new ones say UNEXPLAINED (and fail the run).
";
