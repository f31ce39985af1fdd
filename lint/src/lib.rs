//! `kube-codegen lint`: kube-api-linter's rules on the Rust API types, by
//! KAL's names, defaults and configuration, with its fixes.
//!
//! A library first (no global state, no process exit): [`lint_dir`] parses
//! an input directory and lints it, [`lint_api`] lints a parsed model,
//! [`fix_dir`] applies the fixes. The rules run on the model (types, fields,
//! resolved types, JSON names, validations) joined with the source
//! (`source`: markers as written, doc lines, byte ranges for fixes).
//!
//! Each file has one job: [`registry`] lists the rules, `rules` holds one
//! file per rule, [`config`] reads KAL's configuration, `suppress` applies
//! `+kube-codegen:lint:ignore` markers and exclusions, `fix` edits the
//! text, [`output`] renders text, JSON and SARIF.

pub mod config;
pub(crate) mod context;
pub mod finding;
pub(crate) mod fix;
pub mod output;
pub mod registry;
pub(crate) mod rules;
pub(crate) mod settings;
pub(crate) mod source;
pub(crate) mod suppress;
pub mod verify;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kube_codegen::diag::Diagnostics;
use kube_codegen::model::Api;
use kube_codegen::parse::{ParseOptions, parse_dir};

pub use config::{ConfigError, LintConfig, Profile};
pub use finding::{Edit, Finding, Fix};

/// Why linting could not be done.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input does not parse: its diagnostics.
    #[error("the input has errors")]
    Input(Diagnostics),
    /// The configuration is wrong.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A file could not be written (`--fix`).
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// What a lint found.
#[derive(Debug, Default)]
pub struct Report {
    /// The findings to report, in file order.
    pub findings: Vec<Finding>,
    /// The findings a suppression marker or an exclusion turned off.
    pub suppressed: Vec<Finding>,
    /// The rules that ran.
    pub rules: Vec<&'static str>,
    /// The parser's warnings about the input.
    pub warnings: Diagnostics,
}

/// Lints a parsed model; `read` gives the text of an input file.
pub fn lint_api(
    api: &Api,
    read: &dyn Fn(&Path) -> Option<String>,
    config: &LintConfig,
) -> Result<Report, ConfigError> {
    let enabled = config.resolve()?;
    let cx = context::Cx::new(api, read);
    let mut all = Vec::new();
    for e in &enabled {
        all.extend((e.rule.run)(&cx, &e.settings)?);
    }
    all.sort_by(|a, b| (&a.location, a.rule).cmp(&(&b.location, b.rule)));
    all.dedup_by(|a, b| a.rule == b.rule && a.location == b.location && a.message == b.message);
    all.extend(suppress::check_markers(&cx));
    let (mut findings, suppressed) = suppress::apply(all, &config.exclusions);
    findings.sort_by(|a, b| (&a.location, a.rule).cmp(&(&b.location, b.rule)));
    Ok(Report {
        findings,
        suppressed,
        rules: enabled.iter().map(|e| e.rule.name).collect(),
        warnings: Diagnostics::new(),
    })
}

/// Parses `input_dir` and lints it.
pub fn lint_dir(
    input_dir: &Path,
    parse: &ParseOptions,
    config: &LintConfig,
) -> Result<Report, Error> {
    let parsed = parse_dir(input_dir, parse).map_err(Error::Input)?;
    let mut report = lint_api(&parsed.api, &|p| std::fs::read_to_string(p).ok(), config)?;
    report.warnings = parsed.warnings;
    Ok(report)
}

/// What `--fix` did.
#[derive(Debug)]
pub struct Fixed {
    /// The files rewritten.
    pub files: Vec<PathBuf>,
    /// How many findings were fixed.
    pub fixed: usize,
    /// What remains.
    pub report: Report,
}

/// Applies the fixes of every reported finding, then lints again (a fix may
/// make room for another: up to a few rounds), and reports what remains.
/// Every round writes its files atomically; a round whose result does not
/// parse is taken back and stops the fixing.
pub fn fix_dir(
    input_dir: &Path,
    parse: &ParseOptions,
    config: &LintConfig,
) -> Result<Fixed, Error> {
    let mut files = Vec::new();
    let mut fixed = 0;
    let mut report = lint_dir(input_dir, parse, config)?;
    for _ in 0..5 {
        let fixable: Vec<Finding> = report
            .findings
            .iter()
            .filter(|f| f.fix.is_some())
            .cloned()
            .collect();
        if fixable.is_empty() {
            break;
        }
        let new = fix::apply(&fixable, &|p| std::fs::read_to_string(p).ok());
        let old: BTreeMap<PathBuf, String> = new
            .keys()
            .filter_map(|p| std::fs::read_to_string(p).ok().map(|t| (p.clone(), t)))
            .collect();
        write_all(&new)?;
        match lint_dir(input_dir, parse, config) {
            Ok(next) => {
                fixed += report
                    .findings
                    .len()
                    .saturating_sub(next.findings.len())
                    .max(1);
                for p in new.keys() {
                    if !files.contains(p) {
                        files.push(p.clone());
                    }
                }
                let progressed = next.findings.len() < report.findings.len();
                report = next;
                if !progressed {
                    break;
                }
            }
            Err(Error::Input(_)) => {
                write_all(&old)?;
                break;
            }
            Err(other) => return Err(other),
        }
    }
    Ok(Fixed {
        files,
        fixed,
        report,
    })
}

fn write_all(files: &BTreeMap<PathBuf, String>) -> Result<(), Error> {
    for (path, text) in files {
        let dir = path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let write = || -> std::io::Result<()> {
            let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
            std::io::Write::write_all(&mut tmp, text.as_bytes())?;
            if let Ok(meta) = std::fs::metadata(path) {
                std::fs::set_permissions(tmp.path(), meta.permissions())?;
            }
            tmp.persist(path).map_err(|e| e.error)?;
            Ok(())
        };
        write().map_err(|source| Error::Write {
            path: path.clone(),
            source,
        })?;
    }
    Ok(())
}

/// The configuration a workspace runs with: the file given, else the
/// workspace's (found from `input_dir` up), else the `crd` profile. The
/// second value says whether the workspace configured it.
pub fn workspace_config(
    input_dir: &Path,
    file: Option<&Path>,
) -> Result<(LintConfig, bool), ConfigError> {
    if let Some(file) = file {
        return Ok((LintConfig::read(file)?, true));
    }
    Ok(match config::discover(input_dir)? {
        Some(c) => (c, true),
        None => (LintConfig::default_profile(), false),
    })
}
