//! How the commands print: exit codes, summaries, warnings and errors.

use kube_codegen::diag::{Diagnostics, Severity};
use kube_codegen::pipeline;
use kube_codegen::write::Change;

use crate::Error;

/// Generated output is stale, or a check (`lint`, `crd diff`) failed.
pub(crate) const EXIT_STALE: u8 = 1;
/// Bad input, or a file could not be read or written.
pub(crate) const EXIT_BAD_INPUT: u8 = 2;

/// `1 warning`, `2 warnings`.
pub(crate) fn count(n: usize, noun: &str) -> String {
    let s = if n == 1 { "" } else { "s" };
    format!("{n} {noun}{s}")
}

/// The word a planned change is listed with.
pub(crate) fn verb(change: &Change) -> &'static str {
    match change {
        Change::Create { .. } => "create",
        Change::Update { .. } => "update",
        Change::Remove { .. } => "remove",
    }
}

/// Prints the warnings, if any, to stderr.
pub(crate) fn warnings(warnings: &Diagnostics) {
    if !warnings.0.is_empty() {
        eprint!("{warnings}");
    }
}

/// Prints why a command failed; for bad input, every diagnostic and that
/// nothing was written.
pub(crate) fn error(err: &Error) {
    match err {
        Error::Pipeline(pipeline::Error::Input(diags)) => {
            eprint!("{diags}");
            let errors = diags
                .0
                .iter()
                .filter(|d| matches!(d.severity, Severity::Error))
                .count();
            let s = if errors == 1 { "" } else { "s" };
            eprintln!("error: aborting due to {errors} previous error{s}; nothing was written");
        }
        other => eprintln!("error: {other}"),
    }
}
