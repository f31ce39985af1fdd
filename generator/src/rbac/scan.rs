//! Finds the RBAC markers in every `.rs` file under a directory (see
//! [`crate::source_markers`]) and parses them.

use std::path::{Path, PathBuf};

use crate::diag::Diagnostics;
use crate::source_markers::{self, Kind, RBAC};

use super::Rule;
use super::marker::parse_rule;

/// The rules of a directory, in file and line order.
pub(super) struct Scanned {
    pub rules: Vec<Rule>,
    pub warnings: Diagnostics,
    pub files: Vec<PathBuf>,
}

/// Reads every `.rs` file under `dir` and parses its RBAC markers.
pub(super) fn scan_dir(dir: &Path) -> Result<Scanned, Diagnostics> {
    let source = source_markers::scan_dir(dir)?;
    let mut scanned = Scanned {
        rules: Vec::new(),
        warnings: Diagnostics::new(),
        files: source.files,
    };
    let mut errors = Diagnostics::new();
    for marker in source.markers {
        let line = marker.source_line.as_str();
        match source_markers::classify(&marker.raw, &RBAC) {
            Kind::Ours(_) => match parse_rule(&marker.raw) {
                Ok(rule) => scanned.rules.push(rule),
                Err(diags) => errors.extend(diags.into_iter().map(|d| d.with_source_line(line))),
            },
            Kind::Misspelt(d) => errors.push(d.with_source_line(line)),
            Kind::Foreign(d) => scanned.warnings.push(d.with_source_line(line)),
            Kind::Other => {}
        }
    }
    if errors.is_empty() {
        Ok(scanned)
    } else {
        Err(errors)
    }
}
