//! The user's path, shared by the tests that build a workspace made by
//! `kube-codegen init` (`codegen-cli/tests/scaffold.rs`, `all/awkward_names.rs`,
//! and the Memcached operator of `tests/e2e/tests/memcached.rs`, which
//! includes this file): kube-codegen installed the way a user installs it,
//! from a clean copy of this repository, and workspaces built as a user
//! builds them, outside the repository, with a lock file cargo resolves from
//! the registry.
//!
//! Everything lives under `target/as-a-user/` of this repository, so that
//! later runs reuse it: `source/` (the tracked files of the working tree,
//! `git ls-files`, uncommitted edits included, nothing untracked; a file is
//! rewritten only when it changed, so cargo's fingerprints hold), `root/`
//! (`cargo install --root`), and `target/` (one cargo target directory for the
//! install and every scaffolded workspace, debug profile: the dependencies
//! compile once).

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// This repository's root.
pub fn repo_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.ancestors()
        .find(|dir| dir.join("codegen-cli/Cargo.toml").is_file())
        .expect("the test sits in the kube-codegen repository")
        .to_owned()
}

/// `target/as-a-user`.
pub fn work_dir() -> PathBuf {
    repo_root().join("target/as-a-user")
}

/// The cargo target directory of the install and of every scaffolded workspace.
pub fn target_dir() -> PathBuf {
    work_dir().join("target")
}

/// The installed `kube-codegen`, and the clean copy it was installed from.
pub struct Installed {
    pub bin: PathBuf,
    /// The copy of this repository's tracked files (`cargo install --path
    /// <source>/codegen-cli`).
    pub source: PathBuf,
}

/// Installs kube-codegen as a user does, once per test process (and under a
/// file lock, so test processes running at once take turns):
/// `cargo install --locked --debug --path <clean copy>/codegen-cli --root <tmp>`.
pub fn install() -> &'static Installed {
    static INSTALLED: OnceLock<Installed> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let work = work_dir();
        std::fs::create_dir_all(&work).unwrap();
        let lock = std::fs::File::create(work.join(".lock")).unwrap();
        lock.lock().unwrap();
        let source = work.join("source");
        sync_tracked_files(&repo_root(), &source);
        let root = work.join("root");
        let out = cargo_command(&work)
            .args(["install", "--locked", "--debug", "--quiet", "--path"])
            .arg(source.join("codegen-cli"))
            .arg("--root")
            .arg(&root)
            .arg("--target-dir")
            .arg(target_dir())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "cargo install failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        Installed {
            bin: root.join("bin/kube-codegen"),
            source,
        }
    })
}

/// Holds the shared target directory for one workspace's builds until
/// dropped. Every scaffolded workspace has crates called `apis` and
/// `generated`, and cargo names the artifacts of a path package by its path
/// relative to its workspace, so two workspaces building at once in one
/// target directory would swap each other's `generated` between a `cargo
/// build` and the `cargo test` after it. Tests that build take this first.
pub fn exclusive_builds() -> std::fs::File {
    let work = work_dir();
    std::fs::create_dir_all(&work).unwrap();
    let lock = std::fs::File::create(work.join(".builds.lock")).unwrap();
    lock.lock().unwrap();
    lock
}

/// Makes `to` hold exactly the files git tracks in `from` (as they are in the
/// working tree), writing only those whose content or mode differs.
fn sync_tracked_files(from: &Path, to: &Path) {
    let out = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(from)
        .output()
        .unwrap();
    assert!(out.status.success(), "git ls-files failed");
    let tracked: std::collections::BTreeSet<PathBuf> = out
        .stdout
        .split(|b| *b == 0)
        .filter(|p| !p.is_empty())
        .map(|p| PathBuf::from(String::from_utf8_lossy(p).into_owned()))
        .filter(|p| from.join(p).is_file())
        .collect();
    for rel in &tracked {
        let (src, dst) = (from.join(rel), to.join(rel));
        let content = std::fs::read(&src).unwrap();
        let mode = std::fs::metadata(&src).unwrap().permissions();
        let same = std::fs::read(&dst).is_ok_and(|old| old == content)
            && std::fs::metadata(&dst).is_ok_and(|m| m.permissions() == mode);
        if !same {
            std::fs::create_dir_all(dst.parent().unwrap()).unwrap();
            std::fs::write(&dst, &content).unwrap();
            std::fs::set_permissions(&dst, mode).unwrap();
        }
    }
    // What is no longer tracked goes.
    let mut stack = vec![to.to_owned()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let rel = path.strip_prefix(to).unwrap().to_owned();
            if path.is_dir() {
                stack.push(path);
            } else if !tracked.contains(&rel) {
                std::fs::remove_file(&path).unwrap();
            }
        }
    }
}

/// `cargo` as a user runs it in `dir`: nothing of what cargo set for this
/// test process (it describes this package, not the user's workspace), the
/// shared target directory, and the debug settings of this repository's
/// `.cargo/config.toml` (which does not apply outside it).
pub fn cargo_command(dir: &Path) -> Command {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut command = Command::new(cargo);
    user_env(&mut command);
    command.current_dir(dir);
    command
}

/// A command in the user's environment: this test's cargo variables
/// removed, the installed kube-codegen first on `PATH`, the shared target
/// directory.
pub fn user_command(program: impl AsRef<std::ffi::OsStr>, dir: &Path) -> Command {
    let mut command = Command::new(program);
    user_env(&mut command);
    let bin = install().bin.parent().unwrap().to_owned();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![bin];
    paths.extend(std::env::split_paths(&path));
    command.env("PATH", std::env::join_paths(paths).unwrap());
    command.current_dir(dir);
    command
}

fn user_env(command: &mut Command) {
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy();
        let cargo_var = name.starts_with("CARGO_") && name != "CARGO_HOME";
        if cargo_var || name == "OUT_DIR" || name == "RUSTFLAGS" {
            command.env_remove(&*name);
        }
    }
    command
        .env("CARGO_TARGET_DIR", target_dir())
        .env("CARGO_PROFILE_DEV_DEBUG", "false")
        .env("CARGO_TERM_COLOR", "never");
}

/// A new, empty directory outside this repository (the user's), removed when
/// dropped.
pub fn user_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    assert!(
        !dir.path().starts_with(repo_root()),
        "{} is inside the repository",
        dir.path().display()
    );
    dir
}

/// Runs `command`, failing the test with its output when it fails.
pub fn run_ok(command: &mut Command) -> Output {
    let out = command.output().unwrap();
    assert!(
        out.status.success(),
        "{command:?} failed ({}):\n{}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}
