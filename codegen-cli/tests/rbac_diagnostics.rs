//! Every diagnostic of bad `+kubebuilder:rbac` markers, shown exactly as the
//! user sees it (cases under `tests/bad-input/rbac/<case>/`), and that bad
//! markers leave every file as it was.

use std::path::Path;
use std::process::Command;

use kube_codegen::diag::Diagnostics;

const BIN: &str = env!("CARGO_BIN_EXE_kube-codegen");

fn generate(case: &str) -> Result<kube_codegen::rbac::Generated, Diagnostics> {
    // Tests run in the package directory, so locations read `tests/bad-input/...`.
    kube_codegen::rbac::generate(
        &Path::new("tests/bad-input/rbac").join(case),
        kube_codegen::rbac::DEFAULT_ROLE_NAME,
    )
}

/// Asserts that `case` fails with exactly `errors` errors, rendered as `expected`.
fn check(case: &str, errors: usize, expected: &str) {
    let diags = match generate(case) {
        Ok(_) => panic!("{case} generated without errors"),
        Err(d) => d,
    };
    assert_eq!(
        diags.to_string().trim_end(),
        expected.trim(),
        "rendering of {case}"
    );
    assert_eq!(diags.error_count(), errors, "errors of {case}");
}

/// Unknown keys, with the key meant.
#[test]
fn unknown_key() {
    check(
        "unknown-key",
        2,
        r#"
error: unknown argument `resource` for `+kubebuilder:rbac`
 --> tests/bad-input/rbac/unknown-key/lib.rs:1:34
  |
1 | // +kubebuilder:rbac:groups=apps,resource=deployments,verbs=get
  |                                  ^^^^^^^^
  = help: did you mean `resources`?

error: unknown argument `namspace` for `+kubebuilder:rbac`
 --> tests/bad-input/rbac/unknown-key/lib.rs:2:66
  |
2 | // +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get,namspace=ns
  |                                                                  ^^^^^^^^
  = help: did you mean `namespace`?
"#,
    );
}

/// Verbs the API server does not know, each underlined, in a `///` doc comment.
#[test]
fn unknown_verb() {
    check(
        "unknown-verb",
        2,
        r#"
error: unknown verb `lst`
 --> tests/bad-input/rbac/unknown-verb/lib.rs:6:71
  |
6 |     /// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;lst;frobnicate
  |                                                                       ^^^
  = help: did you mean `list`?

error: unknown verb `frobnicate`
 --> tests/bad-input/rbac/unknown-verb/lib.rs:6:75
  |
6 |     /// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;lst;frobnicate
  |                                                                           ^^^^^^^^^^
  = help: RBAC verbs are `get`, `list`, `watch`, `create`, `update`, `patch`, `delete`, `deletecollection`, `use`, `bind`, `escalate`, `impersonate`, `approve`, `sign`, `attest`, `*`
"#,
    );
}

/// A misspelt marker name would silently withhold a permission: an error, found in a nested module's `//!` comment (and not in a string).
#[test]
fn misspelt_marker() {
    check(
        "misspelt-marker",
        1,
        r#"
error: unknown marker `+kubebuilder:rback`
 --> tests/bad-input/rbac/misspelt-marker/nested/events.rs:2:5
  |
2 | //! +kubebuilder:rback:groups=events.k8s.io,resources=events,verbs=create
  |     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  = help: did you mean `+kubebuilder:rbac`?
"#,
    );
}

/// No verbs, or an empty list of them.
#[test]
fn missing_verbs() {
    check(
        "missing-verbs",
        2,
        r#"
error: `+kubebuilder:rbac` is missing `verbs`
 --> tests/bad-input/rbac/missing-verbs/lib.rs:1:4
  |
1 | // +kubebuilder:rbac:groups=apps,resources=deployments
  |    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  = help: add the API verbs the code needs, e.g. `verbs=get;list;watch`

error: `+kubebuilder:rbac` is missing `verbs`
 --> tests/bad-input/rbac/missing-verbs/lib.rs:2:62
  |
2 | // +kubebuilder:rbac:groups=apps,resources=deployments,verbs=
  |                                                              ^
  = help: add the API verbs the code needs, e.g. `verbs=get;list;watch`
"#,
    );
}

/// Neither resources nor non-resource URLs: the rule would grant nothing.
#[test]
fn missing_resources() {
    check(
        "missing-resources",
        1,
        r#"
error: `+kubebuilder:rbac` names no `resources` and no `urls`
 --> tests/bad-input/rbac/missing-resources/lib.rs:1:4
  |
1 | // +kubebuilder:rbac:groups=apps,verbs=get
  |    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  = help: add `groups=<group>,resources=<plural>` (`groups=core` for pods, services, ...), or `urls=/path` for non-resource URLs
"#,
    );
}

/// Non-resource URLs with API resources, or in a namespaced Role (the API server rejects both).
#[test]
fn urls_mixed() {
    check(
        "urls-mixed",
        3,
        r#"
error: `urls` cannot be combined with `groups`
 --> tests/bad-input/rbac/urls-mixed/lib.rs:1:29
  |
1 | // +kubebuilder:rbac:groups=apps,resources=deployments,urls=/metrics,verbs=get
  |                             ^^^^
  = help: non-resource URLs and API resources are different rules: write the `urls=` in a marker of its own

error: `urls` cannot be combined with `resources`
 --> tests/bad-input/rbac/urls-mixed/lib.rs:1:44
  |
1 | // +kubebuilder:rbac:groups=apps,resources=deployments,urls=/metrics,verbs=get
  |                                            ^^^^^^^^^^^
  = help: non-resource URLs and API resources are different rules: write the `urls=` in a marker of its own

error: non-resource URLs cannot be granted in a namespace
 --> tests/bad-input/rbac/urls-mixed/lib.rs:2:46
  |
2 | // +kubebuilder:rbac:urls=/healthz,namespace=ns,verbs=get
  |                                              ^^
  = help: remove `namespace=`: `urls=` rules belong to the ClusterRole
"#,
    );
}

/// Resources without an API group (the API server rejects those rules).
#[test]
fn missing_groups() {
    check(
        "missing-groups",
        1,
        r#"
error: `+kubebuilder:rbac` is missing `groups`
 --> tests/bad-input/rbac/missing-groups/lib.rs:1:32
  |
1 | // +kubebuilder:rbac:resources=pods,verbs=get
  |                                ^^^^
  = help: the API server needs the API group of every resource: write `groups=core` for the core group (pods, services, ...)
"#,
    );
}

/// Markers of other tools in controller code are ignored with a warning; the
/// type generator's and the webhook generator's own markers are not the RBAC
/// generator's business.
#[test]
fn other_markers_are_warned_about() {
    let generated = generate("ignored-marker").unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(
        generated.warnings.to_string().trim_end(),
        r#"
warning: `+k8s:openapi-gen` is not an RBAC marker; ignored
 --> tests/bad-input/rbac/ignored-marker/lib.rs:3:4
  |
3 | // +k8s:openapi-gen=true
  |    ^^^^^^^^^^^^^^^^^^^^^
  = help: the RBAC generator reads `+kubebuilder:rbac:groups=...,resources=...,verbs=...` markers only
"#
        .trim()
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
