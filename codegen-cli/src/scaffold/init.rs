//! `kube-codegen init [DIR]`: an empty directory becomes a workspace with an
//! `apis` input crate, a `generated` output crate and the two hack scripts.

use std::path::{Path, PathBuf};

use super::templates::{self, fill};
use super::{Error, FilePlan};
use crate::dependencies::{self, Dependency};

/// The files `init` writes into `dir`, named after `project`.
pub fn plan(dir: &Path, project: &str) -> FilePlan {
    let mut plan = FilePlan::default();
    plan.create(dir.join("Cargo.toml"), templates::WORKSPACE_MANIFEST);
    plan.create(dir.join(".gitignore"), templates::GITIGNORE);
    plan.create(
        dir.join(".cargo/config.toml"),
        fill(
            templates::CARGO_CONFIG,
            &[("k8s_version", dependencies::K8S_OPENAPI_ENABLED_VERSION)],
        ),
    );
    plan.create(
        dir.join("apis/Cargo.toml"),
        fill(
            templates::APIS_MANIFEST,
            &[(
                "dependencies",
                &dependency_lines(&dependencies::api_crate()),
            )],
        ),
    );
    plan.create(dir.join("apis/src/lib.rs"), templates::APIS_LIB);
    plan.create(
        dir.join("generated/Cargo.toml"),
        fill(
            templates::GENERATED_MANIFEST,
            &[
                (
                    "dependencies",
                    &dependency_lines(&dependencies::generated_crate()),
                ),
                (
                    "dev_dependencies",
                    &dependency_lines(&dependencies::generated_crate_dev()),
                ),
            ],
        ),
    );
    plan.create(dir.join("generated/src/lib.rs"), templates::GENERATED_LIB);
    plan.create_script(
        dir.join("hack/update-codegen.sh"),
        templates::UPDATE_CODEGEN,
    );
    plan.create_script(
        dir.join("hack/verify-codegen.sh"),
        templates::VERIFY_CODEGEN,
    );
    plan.create(
        dir.join("hack/boilerplate.rs.txt"),
        fill(templates::BOILERPLATE, &[("project", project)]),
    );
    plan
}

/// Each dependency as a commented `Cargo.toml` line.
fn dependency_lines(deps: &[Dependency]) -> String {
    deps.iter()
        .map(|d| format!("# {}\n{}", d.why, d.toml_line()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Plans and writes; returns the files written.
pub fn run(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let absolute = std::path::absolute(dir).map_err(|source| Error::Io {
        path: dir.to_owned(),
        source,
    })?;
    let project = absolute.file_name().map_or_else(
        || "project".to_owned(),
        |n| n.to_string_lossy().into_owned(),
    );
    Ok(plan(dir, &project).write()?.paths)
}

/// What to run after `init` in `dir`.
pub fn next_steps(dir: &Path) -> String {
    let cd = if dir == Path::new(".") {
        String::new()
    } else {
        format!("  cd {}\n", dir.display())
    };
    format!(
        "\nNext:\n{cd}  kube-codegen create api --group <group.example.com> --version v1 --kind <Kind>\n  cargo build\n  hack/verify-codegen.sh\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(plan: &FilePlan) -> Vec<String> {
        plan.files
            .iter()
            .map(|f| f.path.display().to_string())
            .collect()
    }

    #[test]
    fn plans_a_workspace_with_both_crates_and_the_scripts() {
        let plan = plan(Path::new("w"), "shop");
        assert_eq!(
            paths(&plan),
            [
                "w/Cargo.toml",
                "w/.gitignore",
                "w/.cargo/config.toml",
                "w/apis/Cargo.toml",
                "w/apis/src/lib.rs",
                "w/generated/Cargo.toml",
                "w/generated/src/lib.rs",
                "w/hack/update-codegen.sh",
                "w/hack/verify-codegen.sh",
                "w/hack/boilerplate.rs.txt",
            ]
        );
        let scripts: Vec<_> = plan.files.iter().filter(|f| f.executable).collect();
        assert_eq!(scripts.len(), 2);
        assert!(
            scripts
                .iter()
                .all(|s| s.content.contains("\"${KUBE_CODEGEN:-kube-codegen}\""))
        );
        let boilerplate = &plan.files[9].content;
        assert_eq!(boilerplate, "// Copyright The shop Authors.\n");
    }

    #[test]
    fn generated_manifest_lists_every_dependency_generated_code_needs() {
        let plan = plan(Path::new("w"), "shop");
        let manifest = &plan.files[5].content;
        for dep in dependencies::generated_crate() {
            assert!(manifest.contains(&dep.toml_line()), "{manifest}");
        }
        // A library: no Kubernetes version feature of its own.
        assert!(!manifest.contains(dependencies::K8S_OPENAPI_VERSION_FEATURE));
        let apis = &plan.files[3].content;
        assert!(
            apis.contains(dependencies::K8S_OPENAPI_VERSION_FEATURE),
            "{apis}"
        );
    }

    #[test]
    fn refuses_a_directory_with_any_of_the_files_and_names_them() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("Cargo.toml"), "[package]\n").unwrap();
        std::fs::create_dir_all(dir.path().join("hack")).unwrap();
        std::fs::write(dir.path().join("hack/update-codegen.sh"), "").unwrap();
        let err = run(dir.path()).unwrap_err().to_string();
        assert!(
            err.contains(&format!("  {}", dir.path().join("Cargo.toml").display())),
            "{err}"
        );
        assert!(err.contains("hack/update-codegen.sh"), "{err}");
        assert!(!dir.path().join("apis").exists());
    }
}
