//! Which `kube-codegen-runtime` the output crate asks for, checked before
//! anything is written: generated code is written for one release series of the
//! runtime ([`dependencies::RUNTIME_VERSION_REQ`]) and pins it at compile time
//! (`const _: () = kube_codegen_runtime::VERSION_0_1;`). Generating into a crate
//! whose `Cargo.toml` asks for another series would give code that cannot
//! compile; this says so up front, pointing at the dependency.
//!
//! The requirement is read as cargo reads it: a version string, a table with
//! `version`, a `path` dependency without one (the version of the crate there),
//! or `workspace = true` (the workspace's `[workspace.dependencies]` entry). A
//! git dependency without a `version` passes: its version is only known once
//! cargo fetches it, and the generated code's compile-time pin tells a mismatch.

use std::ops::Range;
use std::path::Path;

use semver::{Version, VersionReq};
use toml_edit::{Document, Item, Table};

use crate::dependencies::{self, RUNTIME_CRATE};
use crate::diag::{Diagnostic, Diagnostics};
use crate::manifest::{Manifest, read};
use crate::model::Location;

/// What the runtime dependency of a manifest resolves to.
enum Requirement {
    /// A version requirement (`"0.1"`, `{ version = "0.1.3" }`).
    Req(VersionReq),
    /// The version of a path dependency without a requirement.
    Exact(Version),
    /// A git dependency without a requirement: its version is only known
    /// once cargo fetches it, and the generated code's compile-time pin
    /// (`kube_codegen_runtime::VERSION_0_1`) then tells a mismatch.
    Unknown,
}

/// Checks the crate whose `Cargo.toml` is at `manifest`: it must depend on a
/// runtime release the generated code is written for. A manifest that does not
/// exist (a directory that is not a crate yet) is not checked.
///
/// # Errors
///
/// A diagnostic at the dependency (or the manifest) that says what to write.
pub fn check(manifest: &Path) -> Result<(), Diagnostics> {
    if !manifest.is_file() {
        return Ok(());
    }
    let text = read(manifest)?;
    let file = Manifest {
        path: manifest,
        text: &text,
    };
    let wanted = dependencies::RUNTIME_VERSION_REQ;
    let suggestion = format!("{RUNTIME_CRATE} = \"{wanted}\"");
    let document = file.document()?;
    let Some(dependencies) = document.get("dependencies").and_then(Item::as_table_like) else {
        return Err(Diagnostics(vec![
            file.error(
                format!("the crate has no [dependencies]; generated code needs {RUNTIME_CRATE}"),
                None,
            )
            .with_help(format!("add `[dependencies]` with `{suggestion}`")),
        ]));
    };
    let entry = dependencies.iter().find(|(key, item)| {
        *key == RUNTIME_CRATE
            || item
                .as_table_like()
                .and_then(|t| t.get("package"))
                .and_then(Item::as_str)
                == Some(RUNTIME_CRATE)
    });
    let Some((key, item)) = entry else {
        return Err(Diagnostics(vec![
            file.error(
                format!("the crate does not depend on {RUNTIME_CRATE}, which generated code is written against"),
                None,
            )
            .with_help(format!("add `{suggestion}` under [dependencies]")),
        ]));
    };
    let key_span = dependencies.key(key).and_then(|k| k.span());
    if key != RUNTIME_CRATE {
        return Err(Diagnostics(vec![
            file.error(
                format!("{RUNTIME_CRATE} is renamed to `{key}`; generated code refers to it as `kube_codegen_runtime`"),
                key_span,
            )
            .with_help(format!("write `{suggestion}`")),
        ]));
    }
    let requirement = requirement(&file, item, manifest)?;
    if compatible(&requirement) {
        return Ok(());
    }
    let asked = match &requirement {
        Requirement::Req(req) => format!("`{req}`"),
        Requirement::Exact(version) => format!("{version} (the version of its path)"),
        Requirement::Unknown => unreachable!("an unknown version is never refused"),
    };
    Err(Diagnostics(vec![
        file.error(
            format!(
                "the crate asks for {RUNTIME_CRATE} {asked}, but this kube-codegen writes code for {RUNTIME_CRATE} {wanted}"
            ),
            item.span().or(key_span),
        )
        .with_help(format!(
            "write `{suggestion}`, or run the kube-codegen release that writes code for the runtime you need; nothing was written"
        )),
    ]))
}

/// The requirement an entry of `[dependencies]` states.
fn requirement(
    file: &Manifest<'_>,
    item: &Item,
    manifest: &Path,
) -> Result<Requirement, Diagnostics> {
    let parse_req = |text: &str, span: Option<Range<usize>>| {
        VersionReq::parse(text).map(Requirement::Req).map_err(|e| {
            Diagnostics(vec![
                file.error(format!("`{text}` is not a version requirement: {e}"), span),
            ])
        })
    };
    if let Some(text) = item.as_str() {
        return parse_req(text, item.span());
    }
    let Some(table) = item.as_table_like() else {
        return Err(Diagnostics(vec![file.error(
            format!("the {RUNTIME_CRATE} dependency is neither a version nor a table"),
            item.span(),
        )]));
    };
    if let Some(version) = table.get("version") {
        let text = version.as_str().unwrap_or_default();
        return parse_req(text, version.span());
    }
    if table.get("workspace").and_then(Item::as_bool) == Some(true) {
        return workspace_requirement(manifest);
    }
    if let Some(path) = table.get("path").and_then(Item::as_str) {
        let dir = manifest.parent().unwrap_or(Path::new(".")).join(path);
        return path_version(&dir.join("Cargo.toml")).map(Requirement::Exact);
    }
    if table.get("git").and_then(Item::as_str).is_some() {
        return Ok(Requirement::Unknown);
    }
    Err(Diagnostics(vec![file.error(
        format!("the {RUNTIME_CRATE} dependency states no version"),
        item.span(),
    )]))
}

/// `[package] version` of the crate at `manifest` (a path dependency).
fn path_version(manifest: &Path) -> Result<Version, Diagnostics> {
    let text = read(manifest)?;
    let file = Manifest {
        path: manifest,
        text: &text,
    };
    let document = file.document()?;
    let version = document
        .get("package")
        .and_then(|p| p.get("version"))
        .and_then(|v| v.as_str().map(|s| (s, v.span())));
    match version {
        Some((text, span)) => Version::parse(text).map_err(|e| {
            Diagnostics(vec![
                file.error(format!("`{text}` is not a version: {e}"), span),
            ])
        }),
        None => Err(Diagnostics(vec![file.error(
            format!("{RUNTIME_CRATE} at this path states no [package] version"),
            None,
        )])),
    }
}

/// The workspace's requirement, for `{ workspace = true }`: the nearest manifest
/// above `manifest` with a `[workspace]`.
fn workspace_requirement(manifest: &Path) -> Result<Requirement, Diagnostics> {
    if let Some((candidate, text)) = crate::manifest::workspace_root(manifest) {
        let file = Manifest {
            path: &candidate,
            text: &text,
        };
        if let Ok(document) = Document::parse(text.as_str())
            && let Some(workspace) = document.get("workspace").and_then(Item::as_table)
        {
            return workspace_entry(&file, workspace, &candidate);
        }
    }
    Err(Diagnostics(vec![Diagnostic::error(
        format!(
            "{RUNTIME_CRATE} is inherited from a workspace, but no workspace manifest is above this crate"
        ),
        Location {
            file: manifest.to_owned(),
            line: 0,
            column: 0,
        },
    )]))
}

fn workspace_entry(
    file: &Manifest<'_>,
    workspace: &Table,
    manifest: &Path,
) -> Result<Requirement, Diagnostics> {
    let entry = workspace
        .get("dependencies")
        .and_then(Item::as_table_like)
        .and_then(|deps| deps.get(RUNTIME_CRATE));
    match entry {
        Some(item) => requirement(file, item, manifest),
        None => Err(Diagnostics(vec![file.error(
            format!("[workspace.dependencies] has no {RUNTIME_CRATE}"),
            workspace.span(),
        )])),
    }
}

/// Whether the requirement admits a release of the series generated code is
/// written for.
fn compatible(requirement: &Requirement) -> bool {
    match requirement {
        Requirement::Exact(version) => {
            VersionReq::parse(&format!("^{}", dependencies::RUNTIME_VERSION_REQ))
                .expect("the runtime series is a version requirement")
                .matches(version)
        }
        Requirement::Req(req) => admits(req, dependencies::RUNTIME_VERSION_REQ),
        Requirement::Unknown => true,
    }
}

/// Whether `req` admits some release of `series` (`"0.1"`, a `major.minor`).
pub fn admits(req: &VersionReq, series: &str) -> bool {
    let in_series =
        VersionReq::parse(&format!("^{series}")).expect("a series is a version requirement");
    // A version of the series it admits, if any: its lower bounds, the
    // series' first and a late patch.
    let first = Version::parse(&format!("{series}.0")).expect("a series is `major.minor`");
    let mut candidates = vec![
        first.clone(),
        Version {
            patch: u64::from(u32::MAX),
            ..first.clone()
        },
    ];
    for c in &req.comparators {
        if c.major == first.major && c.minor == Some(first.minor) {
            let patch = c.patch.unwrap_or(0);
            for patch in [patch, patch + 1] {
                candidates.push(Version {
                    patch,
                    ..first.clone()
                });
            }
        }
    }
    candidates
        .iter()
        .any(|v| in_series.matches(v) && req.matches(v))
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn crate_with(dependency: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let manifest = dir.path().join("Cargo.toml");
        std::fs::write(
            &manifest,
            format!("[package]\nname = \"api\"\nversion = \"1.0.0\"\n\n[dependencies]\nserde = \"1\"\n{dependency}\n"),
        )
        .unwrap();
        (dir, manifest)
    }

    fn rendered(dependency: &str) -> Option<String> {
        let (_dir, manifest) = crate_with(dependency);
        check(&manifest).err().map(|d| {
            d.0[0]
                .to_string()
                .replace(&manifest.display().to_string(), "Cargo.toml")
        })
    }

    #[test]
    fn requirements_of_the_series_pass() {
        for ok in [
            "kube-codegen-runtime = \"0.1\"",
            "kube-codegen-runtime = \"0.1.7\"",
            "kube-codegen-runtime = \"~0.1.2\"",
            "kube-codegen-runtime = \">=0.1.3, <0.2\"",
            "kube-codegen-runtime = \"=0.1.0\"",
            "kube-codegen-runtime = { version = \"0.1\", default-features = false }",
        ] {
            assert_eq!(rendered(ok), None, "{ok}");
        }
    }

    #[test]
    fn other_series_are_refused_at_the_dependency() {
        let text = rendered("kube-codegen-runtime = \"0.2\"").unwrap();
        assert_eq!(
            text,
            "error: the crate asks for kube-codegen-runtime `^0.2`, but this kube-codegen writes code for kube-codegen-runtime 0.1\n \
             --> Cargo.toml:7:24\n  |\n7 | kube-codegen-runtime = \"0.2\"\n  |                        ^^^^^\n  \
             = help: write `kube-codegen-runtime = \"0.1\"`, or run the kube-codegen release that writes code for the runtime you need; nothing was written"
        );
        for refused in [
            "kube-codegen-runtime = \"1\"",
            "kube-codegen-runtime = \">=0.2\"",
            "kube-codegen-runtime = \"<0.1\"",
            "kube-codegen-runtime = { version = \"0.3.1\" }",
        ] {
            assert!(rendered(refused).is_some(), "{refused}");
        }
    }

    #[test]
    fn a_missing_or_renamed_runtime_is_refused() {
        assert!(
            rendered("")
                .unwrap()
                .contains("help: add `kube-codegen-runtime = \"0.1\"` under [dependencies]")
        );
        let renamed =
            rendered("rt = { package = \"kube-codegen-runtime\", version = \"0.1\" }").unwrap();
        assert!(renamed.contains("is renamed to `rt`"), "{renamed}");
        assert!(renamed.contains("--> Cargo.toml:7:1"), "{renamed}");
    }

    #[test]
    fn path_and_workspace_dependencies_are_followed() {
        let root = tempfile::tempdir().unwrap();
        let runtime = root.path().join("runtime");
        std::fs::create_dir_all(&runtime).unwrap();
        std::fs::write(
            runtime.join("Cargo.toml"),
            "[package]\nname = \"kube-codegen-runtime\"\nversion = \"0.2.0\"\n",
        )
        .unwrap();
        let generated = root.path().join("generated");
        std::fs::create_dir_all(&generated).unwrap();
        let manifest = generated.join("Cargo.toml");
        std::fs::write(
            &manifest,
            "[package]\nname = \"generated\"\n\n[dependencies]\nkube-codegen-runtime = { path = \"../runtime\" }\n",
        )
        .unwrap();
        let error = check(&manifest).unwrap_err().to_string();
        assert!(error.contains("0.2.0 (the version of its path)"), "{error}");

        std::fs::write(
            root.path().join("Cargo.toml"),
            "[workspace]\nmembers = [\"generated\"]\n\n[workspace.dependencies]\nkube-codegen-runtime = \"0.1.4\"\n",
        )
        .unwrap();
        std::fs::write(
            &manifest,
            "[package]\nname = \"generated\"\n\n[dependencies]\nkube-codegen-runtime = { workspace = true }\n",
        )
        .unwrap();
        assert!(check(&manifest).is_ok());
    }

    #[test]
    fn git_dependencies_are_checked_by_their_version_when_they_state_one() {
        assert_eq!(
            rendered("kube-codegen-runtime = { git = \"https://example.com/kc\", rev = \"0123\" }"),
            None
        );
        assert_eq!(
            rendered(
                "kube-codegen-runtime = { version = \"0.1\", git = \"https://example.com/kc\" }"
            ),
            None
        );
        let refused = rendered(
            "kube-codegen-runtime = { version = \"0.2\", git = \"https://example.com/kc\" }",
        )
        .unwrap();
        assert!(
            refused.contains("asks for kube-codegen-runtime `^0.2`"),
            "{refused}"
        );
    }

    #[test]
    fn a_directory_without_a_manifest_is_not_checked() {
        let dir = tempfile::tempdir().unwrap();
        assert!(check(&dir.path().join("Cargo.toml")).is_ok());
    }

    #[test]
    fn the_series_is_the_runtime_crates() {
        let runtime = include_str!("../../runtime/Cargo.toml");
        let version = runtime
            .lines()
            .find_map(|l| l.strip_prefix("version = \""))
            .and_then(|l| l.strip_suffix('"'))
            .unwrap();
        assert!(compatible(&Requirement::Exact(
            Version::parse(version).unwrap()
        )));
        let lib = include_str!("../../runtime/src/lib.rs");
        assert!(
            lib.contains(&format!(
                "pub const {}: () = ();",
                dependencies::RUNTIME_VERSION_CONST
            )),
            "the runtime defines the constant generated code names"
        );
    }
}
