//! Every diagnostic of bad `+kubebuilder:rbac` markers, shown exactly as the
//! user sees it (cases under `tests/bad-input/rbac/<case>/`), and that bad
//! markers leave every file as it was. `expected.txt` in each case holds what
//! the user is shown.
//!
//! Re-bless: KUBE_CODEGEN_BLESS=1 cargo test -p kube-codegen-cli --test all rbac_diagnostics::

use std::path::Path;
use std::process::Command;

use kube_codegen::diag::Diagnostics;

use crate::support::expect::expect_file;

const BIN: &str = env!("CARGO_BIN_EXE_kube-codegen");

/// Where the cases are (tests run in the package directory, so locations read
/// `tests/bad-input/rbac/...`).
const BAD_INPUT: &str = "tests/bad-input/rbac";

/// Diagnostics as the user reads them, ending in one newline.
fn rendered(diags: &Diagnostics) -> String {
    format!("{}\n", diags.to_string().trim_end())
}

fn generate(case: &str) -> Result<kube_codegen::rbac::Generated, Diagnostics> {
    kube_codegen::rbac::generate(
        &Path::new(BAD_INPUT).join(case),
        kube_codegen::rbac::DEFAULT_ROLE_NAME,
    )
}

/// Asserts that `case` fails with exactly `errors` errors, rendered as its `expected.txt`.
fn check(case: &str, errors: usize) {
    let diags = match generate(case) {
        Ok(_) => panic!("{case} generated without errors"),
        Err(d) => d,
    };
    expect_file!(
        Path::new(BAD_INPUT).join(case).join("expected.txt"),
        rendered(&diags)
    );
    assert_eq!(diags.error_count(), errors, "errors of {case}");
}

/// Unknown keys, with the key meant.
#[test]
fn unknown_key() {
    check("unknown-key", 2);
}

/// Verbs the API server does not know, each underlined, in a `///` doc comment.
#[test]
fn unknown_verb() {
    check("unknown-verb", 2);
}

/// A misspelt marker name would silently withhold a permission: an error, found in a nested module's `//!` comment (and not in a string).
#[test]
fn misspelt_marker() {
    check("misspelt-marker", 1);
}

/// No verbs, or an empty list of them.
#[test]
fn missing_verbs() {
    check("missing-verbs", 2);
}

/// Neither resources nor non-resource URLs: the rule would grant nothing.
#[test]
fn missing_resources() {
    check("missing-resources", 1);
}

/// Non-resource URLs with API resources, or in a namespaced Role (the API server rejects both).
#[test]
fn urls_mixed() {
    check("urls-mixed", 3);
}

/// Resources without an API group (the API server rejects those rules).
#[test]
fn missing_groups() {
    check("missing-groups", 1);
}

/// Markers of other tools in controller code are ignored with a warning; the
/// type generator's and the webhook generator's own markers are not the RBAC
/// generator's business.
#[test]
fn other_markers_are_warned_about() {
    let generated = generate("ignored-marker").unwrap_or_else(|d| panic!("{d}"));
    expect_file!(
        "tests/bad-input/rbac/ignored-marker/expected.txt",
        rendered(&generated.warnings),
    );
    assert_eq!(generated.roles.len(), 1);
}

/// The CLI: bad markers exit 2 with the diagnostics on stderr and print no
/// YAML; `generate` with bad markers writes nothing at all.
#[test]
fn bad_markers_write_nothing() {
    let out = Command::new(BIN)
        .args(["rbac", "--source-dir", "tests/bad-input/rbac/unknown-verb"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.ends_with("error: aborting due to 2 previous errors; nothing was written\n"),
        "{stderr}"
    );

    let tmp = tempfile::tempdir().unwrap();
    let output = tmp.path().join("generated");
    let role = tmp.path().join("role.yaml");
    let out = Command::new(BIN)
        .arg("generate")
        .args(["--input-dir", "../apis/src", "--output-dir"])
        .arg(&output)
        .args(["--rbac-source-dir", "tests/bad-input/rbac/missing-verbs"])
        .arg("--rbac-output")
        .arg(&role)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(!role.exists() && !output.exists(), "something was written");
}

/// `--rbac-source-dir` without `--rbac-output` is a usage error.
#[test]
fn rbac_flags_come_together() {
    let out = Command::new(BIN)
        .args(["verify", "--rbac-source-dir", "src"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--rbac-output <FILE>"), "{stderr}");
}
