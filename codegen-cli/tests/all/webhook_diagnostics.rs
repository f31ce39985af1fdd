//! Every diagnostic of the webhook generator, shown exactly as the user sees
//! it: each case under `tests/bad-input/webhook/<case>/` is a source
//! directory whose markers are wrong in the ways its name says, and
//! `expected.txt` next to it holds what `kube-codegen webhook` prints. Then:
//! bad markers leave every file as it was, and the flags come in pairs.
//!
//! Re-bless: KUBE_CODEGEN_BLESS=1 cargo test -p kube-codegen-cli --test all webhook_diagnostics::

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::expect::expect_file;

const BIN: &str = env!("CARGO_BIN_EXE_kube-codegen");

fn cases() -> Vec<PathBuf> {
    let mut cases: Vec<PathBuf> = std::fs::read_dir("tests/bad-input/webhook")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    cases
}

/// What the user sees for `dir`: the diagnostics (errors, or the warnings of
/// a run that succeeds), as `kube-codegen webhook` prints them.
fn shown(dir: &Path) -> String {
    match kube_codegen::webhook::generate(dir) {
        Ok(generated) => format!(
            "{}{} documents",
            generated.warnings,
            generated.configurations.len()
        ),
        Err(diagnostics) => format!(
            "{diagnostics}{} errors, {} warnings",
            diagnostics.error_count(),
            diagnostics.warning_count()
        ),
    }
}

#[test]
fn every_diagnostic_reads_as_expected() {
    let cases = cases();
    assert!(cases.len() >= 10, "{} cases", cases.len());
    for case in &cases {
        expect_file!(case.join("expected.txt"), shown(case));
    }
}

/// The cases together hold at least one of each diagnostic the generator
/// has, counted by message (the list below is every message it can give,
/// with its variable parts left out).
#[test]
fn the_cases_show_every_diagnostic() {
    let all: String = cases().iter().map(|c| shown(c)).collect();
    let messages = [
        "unknown marker `+kubebuilder:webhok`",
        "unknown marker `+kubebuilder:webhookconfig`",
        "is not a webhook marker; ignored",
        "unknown argument `failurepolicy`",
        "is missing `admissionReviewVersions`",
        "expected `true` or `false`",
        "is given twice",
        "unterminated backtick string",
        "applies to mutating webhooks only; ignored",
        "unsupported webhook version `v1beta1`",
        "a webhook has `path=` or `url=`, not both",
        "needs `path=` or `url=`",
        "has no effect with `url=`",
        "is not an `https://` URL",
        "has a user in it",
        "is not lowercase letters, digits",
        "does not start with `/`",
        "is not a port",
        "the webhook's Service has an empty name",
        "the webhook's `clientConfig` needs exactly one of `url` and `service`",
        "unknown failurePolicy",
        "unknown matchPolicy",
        "unknown reinvocationPolicy",
        "`sideEffects=Some` is not allowed",
        "unknown sideEffects",
        "the webhook has no `sideEffects`",
        "is not between 1 and 30",
        "the API server speaks none of the AdmissionReview versions listed",
        "is listed twice",
        "is not an API version",
        "unknown verb `patch`",
        "`*` in `verbs` stands for all of them",
        "`*` in `groups` stands for all of them",
        "`*` in `versions` stands for all of them",
        "the webhook has no verbs",
        "the webhook names no API groups",
        "an API version is empty",
        "the webhook names no resources",
        "a resource is empty",
        "`*` names every resource",
        "`*/*` names every resource and subresource",
        "already names",
        "unknown rule scope",
        "has fewer than three dot-separated parts",
        "is not a lowercase DNS name",
        "the webhook's `name` is empty",
        "two webhooks named `dup.example.com`",
        "without `name=` has no effect",
        "a second `+kubebuilder:webhookconfiguration`",
        "names nothing",
        "`patch` is not valid JSON",
        "duplicate field `timeoutSeconds`",
        "`patch` is not a JSON object",
        "`TimeoutSeconds` is not a field",
        "did you mean `timeoutSeconds`?",
        "must be a 32-bit integer",
        "is not a patch directive",
        "names no list: there is no `notAField`",
        "`clientConfig.$patch` is `delete` or `replace`",
        "`patch` cannot be applied",
        "is not a label key",
        "is not a label value",
        "needs values",
        "takes no values",
        "unknown selector operator `Inn`",
        "has no expression",
        "does not compile: undefined field 'resurce'",
        "does not compile: must evaluate to bool but got dyn",
        "does not compile: Syntax error",
        "a match condition has no name",
        "is not a qualified name",
        "two match conditions are named `y`",
        "65 match conditions; a webhook may have at most 64",
        "no `+kubebuilder:webhook` markers in",
    ];
    let missing: Vec<&str> = messages
        .iter()
        .filter(|m| !all.contains(*m))
        .copied()
        .collect();
    assert!(missing.is_empty(), "no case shows: {missing:#?}");
}

/// A directory that cannot be read is an error naming it.
#[test]
fn a_missing_directory_is_an_error() {
    let err = kube_codegen::webhook::generate(Path::new("tests/bad-input/webhook/none"))
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("error: cannot read tests/bad-input/webhook/none: ")
            && err.contains("= help: `--source-dir` names a directory of Rust sources"),
        "{err}"
    );
}

/// The CLI: bad markers exit 2 with the diagnostics on stderr and print no
/// YAML; `generate` with bad markers writes nothing at all.
#[test]
fn bad_markers_write_nothing() {
    let out = Command::new(BIN)
        .args(["webhook", "--source-dir", "tests/bad-input/webhook/values"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.ends_with("error: aborting due to 13 previous errors; nothing was written\n"),
        "{stderr}"
    );

    let tmp = tempfile::tempdir().unwrap();
    let output = tmp.path().join("generated");
    let manifests = tmp.path().join("manifests.yaml");
    let out = Command::new(BIN)
        .arg("generate")
        .args(["--input-dir", "../apis/src", "--output-dir"])
        .arg(&output)
        .args(["--webhook-source-dir", "tests/bad-input/webhook/names"])
        .arg("--webhook-output")
        .arg(&manifests)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        !manifests.exists() && !output.exists(),
        "something was written"
    );
}

/// `--webhook-source-dir` without `--webhook-output` is a usage error.
#[test]
fn webhook_flags_come_together() {
    let out = Command::new(BIN)
        .args(["verify", "--webhook-source-dir", "src"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--webhook-output <FILE>"), "{stderr}");
}

/// Webhook markers in API types are ignored there with a warning that says
/// where they are read.
#[test]
fn webhook_markers_in_api_types_are_warned_about() {
    let parsed = kube_codegen::parse::parse_dir(
        Path::new("tests/bad-input/webhook-markers-in-types"),
        &kube_codegen::parse::ParseOptions::default(),
    )
    .unwrap_or_else(|d| panic!("{d}"));
    let shown = parsed.warnings.to_string();
    assert_eq!(parsed.warnings.len(), 2, "{shown}");
    for (line, name) in [
        (4, "kubebuilder:webhook"),
        (5, "kubebuilder:webhookconfiguration"),
    ] {
        let expected = format!(
            "warning: `+{name}` is ignored\n --> tests/bad-input/webhook-markers-in-types/shop/v1/order.rs:{line}:4"
        );
        assert!(shown.contains(&expected), "{shown}");
        assert!(
            shown.contains(&format!(
                "= help: kube-codegen does not use `+{name}` markers: webhook markers are read \
                 from controller code (`kube-codegen webhook --source-dir DIR`, or `generate \
                 --webhook-source-dir DIR`), not from API types"
            )),
            "{shown}"
        );
    }
}
