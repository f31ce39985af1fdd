//! Running the two generators on one API: controller-gen (built and cached by
//! `hack/tools/controller-gen.sh`) and the `kube-codegen` binary (built through
//! cargo, in the profile this test runs in).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use anyhow::{Context, Result, anyhow, bail};
use serde_json::Value;

use crate::corpus::{self, Api};
use crate::render;

/// The controller-gen binary, built once per machine and cached.
pub fn controller_gen() -> Result<PathBuf> {
    static BIN: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    BIN.get_or_init(|| cached_tool("hack/tools/controller-gen.sh"))
        .clone()
        .map_err(|e| anyhow!(e))
}

/// The controller-tools release `hack/tools/controller-gen.sh` pins (`v0.23.0`).
pub fn controller_gen_version() -> Result<String> {
    let script = corpus::repo_root().join("hack/tools/controller-gen.sh");
    let text = std::fs::read_to_string(&script)
        .with_context(|| format!("reading {}", script.display()))?;
    text.lines()
        .find_map(|l| l.strip_prefix("CONTROLLER_TOOLS_VERSION="))
        .map(|v| v.trim().to_owned())
        .ok_or_else(|| anyhow!("{} pins no CONTROLLER_TOOLS_VERSION", script.display()))
}

/// `cel-cost`: the API server's own CRD rule compiler and cost estimator
/// (`hack/tools/cel-cost`), built once per version of its source and cached.
pub fn cel_cost() -> Result<PathBuf> {
    static BIN: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    BIN.get_or_init(|| cached_tool("hack/tools/cel-cost.sh"))
        .clone()
        .map_err(|e| anyhow!(e))
}

/// Runs a `hack/tools/*.sh` script that builds a Go tool into the cache and
/// prints its path as its last line.
fn cached_tool(script: &str) -> Result<PathBuf, String> {
    let script = corpus::repo_root().join(script);
    let out = Command::new(&script)
        .output()
        .map_err(|e| format!("running {}: {e}", script.display()))?;
    if !out.status.success() {
        return Err(format!(
            "{} failed:\n{}",
            script.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    let last = stdout.lines().last().unwrap_or_default().trim();
    Ok(PathBuf::from(last))
}

/// The `kube-codegen` binary of this workspace, (re)built by cargo in the
/// profile of the running test so that it is never stale.
pub fn kube_codegen() -> Result<PathBuf> {
    static BIN: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    BIN.get_or_init(|| build_kube_codegen().map_err(|e| format!("{e:#}")))
        .clone()
        .map_err(|e| anyhow!(e))
}

fn build_kube_codegen() -> Result<PathBuf> {
    // The test binary lives in `<target>/<profile>/deps/`.
    let exe = std::env::current_exe()?;
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .context("test binary outside a cargo target directory")?;
    let profile = profile_dir
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let target_dir = profile_dir.parent().context("no target directory")?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(corpus::repo_root())
        .args([
            "build",
            "--quiet",
            "-p",
            "kube-codegen-cli",
            "--bin",
            "kube-codegen",
        ])
        .arg("--target-dir")
        .arg(target_dir);
    if profile != "debug" {
        cmd.args(["--profile", &profile]);
    }
    let status = cmd.status().context("running cargo build")?;
    if !status.success() {
        bail!("cargo build -p kube-codegen-cli failed ({status})");
    }
    Ok(profile_dir.join("kube-codegen"))
}

/// controller-gen's CRDs for `api`. Failing here is a broken corpus, not a
/// difference: the Go side is the reference.
pub fn reference_crds(api: &Api) -> Result<Vec<Value>> {
    let bin = controller_gen()?;
    let out_dir =
        std::env::temp_dir().join(format!("crd-parity-{}-{}", std::process::id(), api.name));
    let _ = std::fs::remove_dir_all(&out_dir);
    let out = Command::new(&bin)
        .current_dir(corpus::go_module())
        // kube-codegen keeps embedded ObjectMeta by default (a pod template's
        // labels must survive pruning); compare with controller-gen doing the same.
        .arg("crd:generateEmbeddedObjectMeta=true")
        .arg(format!("paths={}", api.go_paths()))
        .arg(format!("output:crd:dir={}", out_dir.display()))
        .env("GOFLAGS", "-mod=mod")
        .output()
        .with_context(|| format!("running {}", bin.display()))?;
    if !out.status.success() {
        bail!(
            "controller-gen failed on {}:\n{}",
            api.name,
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&out_dir)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    files.sort();
    let mut crds = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file)?;
        crds.extend(parse_yaml(&text).with_context(|| format!("parsing {}", file.display()))?);
    }
    std::fs::remove_dir_all(&out_dir)?;
    Ok(crds)
}

/// What `kube-codegen crd` made of `api`'s Rust translation: the CRDs, or
/// (when it refused the input) a one-line summary of its distinct errors,
/// which the suite records as a difference of its own.
pub fn our_crds(api: &Api) -> Result<Result<Vec<Value>, String>> {
    let bin = kube_codegen()?;
    let out = Command::new(&bin)
        .arg("crd")
        .arg("--input-dir")
        .arg(api.rust_dir())
        .output()
        .with_context(|| format!("running {}", bin.display()))?;
    if !out.status.success() {
        return Ok(Err(error_summary(&String::from_utf8_lossy(&out.stderr))));
    }
    Ok(Ok(parse_yaml(&String::from_utf8_lossy(&out.stdout))?))
}

/// Every YAML document of `text` as JSON, empty documents dropped.
pub fn parse_yaml(text: &str) -> Result<Vec<Value>> {
    let docs: Vec<Value> = serde_saphyr::from_multiple(text)?;
    Ok(docs.into_iter().filter(|d| !d.is_null()).collect())
}

/// The distinct `error:` headlines of a diagnostic report, sorted, on one
/// line; the final "aborting" line is left out.
fn error_summary(stderr: &str) -> String {
    let mut errors: Vec<&str> = stderr
        .lines()
        .filter_map(|l| l.strip_prefix("error: "))
        .filter(|l| !l.starts_with("aborting"))
        .collect();
    errors.sort_unstable();
    errors.dedup();
    if errors.is_empty() {
        return render::cut(stderr.trim());
    }
    errors.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_summary_keeps_distinct_headlines_without_the_abort_line() {
        let stderr = "error: unknown marker `+b`\n --> x.rs:1:1\nerror: unknown marker `+a`\n\
                      error: unknown marker `+b`\nerror: aborting due to 3 previous errors\n";
        assert_eq!(
            error_summary(stderr),
            "unknown marker `+a`; unknown marker `+b`"
        );
    }
}
