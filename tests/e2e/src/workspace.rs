//! Binaries of this workspace that tests run as users run them.

use std::path::PathBuf;
use std::process::Command;

use anyhow::{Context as _, Result, anyhow, bail};

/// The variables cargo sets for a test process (they describe the e2e
/// package); the user's own `CARGO_*` settings (`CARGO_INCREMENTAL`,
/// `CARGO_TARGET_DIR`, `CARGO_HOME`, ...) are not among them.
const SET_FOR_TESTS: &[&str] = &[
    "CARGO_PKG_",
    "CARGO_MANIFEST_",
    "CARGO_CRATE_",
    "CARGO_BIN_",
    "CARGO_PRIMARY_PACKAGE",
    "CARGO_TARGET_TMPDIR",
    "CARGO_RUSTC_CURRENT_DIR",
];

/// `cargo build` in this workspace, as `hack/test.sh` runs it before the
/// tests (so the binary is already built): without the variables cargo set
/// for the test process, which build scripts watching them would rebuild
/// for.
fn cargo_build() -> Command {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut command = Command::new(cargo);
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy();
        if SET_FOR_TESTS.iter().any(|set| name.starts_with(set)) {
            command.env_remove(&*name);
        }
    }
    command.current_dir(crate::repo_root()).arg("build");
    command
}

/// `KUBE_CODEGEN_PREBUILT`: a directory holding this workspace's binaries,
/// already built by the caller (`hack/test.sh` builds every target of the
/// workspace once, with the workspace's features; a `cargo build -p` here
/// would resolve the features of one package and compile dozens of crates
/// again). Unset, each binary is built here first.
fn prebuilt(name: &str) -> Result<Option<PathBuf>> {
    let Some(dir) = std::env::var_os("KUBE_CODEGEN_PREBUILT") else {
        return Ok(None);
    };
    let binary = PathBuf::from(dir).join(name);
    anyhow::ensure!(
        binary.is_file(),
        "KUBE_CODEGEN_PREBUILT is set but has no {name}: {} (build the workspace first, or unset it)",
        binary.display()
    );
    Ok(Some(binary))
}

/// The `kube-codegen` binary of this workspace, built first.
pub fn kube_codegen() -> Result<PathBuf> {
    if let Some(binary) = prebuilt("kube-codegen")? {
        return Ok(binary);
    }
    let status = cargo_build()
        .args(["--quiet", "-p", "kube-codegen-cli", "--manifest-path"])
        .arg(crate::repo_root().join("Cargo.toml"))
        .status()?;
    if !status.success() {
        bail!("building kube-codegen failed");
    }
    let root = crate::repo_root();
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or(root.join("target"), PathBuf::from);
    Ok(target.join("debug/kube-codegen"))
}

/// The `app-controller` binary of this workspace, built first.
pub fn app_controller() -> Result<PathBuf> {
    if let Some(binary) = prebuilt("app-controller")? {
        return Ok(binary);
    }
    let out = cargo_build()
        .args(["-p", "controller", "--bin", "app-controller"])
        .arg("--message-format=json")
        .stderr(std::process::Stdio::inherit())
        .output()
        .context("running cargo build")?;
    anyhow::ensure!(out.status.success(), "cargo build -p controller failed");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|m| m["target"]["name"] == "app-controller")
        .filter_map(|m| m["executable"].as_str().map(PathBuf::from))
        .next_back()
        .ok_or_else(|| anyhow!("cargo build printed no app-controller executable"))
}
