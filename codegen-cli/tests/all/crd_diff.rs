//! `kube-codegen crd diff` and `verify --since` through the built binary, as
//! a user runs them: a pair of CRD files that trips every check, in the four
//! output formats and under a configuration file; a change to a Rust API in
//! a scaffolded git project, reported by `verify --since HEAD` at the field's
//! line; and every way a side or a configuration can be wrong (cases under
//! `tests/bad-input/crd-diff/<case>/`), each refused with exit status 2.
//!
//! Re-bless: KUBE_CODEGEN_BLESS=1 cargo test -p kube-codegen-cli --test all crd_diff::

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::expect::expect_file;

const BIN: &str = env!("CARGO_BIN_EXE_kube-codegen");
const WIDGETS: &str = "tests/crd-diff/widgets";
const BAD_INPUT: &str = "tests/bad-input/crd-diff";

/// Exit status, standard output and standard error of `kube-codegen <args>` in `dir`.
fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN)
        .current_dir(dir)
        .args(args)
        .env_remove("KUBECONFIG")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn here() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn diff(extra: &[&str]) -> (i32, String, String) {
    let old = format!("{WIDGETS}/old.yaml");
    let new = format!("{WIDGETS}/new.yaml");
    let mut args = vec!["crd", "diff", old.as_str(), new.as_str()];
    args.extend(extra);
    run(&here(), &args)
}

#[test]
fn every_check_in_every_format() {
    let (code, stdout, stderr) = diff(&[]);
    assert_eq!(code, 1, "{stderr}");
    expect_file!(
        format!("{WIDGETS}/expected.txt"),
        format!("{stdout}---- stderr\n{stderr}")
    );
    for (format, file) in [
        ("markdown", "expected.md"),
        ("json", "expected.json"),
        ("yaml", "expected.yaml"),
    ] {
        let (code, stdout, _) = diff(&["--output", format]);
        assert_eq!(code, 1, "{format}");
        expect_file!(format!("{WIDGETS}/{file}"), stdout);
    }
    // The JSON is crdify's shape, one report per CRD.
    let (_, json, _) = diff(&["-o", "json"]);
    let reports: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(reports[0]["name"], "widgets.example.com");
    assert!(reports[0]["crdValidation"].is_array());
    assert!(reports[0]["sameVersionValidation"][0]["propertyComparisons"].is_array());
}

#[test]
fn a_configuration_relaxes_checks_and_turns_ratcheting_on() {
    let config = format!("{WIDGETS}/config.yaml");
    let (code, stdout, stderr) = diff(&["--config", config.as_str()]);
    assert_eq!(code, 1, "{stderr}");
    expect_file!(
        format!("{WIDGETS}/expected-config.txt"),
        format!("{stdout}---- stderr\n{stderr}")
    );
}

/// A new enum on a field that had none and a new maxLength: errors by default
/// (exit status 1: a client creating a Gadget with the old values is
/// refused), each saying the API server ratchets it; warnings with
/// `ratcheting: Enabled` (exit status 0).
#[test]
fn ratcheted_tightenings_fail_unless_the_configuration_enables_ratcheting() {
    let dir = "tests/crd-diff/ratcheting";
    let (old, new) = (format!("{dir}/old.yaml"), format!("{dir}/new.yaml"));
    let (code, stdout, stderr) = run(&here(), &["crd", "diff", &old, &new]);
    assert_eq!(code, 1, "{stderr}");
    expect_file!(
        format!("{dir}/expected.txt"),
        format!("{stdout}---- stderr\n{stderr}")
    );
    let config = format!("{dir}/config.yaml");
    let (code, stdout, stderr) = run(&here(), &["crd", "diff", &old, &new, "--config", &config]);
    assert_eq!(code, 0, "{stderr}");
    expect_file!(
        format!("{dir}/expected-enabled.txt"),
        format!("{stdout}---- stderr\n{stderr}")
    );
}

#[test]
fn a_crd_against_itself_is_compatible() {
    let old = format!("{WIDGETS}/old.yaml");
    let (code, stdout, stderr) = run(&here(), &["crd", "diff", &old, &old]);
    assert_eq!((code, stdout.as_str()), (0, ""), "{stderr}");
    assert_eq!(
        stderr,
        "kube-codegen: 1 CustomResourceDefinition compared (0 new): compatible, 0 errors, 0 warnings\n"
    );
}

/// Every refused side and configuration, as the user sees it.
#[test]
fn bad_sides_and_configurations() {
    let new = format!("{WIDGETS}/new.yaml");
    let case = |name: &str| format!("{BAD_INPUT}/{name}");
    let cases: Vec<(&str, Vec<String>)> = vec![
        ("not-yaml", vec![case("not-yaml/crd.yaml"), new.clone()]),
        ("no-crds", vec![case("no-crds"), new.clone()]),
        (
            "duplicate-names",
            vec![case("duplicate-names/crds.yaml"), new.clone()],
        ),
        ("v1beta1", vec![case("v1beta1/crd.yaml"), new.clone()]),
        (
            "missing-file",
            vec![case("missing-file/crd.yaml"), new.clone()],
        ),
        (
            "unknown-check",
            vec![
                new.clone(),
                new.clone(),
                "--config".into(),
                case("unknown-check/config.yaml"),
            ],
        ),
        (
            "missing-enforcement",
            vec![
                new.clone(),
                new.clone(),
                "--config".into(),
                case("missing-enforcement/config.yaml"),
            ],
        ),
        (
            "unknown-config-key",
            vec![
                new.clone(),
                new.clone(),
                "--config".into(),
                case("unknown-config-key/config.yaml"),
            ],
        ),
        (
            "unknown-ratcheting",
            vec![
                new.clone(),
                new.clone(),
                "--config".into(),
                case("unknown-ratcheting/config.yaml"),
            ],
        ),
        (
            "bad-check-setting",
            vec![
                new.clone(),
                new.clone(),
                "--config".into(),
                case("bad-check-setting/config.yaml"),
            ],
        ),
        (
            "unknown-ref",
            vec![
                "git:no-such-ref".into(),
                "../apis/src".into(),
                "--input-dir".into(),
                "../apis/src".into(),
            ],
        ),
        ("empty-ref", vec!["git:".into(), new.clone()]),
        (
            "unknown-format",
            vec![new.clone(), new.clone(), "-o".into(), "xml".into()],
        ),
    ];
    for (name, args) in cases {
        let mut all = vec!["crd".to_owned(), "diff".to_owned()];
        all.extend(args);
        let refs: Vec<&str> = all.iter().map(String::as_str).collect();
        let (code, stdout, stderr) = run(&here(), &refs);
        assert_eq!(code, 2, "{name}: {stderr}");
        assert_eq!(stdout, "", "{name}: a refused comparison prints no report");
        expect_file!(format!("{BAD_INPUT}/{name}/expected.txt"), stderr);
    }
}

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .current_dir(dir)
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.com"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// What a user does: scaffold an operator, commit, change a field's type in
/// the API, regenerate, and run `hack/verify-codegen.sh --since HEAD` in CI:
/// it fails at the field's line. `crd diff git:HEAD apis/src` prints the
/// report with the same place.
#[test]
fn verify_since_head_fails_at_the_changed_field() {
    let tmp = tempfile::tempdir().unwrap();
    let project = tmp.path().join("memcached-operator");
    let repo = here().join("..");
    let repo = repo.to_str().unwrap();
    let (code, _, stderr) = run(
        tmp.path(),
        &["init", "memcached-operator", "--runtime", repo],
    );
    assert_eq!(code, 0, "{stderr}");
    let api = [
        "create",
        "api",
        "--group",
        "cache.example.com",
        "--version",
        "v1alpha1",
        "--kind",
        "Memcached",
    ];
    let (code, _, stderr) = run(&project, &api);
    assert_eq!(code, 0, "{stderr}");
    git(&project, &["init", "-q", "-b", "main"]);
    git(&project, &["add", "-A"]);
    git(&project, &["commit", "-q", "-m", "Memcached API"]);

    // Unchanged: compatible.
    let verify = |args: &[&str]| {
        let out = Command::new(project.join("hack/verify-codegen.sh"))
            .current_dir(&project)
            .args(args)
            .env("KUBE_CODEGEN", BIN)
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (code, stderr) = verify(&["--since", "HEAD"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("the CRDs are compatible with HEAD"),
        "{stderr}"
    );

    // `replicas: Option<i32>` becomes a string (its integer markers go).
    let file = project.join("apis/src/cache/v1alpha1/memcached.rs");
    let source = std::fs::read_to_string(&file).unwrap();
    let field = source
        .lines()
        .find(|l| l.trim_start().starts_with("pub replicas:"))
        .unwrap_or_else(|| panic!("no `replicas` field in the scaffolded kind:\n{source}"))
        .to_owned();
    let changed = source
        .lines()
        .map(|l| {
            if l == field {
                "    pub replicas: Option<String>,"
            } else {
                l
            }
        })
        .filter(|l| {
            !l.contains("validation:Minimum")
                && !l.contains("validation:Maximum")
                && !l.contains("+kubebuilder:default")
                && !l.contains("+default=")
        })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(&file, format!("{changed}\n")).unwrap();
    let update = Command::new(project.join("hack/update-codegen.sh"))
        .current_dir(&project)
        .env("KUBE_CODEGEN", BIN)
        .output()
        .unwrap();
    assert!(
        update.status.success(),
        "{}",
        String::from_utf8_lossy(&update.stderr)
    );

    let (code, stderr) = verify(&["--since", "HEAD"]);
    assert_eq!(code, 1, "{stderr}");
    let line = changed
        .lines()
        .position(|l| l == "    pub replicas: Option<String>,")
        .unwrap()
        + 1;
    assert!(
        stderr.contains(&format!(
            "--> apis/src/cache/v1alpha1/memcached.rs:{line}:9"
        )),
        "not reported at the field's line {line}:\n{stderr}"
    );
    expect_file!("tests/crd-diff/verify-since/expected.txt", stderr);

    let (code, stdout, stderr) = run(&project, &["crd", "diff", "git:HEAD", "apis/src"]);
    assert_eq!(code, 1, "{stderr}");
    expect_file!(
        "tests/crd-diff/verify-since/crd-diff.txt",
        format!("{stdout}---- stderr\n{stderr}")
    );

    // The input at a commit that does not generate is refused, with its errors.
    std::fs::write(
        &file,
        source.replace("pub replicas:", "pub replicas: Vec<f32>, pub other:"),
    )
    .unwrap();
    git(&project, &["commit", "-q", "-am", "broken"]);
    let (code, _, stderr) = run(&project, &["crd", "diff", "git:HEAD", "apis/src"]);
    assert_eq!(code, 2, "{stderr}");
    expect_file!("tests/bad-input/crd-diff/input-at-ref/expected.txt", stderr);
}
