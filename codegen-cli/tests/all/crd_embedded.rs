//! Embedded Kubernetes types get the API server's own schema (what controller-gen
//! emits for the same Go types), and the CRD options that shape them: embedded
//! metadata, description length, the size warning. Input:
//! `tests/embedded-input/embed/v1/types.rs`, a kind embedding PodTemplateSpec,
//! JobTemplateSpec, Container, Volume, ... and a user type holding ObjectMeta.

use std::path::Path;
use std::process::Command;

use kube_codegen::diag::Diagnostics;
use kube_codegen::emit::crd::{Crd, CrdOptions, build_crds_with, size_warnings};
use kube_codegen::model::Api;
use kube_codegen::parse::{ParseOptions, parse_dir};
use serde_json::{Value, json};

const INPUT: &str = "tests/embedded-input";

fn api() -> Api {
    parse_dir(Path::new(INPUT), &ParseOptions::default())
        .unwrap_or_else(|d| panic!("{d}"))
        .api
}

fn crd_with(options: &CrdOptions) -> Crd {
    let mut crds = build_crds_with(&api(), options).unwrap_or_else(|e| panic!("{e:#?}"));
    assert_eq!(crds.len(), 1);
    crds.remove(0)
}

/// The `spec` property of the CRD's only version, as JSON.
fn spec(crd: &Crd) -> Value {
    let root = serde_json::to_value(
        crd.definition.spec.versions[0]
            .schema
            .as_ref()
            .and_then(|s| s.open_api_v3_schema.as_ref())
            .expect("a schema"),
    )
    .unwrap();
    root["properties"]["spec"].clone()
}

fn prop<'v>(node: &'v Value, path: &[&str]) -> &'v Value {
    path.iter().fold(node, |node, name| match *name {
        "[]" => &node["items"],
        name => node
            .get("properties")
            .and_then(|p| p.get(name))
            .unwrap_or_else(|| panic!("no property {name} in {node}")),
    })
}

fn pod_spec(spec: &Value) -> &Value {
    prop(spec, &["template", "spec"])
}

#[test]
fn containers_and_ports_merge_by_key_like_the_api_server() {
    let spec = spec(&crd_with(&CrdOptions::default()));
    let pod = pod_spec(&spec);
    let containers = prop(pod, &["containers"]);
    assert_eq!(containers["x-kubernetes-list-type"], json!("map"));
    assert_eq!(containers["x-kubernetes-list-map-keys"], json!(["name"]));
    assert_eq!(containers["items"]["required"], json!(["name"]));
    let ports = prop(containers, &["[]", "ports"]);
    assert_eq!(ports["x-kubernetes-list-type"], json!("map"));
    assert_eq!(
        ports["x-kubernetes-list-map-keys"],
        json!(["containerPort", "protocol"])
    );
    assert_eq!(ports["items"]["required"], json!(["containerPort"]));
    // Atomic lists and maps, as the Go types' markers say.
    assert_eq!(
        prop(&spec, &["tolerations"])["x-kubernetes-list-type"],
        Value::Null,
        "a field's own list type is the user's (controller-gen: none without a marker)"
    );
    assert_eq!(
        prop(pod, &["nodeSelector"])["x-kubernetes-map-type"],
        json!("atomic")
    );
    assert_eq!(
        prop(containers, &["[]", "command"])["x-kubernetes-list-type"],
        json!("atomic")
    );
}

#[test]
fn defaults_and_reference_types_match_the_api_server() {
    let spec = spec(&crd_with(&CrdOptions::default()));
    let containers = prop(pod_spec(&spec), &["containers"]);
    assert_eq!(
        prop(containers, &["[]", "ports", "[]", "protocol"])["default"],
        json!("TCP")
    );
    assert_eq!(
        prop(&spec, &["ports", "[]", "protocol"])["default"],
        json!("TCP")
    );
    // Only explicit `+default=` markers: no zero-value defaults openapi-gen adds.
    assert_eq!(
        prop(containers, &["[]", "ports", "[]", "containerPort"]).get("default"),
        None
    );
    assert_eq!(prop(&spec, &["template", "metadata"]).get("default"), None);
    // `+default=ref(...)` is dropped, as controller-gen drops it.
    assert_eq!(
        prop(&spec, &["volume", "azureDisk", "cachingMode"]).get("default"),
        None
    );
    assert_eq!(
        prop(&spec, &["volume", "azureDisk", "fsType"])["default"],
        json!("ext4")
    );
    // A LocalObjectReference: `name` optional with `default: ""`, the struct atomic,
    // also where it is embedded inline (envFrom[].secretRef is a SecretEnvSource).
    let pull_secrets = prop(pod_spec(&spec), &["imagePullSecrets"]);
    assert_eq!(pull_secrets["x-kubernetes-list-map-keys"], json!(["name"]));
    assert_eq!(pull_secrets["items"].get("required"), None);
    assert_eq!(
        prop(pull_secrets, &["[]", "name"])["default"],
        json!(""),
        "`imagePullSecrets: [{{}}]` is accepted and defaulted"
    );
    let secret_ref = prop(&spec, &["secretRef"]);
    assert_eq!(secret_ref["x-kubernetes-map-type"], json!("atomic"));
    assert_eq!(prop(secret_ref, &["name"])["default"], json!(""));
    let env_from = prop(containers, &["[]", "envFrom", "[]", "secretRef"]);
    assert_eq!(env_from["x-kubernetes-map-type"], json!("atomic"));
    assert_eq!(prop(env_from, &["name"])["default"], json!(""));
}

#[test]
fn special_types_are_written_like_controller_gen() {
    let spec = spec(&crd_with(&CrdOptions::default()));
    let limits = prop(
        pod_spec(&spec),
        &["containers", "[]", "resources", "limits"],
    );
    assert_eq!(
        limits["additionalProperties"]["x-kubernetes-int-or-string"],
        json!(true)
    );
    assert_eq!(
        prop(&spec, &["port"]),
        &json!({
            "anyOf": [{ "type": "integer" }, { "type": "string" }],
            "x-kubernetes-int-or-string": true,
        })
    );
    assert_eq!(
        prop(&spec, &["since"]),
        &json!({ "type": "string", "format": "date-time" })
    );
    assert_eq!(
        prop(&spec, &["raw"]),
        &json!({ "type": "object", "x-kubernetes-preserve-unknown-fields": true })
    );
    assert!(prop(&spec, &["size"])["pattern"].is_string());
}

fn embedded_meta() -> Value {
    json!({
        "annotations": { "type": "object", "additionalProperties": { "type": "string" } },
        "finalizers": { "type": "array", "items": { "type": "string" } },
        "labels": { "type": "object", "additionalProperties": { "type": "string" } },
        "name": { "type": "string" },
        "namespace": { "type": "string" },
    })
}

#[test]
fn embedded_object_meta_is_kept_by_default_and_can_be_turned_off() {
    let spec_on = spec(&crd_with(&CrdOptions::default()));
    for path in [
        &["template", "metadata"][..],
        &["jobTemplate", "metadata"],
        &["jobTemplate", "spec", "template", "metadata"],
        &["meta"],
        &["owned", "metadata"],
    ] {
        assert_eq!(
            prop(&spec_on, path)["properties"],
            embedded_meta(),
            "{path:?}"
        );
        assert_eq!(prop(&spec_on, path)["type"], json!("object"), "{path:?}");
    }
    let off = CrdOptions {
        embedded_object_meta: false,
        ..CrdOptions::default()
    };
    let spec_off = spec(&crd_with(&off));
    for path in [
        &["template", "metadata"][..],
        &["meta"],
        &["owned", "metadata"],
    ] {
        assert_eq!(prop(&spec_off, path).get("properties"), None, "{path:?}");
        assert_eq!(prop(&spec_off, path)["type"], json!("object"), "{path:?}");
    }
}

/// Every description in `value`.
fn descriptions(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                match (key.as_str(), child) {
                    ("description", Value::String(text)) => out.push(text.clone()),
                    _ => descriptions(child, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|i| descriptions(i, out)),
        _ => {}
    }
}

fn all_descriptions(crd: &Crd) -> Vec<String> {
    let mut out = Vec::new();
    descriptions(
        &serde_json::to_value(&crd.definition.spec).unwrap(),
        &mut out,
    );
    out
}

#[test]
fn max_description_length_cuts_at_sentence_ends_and_zero_drops_them() {
    let whole = all_descriptions(&crd_with(&CrdOptions::default()));
    assert!(whole.iter().any(|d| d.len() > 80));
    let cut = all_descriptions(&crd_with(&CrdOptions {
        max_description_length: Some(80),
        ..CrdOptions::default()
    }));
    assert_eq!(cut.len(), whole.len(), "no description is dropped");
    for (before, after) in whole.iter().zip(&cut) {
        assert!(after.len() <= 80, "{after:?}");
        if before.len() <= 80 {
            assert_eq!(before, after);
        } else {
            assert!(before.starts_with(after.as_str()));
        }
    }
    // The pod template's own description is cut after its first sentence.
    let crd = crd_with(&CrdOptions {
        max_description_length: Some(80),
        ..CrdOptions::default()
    });
    assert_eq!(
        prop(&spec(&crd), &["template", "spec", "containers"])["description"],
        json!("List of containers belonging to the pod.")
    );
    let none = crd_with(&CrdOptions {
        max_description_length: Some(0),
        ..CrdOptions::default()
    });
    assert!(all_descriptions(&none).is_empty());
}

#[test]
fn a_crd_over_the_client_side_apply_limit_is_warned_about() {
    let warnings = Diagnostics(size_warnings(&api(), &CrdOptions::default()));
    assert_eq!(
        warnings.to_string().trim_end(),
        r#"warning: the CRD embeds.embed.example.com is 1377 KiB, over the 256 KiB that client-side `kubectl apply` can store in its last-applied annotation: `kubectl apply -f` fails with "metadata.annotations: Too long"; its descriptions hold 549 KiB of text, most in `spec.jobTemplate` (224 KiB), `spec.template` (210 KiB), `spec.volume` (51 KiB)
  --> tests/embedded-input/embed/v1/types.rs:15:12
   = help: shorten descriptions with `--max-description-length <N>` (0 drops them; Builder: `max_description_length`), or install the CRD with `kubectl apply --server-side -f crds/`"#
    );
    let small = CrdOptions {
        max_description_length: Some(0),
        ..CrdOptions::default()
    };
    let remaining = size_warnings(&api(), &small);
    assert!(
        remaining
            .iter()
            .all(|w| w.message.contains("holds 0 KiB") || w.message.contains("hold 0 KiB")),
        "{remaining:#?}"
    );
}

#[test]
fn the_cli_takes_the_crd_options() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_kube-codegen"))
            .args(["crd", "--input-dir", INPUT])
            .args(args)
            .output()
            .expect("kube-codegen runs")
    };
    let plain = run(&[]);
    assert!(plain.status.success());
    let stderr = String::from_utf8_lossy(&plain.stderr);
    assert!(
        stderr.contains("warning: the CRD embeds.embed.example.com is 1377 KiB"),
        "{stderr}"
    );
    assert!(
        stderr.contains("15 | pub struct Embed {"),
        "the warning shows the kind: {stderr}"
    );

    let short = run(&["--max-description-length", "0", "--no-embedded-object-meta"]);
    assert!(short.status.success());
    let yaml = String::from_utf8_lossy(&short.stdout);
    assert!(!yaml.contains("description:"));
    assert!(!yaml.contains("finalizers:"), "metadata is a bare object");
    assert!(yaml.len() < plain.stdout.len() / 2);

    // Each Kubernetes version k8s-openapi supports has its own built-in schemas:
    // PodSpec gained fields between 1.33 and 1.37.
    let oldest = run(&["--kube-version", "1.33"]);
    let newest = run(&["--kube-version", "v1_37"]);
    assert!(oldest.status.success() && newest.status.success());
    assert!(
        newest.stdout.len() > oldest.stdout.len(),
        "1.37's PodTemplateSpec has more fields than 1.33's"
    );

    let unknown = run(&["--kube-version", "1.20"]);
    assert_eq!(unknown.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&unknown.stderr);
    assert!(
        stderr.contains(
            "no schemas of the built-in Kubernetes types for version 1.20: this kube-codegen \
             carries 1.33, 1.34, 1.35, 1.36, 1.37"
        ),
        "{stderr}"
    );
}

#[test]
fn floats_are_refused_unless_dangerous_types_are_allowed() {
    let api = parse_dir(
        Path::new("tests/embedded-input-floats"),
        &ParseOptions::default(),
    )
    .unwrap_or_else(|d| panic!("{d}"))
    .api;
    let errors = build_crds_with(&api, &CrdOptions::default()).unwrap_err();
    let rendered: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        rendered,
        [
            "tests/embedded-input-floats/floats/v1/mod.rs:21:9: `f64` fields are refused by \
             default, as controller-gen refuses Go floats: JSON numbers are read differently \
             across languages, so a float may not round-trip; use an integer, a `String`, or \
             `Quantity` instead, or pass `--allow-dangerous-types` (Builder: \
             `allow_dangerous_types(true)`) to generate `type: number`",
            "tests/embedded-input-floats/floats/v1/mod.rs:23:9: `f32` fields are refused by \
             default, as controller-gen refuses Go floats: JSON numbers are read differently \
             across languages, so a float may not round-trip; use an integer, a `String`, or \
             `Quantity` instead, or pass `--allow-dangerous-types` (Builder: \
             `allow_dangerous_types(true)`) to generate `type: number`",
        ]
    );
    let allowed = CrdOptions {
        allow_dangerous_types: true,
        ..CrdOptions::default()
    };
    let crds = build_crds_with(&api, &allowed).unwrap();
    let spec = spec(&crds[0]);
    assert_eq!(
        spec["properties"],
        json!({
            "ratio": { "type": "number", "description": "A ratio." },
            "small": { "type": "number" },
        }),
        "floats are `type: number` without format, the `#[serde(skip)]` field is left out"
    );
    assert_eq!(spec["required"], json!(["ratio"]));
}
