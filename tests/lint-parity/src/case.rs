//! A case: which KAL package, which configuration, which types the twin carries.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use serde::Deserialize;
use serde_json::Value;

/// The suite's directory.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// One case, from `cases/<rule>/<case>/case.yaml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// `<rule>/<case>`.
    #[serde(skip)]
    pub name: String,
    /// The twin's directory (holding `case.yaml` and `apis/`).
    #[serde(skip)]
    pub dir: PathBuf,
    /// KAL's test data root of the rule, relative to KAL's module
    /// (`pkg/analysis/integers/testdata`).
    pub testdata: String,
    /// The package under `src/` (`a`).
    pub package: String,
    /// The KAL configuration both run with (`linters`, `lintersConfig`).
    pub config: Value,
    /// The Go types the twin carries (findings elsewhere in the package are
    /// not compared).
    pub types: Vec<String>,
}

impl Case {
    /// The twin's input directory.
    pub fn apis(&self) -> PathBuf {
        self.dir.join("apis")
    }
}

/// Every case, in name order.
pub fn all() -> Result<Vec<Case>> {
    let mut out = Vec::new();
    let cases = root().join("cases");
    for rule in sorted_dirs(&cases)? {
        for dir in sorted_dirs(&rule)? {
            let file = dir.join("case.yaml");
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("reading {}", file.display()))?;
            let mut case: Case = serde_saphyr::from_str(&text)
                .with_context(|| format!("reading {}", file.display()))?;
            case.name = format!(
                "{}/{}",
                rule.file_name().unwrap_or_default().to_string_lossy(),
                dir.file_name().unwrap_or_default().to_string_lossy()
            );
            case.dir = dir;
            out.push(case);
        }
    }
    Ok(out)
}

fn sorted_dirs(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    Ok(dirs)
}
