//! `kube-codegen lint`: kube-api-linter's API conventions on the input, with
//! `--fix`.

use std::path::Path;
use std::process::ExitCode;

use kube_codegen::parse::ParseOptions;
use kube_codegen_lint as lint;

use crate::Error;
use crate::cli::{LintArgs, LintFormat};
use crate::report::{self, EXIT_STALE};

pub(crate) fn run(args: &LintArgs) -> Result<ExitCode, Error> {
    let parse = ParseOptions {
        plural_exceptions: args.plural_exceptions.clone(),
    };
    let (mut config, _) = lint::workspace_config(&args.input_dir, args.config.as_deref())?;
    if let Some(profile) = &args.profile {
        config.profile = Some(if profile == "crd" {
            lint::Profile::Crd
        } else {
            lint::Profile::Native
        });
    }
    config.enable.extend(args.enable.iter().cloned());
    config.disable.extend(args.disable.iter().cloned());
    let (report, fixed) = if args.fix {
        let done = lint::fix_dir(&args.input_dir, &parse, &config).map_err(failed)?;
        (done.report, Some((done.fixed, done.files)))
    } else {
        (
            lint::lint_dir(&args.input_dir, &parse, &config).map_err(failed)?,
            None,
        )
    };
    report::warnings(&report.warnings);
    let blocking = !args.warn_only && !report.findings.is_empty();
    match args.format {
        LintFormat::Text => {
            let read_line = |p: &Path, line: usize| {
                std::fs::read_to_string(p)
                    .ok()
                    .and_then(|t| t.lines().nth(line - 1).map(str::to_owned))
            };
            eprint!(
                "{}",
                lint::output::diagnostics(&report.findings, !args.warn_only, &read_line)
            );
        }
        LintFormat::Json => println!(
            "{:#}",
            lint::output::json(&report.findings, report.suppressed.len())
        ),
        LintFormat::Sarif => println!(
            "{:#}",
            lint::output::sarif(&report.findings, !args.warn_only)
        ),
    }
    if let Some((n, files)) = fixed {
        for f in &files {
            eprintln!("  fixed   {}", f.display());
        }
        eprintln!(
            "kube-codegen lint: fixed {n} findings in {} files",
            files.len()
        );
    }
    let n = report.findings.len();
    let fixable = report.findings.iter().filter(|f| f.fix.is_some()).count();
    let mut summary = format!(
        "kube-codegen lint: {n} finding{} ({} rules run, {} suppressed)",
        if n == 1 { "" } else { "s" },
        report.rules.len(),
        report.suppressed.len()
    );
    if fixable > 0 {
        summary.push_str(&format!(
            "; {fixable} fixable with `kube-codegen lint --fix`"
        ));
    }
    eprintln!("{summary}");
    Ok(if blocking {
        ExitCode::from(EXIT_STALE)
    } else {
        ExitCode::SUCCESS
    })
}

/// A failed lint run as the CLI reports it.
fn failed(err: lint::Error) -> Error {
    match err {
        lint::Error::Input(d) => Error::input(d),
        lint::Error::Config(c) => Error::Lint(c),
        lint::Error::Write { path, source } => {
            Error::Pipeline(kube_codegen::pipeline::Error::Io { path, source })
        }
    }
}
