//! The lint as `kube-codegen verify` runs it: with the workspace's
//! configuration, findings fail `verify`; a workspace that configures no
//! lint sees them as warnings (with the `crd` profile) and `verify` passes as
//! it did before the lint existed, so no existing CI breaks on upgrade.

use std::path::Path;

use super::{ConfigError, lint_api, output, workspace_config};
use kube_codegen::diag::Diagnostics;
use kube_codegen::model::Api;

/// What `verify` shows and decides.
pub struct VerifyLint {
    /// The findings, as errors (configured) or warnings.
    pub diagnostics: Diagnostics,
    /// Whether the findings fail `verify`.
    pub blocking: bool,
    /// One line: how many findings, how many fixable, what they mean for `verify`.
    pub summary: Option<String>,
}

/// Lints the parsed model of `input_dir` for `verify`.
pub fn run(
    input_dir: &Path,
    api: &Api,
    config_file: Option<&Path>,
) -> Result<VerifyLint, ConfigError> {
    let (config, configured) = workspace_config(input_dir, config_file)?;
    let report = lint_api(api, &|p| std::fs::read_to_string(p).ok(), &config)?;
    let read_line = |p: &Path, line: usize| {
        std::fs::read_to_string(p)
            .ok()
            .and_then(|t| t.lines().nth(line - 1).map(str::to_owned))
    };
    let diagnostics = output::diagnostics(&report.findings, configured, &read_line);
    let n = report.findings.len();
    let summary = (n > 0).then(|| {
        let fixable = report.findings.iter().filter(|f| f.fix.is_some()).count();
        let s = if n == 1 { "" } else { "s" };
        let mut line = format!("kube-codegen lint: {n} finding{s} in {}", input_dir.display());
        if fixable > 0 {
            line.push_str(&format!(" ({fixable} fixable with `kube-codegen lint --fix`)"));
        }
        if !configured {
            line.push_str(
                "; not failing `verify`: the workspace configures no lint (`[workspace.metadata.kube-codegen.lint]` in Cargo.toml, or a `.golangci-kal.yml`)",
            );
        }
        line
    });
    Ok(VerifyLint {
        blocking: configured && n > 0,
        diagnostics,
        summary,
    })
}
