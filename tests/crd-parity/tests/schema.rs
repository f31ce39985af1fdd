//! kube-codegen's CRDs against controller-gen's for every API of the corpus:
//! every differing attribute must be listed, with its reason, in
//! `schema-differences.yaml`, and every listed one must still occur.

use anyhow::Result;
use crd_parity::compare::{self, Difference};
use crd_parity::{corpus, differences, generators};

/// Marker families every API set must exercise, each as a prefix of a marker
/// line, in both the Go and the Rust tree.
const FAMILIES: &[&str] = &[
    "+groupName=",
    "+kubebuilder:object:root",
    "+kubebuilder:validation:Minimum",
    "+kubebuilder:validation:Maximum",
    "+kubebuilder:validation:ExclusiveMinimum",
    "+kubebuilder:validation:MultipleOf",
    "+kubebuilder:validation:MinLength",
    "+kubebuilder:validation:MaxLength",
    "+kubebuilder:validation:Pattern",
    "+kubebuilder:validation:MinItems",
    "+kubebuilder:validation:MaxItems",
    "+kubebuilder:validation:UniqueItems",
    "+kubebuilder:validation:MinProperties",
    "+kubebuilder:validation:MaxProperties",
    "+kubebuilder:validation:Enum",
    "+kubebuilder:validation:Format",
    "+kubebuilder:validation:XValidation",
    "+kubebuilder:validation:XPreserveUnknownFields",
    "+kubebuilder:pruning:PreserveUnknownFields",
    "+kubebuilder:validation:XEmbeddedResource",
    "+kubebuilder:validation:XIntOrString",
    "+kubebuilder:validation:Schemaless",
    "+kubebuilder:validation:items:",
    "+kubebuilder:example",
    "+k8s:listType",
    "+k8s:listMapKey",
    "+k8s:optional",
    "+k8s:required",
    "+k8s:enum",
    "+kubebuilder:default=",
    "+kubebuilder:default:=",
    "+default=",
    "+listType=",
    "+listMapKey=",
    "+mapType=",
    "+structType=",
    "+optional",
    "+required",
    "+nullable",
    "+kubebuilder:resource:",
    "+kubebuilder:subresource:status",
    "+kubebuilder:subresource:scale",
    "+kubebuilder:printcolumn",
    "+kubebuilder:storageversion",
    "+kubebuilder:deprecatedversion",
    "+kubebuilder:metadata:labels",
];

/// The marker lines (`// +...`, `//! +...`) of every file under `dir` ending in `ext`.
fn markers(dir: &std::path::Path, ext: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == ext) {
                let text = std::fs::read_to_string(&path).unwrap();
                out.extend(text.lines().filter_map(|l| {
                    let l = l.trim_start();
                    let rest = l.strip_prefix("//!").or_else(|| l.strip_prefix("//"))?;
                    let rest = rest.trim_start();
                    rest.starts_with('+').then(|| rest.to_owned())
                }));
            }
        }
    }
    out
}

#[test]
fn corpus_has_six_apis_and_300_markers_of_every_family_on_both_sides() {
    let apis = corpus::apis().unwrap();
    assert!(apis.len() >= 6, "{} APIs", apis.len());
    let go = markers(&corpus::go_module(), "go");
    let rust = markers(&corpus::go_module(), "rs");
    eprintln!(
        "crd-parity: {} APIs, {} Go marker lines, {} Rust marker lines",
        apis.len(),
        go.len(),
        rust.len()
    );
    for api in &apis {
        let dir = corpus::go_module().join(&api.name);
        eprintln!(
            "  {:<16} {:>4} Go markers",
            api.name,
            markers(&dir.join("go"), "go").len()
        );
    }
    assert!(go.len() >= 300, "{} Go markers", go.len());
    for family in FAMILIES {
        assert!(
            go.iter().any(|m| m.starts_with(family)),
            "no Go marker {family}"
        );
        assert!(
            rust.iter().any(|m| m.starts_with(family)),
            "no Rust marker {family}"
        );
    }
}

#[test]
fn crds_match_controller_gen_or_the_difference_is_documented() -> Result<()> {
    let mut observed: Vec<Difference> = Vec::new();
    for api in corpus::apis()? {
        let reference = generators::reference_crds(&api)?;
        match generators::our_crds(&api)? {
            Ok(ours) => observed.extend(compare::compare_api(&api.name, &ours, &reference)),
            Err(errors) => observed.push(Difference {
                key: format!("{} / * / * / * / generate", api.name),
                ours: errors,
                reference: format!("{} CRDs", reference.len()),
            }),
        }
    }
    eprintln!(
        "crd-parity: {} differing attributes\n{}",
        observed.len(),
        differences::summary(&observed)
    );
    differences::enforce(&corpus::root().join("schema-differences.yaml"), &observed)
}
