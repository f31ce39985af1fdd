//! The Go side: a module's source fetched into the suite's Go module cache
//! (`${KUBE_CODEGEN_CACHE:-~/.cache/kube-codegen}/import-parity/gomod`, apart
//! from the user's), and controller-gen run on it, its CRDs cached beside.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::project::Project;

/// The cache root of this suite.
pub fn cache_root() -> PathBuf {
    let root = std::env::var_os("KUBE_CODEGEN_CACHE")
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("XDG_CACHE_HOME").map(|d| PathBuf::from(d).join("kube-codegen"))
        })
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/kube-codegen")))
        .unwrap_or_else(|| std::env::temp_dir().join("kube-codegen"));
    root.join("import-parity")
}

/// The Go module cache the suite downloads into.
pub fn module_cache() -> PathBuf {
    cache_root().join("gomod")
}

/// A `go` command with the suite's module cache and no workspace file.
fn go(dir: &Path) -> Command {
    let mut cmd = Command::new("go");
    cmd.current_dir(dir)
        .env("GOMODCACHE", module_cache())
        .env("GOWORK", "off");
    cmd
}

/// The directory of `project`'s module source, downloaded on first use.
pub fn module_dir(project: &Project) -> Result<PathBuf> {
    let scratch = cache_root().join("scratch");
    std::fs::create_dir_all(&scratch)?;
    let out = go(&scratch)
        .args(["mod", "download", "-json"])
        .arg(format!("{}@{}", project.module, project.version))
        .output()
        .context("running go mod download")?;
    let text = String::from_utf8_lossy(&out.stdout);
    let json: serde_json::Value = serde_json::from_str(&text).with_context(|| {
        format!(
            "go mod download printed no JSON: {text}{}",
            String::from_utf8_lossy(&out.stderr)
        )
    })?;
    if let Some(error) = json.get("Error").and_then(|e| e.as_str()) {
        bail!(
            "go mod download {}@{}: {error}",
            project.module,
            project.version
        );
    }
    let dir = json
        .get("Dir")
        .and_then(|d| d.as_str())
        .context("go mod download gave no Dir")?;
    Ok(PathBuf::from(dir))
}

/// controller-gen's CRDs of `project`'s API tree, cached per project,
/// version and controller-gen release (the first run also downloads the
/// module's dependencies into the module cache).
pub fn reference_crds(project: &Project, module: &Path) -> Result<Vec<serde_json::Value>> {
    let controller_gen = crd_parity::generators::controller_gen()?;
    let cg_version = crd_parity::generators::controller_gen_version()?;
    let out_dir = cache_root()
        .join("controller-gen")
        .join(format!("{}-{}-{cg_version}", project.name, project.version));
    if !out_dir.join(".done").exists() {
        let _ = std::fs::remove_dir_all(&out_dir);
        let mut options = String::from("crd:generateEmbeddedObjectMeta=true");
        if project.dangerous_types {
            options.push_str(",allowDangerousTypes=true");
        }
        let out = Command::new(&controller_gen)
            .current_dir(module)
            .env("GOMODCACHE", module_cache())
            .env("GOWORK", "off")
            .env("GOFLAGS", "-mod=readonly")
            .arg(options)
            .arg(format!("paths=./{}/...", project.api_dir))
            .arg(format!("output:crd:dir={}", out_dir.display()))
            .output()
            .context("running controller-gen")?;
        if !out.status.success() {
            bail!(
                "controller-gen failed on {}:\n{}",
                project.name,
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::fs::write(out_dir.join(".done"), "")?;
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&out_dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    let mut crds = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file)?;
        crds.extend(crd_parity::generators::parse_yaml(&text)?);
    }
    Ok(crds)
}

/// The Kubernetes version `module` builds against (its `k8s.io/api`
/// requirement, `v0.35.3` → `1.35`), within the versions kube-codegen
/// carries schemas for: the embedded core types' schemas come from it, as
/// controller-gen reads them from that `k8s.io/api`.
pub fn kube_version(module: &Path) -> Option<String> {
    let text = std::fs::read_to_string(module.join("go.mod")).ok()?;
    let minor: u32 = text.lines().find_map(|l| {
        let mut words = l.split_whitespace();
        (words.next()? == "k8s.io/api").then_some(())?;
        words
            .next()?
            .strip_prefix("v0.")?
            .split('.')
            .next()?
            .parse()
            .ok()
    })?;
    Some(format!("1.{}", minor.clamp(33, 37)))
}
