//! `kube-codegen rbac`: the roles of a controller's `+kubebuilder:rbac`
//! markers on stdout (controller-gen's `rbac` generator).

use std::process::ExitCode;

use crate::cli::RbacArgs;
use crate::{Error, report};

pub(crate) fn run(args: &RbacArgs) -> Result<ExitCode, Error> {
    let generated = kube_codegen::rbac::generate(&args.source_dir, &args.role.role_name)
        .map_err(Error::input)?;
    report::warnings(&generated.warnings);
    print!("{}", kube_codegen::rbac::render(&generated.roles));
    Ok(ExitCode::SUCCESS)
}
