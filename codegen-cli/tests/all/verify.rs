//! `kube-codegen verify` as CI runs it, through the built binary, on a copy of
//! this repository's App input and generated crate: exit 0 when up to date, 1
//! with a diff and what to run when output is stale, missing or extra, 2 on bad
//! input — and bad input leaves every file as it was.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_kube-codegen");

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_owned()
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// Every file under `dir` with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            if entry.file_type().unwrap().is_dir() {
                stack.push(entry.path());
            } else {
                out.insert(entry.path(), std::fs::read(entry.path()).unwrap());
            }
        }
    }
    out
}

/// A copy of the App input, the generated crate (its Cargo.toml, `src`,
/// `crds`), the CRD manifests and the boilerplate, regenerated so that it is up
/// to date with this build of the generator.
struct Repo {
    _tmp: tempfile::TempDir,
    root: PathBuf,
}

impl Repo {
    fn new() -> Repo {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().to_owned();
        let src = repo();
        copy_tree(&src.join("apis/src"), &root.join("apis/src"));
        for part in ["src", "crds"] {
            copy_tree(
                &src.join("generated").join(part),
                &root.join("generated").join(part),
            );
        }
        std::fs::copy(
            src.join("generated/Cargo.toml"),
            root.join("generated/Cargo.toml"),
        )
        .unwrap();
        copy_tree(&src.join("manifests/crd"), &root.join("manifests/crd"));
        std::fs::create_dir_all(root.join("hack")).unwrap();
        std::fs::copy(
            src.join("hack/boilerplate.rs.txt"),
            root.join("hack/boilerplate.rs.txt"),
        )
        .unwrap();
        let repo = Repo { _tmp: tmp, root };
        let out = repo.run("generate", &[]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        repo
    }

    fn run(&self, command: &str, extra: &[&str]) -> Output {
        let version = if extra.contains(&"--crate-version") {
            &[][..]
        } else {
            &["--crate-version", "0.1.0"][..]
        };
        Command::new(BIN)
            .arg(command)
            .args([
                "--input-dir",
                "apis/src",
                "--output-dir",
                "generated",
                "--crd-dir",
                "manifests/crd",
            ])
            .args(version)
            .args(extra)
            .current_dir(&self.root)
            .output()
            .unwrap()
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.root.join(rel)
    }
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn assert_stale(out: &Output, verb: &str, path: &str) {
    assert_eq!(
        out.status.code(),
        Some(1),
        "stale output exits 1:\n{}",
        stderr(out)
    );
    let err = stderr(out);
    assert!(
        err.lines()
            .any(|l| l.trim_start().starts_with(verb) && l.ends_with(path)),
        "`{verb} {path}` is listed:\n{err}"
    );
    assert!(
        err.contains("Run `hack/update-codegen.sh`"),
        "says what to run:\n{err}"
    );
}

#[test]
fn an_up_to_date_crate_verifies() {
    let repo = Repo::new();
    let out = repo.run("verify", &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).is_empty(), "no diff:\n{}", stdout(&out));
    assert!(stderr(&out).contains("is up to date"), "{}", stderr(&out));
}

#[test]
fn a_hand_edit_is_stale_and_the_diff_shows_it() {
    let repo = Repo::new();
    let file = repo.path("generated/src/apis/myapp/v1/app.rs");
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(
        &file,
        text.replacen("pub struct App {", "pub struct App { // edited", 1),
    )
    .unwrap();
    let out = repo.run("verify", &[]);
    assert_stale(&out, "update", "generated/src/apis/myapp/v1/app.rs");
    let diff = stdout(&out);
    assert!(
        diff.contains("--- a/generated/src/apis/myapp/v1/app.rs"),
        "{diff}"
    );
    assert!(diff.contains("-pub struct App { // edited"), "{diff}");
    assert!(diff.contains("+pub struct App {"), "{diff}");
}

#[test]
fn a_changed_input_makes_the_output_stale() {
    let repo = Repo::new();
    let file = repo.path("apis/src/myapp/v1/app.rs");
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, text.replace("MaxLength=63", "MaxLength=60")).unwrap();
    let out = repo.run("verify", &[]);
    assert_stale(&out, "update", "generated/crds/myapp.k8s.io_apps.yaml");
    let diff = stdout(&out);
    assert!(
        diff.contains("-                    maxLength: 63\n+                    maxLength: 60"),
        "{diff}"
    );
    assert!(
        diff.contains("+++ b/manifests/crd/myapp.k8s.io_apps.yaml"),
        "{diff}"
    );
}

#[test]
fn missing_output_is_stale() {
    let repo = Repo::new();
    std::fs::remove_file(repo.path("generated/src/informers/myapp/v1.rs")).unwrap();
    let out = repo.run("verify", &[]);
    assert_stale(&out, "create", "generated/src/informers/myapp/v1.rs");
    assert!(stdout(&out).contains("--- /dev/null"), "{}", stdout(&out));
}

#[test]
fn extra_generated_output_is_stale_but_hand_written_files_are_not() {
    let repo = Repo::new();
    std::fs::write(
        repo.path("generated/src/apis/myapp/v1/gone.rs"),
        "// Code generated by kube-codegen. DO NOT EDIT.\npub struct Gone;\n",
    )
    .unwrap();
    std::fs::write(repo.path("generated/src/notes.rs"), "// mine\n").unwrap();
    let out = repo.run("verify", &[]);
    assert_stale(&out, "remove", "generated/src/apis/myapp/v1/gone.rs");
    assert!(!stderr(&out).contains("notes.rs"), "{}", stderr(&out));
}

#[test]
fn the_crate_version_is_configuration() {
    let repo = Repo::new();
    let out = repo.run("verify", &["--crate-version", "0.2.0"]);
    assert_stale(&out, "update", "generated/Cargo.toml");
    assert!(
        stdout(&out).contains("-version = \"0.1.0\"\n+version = \"0.2.0\""),
        "{}",
        stdout(&out)
    );
    let out = repo.run("generate", &["--crate-version", "0.2.0"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let manifest = std::fs::read_to_string(repo.path("generated/Cargo.toml")).unwrap();
    assert!(manifest.contains("\nversion = \"0.2.0\"\n"), "{manifest}");
    assert_eq!(
        repo.run("verify", &["--crate-version", "0.2.0"])
            .status
            .code(),
        Some(0)
    );

    let out = repo.run("verify", &["--crate-version", "2"]);
    assert_eq!(out.status.code(), Some(2), "a bad version is a usage error");
    assert!(
        stderr(&out).contains("not a semantic version"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn apply_configurations_can_be_left_out() {
    let repo = Repo::new();
    let off = ["--apply-configurations", "false"];
    let out = repo.run("verify", &off);
    assert_stale(&out, "remove", "generated/src/applyconfigurations/mod.rs");

    let out = repo.run("generate", &off);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!repo.path("generated/src/applyconfigurations").exists());
    let lib = std::fs::read_to_string(repo.path("generated/src/lib.rs")).unwrap();
    assert!(!lib.contains("applyconfigurations"), "{lib}");
    assert!(!lib.contains("MetadataBuilders"), "{lib}");
    let readme = std::fs::read_to_string(repo.path("generated/README.md")).unwrap();
    assert!(!readme.contains("applyconfigurations"), "{readme}");
    assert!(readme.contains("`generated::listers`"), "{readme}");
    assert_eq!(repo.run("verify", &off).status.code(), Some(0));

    // The default brings them back.
    let out = repo.run("verify", &[]);
    assert_stale(&out, "create", "generated/src/applyconfigurations/mod.rs");
    assert_eq!(repo.run("generate", &[]).status.code(), Some(0));
    assert_eq!(repo.run("verify", &[]).status.code(), Some(0));
}

#[test]
fn bad_input_exits_2_and_touches_nothing() {
    let repo = Repo::new();
    // Stale output as well, so that a half-done `generate` would show.
    std::fs::remove_file(repo.path("generated/src/informers/myapp/v1.rs")).unwrap();
    let file = repo.path("apis/src/myapp/v1/app.rs");
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, text.replace("// +genclient", "// +genclinet")).unwrap();
    let before = snapshot(&repo.root);
    for command in ["verify", "generate"] {
        let out = repo.run(command, &[]);
        assert_eq!(out.status.code(), Some(2), "{command}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains("unknown marker `+genclinet`"), "{err}");
        assert!(err.contains("apis/src/myapp/v1/app.rs:"), "{err}");
        assert!(err.contains("nothing was written"), "{err}");
        assert!(stdout(&out).is_empty());
        assert_eq!(snapshot(&repo.root), before, "{command} changed files");
    }
}

/// An output crate that asks for another release of the runtime than the one
/// generated code is written for: exit 2 at the dependency, nothing written.
#[test]
fn an_incompatible_runtime_dependency_exits_2_and_touches_nothing() {
    let repo = Repo::new();
    std::fs::remove_file(repo.path("generated/src/informers/myapp/v1.rs")).unwrap();
    let manifest = repo.path("generated/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let line = text
        .lines()
        .position(|l| l.starts_with("kube-codegen-runtime = "))
        .expect("the generated crate depends on the runtime")
        + 1;
    std::fs::write(
        &manifest,
        text.replace("version = \"0.1\" }", "version = \"0.2.1\" }"),
    )
    .unwrap();
    let before = snapshot(&repo.root);
    for command in ["generate", "verify"] {
        let out = repo.run(command, &[]);
        assert_eq!(out.status.code(), Some(2), "{command}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains(
                "error: the crate asks for kube-codegen-runtime `^0.2.1`, but this kube-codegen writes code for kube-codegen-runtime 0.1"
            ),
            "{err}"
        );
        assert!(
            err.contains(&format!("generated/Cargo.toml:{line}:")),
            "{err}"
        );
        assert!(
            err.contains("write `kube-codegen-runtime = \"0.1\"`"),
            "{err}"
        );
        assert_eq!(snapshot(&repo.root), before, "{command} changed files");
    }
}

/// A CRD the API server would reject (here a default below its own `Minimum`) is
/// never written: `generate`, `verify` and `crd` stop with exit 2 and an error at
/// the field, and nothing on disk changes.
#[test]
fn a_crd_the_api_server_would_reject_exits_2_and_touches_nothing() {
    let repo = Repo::new();
    let file = repo.path("apis/src/myapp/v1/app.rs");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("// +default=1\n"));
    std::fs::write(&file, text.replace("// +default=1\n", "// +default=-1\n")).unwrap();
    // The field the default is written on: the first declaration below it.
    let field_line = text
        .lines()
        .enumerate()
        .skip_while(|(_, l)| !l.contains("// +default=1"))
        .find(|(_, l)| l.trim_start().starts_with("pub "))
        .map(|(i, _)| i + 1)
        .unwrap();
    let before = snapshot(&repo.root);
    for command in ["verify", "generate"] {
        let out = repo.run(command, &[]);
        assert_eq!(out.status.code(), Some(2), "{command}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains(&format!("apis/src/myapp/v1/app.rs:{field_line}:")),
            "{command} points at the field: {err}"
        );
        assert!(err.contains("properties[replicas].default"), "{err}");
        assert!(err.contains("nothing was written"), "{err}");
        assert_eq!(snapshot(&repo.root), before, "{command} changed files");
    }
    let out = Command::new(BIN)
        .args(["crd", "--input-dir", "apis/src"])
        .current_dir(&repo.root)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "crd: {}", stderr(&out));
    assert!(stdout(&out).is_empty(), "crd prints no YAML");
    assert!(
        stderr(&out).contains(&format!("apis/src/myapp/v1/app.rs:{field_line}:")),
        "{}",
        stderr(&out)
    );
}
