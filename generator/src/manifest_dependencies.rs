//! Whether the output crate's `Cargo.toml` lists every crate the generated
//! code uses ([`dependencies::needed_by`]: `jiff` for a `jiff::Timestamp`
//! field, `chrono`, the conversion webhook's crate, ...). Checked before
//! anything is written, in `generate`, `verify` and `build.rs` (where the
//! manifest is the user's own crate's): code that names a crate the manifest
//! lacks would only fail later, in `cargo build`, far from its cause. `create
//! api` adds what is missing instead ([`add_missing`]).
//!
//! A dependency counts when `[dependencies]` (or a `[target.*.dependencies]`)
//! has an entry of that name, in any form (a version, a table, `workspace =
//! true`); features are left to cargo, which may turn them on through another
//! dependency (k8s-openapi turns on jiff's `serde`).

use std::collections::BTreeSet;
use std::path::Path;

use toml_edit::{Document, DocumentMut, Item, TableLike};

use crate::dependencies::{self, Needed};
use crate::diag::Diagnostics;
use crate::manifest::{Manifest, read};
use crate::model::Api;

/// Checks that the crate whose `Cargo.toml` is at `manifest` depends on every
/// crate the code generated for `api` uses. A manifest that does not exist (a
/// directory that is not a crate yet) is not checked.
///
/// # Errors
///
/// One diagnostic per missing crate, at the manifest's `[dependencies]`, with
/// the line to add.
pub fn check(manifest: &Path, api: &Api) -> Result<(), Diagnostics> {
    if !manifest.is_file() {
        return Ok(());
    }
    let text = read(manifest)?;
    let file = Manifest {
        path: manifest,
        text: &text,
    };
    let document = file.document()?;
    let inherited = crate::manifest::workspace_dependencies(manifest);
    let at = document.get("dependencies").and_then(Item::span);
    let errors: Vec<_> = missing(&document, api)
        .into_iter()
        .map(|needed| {
            let d = &needed.dependency;
            let uses = match &needed.because {
                Some((location, what)) => format!("for `{what}` (at {location})"),
                None => format!("for {}", d.why),
            };
            file.error(
                format!(
                    "this crate does not depend on `{}`, which the generated code uses {uses}",
                    d.name
                ),
                at.clone(),
            )
            .with_help(format!(
                "add `{}` under [dependencies]; nothing was written",
                line(d, &inherited)
            ))
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(Diagnostics(errors))
    }
}

/// The `Cargo.toml` line of `dependency` for a crate of a workspace whose
/// `[workspace.dependencies]` names `inherited`: `{ workspace = true }` (with
/// the features it needs) for those, so the workspace's one source of each
/// crate holds (kube-codegen's crates from a source tree or git, say).
fn line(dependency: &crate::dependencies::Dependency, inherited: &BTreeSet<String>) -> String {
    if inherited.contains(dependency.name) {
        dependency.inherited_line_with_features()
    } else {
        dependency.toml_line()
    }
}

/// `manifest` (a Cargo.toml's text) with an entry for each crate the code
/// generated for `api` uses and it lacks, each under a comment saying why;
/// `None` when nothing is missing. The rest of the text stays as it is.
/// `inherited`: what the crate's workspace declares in
/// `[workspace.dependencies]`, added as `{ workspace = true }`.
///
/// # Errors
///
/// The text is not TOML.
pub fn add_missing(
    manifest: &str,
    api: &Api,
    inherited: &BTreeSet<String>,
) -> Result<Option<String>, String> {
    let document = Document::parse(manifest).map_err(|e| format!("invalid TOML: {e}"))?;
    let missing = missing(&document, api);
    if missing.is_empty() {
        return Ok(None);
    }
    let mut document: DocumentMut = manifest.parse().map_err(|e| format!("invalid TOML: {e}"))?;
    let table = document
        .entry("dependencies")
        .or_insert_with(toml_edit::table)
        .as_table_mut()
        .ok_or("`dependencies` is not a table")?;
    for needed in missing {
        let d = needed.dependency;
        let line: DocumentMut = line(&d, inherited)
            .parse()
            .expect("a dependency line is TOML");
        table.insert(d.name, line[d.name].clone());
        if let Some(mut key) = table.key_mut(d.name) {
            key.leaf_decor_mut().set_prefix(format!("# {}\n", d.why));
        }
    }
    Ok(Some(document.to_string()))
}

/// What the code generated for `api` needs and `document` does not list.
fn missing(document: &Document<&str>, api: &Api) -> Vec<Needed> {
    let mut tables: Vec<&dyn TableLike> = Vec::new();
    tables.extend(document.get("dependencies").and_then(Item::as_table_like));
    if let Some(targets) = document.get("target").and_then(Item::as_table_like) {
        tables.extend(
            targets
                .iter()
                .filter_map(|(_, target)| target.get("dependencies")?.as_table_like()),
        );
    }
    dependencies::needed_by(api)
        .into_iter()
        .filter(|needed| {
            !tables
                .iter()
                .any(|t| t.contains_key(needed.dependency.name))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::parse::{ParseOptions, parse_sources};

    /// An API whose `Run` has a jiff and a chrono timestamp and a JSON value.
    fn api() -> Api {
        let files = [
            (
                PathBuf::from("ops/v1/mod.rs"),
                "//! +groupName=ops.example.com\nmod run;\npub use run::*;\n".to_owned(),
            ),
            (
                PathBuf::from("ops/v1/run.rs"),
                r#"use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Run {
    pub metadata: ObjectMeta,
    pub spec: RunSpec,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RunSpec {
    pub at: jiff::Timestamp,
    pub seen: Option<chrono::DateTime<chrono::Utc>>,
    pub extra: serde_json::Value,
    pub stamped: k8s_openapi::jiff::Timestamp,
}
"#
                .to_owned(),
            ),
        ];
        parse_sources(&files, &ParseOptions::default()).unwrap().api
    }

    fn manifest(dependencies: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("Cargo.toml");
        std::fs::write(
            &path,
            format!(
                "[package]\nname = \"ops\"\nversion = \"0.1.0\"\n\n[dependencies]\n{dependencies}"
            ),
        )
        .unwrap();
        (dir, path)
    }

    const BASE: &str = "kube = { workspace = true }\nk8s-openapi = \"0.29\"\nserde = \"1\"\n";

    #[test]
    fn each_crate_the_code_uses_and_the_manifest_lacks_is_named_with_its_line() {
        let (_dir, path) = manifest(BASE);
        let text = check(&path, &api())
            .unwrap_err()
            .to_string()
            .replace(&path.display().to_string(), "Cargo.toml");
        assert_eq!(
            text.trim_end(),
            "error: this crate does not depend on `jiff`, which the generated code uses for `jiff::Timestamp` (at ops/v1/run.rs:13:9)\n \
             --> Cargo.toml:5:1\n  |\n5 | [dependencies]\n  | ^^^^^^^^^^^^^^\n  \
             = help: add `jiff = { version = \"0.2\", features = [\"serde\"] }` under [dependencies]; nothing was written\n\n\
             error: this crate does not depend on `chrono`, which the generated code uses for `chrono::DateTime<chrono::Utc>` (at ops/v1/run.rs:14:9)\n \
             --> Cargo.toml:5:1\n  |\n5 | [dependencies]\n  | ^^^^^^^^^^^^^^\n  \
             = help: add `chrono = { version = \"0.4\", features = [\"serde\"] }` under [dependencies]; nothing was written\n\n\
             error: this crate does not depend on `serde_json`, which the generated code uses for `serde_json::Value` (at ops/v1/run.rs:15:9)\n \
             --> Cargo.toml:5:1\n  |\n5 | [dependencies]\n  | ^^^^^^^^^^^^^^\n  \
             = help: add `serde_json = { version = \"1\" }` under [dependencies]; nothing was written"
        );
        // What every generated crate needs, for what it is needed.
        let (_dir, path) = manifest("");
        let text = check(&path, &api()).unwrap_err().to_string();
        assert!(
            text.contains(
                "error: this crate does not depend on `serde`, which the generated code uses for (de)serialising the types"
            ),
            "{text}"
        );
    }

    #[test]
    fn any_form_of_entry_counts_and_a_missing_manifest_is_not_checked() {
        let (_dir, path) = manifest(&format!(
            "{BASE}serde_json = \"1\"\nchrono = {{ workspace = true }}\n\n\
             [target.'cfg(unix)'.dependencies]\njiff = \"0.2\"\n"
        ));
        assert!(check(&path, &api()).is_ok());
        let dir = tempfile::tempdir().unwrap();
        assert!(check(&dir.path().join("Cargo.toml"), &api()).is_ok());
    }

    #[test]
    fn what_is_missing_is_added_under_a_comment_and_the_rest_kept() {
        let text = format!("[package]\nname = \"ops\" # ours\n\n[dependencies]\n{BASE}");
        let none = BTreeSet::new();
        let added = add_missing(&text, &api(), &none).unwrap().unwrap();
        assert!(added.starts_with(&text), "{added}");
        assert!(
            added.contains(
                "# `jiff::Timestamp` fields (RFC 3339 with its serde feature)\n\
                 jiff = { version = \"0.2\", features = [\"serde\"] }\n"
            ),
            "{added}"
        );
        assert_eq!(add_missing(&added, &api(), &none), Ok(None));
    }

    /// In a workspace that states where a crate comes from (kube-codegen's
    /// crates from a source tree, say), the member inherits it.
    #[test]
    fn what_the_workspace_declares_is_inherited() {
        let root = tempfile::tempdir().unwrap();
        std::fs::write(
            root.path().join("Cargo.toml"),
            "[workspace]\nmembers = [\"generated\"]\n\n[workspace.dependencies]\njiff = { version = \"0.2\" }\n",
        )
        .unwrap();
        std::fs::create_dir_all(root.path().join("generated")).unwrap();
        let path = root.path().join("generated/Cargo.toml");
        std::fs::write(
            &path,
            format!("[package]\nname = \"generated\"\n\n[dependencies]\n{BASE}"),
        )
        .unwrap();
        let inherited = crate::manifest::workspace_dependencies(&path);
        assert_eq!(inherited, BTreeSet::from(["jiff".to_owned()]));
        let added = add_missing(&std::fs::read_to_string(&path).unwrap(), &api(), &inherited)
            .unwrap()
            .unwrap();
        assert!(
            added.contains("\njiff = { workspace = true, features = [\"serde\"] }\n"),
            "{added}"
        );
        assert!(added.contains("\nchrono = { version = \"0.4\""), "{added}");
        let error = check(&path, &api()).unwrap_err().to_string();
        assert!(
            error.contains("= help: add `jiff = { workspace = true, features = [\"serde\"] }` under [dependencies]"),
            "{error}"
        );
    }
}
