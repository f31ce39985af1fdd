//! `kube-codegen webhook`: the webhook configurations of `+kubebuilder:webhook`
//! markers on stdout (controller-gen's `webhook` generator).

use std::process::ExitCode;

use crate::cli::WebhookArgs;
use crate::{Error, report};

pub(crate) fn run(args: &WebhookArgs) -> Result<ExitCode, Error> {
    let generated = kube_codegen::webhook::generate(&args.source_dir).map_err(Error::input)?;
    report::warnings(&generated.warnings);
    print!(
        "{}",
        kube_codegen::webhook::render(&generated.configurations)
    );
    Ok(ExitCode::SUCCESS)
}
