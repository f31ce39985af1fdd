//! `kube-codegen init`, `create api` and `create webhook`: kubebuilder's
//! project layout, written and then generated in one step (or taken back).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;

use crate::Error;
use crate::cli::{Cli, Command, CreateApiArgs, CreateWebhookArgs, InitArgs};
use crate::commands::generate;
use crate::report::{self, EXIT_BAD_INPUT};

pub(crate) fn init(args: &InitArgs) -> ExitCode {
    use kube_codegen_scaffold::{init, layout, origin, source::SourceArg};
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
            let origin = origin::detect(
                env!("CARGO_PKG_NAME"),
                Path::new(env!("CARGO_MANIFEST_DIR")),
            );
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

pub(crate) fn create_api(args: &CreateApiArgs) -> ExitCode {
    use kube_codegen_scaffold::{create_api, layout};
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

pub(crate) fn create_webhook(args: &CreateWebhookArgs) -> ExitCode {
    use kube_codegen_scaffold::{create_webhook, layout};
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
    written: &kube_codegen_scaffold::Written,
    command: &str,
) -> Option<ExitCode> {
    let generate_args = match Cli::try_parse_from(args).map(|cli| cli.command) {
        Ok(Command::Generate(generate_args)) => generate_args,
        Ok(_) => unreachable!("`generate` parses as Command::Generate"),
        Err(err) => err.exit(),
    };
    // Unlike `generate`, which names the line to add, scaffolding adds the
    // crates the generated code uses to the generated crate's Cargo.toml.
    let generated = generate::config(&generate_args).and_then(|mut config| {
        config.add_dependencies = true;
        generate::generate_with(&config)
    });
    let err = match generated {
        Ok(_) => return None,
        Err(err) => err,
    };
    report::error(&err);
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

fn scaffold_failed(err: &kube_codegen_scaffold::Error) -> ExitCode {
    match err {
        kube_codegen_scaffold::Error::Input(diags) => report::error(&Error::input(diags.clone())),
        other => eprintln!("error: {other}"),
    }
    ExitCode::from(EXIT_BAD_INPUT)
}
