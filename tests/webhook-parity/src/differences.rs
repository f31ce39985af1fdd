//! The documented differences: `differences.yaml` next to `DIFFERENCES.md`,
//! one entry per case whose outcomes differ, with both outcomes and the
//! reason. A run fails on a difference that is not listed, on a listed one
//! that no longer occurs or reads differently, and on an entry without a
//! reason. `KUBE_CODEGEN_UPDATE_DIFFERENCES=1` rewrites the list from the
//! run, keeping the reasons of entries that still occur (new ones say
//! `UNEXPLAINED`, which still fails).

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

/// The reason written for a difference nobody has explained yet.
pub const UNEXPLAINED: &str = "UNEXPLAINED";

/// The environment variable that turns on refresh mode.
pub const UPDATE_ENV: &str = "KUBE_CODEGEN_UPDATE_DIFFERENCES";

const HEADER: &str = "\
# Cases of tests/webhook-parity/cases where kube-codegen and controller-gen
# (the version hack/tools/controller-gen.sh pins) differ, and why; see
# DIFFERENCES.md. Checked by `cargo test -p webhook-parity`. Refresh with
# KUBE_CODEGEN_UPDATE_DIFFERENCES=1: entries that still occur keep their
# reason, new ones say UNEXPLAINED (and fail the run).
";

/// One documented difference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The case (a directory under `cases/`).
    pub case: String,
    /// What our generator does with it.
    pub ours: String,
    /// What controller-gen does with it.
    #[serde(rename = "controller-gen")]
    pub reference: String,
    /// Why the difference is accepted ([`UNEXPLAINED`] until someone says).
    pub reason: String,
}

impl Entry {
    fn matches(&self, other: &Entry) -> bool {
        self.case == other.case && self.ours == other.ours && self.reference == other.reference
    }
}

/// The entries of `path`; none when it does not exist.
pub fn load(path: &Path) -> Result<Vec<Entry>> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text = std::fs::read_to_string(path)?;
    let entries: Option<Vec<Entry>> =
        serde_saphyr::from_str(&text).with_context(|| format!("parsing {}", path.display()))?;
    Ok(entries.unwrap_or_default())
}

/// Checks `observed` (reasons empty) against `path`, after rewriting it in
/// refresh mode.
pub fn enforce(path: &Path, observed: &[Entry]) -> Result<()> {
    let documented = load(path)?;
    let documented = if std::env::var(UPDATE_ENV).is_ok_and(|v| v == "1") {
        let refreshed: Vec<Entry> = observed
            .iter()
            .map(|o| Entry {
                reason: documented
                    .iter()
                    .find(|d| d.matches(o))
                    .map_or_else(|| UNEXPLAINED.to_owned(), |d| d.reason.clone()),
                ..o.clone()
            })
            .collect();
        let body = serde_saphyr::to_string(&refreshed)?;
        std::fs::write(path, format!("{HEADER}{body}"))?;
        eprintln!(
            "webhook-parity: rewrote {} ({} entries)",
            path.display(),
            refreshed.len()
        );
        refreshed
    } else {
        documented
    };
    let mut message = String::new();
    for o in observed
        .iter()
        .filter(|o| !documented.iter().any(|d| d.matches(o)))
    {
        writeln!(
            message,
            "  NEW {}:\n    ours: {}\n    controller-gen: {}",
            o.case, o.ours, o.reference
        )?;
    }
    for d in documented
        .iter()
        .filter(|d| !observed.iter().any(|o| d.matches(o)))
    {
        writeln!(
            message,
            "  GONE (listed, no longer occurs as listed) {}",
            d.case
        )?;
    }
    for d in &documented {
        if d.reason.trim().is_empty() || d.reason.trim() == UNEXPLAINED {
            writeln!(message, "  UNEXPLAINED {}", d.case)?;
        }
    }
    if message.is_empty() {
        return Ok(());
    }
    bail!(
        "{} is out of date:\n{message}Rerun with {UPDATE_ENV}=1 to rewrite it, then give every \
         {UNEXPLAINED} entry its reason.",
        path.display()
    )
}
