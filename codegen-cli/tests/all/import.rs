//! `kube-codegen import`: a small kubebuilder-shaped Go API (written for
//! this test, `tests/import-input/`) through the import, then the
//! generator; and Go it refuses, with its diagnostics
//! (`tests/bad-input/import/*/expected.txt`; re-bless with
//! `KUBE_CODEGEN_BLESS=1 cargo test -p kube-codegen-cli --test all import::`).
//! Real projects: `cargo test -p import-parity`.

use std::path::{Path, PathBuf};

use kube_codegen::emit::crd::{CrdOptions, build_crds};
use kube_codegen::parse::{ParseOptions, parse_dir};
use kube_codegen::pipeline::Error;
use kube_codegen_import::{ImportOptions, import};
use serde_json::json;

use crate::support::expect::expect_file;

const INPUT: &str = "tests/import-input/api";

fn options(go: &Path, out: &Path) -> ImportOptions {
    ImportOptions {
        go_dirs: vec![go.to_owned()],
        output_dir: out.to_owned(),
        crd: CrdOptions::default(),
    }
}

#[test]
fn a_kubebuilder_api_comes_over_with_its_docs_and_markers_and_generates() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("src");
    let imported = import(&options(Path::new(INPUT), &out)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(imported.versions, 1);
    // Nothing is said about a correct input (the patch markers sit beside
    // `+listType=map`; `+deprecated` is a reader's note).
    assert_eq!(imported.warnings.iter().count(), 0, "{}", imported.warnings);
    imported.apply().unwrap();
    let types = std::fs::read_to_string(out.join("cache/v1/memcached_types.rs")).unwrap();
    for expected in [
        "// Imported by kube-codegen import from tests/import-input/api/v1/memcached_types.go",
        "// Copyright 2026 The Example Authors.",
        "/// Phase is where a Memcached is in its life.\n// +kubebuilder:validation:Enum=Pending;Running\npub type Phase = String;",
        "pub const PHASE_PENDING: &str = \"Pending\";",
        "    #[serde(flatten)]\n    pub tuning: Tuning,",
        "    /// Example:\n    ///\n    ///    size: 3\n    // +kubebuilder:validation:Minimum=1\n    // +deprecated: use replicas\n    pub size: i32,",
        "    #[serde(default, skip_serializing_if = \"Option::is_none\")]\n    pub memory: Option<Quantity>,",
        "    pub interval: Option<Duration>,",
        "    #[serde(default, skip_serializing_if = \"BTreeMap::is_empty\")]\n    pub labels: BTreeMap<String, String>,",
        "    pub seed: Option<ByteString>,",
        "// +kubebuilder:object:root=true\n// +kubebuilder:subresource:status\n// +kubebuilder:printcolumn:name=\"Size\",type=integer,JSONPath=`.spec.size`\n\n/// Memcached is the Schema for the memcacheds API.",
        "pub struct MemcachedList {\n    #[serde(default, skip_serializing_if = \"Option::is_none\")]\n    pub metadata: Option<ListMeta>,\n    pub items: Vec<Memcached>,\n}",
    ] {
        assert!(types.contains(expected), "no\n{expected}\nin\n{types}");
    }
    assert!(
        !types.contains("Reconciler") && !types.contains("fn "),
        "{types}"
    );
    let module = std::fs::read_to_string(out.join("cache/v1/mod.rs")).unwrap();
    assert!(
        module.contains("//! Package v1 contains API Schema definitions for the cache v1 API group.\n//!\n//! +kubebuilder:object:generate=true\n//! +groupName=cache.example.com"),
        "{module}"
    );
    assert!(
        std::fs::read_to_string(out.join("lib.rs"))
            .unwrap()
            .contains("pub mod cache;")
    );

    // The generator takes it, and its CRD says what controller-gen's does.
    let parsed = parse_dir(&out, &ParseOptions::default()).unwrap_or_else(|d| panic!("{d}"));
    let crds = build_crds(&parsed.api).unwrap_or_else(|e| panic!("{e:?}"));
    let version = serde_json::to_value(&crds[0].definition.spec.versions[0]).unwrap();
    let spec = &version["schema"]["openAPIV3Schema"]["properties"]["spec"];
    assert_eq!(spec["required"], json!(["size"]));
    assert_eq!(
        spec["properties"]["size"]["description"],
        json!("Size is the number of pods.\n\nExample:\n\n   size: 3")
    );
    assert_eq!(spec["properties"]["threads"]["format"], json!("int32"));
    assert_eq!(
        spec["properties"]["ports"]["x-kubernetes-list-type"],
        json!("map")
    );
    assert_eq!(version["subresources"], json!({"status": {}}));

    // Imported again, nothing changes; `--check` sees a change of the Go source.
    assert!(
        import(&options(Path::new(INPUT), &out))
            .unwrap()
            .is_up_to_date()
    );
    let go = dir.path().join("api");
    copy_tree(Path::new(INPUT), &go);
    let types_go = go.join("v1/memcached_types.go");
    let text = std::fs::read_to_string(&types_go).unwrap();
    std::fs::write(
        &types_go,
        text.replace("Threads per pod.", "Worker threads per pod."),
    )
    .unwrap();
    let stale = import(&options(&go, &out)).unwrap();
    assert!(!stale.is_up_to_date());
    assert!(
        stale
            .unified_diff()
            .contains("+    /// Worker threads per pod."),
        "{}",
        stale.unified_diff()
    );
}

#[test]
fn a_file_import_did_not_write_is_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("src");
    let mine = out.join("cache/v1/memcached_types.rs");
    std::fs::create_dir_all(mine.parent().unwrap()).unwrap();
    std::fs::write(&mine, "// my own\n").unwrap();
    let err = import(&options(Path::new(INPUT), &out))
        .unwrap_err()
        .to_string();
    assert!(err.contains("exists and was not generated"), "{err}");
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), "// my own\n");
}

#[test]
fn go_it_cannot_map_is_refused_at_its_line() {
    let case = PathBuf::from("tests/bad-input/import/unmappable");
    let dir = tempfile::tempdir().unwrap();
    let diags = match import(&options(&case.join("api"), &dir.path().join("src"))) {
        Err(Error::Input(diags)) => diags,
        other => panic!("{other:?}"),
    };
    expect_file!(
        case.join("expected.txt"),
        format!("{}\n", diags.to_string().trim_end())
    );
    assert_eq!(diags.error_count(), 3);
    assert!(
        std::fs::read_dir(dir.path()).unwrap().next().is_none(),
        "nothing is written"
    );
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}
