//! Finds the webhook markers in every `.rs` file under a directory (see
//! [`crate::source_markers`]) and parses them.

use std::path::{Path, PathBuf};

use crate::diag::Diagnostics;
use crate::source_markers::{self, Kind, WEBHOOK};

use super::configuration::{self, Naming};
use super::marker::{self, Draft};

/// The markers of a directory, in file and line order.
pub(super) struct Scanned {
    pub webhooks: Vec<Draft>,
    pub namings: Vec<Naming>,
    pub errors: Diagnostics,
    pub warnings: Diagnostics,
    pub files: Vec<PathBuf>,
}

/// Reads every `.rs` file under `dir` and parses its webhook markers; a
/// marker that does not parse is an error and has no webhook.
pub(super) fn scan_dir(dir: &Path) -> Result<Scanned, Diagnostics> {
    let source = source_markers::scan_dir(dir)?;
    let mut scanned = Scanned {
        webhooks: Vec::new(),
        namings: Vec::new(),
        errors: Diagnostics::new(),
        warnings: Diagnostics::new(),
        files: source.files,
    };
    for found in source.markers {
        let line = found.source_line.as_str();
        match source_markers::classify(&found.raw, &WEBHOOK) {
            Kind::Ours(configuration::NAME) => {
                let parsed = configuration::parse(&found.raw, line);
                scanned.errors.extend(parsed.errors);
                scanned.warnings.extend(parsed.warnings);
                scanned.namings.extend(parsed.naming);
            }
            Kind::Ours(_) => {
                let parsed = marker::parse(&found.raw, line);
                scanned.errors.extend(parsed.errors);
                scanned.warnings.extend(parsed.warnings);
                scanned.webhooks.extend(parsed.draft);
            }
            Kind::Misspelt(d) => scanned.errors.push(d.with_source_line(line)),
            Kind::Foreign(d) => scanned.warnings.push(d.with_source_line(line)),
            Kind::Other => {}
        }
    }
    Ok(scanned)
}
