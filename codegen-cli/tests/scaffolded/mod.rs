//! What the tests that build a `kube-codegen init` workspace share.

use std::path::{Path, PathBuf};

/// This repository's root.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("codegen-cli sits in the workspace")
        .to_owned()
}

/// Prepares a workspace made by `init` in `dir` for an offline build: this
/// repository's Cargo.lock (the dependency versions it already built), and
/// `kube-codegen-runtime` from this repository instead of crates.io, where the
/// generated crate's `Cargo.toml` asks for it (`[patch.crates-io]`, as a user
/// testing an unreleased runtime would).
pub fn build_offline_here(dir: &Path) {
    let root = workspace_root();
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    let manifest = dir.join("Cargo.toml");
    let mut text = std::fs::read_to_string(&manifest).unwrap();
    text.push_str(&format!(
        "\n[patch.crates-io]\nkube-codegen-runtime = {{ path = {:?} }}\n",
        root.join("runtime").display().to_string()
    ));
    std::fs::write(manifest, text).unwrap();
}
