//! Why a command produced nothing.

use kube_codegen::diag::Diagnostics;
use kube_codegen::pipeline;

/// Why a command failed, whichever of the crates it calls failed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The generator failed: bad input (with its diagnostics), I/O, a manifest.
    #[error(transparent)]
    Pipeline(#[from] pipeline::Error),
    /// The lint configuration (`lint`, and `verify`'s lint) is wrong.
    #[error(transparent)]
    Lint(#[from] kube_codegen_lint::ConfigError),
    /// `crd diff` or `verify --since` could not compare the CRDs (a git
    /// reference, a configuration file, the input at that commit).
    #[error(transparent)]
    CrdDiff(#[from] kube_codegen_upgrade_check::Error),
}

impl Error {
    /// Bad input, with the diagnostics that say where and how to fix it.
    pub(crate) fn input(diagnostics: Diagnostics) -> Self {
        Self::Pipeline(pipeline::Error::Input(diagnostics))
    }
}
