//! Findings as verdicts, comparable between crdify v0.5.0 and us: keyed by
//! `section / version / property / check` in v0.5.0's spelling, each the
//! severity and, for checks both word alike, the messages.
//!
//! v0.5.0 spells the items of a list and the values of a map `[*]`, and
//! gives the members of `allOf`, `anyOf`, `oneOf` and `not` their parent's
//! path (crdify's main branch: `.items`, `.additionalProperties`,
//! `.allOf[0]`); it reports `pattern`, `nullable` and CEL rule changes as
//! `unhandled`. Our findings are mapped onto that before comparing.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use kube_codegen_crd_diff::{PropertyPath, Report, Section, Segment, Severity};

/// Verdicts by `section / version / property / check` (`crd / check` for
/// CRD-level checks).
pub type Verdicts = BTreeMap<String, Outcome>;

/// What one check said at one place.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Error messages.
    pub errors: BTreeSet<String>,
    /// Warning messages.
    pub warnings: BTreeSet<String>,
    /// Whether a finding is one the API server ratchets, with the note
    /// (ours only; the note is taken out of error messages, which are
    /// crdify's words before it).
    pub ratcheted: bool,
}

impl Outcome {
    /// From message lists.
    pub fn of(errors: &[String], warnings: &[String]) -> Outcome {
        Outcome {
            errors: errors.iter().cloned().collect(),
            warnings: warnings.iter().cloned().collect(),
            ratcheted: false,
        }
    }

    /// Whether it says nothing.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty() && self.warnings.is_empty()
    }

    /// Adds another outcome at the same key.
    pub fn merge(&mut self, other: Outcome) {
        self.errors.extend(other.errors);
        self.warnings.extend(other.warnings);
        self.ratcheted |= other.ratcheted;
    }

    /// `error`, `warning` or `none`.
    pub fn severity(&self) -> &'static str {
        if !self.errors.is_empty() {
            "error"
        } else if !self.warnings.is_empty() {
            "warning"
        } else {
            "none"
        }
    }
}

/// The check whose verdict v0.5.0 gives for one of ours: the checks v0.5.0
/// lacks are its `unhandled`.
pub fn v05_check(name: &str) -> &str {
    match name {
        "pattern" | "nullable" | "celRules" => "unhandled",
        other => other,
    }
}

/// Whether both tools word a check's findings alike (all but `unhandled`,
/// whose message is a Go struct diff in crdify).
pub fn same_wording(check: &str) -> bool {
    check != "unhandled"
}

/// A path in v0.5.0's spelling.
pub fn v05_path(path: &PropertyPath) -> String {
    let mut out = String::from("^");
    for segment in path.segments() {
        match segment {
            Segment::Property(name) => {
                out.push('.');
                out.push_str(name);
            }
            Segment::Items | Segment::AdditionalProperties => out.push_str("[*]"),
            Segment::ItemsAt(i) => out.push_str(&format!("[{i}]")),
            _ => {}
        }
    }
    out
}

/// Our report as verdicts.
pub fn ours(report: &Report) -> Verdicts {
    let mut out = Verdicts::new();
    for entry in report.entries() {
        let check = v05_check(entry.check);
        let place = match (entry.section, entry.version, entry.property) {
            (Section::SameVersion, Some(v), Some(p)) => {
                format!("same / {v} / {}", v05_path(&p.path))
            }
            (Section::ServedVersion, Some(v), Some(p)) => {
                format!("served / {v} / {}", v05_path(&p.path))
            }
            _ => "crd".to_owned(),
        };
        let mut message = match &entry.finding.at {
            // `removed field : v1.^.spec.x[*]`, in v0.5.0's path spelling.
            Some((version, path)) if entry.check == "existingFieldRemoval" => {
                format!("removed field : {version}.{}", v05_path(path))
            }
            _ => entry.finding.message.clone(),
        };
        let outcome = out.entry(format!("{place} / {check}")).or_default();
        if let Some(ratchet) = &entry.finding.ratchet {
            outcome.ratcheted = true;
            // A ratcheted error is crdify's message and our note after it.
            if entry.severity == Severity::Error {
                let note = format!(" ({})", ratchet.note());
                if let Some(plain) = message.strip_suffix(&note) {
                    message = plain.to_owned();
                }
            }
        }
        match entry.severity {
            Severity::Error => {
                outcome.errors.insert(message);
            }
            Severity::Warning => {
                outcome.warnings.insert(message);
            }
        }
    }
    out
}

/// One place where the verdicts differ.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Difference {
    /// `case / section / version / property / check`.
    pub key: String,
    /// Our verdict.
    pub ours: String,
    /// crdify's.
    pub crdify: String,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}\n    ours:   {}\n    crdify: {}",
            self.key, self.ours, self.crdify
        )
    }
}

fn shown(outcome: Option<&Outcome>, check: &str) -> String {
    let Some(outcome) = outcome else {
        return "none".to_owned();
    };
    let severity = outcome.severity();
    if !same_wording(check) {
        return severity.to_owned();
    }
    let messages: Vec<&str> = outcome
        .errors
        .iter()
        .chain(&outcome.warnings)
        .map(String::as_str)
        .collect();
    format!("{severity}: {}", messages.join(" | "))
}

/// Where `ours` and `theirs` differ, for the pair `case`.
pub fn compare(case: &str, ours: &Verdicts, theirs: &Verdicts) -> Vec<Difference> {
    let keys: BTreeSet<&String> = ours.keys().chain(theirs.keys()).collect();
    keys.into_iter()
        .filter_map(|key| {
            let check = key.rsplit(" / ").next().unwrap_or_default();
            let (a, b) = (shown(ours.get(key), check), shown(theirs.get(key), check));
            (a != b).then(|| Difference {
                key: format!("{case} / {key}"),
                ours: a,
                crdify: b,
            })
        })
        .collect()
}
