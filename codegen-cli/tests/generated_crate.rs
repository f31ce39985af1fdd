//! The committed generated crates depend on exactly the crates
//! `kube_codegen::generated_crate::dependencies()` lists, so scaffolding from
//! that list gives a crate that builds.

use std::collections::BTreeSet;
use std::path::Path;

/// The crate names of a manifest's `[dependencies]` table.
fn dependency_names(manifest: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(manifest).unwrap();
    let mut names = BTreeSet::new();
    let mut in_deps = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
        } else if in_deps && !line.is_empty() && !line.starts_with('#') {
            names.insert(line.split('=').next().unwrap().trim().to_owned());
        }
    }
    names
}

#[test]
fn generated_crates_depend_on_the_listed_crates() {
    let listed: BTreeSet<String> = kube_codegen::generated_crate::dependencies()
        .iter()
        .map(|d| d.name.to_owned())
        .collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for manifest in ["generated/Cargo.toml", "tests/fixture-generated/Cargo.toml"] {
        assert_eq!(dependency_names(&root.join(manifest)), listed, "{manifest}");
    }
}
