//! `kube-codegen verify`: is the generated output what the input makes, does
//! the input pass the lint, and (`--since`) are its CRDs compatible with a
//! git reference's.

use std::process::ExitCode;

use kube_codegen::pipeline::{self, Config};

use crate::Error;
use crate::cli::VerifyArgs;
use crate::commands::{crd_diff, generate};
use crate::report::{self, EXIT_STALE, count};

pub(crate) fn run(args: &VerifyArgs) -> Result<ExitCode, Error> {
    let config = generate::config(&args.generate)?;
    let output = pipeline::run(&config)?;
    report::warnings(&output.parsed.warnings);
    let lint_failed = !args.lint.no_lint && lint(args, &config, &output)?;
    let plan = pipeline::plan(&config, &output)?;
    let stale = !plan.is_empty();
    if stale {
        print!("{}", plan.unified_diff());
        eprintln!(
            "kube-codegen: {} generated files are stale, missing or extra in {}:",
            plan.changes.len(),
            config.output_dir.display()
        );
        for change in &plan.changes {
            eprintln!("  {:<7} {}", report::verb(change), change.path().display());
        }
        eprintln!(
            "Run `hack/update-codegen.sh` (or `kube-codegen generate` with the same flags) and commit the result."
        );
    } else {
        eprintln!(
            "kube-codegen: {} is up to date ({} files)",
            config.output_dir.display(),
            plan.unchanged
        );
    }
    let incompatible = match &args.since {
        Some(reference) => since(args, reference, &output)?,
        None => false,
    };
    Ok(if stale || incompatible || lint_failed {
        ExitCode::from(EXIT_STALE)
    } else {
        ExitCode::SUCCESS
    })
}

/// `verify --since`: prints the CRD changes since `reference`; whether one
/// is incompatible.
fn since(args: &VerifyArgs, reference: &str, output: &pipeline::Output) -> Result<bool, Error> {
    let generation = args.generate.input.generation();
    let (findings, failed) = kube_codegen_upgrade_check::since(
        reference,
        &generation,
        args.since_config.as_deref(),
        output,
    )
    .map_err(crd_diff::failed)?;
    report::warnings(&findings);
    let errors = findings.0.iter().filter(|d| d.is_error()).count();
    let warnings = findings.0.len() - errors;
    if failed {
        eprintln!(
            "kube-codegen: {} since {reference} ({}); `kube-codegen crd diff git:{reference} {}` \
             prints the whole report",
            count(errors, "incompatible CRD change"),
            count(warnings, "warning"),
            generation.input_dir.display()
        );
    } else {
        eprintln!(
            "kube-codegen: the CRDs are compatible with {reference} ({})",
            count(warnings, "warning")
        );
    }
    Ok(failed)
}

/// `verify`'s lint: prints its findings; whether they fail `verify`.
fn lint(args: &VerifyArgs, config: &Config, output: &pipeline::Output) -> Result<bool, Error> {
    let lint = kube_codegen_lint::verify::run(
        &config.input_dir,
        &output.parsed.api,
        args.lint.lint_config.as_deref(),
    )?;
    report::warnings(&lint.diagnostics);
    if let Some(summary) = &lint.summary {
        eprintln!("{summary}");
    }
    Ok(lint.blocking)
}
