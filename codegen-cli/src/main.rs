//! The `kube-codegen` binary: parses arguments and calls the library.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use kube_codegen::cli::{
    Cli, Command, CrdDiffArgs, CrdSubcommand, CreateApiArgs, CreateCommand, CreateWebhookArgs,
    GenerateArgs, ImportArgs, InitArgs, InputArgs, LintArgs, RbacArgs, VerifyArgs, WebhookArgs,
};
use kube_codegen::diag::Severity;
use kube_codegen::emit::EmitOptions;
use kube_codegen::parse::ParseOptions;
use kube_codegen::pipeline::{self, Config, Error, RbacConfig, WebhookConfig};
use kube_codegen::write::Boilerplate;

// The generator allocates millions of small token and syntax-tree nodes (syn,
// proc-macro2, prettyplease); mimalloc does that with ~25% less CPU than the
// system allocator (measured with bench/run.sh on 100 kinds).
#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const EXIT_STALE: u8 = 1;
const EXIT_BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Generate(args) => generate(&args),
        Command::Verify(args) => verify(&args),
        Command::Crd(args) => match &args.command {
            Some(CrdSubcommand::Diff(diff)) => return crd_diff(diff),
            None => crd(&args.input),
        },
        Command::Lint(args) => lint(&args),
        Command::Rbac(args) => rbac(&args),
        Command::Webhook(args) => webhook(&args),
        Command::Init(args) => return init(&args),
        Command::Create(CreateCommand::Api(args)) => return create_api(&args),
        Command::Create(CreateCommand::Webhook(args)) => return create_webhook(&args),
        Command::Import(args) => import(&args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            report(&err);
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

fn init(args: &InitArgs) -> ExitCode {
    use kube_codegen::scaffold::{init, layout, origin, source::SourceArg};
    let name = match init::project_name(&args.dir, args.project_name.as_deref()) {
        Ok(name) => name,
        Err(err) => return scaffold_failed(&err.into()),
    };
    let (source, why) = match &args.runtime {
        Some(arg) => match SourceArg::parse(arg).and_then(SourceArg::resolve) {
            Ok(source) => (source, "as --runtime asks".to_owned()),
            Err(err) => return scaffold_failed(&err.into()),
        },
        None => {
            let origin = origin::detect();
            (origin.source, origin.why)
        }
    };
    let project = init::NewProject { name, source };
    let written = match init::run(&args.dir, &project) {
        Ok(written) => written,
        Err(err) => return scaffold_failed(&err),
    };
    print_created(&written.paths);
    // The generated crate and the ClusterRole of the operator's markers, as
    // `make generate` writes them.
    let generate_args = layout::generate_args(
        &args.dir,
        true,
        &args.dir.join(layout::INPUT_DIR),
        &args.dir.join(layout::OUTPUT_DIR),
    );
    if let Some(code) = regenerate_or_revert(generate_args, &written, "init") {
        return code;
    }
    eprintln!(
        "kube-codegen's crates come from {}: {why}.",
        project.source.describe()
    );
    eprint!("{}", init::next_steps(&args.dir));
    ExitCode::SUCCESS
}

fn create_api(args: &CreateApiArgs) -> ExitCode {
    use kube_codegen::scaffold::{create_api, layout};
    let api = create_api::NewApi {
        group: args.group.clone(),
        version: args.version.clone(),
        kind: args.kind.clone(),
        namespaced: args.namespaced,
        resource: args.resource,
        controller: args.controller,
    };
    let root = Path::new("");
    let (created, written) = match create_api::run(root, &args.input_dir, &api) {
        Ok(done) => done,
        Err(err) => return scaffold_failed(&err),
    };
    print_created(&written.paths);
    let next = create_api::next_steps(&created, &args.output_dir);
    if args.no_generate {
        eprint!("{next}");
        return ExitCode::SUCCESS;
    }
    // As `hack/update-codegen.sh` runs it: in an operator's workspace, the
    // CRDs in config/ and the ClusterRole of the new controller's markers too.
    let generate_args =
        layout::generate_args(root, created.operator, &args.input_dir, &args.output_dir);
    if let Some(code) = regenerate_or_revert(generate_args, &written, "create api") {
        return code;
    }
    eprint!("{next}");
    ExitCode::SUCCESS
}

fn create_webhook(args: &CreateWebhookArgs) -> ExitCode {
    use kube_codegen::scaffold::{create_webhook, layout};
    let new = create_webhook::NewWebhook {
        group: args.group.clone(),
        version: args.version.clone(),
        kind: args.kind.clone(),
        defaulting: args.defaulting,
        validation: args.programmatic_validation,
        conversion: args.conversion,
    };
    let root = Path::new("");
    let (created, written) = match create_webhook::run(root, &args.input_dir, &new) {
        Ok(done) => done,
        Err(err) => return scaffold_failed(&err),
    };
    print_created(&written.paths);
    let next = create_webhook::next_steps(&created);
    if args.no_generate {
        eprint!("{next}");
        return ExitCode::SUCCESS;
    }
    // As `hack/update-codegen.sh` runs it: the webhook configurations of the
    // new markers in config/webhook/manifests.yaml.
    let generate_args = layout::generate_args(root, true, &args.input_dir, &args.output_dir);
    if let Some(code) = regenerate_or_revert(generate_args, &written, "create webhook") {
        return code;
    }
    eprint!("{next}");
    ExitCode::SUCCESS
}

/// Runs `generate` with `args` after a scaffolding command wrote `written`;
/// when it fails, takes the files back (nothing half-done: the new files go
/// in together with what is generated from them, or not at all) and returns
/// the exit code.
fn regenerate_or_revert(
    args: Vec<std::ffi::OsString>,
    written: &kube_codegen::scaffold::Written,
    command: &str,
) -> Option<ExitCode> {
    let generate_args = match Cli::try_parse_from(args).map(|cli| cli.command) {
        Ok(Command::Generate(generate_args)) => generate_args,
        Ok(_) => unreachable!("`generate` parses as Command::Generate"),
        Err(err) => err.exit(),
    };
    // Unlike `generate`, which names the line to add, scaffolding adds the
    // crates the generated code uses to the generated crate's Cargo.toml.
    let generated = config(&generate_args).and_then(|mut config| {
        config.add_dependencies = true;
        generate_with(&config)
    });
    let err = match generated {
        Ok(_) => return None,
        Err(err) => err,
    };
    report(&err);
    match written.revert() {
        Ok(()) => eprintln!(
            "note: the input does not generate, so `{command}` took back the files it wrote; fix the errors above and run it again"
        ),
        Err(revert) => eprintln!(
            "error: {revert}\nnote: the files above were written, and could not all be taken back"
        ),
    }
    Some(ExitCode::from(EXIT_BAD_INPUT))
}

fn print_created(paths: &[PathBuf]) {
    for path in paths {
        eprintln!("  wrote   {}", path.display());
    }
}

fn scaffold_failed(err: &kube_codegen::scaffold::Error) -> ExitCode {
    match err {
        kube_codegen::scaffold::Error::Input(diags) => report(&Error::Input(diags.clone())),
        other => eprintln!("error: {other}"),
    }
    ExitCode::from(EXIT_BAD_INPUT)
}

fn generate(args: &GenerateArgs) -> Result<ExitCode, Error> {
    generate_with(&config(args)?)
}

fn generate_with(config: &Config) -> Result<ExitCode, Error> {
    let (output, plan) = pipeline::generate(config)?;
    print_warnings(&output.parsed.warnings);
    for change in &plan.changes {
        eprintln!("  {:<7} {}", verb(change), change.path().display());
    }
    eprintln!(
        "kube-codegen: {} files changed, {} unchanged ({} input files)",
        plan.changes.len(),
        plan.unchanged,
        output.parsed.inputs.len()
    );
    Ok(ExitCode::SUCCESS)
}

fn verify(args: &VerifyArgs) -> Result<ExitCode, Error> {
    let config = config(&args.generate)?;
    let output = pipeline::run(&config)?;
    print_warnings(&output.parsed.warnings);
    let lint_failed = !args.lint.no_lint && verify_lint(args, &config, &output)?;
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
            eprintln!("  {:<7} {}", verb(change), change.path().display());
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
    let (findings, failed) = match kube_codegen::crd_diff::since(
        reference,
        &generation,
        args.since_config.as_deref(),
        output,
    ) {
        Ok(found) => found,
        Err(err) => return Err(crd_diff_failed(err)),
    };
    print_warnings(&findings);
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

fn crd_diff(args: &CrdDiffArgs) -> ExitCode {
    use kube_codegen::crd_diff;
    let run = || -> Result<(Vec<kube_codegen_crd_diff::Report>, usize), crd_diff::Error> {
        let config = match &args.config {
            Some(path) => crd_diff::read_config(path)?,
            None => kube_codegen_crd_diff::Config::default(),
        };
        let runner = crd_diff::runner(&config).map_err(|source| crd_diff::Error::Config {
            path: args.config.clone().unwrap_or_default(),
            source,
        })?;
        let generation = args.input.generation();
        let none = std::collections::BTreeSet::new();
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
        Ok((crd_diff::compare(&old, &new, &runner), added))
    };
    let (reports, added) = match run() {
        Ok(done) => done,
        Err(crd_diff::Error::At(diagnostics)) => {
            eprint!("{diagnostics}");
            return ExitCode::from(EXIT_BAD_INPUT);
        }
        Err(err) => {
            report(&crd_diff_failed(err));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    print!("{}", kube_codegen_crd_diff::render(&reports, args.output));
    let entries: Vec<_> = reports.iter().flat_map(|r| r.entries()).collect();
    let errors = entries
        .iter()
        .filter(|e| e.severity == kube_codegen_crd_diff::Severity::Error)
        .count();
    let failed = reports
        .iter()
        .any(kube_codegen_crd_diff::Report::has_failures);
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

/// `1 warning`, `2 warnings`.
fn count(n: usize, noun: &str) -> String {
    let s = if n == 1 { "" } else { "s" };
    format!("{n} {noun}{s}")
}

/// A failed `crd diff` side as the CLI reports it.
fn crd_diff_failed(err: kube_codegen::crd_diff::Error) -> Error {
    match err {
        kube_codegen::crd_diff::Error::Input { label, diagnostics } => {
            eprintln!("kube-codegen: {label}: the input does not generate");
            Error::Input(diagnostics)
        }
        other => Error::CrdDiff(other),
    }
}

/// `verify`'s lint: prints its findings; whether they fail `verify`.
fn verify_lint(
    args: &VerifyArgs,
    config: &Config,
    output: &pipeline::Output,
) -> Result<bool, Error> {
    let lint = kube_codegen::lint::verify::run(
        &config.input_dir,
        &output.parsed.api,
        args.lint.lint_config.as_deref(),
    )?;
    print_warnings(&lint.diagnostics);
    if let Some(summary) = &lint.summary {
        eprintln!("{summary}");
    }
    Ok(lint.blocking)
}

fn lint(args: &LintArgs) -> Result<ExitCode, Error> {
    use kube_codegen::lint::{self, Format};
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
        let done = lint::fix_dir(&args.input_dir, &parse, &config).map_err(lint_error)?;
        (done.report, Some((done.fixed, done.files)))
    } else {
        (
            lint::lint_dir(&args.input_dir, &parse, &config).map_err(lint_error)?,
            None,
        )
    };
    print_warnings(&report.warnings);
    let blocking = !args.warn_only && !report.findings.is_empty();
    match args.format {
        Format::Text => {
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
        Format::Json => println!(
            "{:#}",
            lint::output::json(&report.findings, report.suppressed.len())
        ),
        Format::Sarif => println!(
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

fn lint_error(err: kube_codegen::lint::Error) -> Error {
    match err {
        kube_codegen::lint::Error::Input(d) => Error::Input(d),
        kube_codegen::lint::Error::Config(c) => Error::Lint(c),
        kube_codegen::lint::Error::Write { path, source } => Error::Io { path, source },
    }
}

fn crd(args: &InputArgs) -> Result<ExitCode, Error> {
    let parse = ParseOptions {
        plural_exceptions: args.plural_exceptions.clone(),
    };
    let opts = EmitOptions {
        crd: args.crd.options(),
        ..EmitOptions::default()
    };
    let checked = pipeline::parse_and_check(&args.input_dir, &parse, Some(&opts.crd), false)
        .map_err(Error::Input)?;
    let (files, size_warnings) =
        kube_codegen::emit::crd::emit_built(&checked.parsed.api, &checked.crds, &opts);
    let mut warnings = checked.parsed.warnings;
    warnings
        .0
        .extend(pipeline::with_source_lines(size_warnings));
    print_warnings(&warnings);
    for file in files {
        if let kube_codegen::emit::Content::Text(yaml) = file.content {
            print!("{yaml}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(feature = "import")]
fn import(args: &ImportArgs) -> Result<ExitCode, Error> {
    let options = kube_codegen::import::ImportOptions {
        go_dirs: args.go_dirs.clone(),
        output_dir: args.output_dir.clone(),
        crd: args.crd.options(),
    };
    let imported = kube_codegen::import::import(&options)?;
    print_warnings(&imported.warnings);
    if args.check {
        if imported.is_up_to_date() {
            eprintln!(
                "kube-codegen: {} is up to date with the Go source",
                args.output_dir.display()
            );
            return Ok(ExitCode::SUCCESS);
        }
        print!("{}", imported.unified_diff());
        eprintln!(
            "kube-codegen: {} differs from what the Go source makes; run `kube-codegen import` with the same flags and commit the result",
            args.output_dir.display()
        );
        return Ok(ExitCode::from(EXIT_STALE));
    }
    imported.apply()?;
    for change in &imported.plan.changes {
        eprintln!("  {:<7} {}", verb(change), change.path().display());
    }
    for (path, _) in &imported.edits {
        eprintln!("  {:<7} {}", "update", path.display());
    }
    eprintln!(
        "kube-codegen: imported {} API versions into {} ({} files changed, {} unchanged)",
        imported.versions,
        args.output_dir.display(),
        imported.plan.changes.len() + imported.edits.len(),
        imported.plan.unchanged
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(not(feature = "import"))]
fn import(_: &ImportArgs) -> Result<ExitCode, Error> {
    eprintln!("error: this kube-codegen was built without its `import` feature");
    Ok(ExitCode::from(EXIT_BAD_INPUT))
}

fn rbac(args: &RbacArgs) -> Result<ExitCode, Error> {
    let generated = kube_codegen::rbac::generate(&args.source_dir, &args.role.role_name)
        .map_err(Error::Input)?;
    print_warnings(&generated.warnings);
    print!("{}", kube_codegen::rbac::render(&generated.roles));
    Ok(ExitCode::SUCCESS)
}

fn webhook(args: &WebhookArgs) -> Result<ExitCode, Error> {
    let generated = kube_codegen::webhook::generate(&args.source_dir).map_err(Error::Input)?;
    print_warnings(&generated.warnings);
    print!(
        "{}",
        kube_codegen::webhook::render(&generated.configurations)
    );
    Ok(ExitCode::SUCCESS)
}

fn config(args: &GenerateArgs) -> Result<Config, Error> {
    let boilerplate = match &args.boilerplate {
        Some(path) => pipeline::read_boilerplate(path)?,
        None if Path::new(DEFAULT_BOILERPLATE).is_file() => {
            pipeline::read_boilerplate(Path::new(DEFAULT_BOILERPLATE))?
        }
        None => Boilerplate::default(),
    };
    let crate_name = args
        .crate_name
        .clone()
        .or_else(|| package_name(&args.output_dir.join("Cargo.toml")))
        .unwrap_or_else(|| "generated".to_owned());
    Ok(Config {
        input_dir: args.input.input_dir.clone(),
        output_dir: args.output_dir.clone(),
        crd_dirs: args.crd_dirs.clone(),
        boilerplate,
        parse: ParseOptions {
            plural_exceptions: args.input.plural_exceptions.clone(),
        },
        emit: EmitOptions {
            crate_name,
            crd: args.input.crd.options(),
            apply_configurations: args.apply_configurations,
            cargo_features: true,
        },
        crate_version: args.crate_version.clone(),
        rbac: args
            .rbac_source_dir
            .clone()
            .zip(args.rbac_output.clone())
            .map(|(source_dir, output)| RbacConfig {
                source_dir,
                output,
                role_name: args.role.role_name.clone(),
            }),
        webhook: args
            .webhook_source_dir
            .clone()
            .zip(args.webhook_output.clone())
            .map(|(source_dir, output)| WebhookConfig { source_dir, output }),
        add_dependencies: false,
    })
}

const DEFAULT_BOILERPLATE: &str = "hack/boilerplate.rs.txt";

/// The `[package] name` of a Cargo.toml, as a crate name (`-` → `_`).
fn package_name(manifest: &PathBuf) -> Option<String> {
    let text = std::fs::read_to_string(manifest).ok()?;
    let mut in_package = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if in_package && let Some(rest) = line.strip_prefix("name") {
            let value = rest
                .trim_start()
                .strip_prefix('=')?
                .trim()
                .trim_matches('"');
            return Some(value.replace('-', "_"));
        }
    }
    None
}

fn verb(change: &kube_codegen::write::Change) -> &'static str {
    match change {
        kube_codegen::write::Change::Create { .. } => "create",
        kube_codegen::write::Change::Update { .. } => "update",
        kube_codegen::write::Change::Remove { .. } => "remove",
    }
}

fn print_warnings(warnings: &kube_codegen::diag::Diagnostics) {
    if !warnings.0.is_empty() {
        eprint!("{warnings}");
    }
}

fn report(err: &Error) {
    match err {
        Error::Input(diags) => {
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
