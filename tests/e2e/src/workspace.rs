//! Binaries of this workspace that tests run as users run them.

use std::path::PathBuf;
use std::process::Command;

use anyhow::{Result, bail};

/// The `kube-codegen` binary of this workspace, built first.
pub fn kube_codegen() -> Result<PathBuf> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let root = crate::repo_root();
    let mut command = Command::new(cargo);
    // What cargo set for this test process describes the e2e package; build
    // scripts watching such variables would rebuild for nothing.
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy();
        if name.starts_with("CARGO_") && name != "CARGO_HOME" && name != "CARGO_TARGET_DIR" {
            command.env_remove(&*name);
        }
    }
    let status = command
        .args(["build", "--quiet", "-p", "kube-codegen", "--manifest-path"])
        .arg(root.join("Cargo.toml"))
        .status()?;
    if !status.success() {
        bail!("building kube-codegen failed");
    }
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or(root.join("target"), PathBuf::from);
    Ok(target.join("debug/kube-codegen"))
}
