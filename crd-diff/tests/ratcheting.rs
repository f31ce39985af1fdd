//! Each tightening the API server ratchets, one test per kind: by default an
//! error (a client creating a new object with a value the old schema allowed
//! is refused, whatever ratcheting does for stored objects), with
//! `ratcheting: Enabled` a warning; either way the message says the API
//! server ratchets it from Kubernetes 1.30. What is never ratcheted stays an
//! error without the note.
//!
//! `cargo test -p kube-codegen-crd-diff --test ratcheting`

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube_codegen_crd_diff::{Config, Ratchet, Ratcheting, Report, Runner, Section, Severity};
use serde_json::{Value, json};

/// The note of a ratcheted tightening that stays an error (the default).
const ERROR_NOTE: &str = "ratcheted from Kubernetes 1.30: stored objects keep validating while \
     this value is unchanged, but new objects must satisfy it; `ratcheting: Enabled` in the \
     configuration makes this a warning";

/// The note of one that `ratcheting: Enabled` makes a warning.
const WARNING_NOTE: &str =
    "ratcheted from Kubernetes 1.30: stored objects keep validating while this value is unchanged";

/// A CRD whose versions (name, served) each have `spec.field` of `schema`.
fn crd(versions: &[(&str, Value)]) -> CustomResourceDefinition {
    let versions: Vec<Value> = versions
        .iter()
        .enumerate()
        .map(|(i, (name, field))| {
            json!({
                "name": name, "served": true, "storage": i + 1 == versions.len(),
                "schema": {"openAPIV3Schema": {"type": "object", "properties": {
                    "spec": {"type": "object", "properties": {"field": field}}}}}
            })
        })
        .collect();
    serde_json::from_value(json!({
        "metadata": {"name": "widgets.example.com"},
        "spec": {
            "group": "example.com", "scope": "Namespaced",
            "names": {"kind": "Widget", "plural": "widgets"},
            "versions": versions
        }
    }))
    .unwrap()
}

fn compare(
    config: &Config,
    old: &CustomResourceDefinition,
    new: &CustomResourceDefinition,
) -> Report {
    Runner::new(config).unwrap().compare(old, new)
}

/// The report's only finding: check, severity, message, ratchet.
fn only(report: &Report) -> (String, Severity, String, Option<Ratchet>) {
    let entries = report.entries();
    assert_eq!(entries.len(), 1, "one finding expected: {report:#?}");
    let e = &entries[0];
    assert_eq!(e.section, Section::SameVersion);
    assert_eq!(e.version, Some("v1"));
    assert_eq!(
        e.property.map(|p| p.property.as_str()),
        Some("^.spec.field")
    );
    (
        e.check.to_owned(),
        e.severity,
        e.finding.message.clone(),
        e.finding.ratchet,
    )
}

/// `old` -> `new` on `spec.field` is a finding of `check` saying `message`:
/// an error by default (and with `ratcheting: Disabled`), a warning with
/// `ratcheting: Enabled`, each with its ratcheting note.
fn tightening(check: &str, old: Value, new: Value, message: &str) {
    let (old, new) = (crd(&[("v1", old)]), crd(&[("v1", new)]));

    let strict = compare(&Config::default(), &old, &new);
    assert!(strict.has_failures(), "{check}: compatible by default");
    assert_eq!(
        only(&strict),
        (
            check.to_owned(),
            Severity::Error,
            format!("{message} ({ERROR_NOTE})"),
            Some(Ratchet {
                since: "1.30",
                warning: false
            })
        )
    );
    let disabled = Config::from_yaml("ratcheting: Disabled\n").unwrap();
    assert_eq!(compare(&disabled, &old, &new), strict, "{check}");

    let enabled = Config::from_yaml("ratcheting: Enabled\n").unwrap();
    assert_eq!(enabled.ratcheting, Ratcheting::Enabled);
    let lenient = compare(&enabled, &old, &new);
    assert!(
        !lenient.has_failures(),
        "{check}: an error with ratcheting on"
    );
    assert_eq!(
        only(&lenient),
        (
            check.to_owned(),
            Severity::Warning,
            format!("{message} ({WARNING_NOTE})"),
            Some(Ratchet {
                since: "1.30",
                warning: true
            })
        )
    );
}

macro_rules! tightening {
    ($($test:ident: $check:literal, $old:tt -> $new:tt, $message:literal;)*) => {$(
        #[test]
        fn $test() {
            tightening($check, json!($old), json!($new), $message);
        }
    )*};
}

tightening! {
    enum_added: "enum",
        {"type": "string"} -> {"type": "string", "enum": ["A", "B"]},
        r#"enum constraint added when there was none previously : ["A" "B"]"#;
    enum_value_removed: "enum",
        {"type": "string", "enum": ["A", "B", "C"]} -> {"type": "string", "enum": ["A", "B"]},
        r#"allowed enum values removed : ["C"]"#;

    maximum_added: "maximum",
        {"type": "integer"} -> {"type": "integer", "maximum": 10},
        "maximum constraint added when there was none previously : 10";
    maximum_lowered: "maximum",
        {"type": "integer", "maximum": 10} -> {"type": "integer", "maximum": 5},
        "maximum decreased : 10 -> 5";
    max_length_added: "maxLength",
        {"type": "string"} -> {"type": "string", "maxLength": 64},
        "maximum constraint added when there was none previously : 64";
    max_length_lowered: "maxLength",
        {"type": "string", "maxLength": 63} -> {"type": "string", "maxLength": 40},
        "maximum decreased : 63 -> 40";
    max_items_added: "maxItems",
        {"type": "array", "items": {"type": "string"}}
            -> {"type": "array", "items": {"type": "string"}, "maxItems": 8},
        "maximum constraint added when there was none previously : 8";
    max_items_lowered: "maxItems",
        {"type": "array", "items": {"type": "string"}, "maxItems": 8}
            -> {"type": "array", "items": {"type": "string"}, "maxItems": 4},
        "maximum decreased : 8 -> 4";
    max_properties_added: "maxProperties",
        {"type": "object", "additionalProperties": {"type": "string"}}
            -> {"type": "object", "additionalProperties": {"type": "string"}, "maxProperties": 16},
        "maximum constraint added when there was none previously : 16";
    max_properties_lowered: "maxProperties",
        {"type": "object", "additionalProperties": {"type": "string"}, "maxProperties": 16}
            -> {"type": "object", "additionalProperties": {"type": "string"}, "maxProperties": 2},
        "maximum decreased : 16 -> 2";

    minimum_added: "minimum",
        {"type": "integer"} -> {"type": "integer", "minimum": 1},
        "minimum constraint added when there was none previously : 1";
    minimum_raised: "minimum",
        {"type": "integer", "minimum": 1} -> {"type": "integer", "minimum": 3},
        "minimum increased : 1 -> 3";
    min_length_added: "minLength",
        {"type": "string"} -> {"type": "string", "minLength": 1},
        "minimum constraint added when there was none previously : 1";
    min_length_raised: "minLength",
        {"type": "string", "minLength": 1} -> {"type": "string", "minLength": 3},
        "minimum increased : 1 -> 3";
    min_items_added: "minItems",
        {"type": "array", "items": {"type": "string"}}
            -> {"type": "array", "items": {"type": "string"}, "minItems": 1},
        "minimum constraint added when there was none previously : 1";
    min_items_raised: "minItems",
        {"type": "array", "items": {"type": "string"}, "minItems": 1}
            -> {"type": "array", "items": {"type": "string"}, "minItems": 2},
        "minimum increased : 1 -> 2";
    min_properties_added: "minProperties",
        {"type": "object", "additionalProperties": {"type": "string"}}
            -> {"type": "object", "additionalProperties": {"type": "string"}, "minProperties": 1},
        "minimum constraint added when there was none previously : 1";
    min_properties_raised: "minProperties",
        {"type": "object", "additionalProperties": {"type": "string"}, "minProperties": 1}
            -> {"type": "object", "additionalProperties": {"type": "string"}, "minProperties": 2},
        "minimum increased : 1 -> 2";

    pattern_added: "pattern",
        {"type": "string"} -> {"type": "string", "pattern": "^[a-z]+$"},
        r#"pattern added : "" -> "^[a-z]+$""#;
    pattern_narrowed: "pattern",
        {"type": "string", "pattern": "^[a-z]+$"} -> {"type": "string", "pattern": "^[a-z]{1,8}$"},
        r#"pattern changed : "^[a-z]+$" -> "^[a-z]{1,8}$""#;

    cel_rule_added: "celRules",
        {"type": "string"}
            -> {"type": "string", "x-kubernetes-validations": [{"rule": "self.size() <= 8"}]},
        r#"rule added : "self.size() <= 8" (estimated cost unknown)"#;
    cel_rule_narrowed: "celRules",
        {"type": "string", "x-kubernetes-validations": [{"rule": "self.size() <= 8"}]}
            -> {"type": "string", "x-kubernetes-validations": [{"rule": "self.size() <= 4"}]},
        r#"rule changed : "self.size() <= 8" -> "self.size() <= 4" (estimated cost unknown)"#;
}

/// Every finding of a report as (section, version, check, severity, message).
fn findings(report: &Report) -> Vec<(Section, Option<String>, String, Severity, String)> {
    report
        .entries()
        .iter()
        .map(|e| {
            (
                e.section,
                e.version.map(str::to_owned),
                e.check.to_owned(),
                e.severity,
                e.finding.message.clone(),
            )
        })
        .collect()
}

/// What the API server does not ratchet is an error with or without
/// `ratcheting: Enabled`, and its message has no ratcheting note: a
/// transition rule, an enum below `allOf`, added enum values (not a
/// validation), a removed pattern (a loosening crdify reports), and a
/// tightening between two served versions (conversion, not an update).
#[test]
fn what_is_never_ratcheted_stays_an_error_without_the_note() {
    let enabled = Config::from_yaml("ratcheting: Enabled\n").unwrap();
    let never = [
        (
            json!({"type": "string"}),
            json!({"type": "string", "x-kubernetes-validations": [{"rule": "self == oldSelf"}]}),
            "celRules",
            r#"rule added : "self == oldSelf" (estimated cost unknown)"#,
        ),
        (
            json!({"type": "string", "enum": ["A"]}),
            json!({"type": "string", "enum": ["A", "B"]}),
            "enum",
            r#"allowed enum values added : ["B"]"#,
        ),
        (
            json!({"type": "string", "pattern": "^[a-z]+$"}),
            json!({"type": "string"}),
            "pattern",
            r#"pattern removed : "^[a-z]+$" -> """#,
        ),
    ];
    for (old, new, check, message) in never {
        let (old, new) = (crd(&[("v1", old)]), crd(&[("v1", new)]));
        for config in [&Config::default(), &enabled] {
            let (found, severity, text, ratchet) = only(&compare(config, &old, &new));
            assert_eq!(
                (found.as_str(), severity, text.as_str(), ratchet),
                (check, Severity::Error, message, None)
            );
        }
    }

    // Below a junctor (KEP-4008): no ratcheting.
    let old = crd(&[(
        "v1",
        json!({"type": "string", "allOf": [{"maxLength": 10}]}),
    )]);
    let new = crd(&[("v1", json!({"type": "string", "allOf": [{"maxLength": 5}]}))]);
    let report = compare(&enabled, &old, &new);
    assert!(report.has_failures());
    assert_eq!(
        findings(&report),
        [(
            Section::SameVersion,
            Some("v1".to_owned()),
            "maxLength".to_owned(),
            Severity::Error,
            "maximum decreased : 10 -> 5".to_owned()
        )]
    );

    // v1 gains a maxLength that v1alpha1 (still served) lacks: the same
    // version is ratcheted (a warning here), the version pair is not.
    let old = crd(&[
        ("v1alpha1", json!({"type": "string"})),
        ("v1", json!({"type": "string"})),
    ]);
    let new = crd(&[
        ("v1alpha1", json!({"type": "string"})),
        ("v1", json!({"type": "string", "maxLength": 64})),
    ]);
    let added = "maximum constraint added when there was none previously : 64";
    assert_eq!(
        findings(&compare(&enabled, &old, &new)),
        [
            (
                Section::SameVersion,
                Some("v1".to_owned()),
                "maxLength".to_owned(),
                Severity::Warning,
                format!("{added} ({WARNING_NOTE})")
            ),
            (
                Section::ServedVersion,
                Some("v1alpha1 -> v1".to_owned()),
                "maxLength".to_owned(),
                Severity::Error,
                added.to_owned()
            ),
        ]
    );
}

/// A check configured `enforcement: Warn` is a warning either way, as the
/// configuration says, without the note: ratcheting only decides errors.
#[test]
fn a_check_set_to_warn_is_a_warning_without_the_note() {
    let old = crd(&[("v1", json!({"type": "string"}))]);
    let new = crd(&[("v1", json!({"type": "string", "maxLength": 64}))]);
    for ratcheting in ["Disabled", "Enabled"] {
        let config = Config::from_yaml(&format!(
            "validations:\n  - name: maxLength\n    enforcement: Warn\nratcheting: {ratcheting}\n"
        ))
        .unwrap();
        let report = compare(&config, &old, &new);
        assert!(!report.has_failures());
        assert_eq!(
            only(&report),
            (
                "maxLength".to_owned(),
                Severity::Warning,
                "maximum constraint added when there was none previously : 64".to_owned(),
                None
            )
        );
    }
}
