//! `kube-codegen import`: Go API types to this generator's input (with the
//! `import` feature, on by default).

use std::process::ExitCode;

use crate::Error;
use crate::cli::ImportArgs;

#[cfg(feature = "import")]
pub(crate) fn run(args: &ImportArgs) -> Result<ExitCode, Error> {
    use crate::report::{self, EXIT_STALE};
    let options = kube_codegen_import::ImportOptions {
        go_dirs: args.go_dirs.clone(),
        output_dir: args.output_dir.clone(),
        crd: args.crd.options(),
    };
    let imported = kube_codegen_import::import(&options)?;
    report::warnings(&imported.warnings);
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
        eprintln!("  {:<7} {}", report::verb(change), change.path().display());
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
pub(crate) fn run(_: &ImportArgs) -> Result<ExitCode, Error> {
    eprintln!("error: this kube-codegen was built without its `import` feature");
    Ok(ExitCode::from(crate::report::EXIT_BAD_INPUT))
}
