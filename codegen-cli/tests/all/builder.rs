//! The `build.rs` front door, end to end: a copy of `examples/build-rs-app` is
//! built with cargo, and cargo's own account (`cargo build -v`: `Fresh`,
//! `Dirty`, `Running`) shows that the build script re-runs exactly when an
//! input type changes, that the output then changes, that nothing is rebuilt
//! when nothing changed, and that bad input fails the build with diagnostics.
//!
//! The copy is its own workspace (the example's Cargo.toml plus this
//! workspace's `[workspace.package]` and `[workspace.dependencies]`, and its
//! Cargo.lock) built offline into this workspace's target directory, so the
//! dependencies compiled for the workspace are reused and only the copy builds.

use std::path::{Path, PathBuf};
use std::process::Command;

const PACKAGE: &str = "build-rs-app-copy";

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("codegen-cli sits in the workspace")
        .to_owned()
}

/// `examples/build-rs-app` copied to a fixed place under `target/tmp` (fixed, so
/// that repeated runs do not pile up artifacts).
fn copy_example() -> PathBuf {
    let root = workspace_root();
    let example = root.join("examples/build-rs-app");
    let copy = Path::new(env!("CARGO_TARGET_TMPDIR")).join(PACKAGE);
    if copy.exists() {
        std::fs::remove_dir_all(&copy).unwrap();
    }
    for rel in [
        "build.rs",
        "src/lib.rs",
        "apis/shop/v1/mod.rs",
        "apis/shop/v1/order.rs",
    ] {
        let to = copy.join(rel);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(example.join(rel), to).unwrap();
    }
    let manifest = std::fs::read_to_string(example.join("Cargo.toml"))
        .unwrap()
        .replace("name = \"build-rs-app\"", &format!("name = \"{PACKAGE}\""))
        .replace(
            "path = \"../../generator\"",
            &format!("path = {:?}", root.join("generator").display().to_string()),
        )
        .replace(
            "path = \"../../runtime\"",
            &format!("path = {:?}", root.join("runtime").display().to_string()),
        );
    let workspace = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let tables = workspace
        .find("[workspace.package]")
        .map(|at| &workspace[at..])
        .expect("the workspace declares [workspace.package] before its dependencies");
    std::fs::write(
        copy.join("Cargo.toml"),
        format!("{manifest}\n[workspace]\n\n{tables}"),
    )
    .unwrap();
    std::fs::copy(root.join("Cargo.lock"), copy.join("Cargo.lock")).unwrap();
    copy
}

struct Build {
    success: bool,
    stderr: String,
}

impl Build {
    /// Whether cargo compiled (or ran) anything of the copied package.
    fn touched_package(&self) -> bool {
        self.stderr.lines().any(|l| {
            let l = l.trim_start();
            (l.starts_with("Compiling ") || l.starts_with("Dirty ") || l.starts_with("Running "))
                && l.contains(PACKAGE)
        })
    }
}

fn cargo_build(dir: &Path) -> Build {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let target = workspace_root().join("target");
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or(target, PathBuf::from);
    let mut command = Command::new(cargo);
    command
        .args(["build", "-v", "--offline"])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target);
    // What cargo set for this test process describes this package, not the
    // copy; build scripts that watch such variables (ring watches
    // CARGO_PKG_NAME) would otherwise rebuild, in the shared target directory.
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy();
        let per_package = name.starts_with("CARGO_PKG_")
            || name.starts_with("CARGO_BIN_")
            || name.starts_with("CARGO_MANIFEST_")
            || matches!(
                &*name,
                "CARGO_CRATE_NAME"
                    | "CARGO_PRIMARY_PACKAGE"
                    | "CARGO_TARGET_TMPDIR"
                    | "CARGO_RUSTC_CURRENT_DIR"
                    | "OUT_DIR"
            );
        if per_package {
            command.env_remove(&*name);
        }
    }
    let output = command.output().expect("cargo runs");
    Build {
        success: output.status.success(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// The output directory of the copy's most recent build-script run.
fn out_dir(target: &Path) -> PathBuf {
    let build = target.join("debug/build");
    std::fs::read_dir(&build)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(PACKAGE))
        .map(|e| e.path().join("out"))
        .filter(|p| p.join("kube_codegen.rs").is_file())
        .max_by_key(|p| {
            p.join("kube_codegen.rs")
                .metadata()
                .and_then(|m| m.modified())
                .ok()
        })
        .expect("the build script wrote its output")
}

fn generated_code(target: &Path) -> String {
    std::fs::read_to_string(out_dir(target).join("kube_codegen.rs")).unwrap()
}

#[test]
fn build_rs_regenerates_when_and_only_when_an_input_changes() {
    let dir = copy_example();
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| workspace_root().join("target"), PathBuf::from);

    let first = cargo_build(&dir);
    assert!(first.success, "the example builds:\n{}", first.stderr);
    assert!(first.touched_package());
    assert!(!generated_code(&target).contains("gift_wrap"));

    // Nothing changed: nothing of the package is rebuilt. (A rebuild of the
    // generator itself, edited meanwhile, is a real change; build until it stops.)
    let mut again = cargo_build(&dir);
    for _ in 0..3 {
        if !again.stderr.contains("Dirty kube-codegen ") {
            break;
        }
        again = cargo_build(&dir);
    }
    assert!(again.success, "{}", again.stderr);
    assert!(
        !again.touched_package() && again.stderr.contains(&format!("Fresh {PACKAGE}")),
        "a no-op build must not rebuild:\n{}",
        again.stderr
    );

    // A file of the package that the generator does not read: still nothing.
    std::fs::write(dir.join("NOTES.md"), "not an input\n").unwrap();
    let unrelated = cargo_build(&dir);
    assert!(
        !unrelated.touched_package(),
        "a file outside the inputs must not re-run the generator:\n{}",
        unrelated.stderr
    );

    // A changed input type: the build script re-runs and the output changes.
    let order = dir.join("apis/shop/v1/order.rs");
    let text = std::fs::read_to_string(&order).unwrap();
    let changed = text.replace(
        "    pub quantity: i32,\n",
        "    pub quantity: i32,\n    /// Wrap it as a gift.\n    // +optional\n    #[serde(default, skip_serializing_if = \"Option::is_none\")]\n    pub gift_wrap: Option<bool>,\n",
    );
    assert_ne!(
        changed, text,
        "the example's OrderSpec has a `quantity` field"
    );
    std::fs::write(&order, &changed).unwrap();
    let rebuilt = cargo_build(&dir);
    assert!(rebuilt.success, "{}", rebuilt.stderr);
    assert!(
        rebuilt
            .stderr
            .lines()
            .any(|l| l.contains(&format!("Dirty {PACKAGE}")) && l.contains("order.rs")),
        "cargo must name the changed input as the reason:\n{}",
        rebuilt.stderr
    );
    let code = generated_code(&target);
    assert!(
        code.contains("pub gift_wrap: Option<bool>"),
        "new field in the types"
    );
    let crd = out_dir(&target).join("kube_codegen/crds/shop.example.com_orders.yaml");
    let crd = std::fs::read_to_string(crd).unwrap();
    assert!(crd.contains("gift_wrap:"), "and in the CRD:\n{crd}");

    // Bad input fails the build, with the diagnostic where cargo shows it.
    std::fs::write(&order, changed.replace("+optional", "+optinal")).unwrap();
    let failed = cargo_build(&dir);
    assert!(!failed.success, "bad input must fail the build");
    assert!(
        failed.stderr.lines().any(|l| l.starts_with("error: ")
            && l.contains("apis/shop/v1/order.rs:")
            && l.contains("unknown marker `+optinal`")),
        "the cargo::error line names the place:\n{}",
        failed.stderr
    );
    assert!(
        failed.stderr.contains("// +optinal") && failed.stderr.contains("help:"),
        "stderr shows the source line and a hint:\n{}",
        failed.stderr
    );
}
