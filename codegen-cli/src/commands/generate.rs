//! `kube-codegen generate`, and the pipeline's configuration from its flags
//! (which `verify` and the scaffolding commands share).

use std::path::Path;
use std::process::ExitCode;

use kube_codegen::emit::EmitOptions;
use kube_codegen::parse::ParseOptions;
use kube_codegen::pipeline::{self, Config, RbacConfig, WebhookConfig};
use kube_codegen::write::Boilerplate;

use crate::cli::GenerateArgs;
use crate::{Error, report};

/// The header a project keeps for generated files, read when no
/// `--boilerplate` is given (kube_codegen.sh's default place).
const DEFAULT_BOILERPLATE: &str = "hack/boilerplate.rs.txt";

pub(crate) fn run(args: &GenerateArgs) -> Result<ExitCode, Error> {
    generate_with(&config(args)?)
}

/// Writes what `config` generates and lists the changes.
pub(crate) fn generate_with(config: &Config) -> Result<ExitCode, Error> {
    let (output, plan) = pipeline::generate(config)?;
    report::warnings(&output.parsed.warnings);
    for change in &plan.changes {
        eprintln!("  {:<7} {}", report::verb(change), change.path().display());
    }
    eprintln!(
        "kube-codegen: {} files changed, {} unchanged ({} input files)",
        plan.changes.len(),
        plan.unchanged,
        output.parsed.inputs.len()
    );
    Ok(ExitCode::SUCCESS)
}

/// The pipeline's configuration from `generate`'s flags.
pub(crate) fn config(args: &GenerateArgs) -> Result<Config, Error> {
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

/// The `[package] name` of a Cargo.toml, as a crate name (`-` → `_`); `None`
/// when the file is missing or names no package.
fn package_name(manifest: &Path) -> Option<String> {
    let text = std::fs::read_to_string(manifest).ok()?;
    let doc: toml_edit::DocumentMut = text.parse().ok()?;
    let name = doc.get("package")?.get("name")?.as_str()?;
    Some(name.replace('-', "_"))
}
