//! `kube-codegen crd diff OLD NEW`: crdify's upgrade-safety checks between two
//! sets of CRDs (files, git references, the input, a cluster).

use std::collections::BTreeSet;
use std::process::ExitCode;

use kube_codegen_crd_diff::{Config, Report, Severity};
use kube_codegen_upgrade_check as upgrade_check;

use crate::Error;
use crate::cli::CrdDiffArgs;
use crate::report::{self, EXIT_BAD_INPUT, EXIT_STALE, count};

pub(crate) fn run(args: &CrdDiffArgs) -> ExitCode {
    let (reports, added) = match compare(args) {
        Ok(done) => done,
        Err(upgrade_check::Error::At(diagnostics)) => {
            eprint!("{diagnostics}");
            return ExitCode::from(EXIT_BAD_INPUT);
        }
        Err(err) => {
            report::error(&failed(err));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    print!("{}", kube_codegen_crd_diff::render(&reports, args.output));
    let entries: Vec<_> = reports.iter().flat_map(|r| r.entries()).collect();
    let errors = entries
        .iter()
        .filter(|e| e.severity == Severity::Error)
        .count();
    let failed = reports.iter().any(Report::has_failures);
    eprintln!(
        "kube-codegen: {} compared ({added} new): {}, {}, {}",
        count(reports.len(), "CustomResourceDefinition"),
        if failed { "incompatible" } else { "compatible" },
        count(errors, "error"),
        count(entries.len() - errors, "warning")
    );
    if failed {
        ExitCode::from(EXIT_STALE)
    } else {
        ExitCode::SUCCESS
    }
}

/// The reports of both sides compared, and how many CRDs only the new side has.
fn compare(args: &CrdDiffArgs) -> Result<(Vec<Report>, usize), upgrade_check::Error> {
    let config = match &args.config {
        Some(path) => upgrade_check::read_config(path)?,
        None => Config::default(),
    };
    let runner = upgrade_check::runner(&config).map_err(|source| upgrade_check::Error::Config {
        path: args.config.clone().unwrap_or_default(),
        source,
    })?;
    let generation = args.input.generation();
    let none = BTreeSet::new();
    // A side that names no CRDs (the input, a git tree) loads the ones the
    // other side has.
    let (old, new) = if args.old.needs_names() {
        let new = args.new.load(&generation, &none)?;
        let names = new.crds.keys().cloned().collect();
        (args.old.load(&generation, &names)?, new)
    } else {
        let old = args.old.load(&generation, &none)?;
        let names = old.crds.keys().cloned().collect();
        (old, args.new.load(&generation, &names)?)
    };
    let added = new
        .crds
        .keys()
        .filter(|n| !old.crds.contains_key(*n))
        .count();
    Ok((upgrade_check::compare(&old, &new, &runner), added))
}

/// A failed `crd diff` side as the CLI reports it: an input that does not
/// generate is bad input, with its diagnostics.
pub(crate) fn failed(err: upgrade_check::Error) -> Error {
    match err {
        upgrade_check::Error::Input { label, diagnostics } => {
            eprintln!("kube-codegen: {label}: the input does not generate");
            Error::input(diagnostics)
        }
        other => Error::CrdDiff(other),
    }
}
