//! The documented differences: a YAML list next to `DIFFERENCES.md`, one
//! entry per differing attribute with both values and the reason it is
//! accepted. A run fails on a difference that is not listed, on a listed one
//! that no longer occurs, and on any entry whose reason is [`UNEXPLAINED`].
//!
//! `KUBE_CODEGEN_UPDATE_DIFFERENCES=1` rewrites the list from the current run:
//! entries that still occur keep their reason, new ones get [`UNEXPLAINED`]
//! (so the run still fails until someone writes the reason).

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

use crate::compare::Difference;

/// The reason written for a difference nobody has explained yet.
pub const UNEXPLAINED: &str = "UNEXPLAINED";

/// The environment variable that turns on refresh mode.
pub const UPDATE_ENV: &str = "KUBE_CODEGEN_UPDATE_DIFFERENCES";

const HEADER: &str = "\
# Accepted differences between kube-codegen and controller-gen (the release
# hack/tools/controller-gen.sh pins) on the corpus in apis/ (see DIFFERENCES.md). Checked by `cargo test -p crd-parity`.
# Refresh from a run with KUBE_CODEGEN_UPDATE_DIFFERENCES=1: entries that
# still occur keep their reason, new ones say UNEXPLAINED (and fail the run).
";

/// One documented difference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Which attribute differs: the CRD and the path in it.
    pub key: String,
    /// Our value, as YAML.
    pub ours: String,
    /// controller-gen's value, as YAML.
    #[serde(rename = "controller-gen")]
    pub reference: String,
    /// Why the difference is accepted ([`UNEXPLAINED`] until someone says).
    pub reason: String,
}

impl Entry {
    fn matches(&self, d: &Difference) -> bool {
        self.key == d.key && self.ours == d.ours && self.reference == d.reference
    }
}

/// The entries of `path`; none when the file does not exist yet.
pub fn load(path: &Path) -> Result<Vec<Entry>> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text = std::fs::read_to_string(path)?;
    let entries: Option<Vec<Entry>> =
        serde_saphyr::from_str(&text).with_context(|| format!("parsing {}", path.display()))?;
    Ok(entries.unwrap_or_default())
}

/// Checks `observed` against the list in `path` (after rewriting it first in
/// refresh mode) and fails with everything that is out of line.
pub fn enforce(path: &Path, observed: &[Difference]) -> Result<()> {
    let documented = load(path)?;
    if std::env::var(UPDATE_ENV).is_ok_and(|v| v == "1") {
        let refreshed = refresh(&documented, observed);
        let body = serde_saphyr::to_string(&refreshed)?;
        std::fs::write(path, format!("{HEADER}{body}"))
            .with_context(|| format!("writing {}", path.display()))?;
        eprintln!(
            "crd-parity: rewrote {} ({} entries)",
            path.display(),
            refreshed.len()
        );
        return check(path, &refreshed, observed);
    }
    check(path, &documented, observed)
}

/// The list for `observed`, reasons carried over from `documented`.
pub fn refresh(documented: &[Entry], observed: &[Difference]) -> Vec<Entry> {
    observed
        .iter()
        .map(|d| Entry {
            key: d.key.clone(),
            ours: d.ours.clone(),
            reference: d.reference.clone(),
            reason: documented
                .iter()
                .find(|e| e.matches(d))
                .map_or_else(|| UNEXPLAINED.to_owned(), |e| e.reason.clone()),
        })
        .collect()
}

fn check(path: &Path, documented: &[Entry], observed: &[Difference]) -> Result<()> {
    let unexpected: Vec<&Difference> = observed
        .iter()
        .filter(|d| !documented.iter().any(|e| e.matches(d)))
        .collect();
    let stale: Vec<&Entry> = documented
        .iter()
        .filter(|e| !observed.iter().any(|d| e.matches(d)))
        .collect();
    let unexplained: Vec<&Entry> = documented
        .iter()
        .filter(|e| e.reason.trim().is_empty() || e.reason.trim() == UNEXPLAINED)
        .collect();
    if unexpected.is_empty() && stale.is_empty() && unexplained.is_empty() {
        return Ok(());
    }
    let mut msg = format!("{} is out of date:\n", path.display());
    for d in &unexpected {
        writeln!(msg, "  NEW (not listed) {d}")?;
    }
    for e in &stale {
        writeln!(msg, "  GONE (listed, no longer occurs) {}", e.key)?;
    }
    for e in &unexplained {
        writeln!(msg, "  UNEXPLAINED {}", e.key)?;
    }
    writeln!(
        msg,
        "{} new, {} gone, {} unexplained. Rerun with {UPDATE_ENV}=1 to rewrite the list, \
         then give every {UNEXPLAINED} entry its reason.",
        unexpected.len(),
        stale.len(),
        unexplained.len()
    )?;
    bail!(msg)
}

/// Differing attributes per API, and per attribute kind within it.
pub fn summary(observed: &[Difference]) -> String {
    let mut per_api: BTreeMap<&str, HashMap<&str, usize>> = BTreeMap::new();
    for d in observed {
        *per_api
            .entry(d.api())
            .or_default()
            .entry(d.attribute())
            .or_default() += 1;
    }
    let mut out = String::new();
    for (api, kinds) in per_api {
        let total: usize = kinds.values().sum();
        let mut kinds: Vec<_> = kinds.into_iter().collect();
        kinds.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let detail: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
        let _ = writeln!(out, "  {api:<16} {total:>5}  ({})", detail.join(", "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diff(key: &str, ours: &str) -> Difference {
        Difference {
            key: key.into(),
            ours: ours.into(),
            reference: "r".into(),
        }
    }

    fn entry(key: &str, ours: &str, reason: &str) -> Entry {
        Entry {
            key: key.into(),
            ours: ours.into(),
            reference: "r".into(),
            reason: reason.into(),
        }
    }

    #[test]
    fn refresh_keeps_reasons_of_entries_that_still_occur() {
        let documented = [entry("a", "1", "because"), entry("b", "1", "gone")];
        let observed = [diff("a", "1"), diff("c", "1")];
        let refreshed = refresh(&documented, &observed);
        assert_eq!(
            refreshed,
            vec![entry("a", "1", "because"), entry("c", "1", UNEXPLAINED)]
        );
    }

    #[test]
    fn new_gone_and_unexplained_entries_fail_the_check() {
        let path = Path::new("list.yaml");
        let ok = check(path, &[entry("a", "1", "because")], &[diff("a", "1")]);
        assert!(ok.is_ok());
        let changed_value = check(path, &[entry("a", "1", "because")], &[diff("a", "2")]);
        let msg = format!("{:#}", changed_value.unwrap_err());
        assert!(
            msg.contains("NEW (not listed) a") && msg.contains("GONE (listed, no longer occurs) a"),
            "{msg}"
        );
        let unexplained = check(path, &[entry("a", "1", UNEXPLAINED)], &[diff("a", "1")]);
        assert!(format!("{:#}", unexplained.unwrap_err()).contains("UNEXPLAINED a"));
    }

    #[test]
    fn the_list_survives_a_round_trip_through_yaml() {
        let entries = vec![entry(
            "x / y / v1 / .spec / enum",
            "[\"a\",\"b: c\"]",
            "why # not",
        )];
        let text = format!("{HEADER}{}", serde_saphyr::to_string(&entries).unwrap());
        let back: Vec<Entry> = serde_saphyr::from_str(&text).unwrap();
        assert_eq!(back, entries);
    }
}
