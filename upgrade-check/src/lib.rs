//! `kube-codegen crd diff OLD NEW` and `verify --since <ref>`: CRD upgrade
//! safety. The checks are the `kube-codegen-crd-diff` library's (crdify's,
//! with ratcheting and CEL rules); this module brings the two sides and
//! the place each finding is in the Rust input:
//!
//! - [`source`]: what `OLD` and `NEW` name: CRD YAML files or directories,
//!   a directory of Rust input (generated here), `git:<ref>` (the input as
//!   it was at that commit, generated here), `cluster:<name>` (the installed
//!   CRD, with its `status.storedVersions`), and crdify's `file://`,
//!   `kube://` and `git://<ref>?path=` forms.
//! - [`yaml`]: CRDs read from YAML files; [`git`]: files read from a commit;
//!   [`cluster`]: CRDs read from the cluster of the kubeconfig.
//! - [`locate`]: a finding's property → the Rust field it comes from.
//! - [`diagnostics`]: findings as rustc-style diagnostics at those fields.

pub mod cluster;
pub mod diagnostics;
pub mod git;
pub mod locate;
pub mod source;
pub mod yaml;

use std::collections::BTreeMap;
use std::path::PathBuf;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube_codegen_crd_diff::{Report, Runner};

use kube_codegen::diag::Diagnostics;
use kube_codegen::emit::crd::{Crd, CrdOptions};
use kube_codegen::model::Api;
use kube_codegen::parse::ParseOptions;

pub use source::Spec;

/// How a side named by Rust input is generated (the flags `generate` takes).
#[derive(Clone, Debug, Default)]
pub struct Generation {
    /// `--input-dir`: where `git:<ref>` finds the input in the commit.
    pub input_dir: PathBuf,
    /// How the input is read.
    pub parse: ParseOptions,
    /// How the CRDs are generated.
    pub crd: CrdOptions,
}

/// One side of the comparison: its CRDs and, when they were generated here,
/// the model they come from (for the locations of findings).
pub struct Side {
    /// What the side is (`git:HEAD`, `generated/crds`), for messages.
    pub label: String,
    /// The CRDs, by name.
    pub crds: BTreeMap<String, CustomResourceDefinition>,
    /// The API and CRDs, when generated from Rust input.
    pub generated: Option<(Api, Vec<Crd>)>,
}

impl Side {
    /// A side of CRDs generated from `api`.
    pub fn generated(label: impl Into<String>, api: Api, crds: Vec<Crd>) -> Side {
        Side {
            label: label.into(),
            crds: crds
                .iter()
                .map(|c| (c.name.clone(), c.definition.clone()))
                .collect(),
            generated: Some((api, crds)),
        }
    }
}

/// Why a comparison could not run.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The Rust input of a side does not generate.
    #[error("{label}: the input does not generate")]
    Input {
        /// The side (`git:main`, `apis/src`).
        label: String,
        /// What is wrong with it.
        diagnostics: Diagnostics,
    },
    /// A file is not what it should be, at a line of it.
    #[error("{0}")]
    At(Diagnostics),
    /// A file or directory could not be read, or holds no CRDs.
    #[error("{}: {message}", .path.display())]
    File {
        /// The file or directory.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// A side names something this command does not know.
    #[error("`{spec}`: {message}")]
    Spec {
        /// As given.
        spec: String,
        /// What is wrong, and what is accepted.
        message: String,
    },
    /// `git` failed.
    #[error("git: {0}")]
    Git(String),
    /// The cluster could not be asked.
    #[error("cluster: {0}")]
    Cluster(String),
    /// Two CRDs of one side have the same name.
    #[error("{label}: two CustomResourceDefinitions are named `{name}`")]
    Duplicate {
        /// The side.
        label: String,
        /// The name.
        name: String,
    },
    /// The configuration file is wrong.
    #[error("{}: {source}", .path.display())]
    Config {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: kube_codegen_crd_diff::ConfigError,
    },
}

/// The checks of `config`, with kube-codegen's CEL cost estimates.
pub fn runner(
    config: &kube_codegen_crd_diff::Config,
) -> Result<Runner, kube_codegen_crd_diff::ConfigError> {
    Ok(Runner::new(config)?.with_cel_costs(|schema: &k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::JSONSchemaProps| {
        kube_codegen::emit::crd::rule_costs(schema)
            .into_iter()
            .filter(|c| c.key == "rule")
            .map(|c| (c.path, c.cost))
            .collect::<BTreeMap<String, u64>>()
    }))
}

/// Reads a configuration file (crdify's format).
pub fn read_config(path: &std::path::Path) -> Result<kube_codegen_crd_diff::Config, Error> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::File {
        path: path.to_owned(),
        message: e.to_string(),
    })?;
    kube_codegen_crd_diff::Config::from_yaml(&text).map_err(|source| match source {
        kube_codegen_crd_diff::ConfigError::Syntax {
            at: Some((line, column)),
            message,
        } => Error::At(file_error(path, &text, line, column, message)),
        source => Error::Config {
            path: path.to_owned(),
            source,
        },
    })
}

/// An error at a place in a file (1-based line and column), with the line.
pub(crate) fn file_error(
    path: &std::path::Path,
    text: &str,
    line: usize,
    column: usize,
    message: String,
) -> Diagnostics {
    let location = kube_codegen::model::Location {
        file: path.to_owned(),
        line,
        column,
    };
    let mut d = kube_codegen::diag::Diagnostic::error(message, location);
    if let Some(source) = text.lines().nth(line.saturating_sub(1)) {
        d = d.with_source_line(source);
    }
    Diagnostics(vec![d])
}

/// Compares every CRD of `new` with the CRD of the same name in `old` (a
/// CRD only in `old` is a `crdRemoval`; one only in `new` is new, and
/// compatible), and gives each finding the Rust field it comes from when
/// `new` was generated here. Reports are sorted by CRD name.
pub fn compare(old: &Side, new: &Side, runner: &Runner) -> Vec<Report> {
    let mut reports = Vec::new();
    for (name, after) in &new.crds {
        if let Some(before) = old.crds.get(name) {
            let mut report = runner.compare(before, after);
            if let Some((api, crds)) = &new.generated {
                locate::report(&mut report, api, crds);
            }
            reports.push(report);
        }
    }
    for (name, before) in &old.crds {
        if !new.crds.contains_key(name) {
            reports.push(runner.removed(before));
        }
    }
    reports.sort_by(|a, b| a.name.cmp(&b.name));
    reports
}

/// `verify --since <reference>`: the CRDs of `output` (this run's) against
/// those generated from the input at `reference`, as diagnostics at the
/// Rust fields; `true` when a finding is an error.
pub fn since(
    reference: &str,
    generation: &Generation,
    config: Option<&std::path::Path>,
    output: &kube_codegen::pipeline::Output,
) -> Result<(Diagnostics, bool), Error> {
    let config = match config {
        Some(path) => read_config(path)?,
        None => kube_codegen_crd_diff::Config::default(),
    };
    let runner = runner(&config).map_err(|source| Error::Config {
        path: PathBuf::from("--since-config"),
        source,
    })?;
    let old = git::generate(reference, generation)?;
    let new = Side::generated(
        generation.input_dir.display().to_string(),
        output.parsed.api.clone(),
        output.crds.clone(),
    );
    let reports = compare(&old, &new, &runner);
    let failed = reports.iter().any(Report::has_failures);
    Ok((diagnostics::diagnostics(&reports, &output.crds), failed))
}
