//! Every diagnostic of bad input, shown exactly as the user sees it. Each case
//! is a tiny input tree under `tests/bad-input/<case>/`, and `expected.txt`
//! next to its input holds what the user is shown; several errors in one run
//! are all reported.
//!
//! Re-bless: KUBE_CODEGEN_BLESS=1 cargo test -p kube-codegen-cli --test all diagnostics::

use std::path::Path;

use kube_codegen::diag::Diagnostics;
use kube_codegen::emit::crd::{CrdError, CrdOptions, build_crds};
use kube_codegen::parse::{ParseOptions, Parsed, parse_dir};

use crate::support::expect::expect_file;

/// Where the cases are (tests run in the package directory, so locations read
/// `tests/bad-input/...`).
const BAD_INPUT: &str = "tests/bad-input";

/// Diagnostics as the user reads them, ending in one newline.
fn rendered(diags: &Diagnostics) -> String {
    format!("{}\n", diags.to_string().trim_end())
}

fn parse(case: &str) -> Result<Parsed, Diagnostics> {
    parse_dir(&Path::new(BAD_INPUT).join(case), &ParseOptions::default())
}

/// Asserts that `case` fails with exactly `errors` errors, rendered as its `expected.txt`.
fn check(case: &str, errors: usize) {
    let diags = match parse(case) {
        Ok(_) => panic!("{case} parsed without errors"),
        Err(d) => d,
    };
    expect_file!(
        Path::new(BAD_INPUT).join(case).join("expected.txt"),
        rendered(&diags)
    );
    assert_eq!(diags.error_count(), errors, "errors of {case}");
}

/// Asserts that `case` parses but its CRDs fail with exactly `errors` errors,
/// rendered (with their source lines) as `expected`.
fn check_crds(case: &str, errors: usize) {
    let parsed = parse(case).unwrap_or_else(|d| panic!("{case} does not parse:\n{d}"));
    let crd_errors = build_crds(&parsed.api).expect_err("CRD errors");
    let mut diags = Diagnostics(crd_errors.iter().map(CrdError::to_diagnostic).collect());
    diags.fill_source_lines(|path, line| {
        let text = std::fs::read_to_string(path).ok()?;
        text.lines().nth(line - 1).map(str::to_owned)
    });
    diags.sort();
    expect_file!(
        Path::new(BAD_INPUT).join(case).join("expected.txt"),
        rendered(&diags)
    );
    assert_eq!(diags.error_count(), errors, "errors of {case}");
}

/// Misspelt and unknown markers are errors (Go tools ignore them silently), with a suggestion when
/// one is close.
#[test]
fn unknown_marker() {
    check("unknown-marker", 3);
}

/// Values of the wrong type, unknown or missing arguments, text after a marker: each points at the
/// offending characters.
#[test]
fn malformed_value() {
    check("malformed-value", 8);
}

/// Unknown verbs in `onlyVerbs`, `skipVerbs` and `+genclient:method`.
#[test]
fn unknown_verb() {
    check("unknown-verb", 4);
}

/// A kind needs `metadata: ObjectMeta`.
#[test]
fn missing_object_meta() {
    check("missing-object-meta", 2);
}

/// Field types without a structural schema, each with what to use instead.
#[test]
fn unsupported_field_type() {
    check("unsupported-field-type", 8);
}

/// Enums with data that no structural schema holds: each conflict at the
/// variant or field that shows it, naming the variants involved.
#[test]
fn union_conflicts() {
    check_crds("union-conflicts", 8);
}

/// CEL rules the API server would refuse for their cost (reported at the
/// marker, with the server's hint) or for `oldSelf` where old values do not
/// correlate.
#[test]
fn cel_budget_and_transition_rules() {
    check_crds("cel-budget", 4);
}

/// One run reports every error: those found reading the input (an unknown
/// marker, a tuple variant) together with those of the CRDs built from what
/// could be read (a CEL rule naming the Rust field, a float, an enum with no
/// structural schema), as `generate`, `crd`, `build.rs` and the macro do.
#[test]
fn every_error_is_reported_in_one_run() {
    let diags = kube_codegen::pipeline::parse_and_check(
        Path::new("tests/bad-input/one-round"),
        &ParseOptions::default(),
        Some(&CrdOptions::default()),
        true,
    )
    .expect_err("errors of both kinds");
    assert_eq!(diags.error_count(), 5, "{diags}");
    expect_file!("tests/bad-input/one-round/expected.txt", rendered(&diags),);
}

/// Types that are neither local, std, `serde_json::Value` nor `k8s_openapi`.
#[test]
fn unresolved_type() {
    check("unresolved-type", 3);
}

/// A file that is not valid Rust; other files are still checked, without follow-on errors about the
/// broken file's types.
#[test]
fn syntax_error() {
    check("syntax-error", 2);
}

/// A directory that declares kinds without `+groupName` (a helper module without kinds is fine).
#[test]
fn missing_group_name() {
    check("missing-group-name", 1);
}

/// `+groupName` on the group module instead of the version module.
#[test]
fn group_name_outside_version() {
    check("group-name-outside-version", 2);
}

/// The same kind twice in one version, and two kinds with one plural.
#[test]
fn duplicate_kind() {
    check("duplicate-kind", 2);
}

/// Exactly one storage version per kind across the versions of a group.
#[test]
fn storage_versions() {
    check("storage-versions", 2);
}

/// Field markers on types, type markers on fields, variants and modules.
#[test]
fn wrong_target() {
    check("wrong-target", 5);
}

/// Kind markers on a type that is not a kind, contradicting client markers, and subresources the
/// type cannot have.
#[test]
fn kind_markers() {
    check("kind-markers", 4);
}

/// Validation markers that do not fit the type they are on, and contradicting bounds.
#[test]
fn marker_type_mismatch() {
    check("marker-type-mismatch", 8);
}

/// Markers of other tools and markers attached to nothing are warnings: the
/// parse succeeds, and the warnings say what was ignored.
#[test]
fn warnings_do_not_fail_the_parse() {
    let parsed = match parse("warnings") {
        Ok(p) => p,
        Err(d) => panic!("{d}"),
    };
    assert_eq!(parsed.warnings.error_count(), 0);
    expect_file!(
        "tests/bad-input/warnings/expected.txt",
        rendered(&parsed.warnings),
    );
    assert_eq!(parsed.api.kinds().count(), 1);
}

/// Defaults inside a field that may be missing and has no default of its own
/// never apply to objects without it (controller-tools#622/#631): a warning
/// with the fix. A `#[serde(default)]` struct field gets `default: {}` instead,
/// unless `{}` is not valid. A parent with required fields (`owner`) gets no
/// warning: it is given whole or not at all, and no default would fit it.
#[test]
fn defaults_that_never_apply_are_warned() {
    let parsed = parse("defaults-never-apply").unwrap_or_else(|d| panic!("{d}"));
    expect_file!(
        "tests/bad-input/defaults-never-apply/expected.txt",
        rendered(&parsed.warnings),
    );
    // The `#[serde(default)]` struct with defaults inside gets `default: {}`;
    // one whose `{}` would be invalid does not.
    let crds = build_crds(&parsed.api).unwrap_or_else(|e| panic!("{e:?}"));
    let spec = serde_json::to_value(&crds[0].definition.spec.versions[0].schema).unwrap()
        ["openAPIV3Schema"]["properties"]["spec"]["properties"]
        .clone();
    let defaults: Vec<(&str, &serde_json::Value)> = ["limits", "retry", "owner", "tuning"]
        .into_iter()
        .map(|f| (f, &spec[f]["default"]))
        .collect();
    assert_eq!(
        format!("{defaults:?}"),
        r#"[("limits", Null), ("retry", Object {}), ("owner", Null), ("tuning", Object {})]"#
    );
}

/// CRDs in `*.k8s.io` / `*.kubernetes.io` need the API-approval annotation or the
/// API server rejects them; a label without `=` is malformed.
#[test]
fn protected_group_needs_approval_annotation() {
    check("protected-group", 2);
}

/// CRD markers: a CEL rule or message expression that does not parse (pointing at
/// the column inside the rule), a `+default` that is not JSON, an `items:` marker
/// on a value that is not a list. Warnings for what controller-gen ignores
/// silently (`ref(...)` defaults, the lower-case `validation:optional`) come with
/// the errors.
#[test]
fn crd_markers() {
    check("crd-markers", 4);
}

/// Runs the whole generator (CRDs and conversions included) on `case`.
fn generate(case: &str) -> Result<(), Diagnostics> {
    let config = kube_codegen::pipeline::Config {
        input_dir: Path::new(BAD_INPUT).join(case),
        output_dir: std::env::temp_dir().join("kube-codegen-never-written"),
        crd_dirs: Vec::new(),
        boilerplate: kube_codegen::write::Boilerplate::from_text(""),
        parse: ParseOptions::default(),
        emit: Default::default(),
        crate_version: None,
        rbac: None,
        webhook: None,
        add_dependencies: false,
    };
    match kube_codegen::pipeline::run(&config) {
        Ok(_) => Ok(()),
        Err(kube_codegen::pipeline::Error::Input(diags)) => Err(diags),
        Err(other) => panic!("{case}: {other}"),
    }
}

/// Like [`check`], for problems found after parsing, by the generator.
fn check_generate(case: &str, errors: usize) {
    let diags = generate(case).expect_err(case);
    expect_file!(
        Path::new(BAD_INPUT).join(case).join("expected.txt"),
        rendered(&diags)
    );
    assert_eq!(diags.error_count(), errors, "errors of {case}");
}

/// Two versions that differ, and no conversion: each field that one direction
/// loses (or that the target requires) is an error; a field marked
/// `+kubebuilder:conversion:lossless` is not.
#[test]
fn lossy_versions() {
    check_generate("lossy-versions", 4);
}

/// A converted kind whose versions' types differ where nobody wrote a
/// conversion: the error names the differences and the impls to write; the
/// types that agree (`Network`) are left to the generator. Enums are paired
/// variant by variant, and a struct variant field by field (`Access`). The
/// same run reports the CRD's errors (`Access` mixes a string and an object).
#[test]
fn unconverted_types() {
    check_generate("unconverted-types", 4);
}

/// `kube-codegen crd` writes no conversion code, so the versions nobody
/// converts are not its errors: the same input reports only the CRD's.
#[test]
fn unconverted_types_are_no_error_of_a_crd_only_run() {
    let check = |conversions| {
        kube_codegen::pipeline::parse_and_check(
            Path::new("tests/bad-input/unconverted-types"),
            &ParseOptions::default(),
            Some(&CrdOptions::default()),
            conversions,
        )
        .expect_err("the CRD's errors")
    };
    let crd_only = check(false);
    assert_eq!(crd_only.error_count(), 2, "{crd_only}");
    assert!(
        !crd_only.to_string().contains("no conversion between them"),
        "{crd_only}"
    );
    assert_eq!(check(true).error_count(), 4);
}

/// Conversion markers: a webhook without a strategy, a service that is not
/// `namespace/name`, a URL the API server refuses, a kind marker on a field,
/// a Service path the API server refuses (the admission webhooks' check).
#[test]
fn conversion_markers() {
    check("conversion-markers", 5);
}

/// Map keys must be what serde writes as a JSON object key (a string, a
/// newtype of one, a unit-only enum, an integer); `Zone`, `NodeName` and `u16`
/// keys are fine, each other key is refused at its field, saying why.
#[test]
fn map_keys() {
    check("map-keys", 6);
}

/// Types of other crates whose JSON is not what a Kubernetes API holds, each
/// refused with what to write instead.
#[test]
fn crate_types() {
    check("crate-types", 5);
}
