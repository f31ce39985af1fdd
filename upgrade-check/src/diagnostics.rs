//! Findings as rustc-style diagnostics at the Rust field they come from
//! (what `verify --since` prints):
//!
//! ```text
//! error: type changed : "integer" -> "string"
//!   --> apis/src/myapp/v1/app.rs:74:9
//!    |
//! 74 |     pub available_replicas: Option<String>,
//!    |         ^^^^^^^^^^^^^^^^^^
//!    = help: check `type` at apps.myapp.k8s.io v1 ^.status.availableReplicas
//! ```
//!
//! A property that is gone is reported once, by `existingFieldRemoval`: the
//! same-version findings about its old node (its type and description
//! "changed" to nothing, as crdify reports them) are left out here.

use std::collections::BTreeSet;
use std::path::PathBuf;

use kube_codegen_crd_diff::{Report, Section, Severity};

use super::locate::location;
use kube_codegen::diag::{Diagnostic, Diagnostics};
use kube_codegen::emit::crd::Crd;
use kube_codegen::model::Location;
use kube_codegen::pipeline;

/// The findings of `reports`; a finding without a field of its own is at its
/// kind (of `crds`), else at the CRD's name.
pub fn diagnostics(reports: &[Report], crds: &[Crd]) -> Diagnostics {
    let mut out = Vec::new();
    for report in reports {
        let kind = crds
            .iter()
            .find(|c| c.name == report.name)
            .map(|c| c.location.clone());
        let removed: BTreeSet<(String, String)> = report
            .entries()
            .iter()
            .filter(|e| e.check == "existingFieldRemoval")
            .filter_map(|e| e.finding.at.as_ref())
            .map(|(version, path)| (version.clone(), path.to_string()))
            .collect();
        for entry in report.entries() {
            if let (Section::SameVersion, Some(version), Some(property)) =
                (entry.section, entry.version, entry.property)
                && removed.contains(&(version.to_owned(), property.property.clone()))
            {
                continue;
            }
            let source = entry
                .finding
                .source
                .as_ref()
                .or_else(|| entry.property.and_then(|p| p.source.as_ref()));
            let at = source
                .map(location)
                .or_else(|| kind.clone())
                .unwrap_or_else(|| Location {
                    file: PathBuf::from(&report.name),
                    line: 0,
                    column: 0,
                });
            let place = match (entry.version, entry.property) {
                (Some(version), Some(property)) => {
                    format!("{} {version} {}", report.name, property.property)
                }
                _ => report.name.clone(),
            };
            // One line: an unhandled change lists its keywords on lines of their own.
            let message: Vec<&str> = entry.finding.message.lines().map(str::trim).collect();
            let message = message.join(" ");
            let diagnostic = match entry.severity {
                Severity::Error => Diagnostic::error(message, at),
                Severity::Warning => Diagnostic::warning(message, at),
            };
            out.push(diagnostic.with_help(format!("check `{}` at {place}", entry.check)));
        }
    }
    let mut out = pipeline::with_source_lines(out);
    for d in &mut out {
        d.span_len = identifier_len(d);
    }
    Diagnostics(out)
}

/// How long the identifier at a diagnostic's column is (the field's name).
fn identifier_len(d: &Diagnostic) -> usize {
    let Some(line) = &d.source_line else {
        return 1;
    };
    let len = line
        .chars()
        .skip(d.location.column.saturating_sub(1))
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .count();
    len.max(1)
}
