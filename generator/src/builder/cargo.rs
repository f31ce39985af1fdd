//! What a build script tells cargo: `cargo::rerun-if-changed` lines, and
//! diagnostics in the two forms cargo shows well — one `cargo::error=` or
//! `cargo::warning=` line each (cargo prints these even on success, prefixed
//! with the package name), and the full rustc-style rendering with the source
//! line and help on stderr (shown under `--- stderr` when the build fails).

use std::io::{self, Write};
use std::path::PathBuf;

use crate::diag::{Diagnostic, Diagnostics, Severity};

/// `cargo::rerun-if-changed=<path>` for each path, in order, without duplicates.
pub fn rerun_if_changed(paths: &[PathBuf]) -> Vec<String> {
    let mut seen = std::collections::BTreeSet::new();
    paths
        .iter()
        .filter(|p| seen.insert(p.as_path()))
        .map(|p| format!("cargo::rerun-if-changed={}", p.display()))
        .collect()
}

/// One cargo directive per diagnostic: `cargo::error=<file:line:col>: <message>
/// (help: ...)` or `cargo::warning=...`. Directives are single lines, so line
/// breaks inside a message become spaces.
pub fn directives(diags: &Diagnostics) -> Vec<String> {
    diags.iter().map(directive).collect()
}

fn directive(d: &Diagnostic) -> String {
    let kind = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let place = if d.location.line > 0 {
        d.location.to_string()
    } else {
        d.location.file.display().to_string()
    };
    let mut text = format!("{place}: {}", d.message);
    if let Some(help) = &d.help {
        text.push_str(&format!(" (help: {help})"));
    }
    format!("cargo::{kind}={}", text.replace(['\r', '\n'], " "))
}

/// Writes `lines` to `out`, one per line.
pub fn emit(out: &mut dyn Write, lines: &[String]) -> io::Result<()> {
    for line in lines {
        writeln!(out, "{line}")?;
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Location;

    #[test]
    fn one_line_per_diagnostic_with_place_and_help() {
        let diags = Diagnostics(vec![
            Diagnostic::error(
                "unknown marker `+genclien`",
                Location {
                    file: "apis/myapp/v1/app.rs".into(),
                    line: 3,
                    column: 4,
                },
            )
            .with_help("did you mean `+genclient`?"),
            Diagnostic::warning(
                "two\nlines",
                Location {
                    file: "apis".into(),
                    line: 0,
                    column: 0,
                },
            ),
        ]);
        assert_eq!(
            directives(&diags),
            [
                "cargo::error=apis/myapp/v1/app.rs:3:4: unknown marker `+genclien` (help: did you mean `+genclient`?)",
                "cargo::warning=apis: two lines",
            ]
        );
    }

    #[test]
    fn rerun_lines_are_unique_and_ordered() {
        let lines = rerun_if_changed(&["b.rs".into(), "a.rs".into(), "b.rs".into()]);
        assert_eq!(
            lines,
            [
                "cargo::rerun-if-changed=b.rs",
                "cargo::rerun-if-changed=a.rs"
            ]
        );
    }
}
