//! `kube-codegen init` and `create api` as a user runs them: the binary in a
//! temporary directory, then `cargo build` and `hack/verify-codegen.sh` of the
//! new workspace. The workspace is built offline with this workspace's
//! Cargo.lock into `target/scaffold-workspace` (a directory of its own, since
//! its crates are also called `apis` and `generated`), so the dependencies
//! compile once and later runs only build the new crates.

#[path = "scaffolded/mod.rs"]
mod scaffolded;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use scaffolded::{build_offline_here, workspace_root};

const BIN: &str = env!("CARGO_BIN_EXE_kube-codegen");

fn kube_codegen(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// `create api` of `kind` in the group `cache.example.com`, version `v1`.
fn create_api(dir: &Path, kind: &str, extra: &[&str]) -> Output {
    let mut args = vec![
        "create",
        "api",
        "--group",
        "cache.example.com",
        "--version",
        "v1",
        "--kind",
        kind,
    ];
    args.extend(extra);
    kube_codegen(dir, &args)
}

/// `create api` of `Memcached` without generating, then `fields` (lines of
/// Rust) added to its spec, as the user edits it.
fn memcached_with(dir: &Path, fields: &str) {
    assert!(
        create_api(dir, "Memcached", &["--no-generate"])
            .status
            .success()
    );
    let kind_file = dir.join("apis/src/cache/v1/memcached.rs");
    let text = std::fs::read_to_string(&kind_file).unwrap();
    let edited = text.replacen(
        "pub struct MemcachedSpec {",
        &format!("pub struct MemcachedSpec {{\n{fields}"),
        1,
    );
    assert_ne!(edited, text, "the template has a MemcachedSpec");
    std::fs::write(&kind_file, edited).unwrap();
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A command with what cargo set for this test process removed: it describes
/// this package, not the new workspace.
fn clean_env(command: &mut Command) {
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy();
        if name.starts_with("CARGO_") && name != "CARGO_HOME" || name == "OUT_DIR" {
            command.env_remove(&*name);
        }
    }
}

fn cargo_build(dir: &Path) -> Output {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut command = Command::new(cargo);
    clean_env(&mut command);
    command
        .args(["build", "--offline"])
        .current_dir(dir)
        .env(
            "CARGO_TARGET_DIR",
            workspace_root().join("target/scaffold-workspace"),
        )
        .output()
        .unwrap()
}

fn verify_codegen(dir: &Path) -> Output {
    let mut command = Command::new(dir.join("hack/verify-codegen.sh"));
    clean_env(&mut command);
    command.env("KUBE_CODEGEN", BIN).output().unwrap()
}

#[test]
fn init_then_create_api_gives_a_workspace_that_builds_and_verifies() {
    let tmp = tempfile::tempdir().unwrap();
    let out = kube_codegen(tmp.path(), &["init", "shop"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let dir = tmp.path().join("shop");
    let text = stderr(&out);
    assert!(
        text.contains("wrote   shop/hack/verify-codegen.sh"),
        "{text}"
    );
    assert!(text.contains("kube-codegen create api --group"), "{text}");
    // This workspace's lock file pins the dependency versions it already built.
    build_offline_here(&dir);

    // Empty: builds, and there is nothing to be stale.
    let build = cargo_build(&dir);
    assert!(build.status.success(), "{}", stderr(&build));
    let verify = verify_codegen(&dir);
    assert!(verify.status.success(), "{}", stderr(&verify));

    let out = kube_codegen(
        &dir,
        &[
            "create",
            "api",
            "--group",
            "cache.example.com",
            "--version",
            "v1alpha1",
            "--kind",
            "Memcached",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stderr(&out);
    assert!(
        text.contains("wrote   apis/src/cache/v1alpha1/memcached.rs"),
        "{text}"
    );
    assert!(
        dir.join("generated/crds/cache.example.com_memcacheds.yaml")
            .is_file()
    );
    // A second, cluster-scoped kind in the same group and version.
    let out = kube_codegen(
        &dir,
        &[
            "create",
            "api",
            "--group",
            "cache.example.com",
            "--version",
            "v1alpha1",
            "--kind",
            "CachePolicy",
            "--namespaced",
            "false",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let crd =
        std::fs::read_to_string(dir.join("generated/crds/cache.example.com_cachepolicies.yaml"))
            .unwrap();
    assert!(crd.contains("scope: Cluster"), "{crd}");

    let verify = verify_codegen(&dir);
    assert!(
        verify.status.success(),
        "{}{}",
        String::from_utf8_lossy(&verify.stdout),
        stderr(&verify)
    );
    let build = cargo_build(&dir);
    assert!(build.status.success(), "{}", stderr(&build));

    // Editing the input without regenerating is caught.
    let kind = dir.join("apis/src/cache/v1alpha1/memcached.rs");
    let edited = std::fs::read_to_string(&kind)
        .unwrap()
        .replace("Minimum=0", "Minimum=1");
    std::fs::write(&kind, edited).unwrap();
    let verify = verify_codegen(&dir);
    assert_eq!(verify.status.code(), Some(1), "{}", stderr(&verify));
}

#[test]
fn init_refuses_a_directory_with_any_of_its_files() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tmp.path().join("w/hack")).unwrap();
    std::fs::write(tmp.path().join("w/.gitignore"), "mine\n").unwrap();
    std::fs::write(tmp.path().join("w/hack/verify-codegen.sh"), "mine\n").unwrap();
    let out = kube_codegen(tmp.path(), &["init", "w"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: refusing to overwrite what exists:\n  w/.gitignore\n  w/hack/verify-codegen.sh\n  = help: move or delete these, or run in another directory; nothing was written\n"
    );
    assert!(!tmp.path().join("w/Cargo.toml").exists());
    assert_eq!(
        std::fs::read_to_string(tmp.path().join("w/.gitignore")).unwrap(),
        "mine\n"
    );
}

#[test]
fn create_api_diagnostics_say_how_to_fix_and_write_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let cases = [
        (
            [
                "--group",
                "cache.example.com",
                "--version",
                "v1",
                "--kind",
                "mem_cached",
            ],
            "error: invalid --kind `mem_cached`: a kind must be UpperCamelCase (letters and digits, starting with a capital)\n  = help: write it in UpperCamelCase: `--kind MemCached`\n",
        ),
        (
            [
                "--group",
                "cache.example.com",
                "--version",
                "1",
                "--kind",
                "Memcached",
            ],
            "error: invalid --version `1`: not a Kubernetes API version\n  = help: write `v1`, `v2`, `v1beta1` or `v2alpha3` (a number from 1, optionally `alpha` or `beta` and another number from 1)\n",
        ),
        (
            ["--group", "cache", "--version", "v1", "--kind", "Memcached"],
            "error: invalid --group `cache`: a custom resource's group needs a dot (the API server requires it)\n  = help: add your domain: `--group cache.example.com`\n",
        ),
    ];
    for (args, expected) in cases {
        let mut all = vec!["create", "api"];
        all.extend(args);
        let out = kube_codegen(tmp.path(), &all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out), expected);
        assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 0);
    }

    // An existing kind file.
    let args = [
        "create",
        "api",
        "--group",
        "cache.example.com",
        "--version",
        "v1",
        "--kind",
        "Memcached",
        "--no-generate",
    ];
    assert!(kube_codegen(tmp.path(), &args).status.success());
    let out = kube_codegen(tmp.path(), &args);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: refusing to overwrite what exists:\n  apis/src/cache/v1/memcached.rs\n  = help: move or delete these, or run in another directory; nothing was written\n"
    );
}

/// Every file under `dir` with its content, for comparing trees.
fn tree(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                files.push((
                    path.strip_prefix(dir).unwrap().to_owned(),
                    "<dir>".to_owned(),
                ));
                stack.push(path);
            } else {
                let text = std::fs::read_to_string(&path).unwrap();
                files.push((path.strip_prefix(dir).unwrap().to_owned(), text));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn create_api_takes_its_files_back_when_the_input_does_not_generate() {
    let tmp = tempfile::tempdir().unwrap();
    let create = |kind: &str, extra: &[&str]| create_api(tmp.path(), kind, extra);
    // The user's own kind has a misspelt marker.
    memcached_with(
        tmp.path(),
        "    // +kubebuilder:validation:MaxLenght=3\n    pub tier: String,",
    );
    let before = tree(tmp.path());

    let out = create("Redis", &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("error: unknown marker `+kubebuilder:validation:MaxLenght`"),
        "{err}"
    );
    assert!(
        err.ends_with(
            "note: the input does not generate, so `create api` took back the files it wrote; fix the errors above and run it again\n"
        ),
        "{err}"
    );
    assert_eq!(tree(tmp.path()), before, "create api left changes behind");
}

/// The generated crate's Cargo.toml must list what the generated code uses:
/// `generate` names the line to add (and writes nothing), `create api` adds it.
#[test]
fn a_crate_the_types_need_is_named_by_generate_and_added_by_create_api() {
    let tmp = tempfile::tempdir().unwrap();
    assert!(kube_codegen(tmp.path(), &["init"]).status.success());
    let create = |kind: &str, extra: &[&str]| create_api(tmp.path(), kind, extra);
    memcached_with(
        tmp.path(),
        "    /// When the cache was last flushed.\n    pub flushed: Option<chrono::DateTime<chrono::Utc>>,",
    );
    let manifest = tmp.path().join("generated/Cargo.toml");
    let before = std::fs::read_to_string(&manifest).unwrap();
    let files = tree(tmp.path());

    let out = kube_codegen(
        tmp.path(),
        &[
            "generate",
            "--input-dir",
            "apis/src",
            "--output-dir",
            "generated",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("error: this crate does not depend on `chrono`, which the generated code uses for `chrono::DateTime<chrono::Utc>`")
            && err.contains("= help: add `chrono = { version = \"0.4\", features = [\"serde\"] }` under [dependencies]; nothing was written"),
        "{err}"
    );
    assert_eq!(tree(tmp.path()), files, "nothing may be written");

    let out = create("Redis", &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let after = std::fs::read_to_string(&manifest).unwrap();
    let added = "# `chrono::DateTime<Utc>` fields (RFC 3339 with its serde feature)\n\
                 chrono = { version = \"0.4\", features = [\"serde\"] }\n";
    assert!(after.contains(added), "{after}");
    assert_eq!(
        after.replacen(added, "", 1),
        before,
        "the rest stays as it was"
    );
}
