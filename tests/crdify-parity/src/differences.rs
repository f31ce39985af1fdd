//! The documented differences (`differences.yaml` next to
//! `DIFFERENCES.md`): one entry per differing verdict with both sides and
//! the reason it is accepted. A run fails on a difference not listed, on a
//! listed one that no longer occurs, and on an entry whose reason is
//! `UNEXPLAINED`. `KUBE_CODEGEN_UPDATE_DIFFERENCES=1` rewrites the list from
//! the run, keeping the reasons of entries that still occur.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

use crate::verdicts::Difference;

/// The reason of a difference nobody has explained yet.
pub const UNEXPLAINED: &str = "UNEXPLAINED";
/// The variable that rewrites the list.
pub const UPDATE_ENV: &str = "KUBE_CODEGEN_UPDATE_DIFFERENCES";

const HEADER: &str = "\
# Accepted differences between kube-codegen's `crd diff` and crdify (the release
# hack/tools/crdify.sh pins), with the default configuration (see DIFFERENCES.md).
# Checked by `cargo test -p crdify-parity`. Refresh from a run with
# KUBE_CODEGEN_UPDATE_DIFFERENCES=1: entries that still occur keep their
# reason, new ones say UNEXPLAINED (and fail the run).
";

/// One documented difference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// `case / section / version / property / check`.
    pub key: String,
    /// Our verdict.
    pub ours: String,
    /// crdify's.
    pub crdify: String,
    /// Why it is accepted.
    pub reason: String,
}

impl Entry {
    fn matches(&self, d: &Difference) -> bool {
        self.key == d.key && self.ours == d.ours && self.crdify == d.crdify
    }
}

fn load(path: &Path) -> Result<Vec<Entry>> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text = std::fs::read_to_string(path)?;
    let entries: Option<Vec<Entry>> =
        serde_saphyr::from_str(&text).with_context(|| format!("parsing {}", path.display()))?;
    Ok(entries.unwrap_or_default())
}

/// Checks `observed` against the list at `path` (rewriting it first when
/// asked to).
pub fn enforce(path: &Path, observed: &[Difference]) -> Result<()> {
    let documented = load(path)?;
    let documented = if std::env::var(UPDATE_ENV).is_ok_and(|v| v == "1") {
        let refreshed: Vec<Entry> = observed
            .iter()
            .map(|d| Entry {
                key: d.key.clone(),
                ours: d.ours.clone(),
                crdify: d.crdify.clone(),
                reason: documented
                    .iter()
                    .find(|e| e.matches(d))
                    .map_or_else(|| UNEXPLAINED.to_owned(), |e| e.reason.clone()),
            })
            .collect();
        let body = serde_saphyr::to_string(&refreshed)?;
        std::fs::write(path, format!("{HEADER}{body}"))?;
        refreshed
    } else {
        documented
    };
    let new: Vec<&Difference> = observed
        .iter()
        .filter(|d| !documented.iter().any(|e| e.matches(d)))
        .collect();
    let gone: Vec<&Entry> = documented
        .iter()
        .filter(|e| !observed.iter().any(|d| e.matches(d)))
        .collect();
    let unexplained: Vec<&Entry> = documented
        .iter()
        .filter(|e| e.reason.trim().is_empty() || e.reason.trim() == UNEXPLAINED)
        .collect();
    if new.is_empty() && gone.is_empty() && unexplained.is_empty() {
        return Ok(());
    }
    let mut msg = format!("{} is out of date:\n", path.display());
    for d in &new {
        writeln!(msg, "  NEW (not listed) {d}")?;
    }
    for e in &gone {
        writeln!(msg, "  GONE (listed, no longer occurs) {}", e.key)?;
    }
    for e in &unexplained {
        writeln!(msg, "  UNEXPLAINED {}", e.key)?;
    }
    writeln!(
        msg,
        "{} new, {} gone, {} unexplained. Rerun with {UPDATE_ENV}=1 to rewrite the list, \
         then give every {UNEXPLAINED} entry its reason.",
        new.len(),
        gone.len(),
        unexplained.len()
    )?;
    bail!(msg)
}
