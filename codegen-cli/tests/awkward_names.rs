//! Generated code is warning-free whatever the user named things: kinds named
//! like Rust keywords and std types (`Type`, `Match`, `Result`, `Box`, `Error`),
//! a kind called `Foo` (clippy's placeholder names), undocumented types and
//! fields, `jiff::Timestamp` fields, apply configurations whose builders
//! would clash (a top-level `labels` field, `Gadget`'s status extractor next to
//! a kind `GadgetStatus`). The crate is generated into a workspace made by `kube-codegen init`
//! and checked with `cargo clippy --all-targets -- -D warnings` (offline, with
//! this workspace's Cargo.lock, in `target/scaffold-workspace` like the
//! scaffolding tests, so the dependencies compile once).

#[path = "scaffolded/mod.rs"]
mod scaffolded;

use std::path::Path;
use std::process::{Command, Output};

use scaffolded::{build_offline_here, workspace_root};

const BIN: &str = env!("CARGO_BIN_EXE_kube-codegen");

const KINDS: [&str; 7] = [
    "Foo",
    "Type",
    "Match",
    "Result",
    "Box",
    "Error",
    "FleetCluster",
];

fn run(command: &mut Command) -> Output {
    // What cargo set for this test process describes this package, not the new workspace.
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy();
        if name.starts_with("CARGO_") && name != "CARGO_HOME" || name == "OUT_DIR" {
            command.env_remove(&*name);
        }
    }
    command.output().unwrap()
}

fn kube_codegen(dir: &Path, args: &[&str]) {
    let out = run(Command::new(BIN).args(args).current_dir(dir));
    assert!(
        out.status.success(),
        "kube-codegen {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
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
    let tmp = tempfile::tempdir().unwrap();
    kube_codegen(tmp.path(), &["init", "fleet"]);
    let dir = tmp.path().join("fleet");
    build_offline_here(&dir);
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

    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let out = run(Command::new(cargo)
        .args([
            "clippy",
            "--offline",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ])
        .current_dir(&dir)
        .env(
            "CARGO_TARGET_DIR",
            workspace_root().join("target/scaffold-workspace"),
        ));
    assert!(
        out.status.success(),
        "clippy -D warnings on the generated crate:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
