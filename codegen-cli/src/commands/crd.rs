//! `kube-codegen crd`: the input's CRDs on stdout, nothing written.

use std::process::ExitCode;

use kube_codegen::emit::{Content, EmitOptions};
use kube_codegen::parse::ParseOptions;
use kube_codegen::pipeline;

use crate::cli::InputArgs;
use crate::{Error, report};

pub(crate) fn run(args: &InputArgs) -> Result<ExitCode, Error> {
    let parse = ParseOptions {
        plural_exceptions: args.plural_exceptions.clone(),
    };
    let opts = EmitOptions {
        crd: args.crd.options(),
        ..EmitOptions::default()
    };
    let checked = pipeline::parse_and_check(&args.input_dir, &parse, Some(&opts.crd), false)
        .map_err(Error::input)?;
    let (files, size_warnings) =
        kube_codegen::emit::crd::emit_built(&checked.parsed.api, &checked.crds, &opts);
    let mut warnings = checked.parsed.warnings;
    warnings
        .0
        .extend(pipeline::with_source_lines(size_warnings));
    report::warnings(&warnings);
    for file in files {
        if let Content::Text(yaml) = file.content {
            print!("{yaml}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
