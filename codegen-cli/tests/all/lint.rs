//! `kube-codegen lint` as a user sees it: the diagnostics (text, JSON,
//! SARIF) on a real-world-shaped API (Cluster API's Machine, cert-manager's
//! Certificate), `--fix` on a copy, suppression markers and their mistakes,
//! the configuration shapes and their errors, and the profiles.
//!
//! Re-bless: KUBE_CODEGEN_BLESS=1 cargo test -p kube-codegen-cli --test all lint::

use std::path::{Path, PathBuf};

use kube_codegen::parse::ParseOptions;
use kube_codegen_lint::{self as lint, LintConfig, Profile};

use crate::support::expect::expect_file;

const CASE: &str = "tests/lint/operator/src";

fn crd() -> LintConfig {
    LintConfig::default_profile()
}

fn line_of(p: &Path, line: usize) -> Option<String> {
    std::fs::read_to_string(p)
        .ok()?
        .lines()
        .nth(line - 1)
        .map(str::to_owned)
}

fn text(findings: &[lint::Finding], blocking: bool) -> String {
    format!(
        "{}\n",
        lint::output::diagnostics(findings, blocking, &line_of)
            .to_string()
            .trim_end()
    )
}

#[test]
fn findings_on_a_real_world_api_as_text_json_and_sarif() {
    let report = lint::lint_dir(Path::new(CASE), &ParseOptions::default(), &crd()).unwrap();
    expect_file!(
        "tests/lint/operator/expected.txt",
        text(&report.findings, true)
    );
    let json = format!(
        "{:#}\n",
        lint::output::json(&report.findings, report.suppressed.len())
    );
    expect_file!("tests/lint/operator/expected.json", json);
    let sarif = format!("{:#}\n", lint::output::sarif(&report.findings, true));
    expect_file!("tests/lint/operator/expected.sarif", sarif);
    // Suppressed with a reason: the type's `minlength` (at the field that
    // names the type, and at its own fields) and `dnsNames`' own.
    let suppressed: Vec<(&str, &str)> = report
        .suppressed
        .iter()
        .map(|f| (f.rule, f.subject.as_str()))
        .collect();
    assert!(
        suppressed.contains(&("minlength", "CertificateSpec.dnsNames")),
        "{suppressed:?}"
    );
    assert!(
        suppressed.contains(&("minlength", "Certificate.spec")),
        "{suppressed:?}"
    );
}

#[test]
fn warn_only_renders_warnings() {
    let report = lint::lint_dir(Path::new(CASE), &ParseOptions::default(), &crd()).unwrap();
    let shown = text(&report.findings[..1], false);
    assert!(shown.starts_with("warning[statussubresource]: "), "{shown}");
}

/// `--fix` on a copy: every fixable finding is fixed by editing the text,
/// the rest of the file (comments, attributes, layout) is kept, and the
/// result parses and lints with only the findings no fix covers.
#[test]
fn fix_edits_the_text_and_keeps_the_rest() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("src/infra/v1beta1");
    std::fs::create_dir_all(&dir).unwrap();
    for f in ["mod.rs", "machine.rs", "certificate.rs"] {
        std::fs::copy(Path::new(CASE).join("infra/v1beta1").join(f), dir.join(f)).unwrap();
    }
    let before = lint::lint_dir(&tmp.path().join("src"), &ParseOptions::default(), &crd()).unwrap();
    let fixed = lint::fix_dir(&tmp.path().join("src"), &ParseOptions::default(), &crd()).unwrap();
    assert!(!fixed.files.is_empty());
    assert!(
        fixed.report.findings.iter().all(|f| f.fix.is_none()),
        "{:#?}",
        fixed.report.findings
    );
    assert!(fixed.report.findings.len() < before.findings.len());
    for f in ["machine.rs", "certificate.rs"] {
        let text = std::fs::read_to_string(dir.join(f)).unwrap();
        expect_file!(PathBuf::from("tests/lint/operator/fixed").join(f), text);
    }
}

#[test]
fn profiles_choose_the_rules() {
    let native = LintConfig {
        profile: Some(Profile::Native),
        ..LintConfig::default()
    };
    let n = lint::lint_dir(Path::new(CASE), &ParseOptions::default(), &native).unwrap();
    let c = lint::lint_dir(Path::new(CASE), &ParseOptions::default(), &crd()).unwrap();
    let rules = |r: &lint::Report| {
        r.findings
            .iter()
            .map(|f| f.rule)
            .collect::<std::collections::BTreeSet<_>>()
    };
    assert!(rules(&n).contains("nonpointerstructs"));
    assert!(!rules(&c).contains("nonpointerstructs"));
    assert!(rules(&c).contains("maxlength") && !rules(&n).contains("maxlength"));
}

/// The configuration as Go projects write it, and its mistakes.
#[test]
fn configuration_files_and_their_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let golangci = tmp.path().join(".golangci-kal.yml");
    std::fs::write(
        &golangci,
        "version: \"2\"\nlinters:\n  settings:\n    custom:\n      kubeapilinter:\n        type: module\n        settings:\n          linters:\n            disable: [\"*\"]\n            enable: [nomaps, integers]\n          lintersConfig:\n            nomaps:\n              policy: Enforce\n  exclusions:\n    rules:\n      - path: certificate\n        linters: [kubeapilinter]\n",
    )
    .unwrap();
    let config = LintConfig::read(&golangci).unwrap();
    let report = lint::lint_dir(Path::new(CASE), &ParseOptions::default(), &config).unwrap();
    let rules: Vec<(&str, &str)> = report
        .findings
        .iter()
        .map(|f| (f.rule, f.subject.as_str()))
        .collect();
    assert_eq!(
        rules,
        [
            ("integers", "MachineSpec.weight"),
            ("nomaps", "MachineSpec.nodeLabels")
        ]
    );

    let bad = tmp.path().join("bad.yaml");
    let mut errors = String::new();
    for (yaml, _) in [
        ("linters:\n  enable: [nobool]\n", ()),
        ("linters:\n  enable: [nobools]\n  disable: [nobools]\n", ()),
        ("lintersConfig:\n  nomaps:\n    policy: Sometimes\n", ()),
        ("lintersConfig:\n  nomap: {}\n", ()),
        ("profile: kubebuilder\n", ()),
        ("linter:\n  enable: []\n", ()),
    ] {
        std::fs::write(&bad, yaml).unwrap();
        let err = match LintConfig::read(&bad) {
            Err(e) => e.to_string(),
            Ok(c) => match lint::lint_dir(Path::new(CASE), &ParseOptions::default(), &c) {
                Err(lint::Error::Config(c)) => c.to_string(),
                Err(other) => format!("{other:?}"),
                Ok(_) => panic!("{yaml} was accepted"),
            },
        };
        errors.push_str(&err.replace(&tmp.path().display().to_string(), "<tmp>"));
        errors.push('\n');
    }
    expect_file!("tests/lint/config-errors.txt", errors);
}

/// A workspace's `Cargo.toml` metadata is found from the input directory up.
#[test]
fn the_workspace_configuration_is_found_from_the_input_up() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("Cargo.toml"),
        "[workspace]\n[workspace.metadata.kube-codegen.lint]\nprofile = \"native\"\nlinters = { disable = [\"commentstart\"] }\n",
    )
    .unwrap();
    let input = tmp.path().join("apis/src");
    std::fs::create_dir_all(&input).unwrap();
    let (config, configured) = lint::workspace_config(&input, None).unwrap();
    assert!(configured);
    assert_eq!(config.profile, Some(Profile::Native));
    assert_eq!(config.disable, ["commentstart"]);
    let (none, configured) = lint::workspace_config(Path::new("/"), None).unwrap();
    assert!(!configured);
    assert_eq!(none.profile, Some(Profile::Crd));
}

/// A newtype is read as the type it wraps (Go's named types and aliases):
/// a newtype of a list is a list, a list of newtypes of a struct is a list
/// of objects, a newtype of bytes is bytes, a newtype of a map is a map;
/// the newtype's markers count as the field's. A schemaless list has no
/// merge strategy to ask for, and `conditions` is found by its Rust name.
#[test]
fn newtypes_are_read_as_the_types_they_wrap() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("net/v1");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("mod.rs"),
        "//! +groupName=net.example.com\nmod types;\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("types.rs"),
        r#"use std::collections::BTreeMap;

/// Port is one port.
#[serde(rename_all = "camelCase")]
pub struct Port {
    /// name of the port.
    // +optional
    pub name: Option<String>,
}

/// NamedPort is a port.
pub struct NamedPort(pub Port);

/// Ports are ports.
pub struct Ports(pub Vec<Port>);

/// Routes are routes.
// +listType=set
pub struct Routes(pub Vec<String>);

/// Hosts are hosts.
pub struct Hosts(pub Vec<String>);

/// Token is a secret.
pub struct Token(pub k8s_openapi::ByteString);

/// Labels are labels.
pub struct Labels(pub BTreeMap<String, String>);

/// Spec is the spec.
#[serde(rename_all = "camelCase")]
pub struct Spec {
    /// ports of the service.
    // +listType=atomic
    pub ports: Ports,
    /// namedPorts of the service.
    // +listType=set
    pub named_ports: Vec<NamedPort>,
    /// routes of the service.
    pub routes: Routes,
    /// hosts of the service.
    pub hosts: Hosts,
    /// groups of hosts.
    // +listType=set
    pub groups: Vec<Vec<String>>,
    /// token of the service.
    // +listType=atomic
    pub token: Token,
    /// labels of the service.
    pub labels: Labels,
    /// extra of the service.
    // +kubebuilder:validation:Schemaless
    // +kubebuilder:pruning:PreserveUnknownFields
    pub extra: Vec<serde_json::Value>,
    /// conditions of the service.
    #[serde(rename = "Conditions")]
    pub conditions: Vec<String>,
}
"#,
    )
    .unwrap();
    let config = LintConfig::from_plain(
        &serde_json::json!({"linters": {
            "disable": ["*"],
            "enable": ["arrayofstruct", "ssatags", "minlength", "conditions"]
        }}),
        None,
    )
    .unwrap();
    let report = lint::lint_dir(tmp.path(), &ParseOptions::default(), &config).unwrap();
    let found: Vec<String> = report
        .findings
        .iter()
        .filter(|f| f.subject.starts_with("Spec."))
        .filter(|f| !f.message.contains("must have a minimum length"))
        .map(|f| format!("{} {}: {}", f.rule, f.subject, f.message))
        .collect();
    let expected = [
        "arrayofstruct Spec.ports: Spec.ports is an array of structs, but the struct has no required fields. At least one field should be marked as required to prevent ambiguous YAML configurations",
        "minlength Spec.ports: field Spec.ports must have a minimum items, add kubebuilder:validation:MinItems marker",
        "arrayofstruct Spec.namedPorts: Spec.namedPorts is an array of structs, but the struct has no required fields. At least one field should be marked as required to prevent ambiguous YAML configurations",
        "minlength Spec.namedPorts: field Spec.namedPorts must have a minimum items, add kubebuilder:validation:MinItems marker",
        "ssatags Spec.namedPorts: Spec.namedPorts with listType=set is not recommended due to Server-Side Apply compatibility issues. Consider using listType=atomic or listType=map instead",
        "minlength Spec.routes: field Spec.routes must have a minimum items, add kubebuilder:validation:MinItems marker",
        "minlength Spec.hosts: field Spec.hosts must have a minimum items, add kubebuilder:validation:MinItems marker",
        "ssatags Spec.hosts: Spec.hosts should have a listType marker for proper Server-Side Apply behavior (atomic, set, or map)",
        "minlength Spec.groups: field Spec.groups must have a minimum items, add kubebuilder:validation:MinItems marker",
        "ssatags Spec.groups: Spec.groups with listType=set is not recommended due to Server-Side Apply compatibility issues. Consider using listType=atomic or listType=map instead",
        "ssatags Spec.token: Spec.token is a byte array, which does not support the listType marker. Remove the listType marker",
        "minlength Spec.labels: field Spec.labels must have a minimum properties, add kubebuilder:validation:MinProperties marker",
        "conditions Spec.Conditions: Conditions field in Spec must be a slice of metav1.Condition",
        "minlength Spec.Conditions: field Spec.Conditions must have a minimum items, add kubebuilder:validation:MinItems marker",
        "ssatags Spec.Conditions: Spec.Conditions should have a listType marker for proper Server-Side Apply behavior (atomic, set, or map)",
    ];
    assert_eq!(found, expected, "{found:#?}");
}
