//! Generated code is warning-free whatever the user named things: kinds named
//! like Rust keywords and std types (`Type`, `Match`, `Result`, `Box`, `Error`),
//! a kind called `Foo` (clippy's placeholder names), undocumented types and
//! fields, `jiff::Timestamp` fields, apply configurations whose builders
//! would clash (a top-level `labels` field, `Gadget`'s status extractor next to
//! a kind `GadgetStatus`). The crate is generated into a workspace made by `kube-codegen init`
//! and checked with `cargo clippy --all-targets -- -D warnings` on the user's
//! path (`scaffolded`: the installed kube-codegen, a lock resolved from the
//! registry, the shared target directory), with the operator `init` writes.

#[path = "../scaffolded/mod.rs"]
mod scaffolded;

use std::path::Path;

use scaffolded::{cargo_command, exclusive_builds, install, run_ok, user_command, user_dir};

const KINDS: [&str; 7] = [
    "Foo",
    "Type",
    "Match",
    "Result",
    "Box",
    "Error",
    "FleetCluster",
];

fn kube_codegen(dir: &Path, args: &[&str]) {
    run_ok(user_command(&install().bin, dir).args(args));
}

/// Undocumented kinds, specs and statuses, one of each name.
fn kinds_source() -> String {
    let mut out = String::from(
        "use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;\nuse serde::{Deserialize, Serialize};\n",
    );
    for kind in KINDS {
        out.push_str(&format!(
            r#"
// +genclient
// +kubebuilder:subresource:status
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct {kind} {{
    pub metadata: ObjectMeta,
    pub spec: {kind}Spec,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<{kind}Status>,
}}

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct {kind}Spec {{
    pub size: i32,
    pub r#type: String,
}}

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct {kind}Status {{
    pub ready: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<jiff::Timestamp>,
}}
"#
        ));
    }
    // Apply configurations: a top-level field whose builder would be a
    // `metadata` builder's (`with_labels`), keyword fields, and a kind whose
    // `extract_*` function would be another kind's status extractor.
    out.push_str(
        r#"
// +genclient
// +kubebuilder:subresource:status
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Gadget {
    pub metadata: ObjectMeta,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub labels: Option<std::collections::BTreeMap<String, String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<GadgetState>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct GadgetState {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub r#match: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new: Option<i32>,
}

// +genclient
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct GadgetStatus {
    pub metadata: ObjectMeta,
    pub spec: GadgetState,
}
"#,
    );
    out
}

#[test]
fn awkward_names_generate_a_crate_clippy_accepts() {
    let _builds = exclusive_builds();
    let tmp = user_dir();
    kube_codegen(tmp.path(), &["init", "fleet"]);
    let dir = tmp.path().join("fleet");
    kube_codegen(
        &dir,
        &[
            "create",
            "api",
            "--group",
            "fleet.example.com",
            "--version",
            "v1",
            "--kind",
            "Foo",
            "--controller=false",
            "--no-generate",
        ],
    );
    std::fs::write(dir.join("apis/src/fleet/v1/foo.rs"), kinds_source()).unwrap();
    // The statuses hold `jiff::Timestamp`s: both crates depend on jiff.
    for manifest in ["apis/Cargo.toml", "generated/Cargo.toml"] {
        let path = dir.join(manifest);
        let text = std::fs::read_to_string(&path).unwrap().replacen(
            "[dependencies]\n",
            "[dependencies]\njiff = { version = \"0.2\", default-features = false, features = [\"alloc\", \"serde\"] }\n",
            1,
        );
        std::fs::write(path, text).unwrap();
    }
    kube_codegen(
        &dir,
        &[
            "generate",
            "--input-dir",
            "apis/src",
            "--output-dir",
            "generated",
        ],
    );

    // Accessors are the snake_case of the plural, with the kind's word breaks.
    let clients = std::fs::read_to_string(dir.join("generated/src/clientset/fleet/v1.rs")).unwrap();
    assert!(clients.contains("pub fn fleet_clusters("), "{clients}");
    assert!(clients.contains("pub fn boxes("), "{clients}");
    let apply =
        std::fs::read_to_string(dir.join("generated/src/applyconfigurations/fleet/v1.rs")).unwrap();
    for builder in [
        "pub fn with_labels_field<",
        "pub fn with_match(",
        "pub fn with_type(",
        "pub fn extract_gadget_status(",
        "pub fn extract_gadget_status_subresource(",
        "pub struct ResultApply",
    ] {
        assert!(apply.contains(builder), "{builder} in {apply}");
    }

    run_ok(cargo_command(&dir).args([
        "clippy",
        "--quiet",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]));
}
