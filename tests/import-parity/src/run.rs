//! The Rust side: `kube-codegen import` of a project's API tree into a
//! scratch input directory, then `kube-codegen crd` on it.

use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result};
use serde_json::Value;

use crate::go;
use crate::project::Project;

/// What the import and `crd` made of `project`: the CRDs, or (when either
/// refused) a summary of its errors, the import's warnings aside.
pub struct Ours {
    /// The CRDs, or the errors that stood in their way.
    pub crds: Result<Vec<Value>, String>,
    /// How many warnings the import printed.
    pub warnings: usize,
}

/// Imports `module`'s API tree and generates its CRDs.
pub fn our_crds(project: &Project, module: &Path) -> Result<Ours> {
    let bin = crd_parity::generators::kube_codegen()?;
    let work = std::env::temp_dir().join(format!(
        "import-parity-{}-{}",
        std::process::id(),
        project.name
    ));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work)?;
    let input = work.join("src");
    let mut import = Command::new(&bin);
    import
        .arg("import")
        .arg("--go")
        .arg(module.join(project.api_dir))
        .arg("--output-dir")
        .arg(&input)
        .env("GOMODCACHE", go::module_cache());
    let kube_version = go::kube_version(module);
    if let Some(v) = &kube_version {
        import.args(["--kube-version", v]);
    }
    if project.dangerous_types {
        import.arg("--allow-dangerous-types");
    }
    let out = import.output().context("running kube-codegen import")?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    let warnings = stderr
        .lines()
        .filter(|l| l.starts_with("warning: "))
        .count();
    if !out.status.success() {
        return Ok(Ours {
            crds: Err(summary("import", &stderr)),
            warnings,
        });
    }
    let mut crd = Command::new(&bin);
    crd.arg("crd").arg("--input-dir").arg(&input);
    if let Some(v) = &kube_version {
        crd.args(["--kube-version", v]);
    }
    if project.dangerous_types {
        crd.arg("--allow-dangerous-types");
    }
    let out = crd.output().context("running kube-codegen crd")?;
    let result = if out.status.success() {
        Ok(crd_parity::generators::parse_yaml(
            &String::from_utf8_lossy(&out.stdout),
        )?)
    } else {
        Err(summary("crd", &String::from_utf8_lossy(&out.stderr)))
    };
    std::fs::remove_dir_all(&work)?;
    Ok(Ours {
        crds: result,
        warnings,
    })
}

/// The distinct `error:` headlines of a refusal, on one line.
fn summary(step: &str, stderr: &str) -> String {
    let mut errors: Vec<&str> = stderr
        .lines()
        .filter_map(|l| l.strip_prefix("error: "))
        .filter(|l| !l.starts_with("aborting"))
        .collect();
    errors.sort_unstable();
    errors.dedup();
    if errors.is_empty() {
        bail_text(step, stderr)
    } else {
        format!("{step}: {}", errors.join("; "))
    }
}

fn bail_text(step: &str, stderr: &str) -> String {
    format!("{step}: {}", stderr.trim())
}
