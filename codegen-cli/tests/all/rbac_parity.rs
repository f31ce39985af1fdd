//! Differential test against controller-gen's `rbac` generator (v0.23.0, built
//! and cached by `hack/tools/controller-gen.sh`): the same markers, as Go
//! comments (`tests/rbac-parity/go`, a Go package holding nothing else) and as
//! Rust comments of every style (`tests/rbac-parity/rust`), give the same
//! ClusterRole and Roles: equal documents with equal rules in equal order.
//!
//! Go is required (see the README), so a missing Go toolchain fails this test.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

const ROLE_NAME: &str = "parity-role";

fn parity_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rbac-parity")
}

/// The markers of a file, from `+` to the end of the line, in order.
fn markers(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter_map(|l| {
            l.find("+kubebuilder:rbac")
                .map(|i| l[i..].trim_end().to_owned())
        })
        .collect()
}

/// controller-gen's binary, built once into the cache.
fn controller_gen() -> PathBuf {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../hack/tools/controller-gen.sh");
    let out = Command::new("bash")
        .arg(script)
        .output()
        .expect("running hack/tools/controller-gen.sh");
    assert!(
        out.status.success(),
        "hack/tools/controller-gen.sh failed (Go is required for the differential tests):\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    PathBuf::from(
        stdout
            .lines()
            .last()
            .expect("the script prints the binary's path"),
    )
}

/// Every YAML document of `text`.
fn documents(text: &str) -> Vec<Value> {
    serde_saphyr::from_multiple::<Value>(text)
        .unwrap()
        .into_iter()
        .filter(|d| !d.is_null())
        .collect()
}

#[test]
fn roles_equal_controller_gen() {
    let go = parity_dir().join("go");
    let rust = parity_dir().join("rust");
    // Both sides hold the same markers, enough of them to cover every key.
    let go_markers = markers(&go.join("markers.go"));
    assert_eq!(go_markers, markers(&rust.join("markers.rs")));
    assert!(go_markers.len() >= 25, "{} markers", go_markers.len());
    for key in [
        "groups=",
        "resources=",
        "resourceNames=",
        "verbs=",
        "urls=",
        "namespace=",
        "roleName=",
        "groups=core",
        "groups=\"\"",
        "verbs=*",
        "resources=*",
        "{",
    ] {
        assert!(
            go_markers.iter().any(|m| m.contains(key)),
            "no marker has `{key}`"
        );
    }

    let out_dir = tempfile::tempdir().unwrap();
    let out = Command::new(controller_gen())
        .current_dir(&go)
        .env("GOFLAGS", "-mod=mod")
        .arg(format!("rbac:roleName={ROLE_NAME}"))
        .arg("paths=./...")
        .arg(format!("output:rbac:dir={}", out_dir.path().display()))
        .output()
        .expect("running controller-gen");
    assert!(
        out.status.success(),
        "controller-gen failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let theirs = std::fs::read_to_string(out_dir.path().join("role.yaml")).unwrap();

    let generated =
        kube_codegen::rbac::generate(&rust, ROLE_NAME).unwrap_or_else(|d| panic!("{d}"));
    assert!(generated.warnings.is_empty(), "{}", generated.warnings);
    let ours = kube_codegen::rbac::render(&generated.roles);

    let (theirs_docs, ours_docs) = (documents(&theirs), documents(&ours));
    // Several namespaces and role names, so the role order is exercised too.
    assert!(theirs_docs.len() >= 5, "{theirs}");
    assert_eq!(
        ours_docs, theirs_docs,
        "\n--- controller-gen ---\n{theirs}\n--- kube-codegen ---\n{ours}"
    );
}
