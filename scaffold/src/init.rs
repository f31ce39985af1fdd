//! `kube-codegen init [DIR]`: an empty directory becomes an operator's
//! workspace (the layout is [`super::layout`]'s): the operator's package at the
//! root (`src/main.rs` on kube-codegen's manager, `src/controllers/`), the
//! `apis` input crate, the `generated` output crate, the hack scripts, a
//! Makefile with kubebuilder's targets, a Dockerfile, and `config/` for
//! kustomize. Every version is stated once, in the root `Cargo.toml`, with
//! kube-codegen's own crates from the [`Source`] chosen.

use std::path::{Path, PathBuf};

use super::layout;
use super::names::{self, NameError};
use super::source::Source;
use super::templates::{self, fill};
use super::{Error, FilePlan};
use kube_codegen::dependencies::{self, Dependency, ProjectCrate};

/// What `init` makes.
#[derive(Clone, Debug)]
pub struct NewProject {
    /// The project's name: the operator's package and binary, the prefix of
    /// its objects in the cluster.
    pub name: String,
    /// Where kube-codegen's crates come from.
    pub source: Source,
}

/// The project name of a workspace in `dir`: `name` when given, else the
/// directory's name; checked.
pub fn project_name(dir: &Path, name: Option<&str>) -> Result<String, NameError> {
    match name {
        Some(name) => names::check_project_name(name, "--project-name").map(|()| name.to_owned()),
        None => {
            let absolute = std::path::absolute(dir).unwrap_or_else(|_| dir.to_owned());
            let name = absolute
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            names::check_project_name(&name, "project name").map(|()| name)
        }
    }
}

/// The files `init` writes into `dir`.
pub fn plan(dir: &Path, project: &NewProject) -> FilePlan {
    let name = project.name.as_str();
    let mut plan = FilePlan::default();
    let (our_crates, registry) = dependencies::operator_crate();
    plan.create(
        dir.join("Cargo.toml"),
        fill(
            templates::WORKSPACE_MANIFEST,
            &[
                ("project", name),
                ("dependencies", &member_lines(&our_crates, &registry)),
                (
                    "project_crates",
                    &format!(
                        "# kube-codegen's crates, from {} (`kube-codegen init --runtime` picks\n# another source; so does editing these lines).\n{}",
                        project.source.describe(),
                        project.source.workspace_dependency_lines()
                    ),
                ),
                ("workspace_dependencies", &workspace_lines()),
            ],
        ),
    );
    plan.create(dir.join(".gitignore"), templates::GITIGNORE);
    plan.create(dir.join(".dockerignore"), templates::DOCKERIGNORE);
    plan.create(
        dir.join(".cargo/config.toml"),
        fill(
            templates::CARGO_CONFIG,
            &[
                ("k8s_version", dependencies::K8S_OPENAPI_ENABLED_VERSION),
                ("k8s_feature", dependencies::K8S_OPENAPI_VERSION_FEATURE),
            ],
        ),
    );
    plan.create(
        dir.join("README.md"),
        fill(templates::README, &[("project", name)]),
    );
    let (build_context, source_copy) = image_source(&project.source);
    plan.create(
        dir.join("Makefile"),
        fill(
            templates::MAKEFILE,
            &[("project", name), ("build_context", &build_context)],
        ),
    );
    plan.create(
        dir.join("Dockerfile"),
        fill(
            templates::DOCKERFILE,
            &[("project", name), ("source_copy", &source_copy)],
        ),
    );
    plan.create(
        dir.join("src/main.rs"),
        fill(templates::MAIN, &[("project", name)]),
    );
    plan.create(
        dir.join(layout::CONTROLLERS_MOD),
        templates::CONTROLLERS_MOD,
    );
    plan.create(
        dir.join("apis/Cargo.toml"),
        fill(
            templates::APIS_MANIFEST,
            &[("dependencies", &inherited_lines(&dependencies::api_crate()))],
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
                    &inherited_lines(&dependencies::generated_crate()),
                ),
                (
                    "dev_dependencies",
                    &inherited_lines(&dependencies::generated_crate_dev()),
                ),
            ],
        ),
    );
    let flags = layout::generate_flags_text();
    plan.create_script(
        dir.join("hack/update-codegen.sh"),
        fill(templates::UPDATE_CODEGEN, &[("generate_flags", &flags)]),
    );
    plan.create_script(
        dir.join("hack/verify-codegen.sh"),
        fill(templates::VERIFY_CODEGEN, &[("generate_flags", &flags)]),
    );
    plan.create(
        dir.join(layout::BOILERPLATE),
        fill(templates::BOILERPLATE, &[("project", name)]),
    );
    for (path, template) in [
        (
            "config/default/kustomization.yaml",
            templates::CONFIG_DEFAULT,
        ),
        (
            "config/manager/kustomization.yaml",
            templates::CONFIG_MANAGER,
        ),
        (
            "config/manager/manager.yaml",
            templates::CONFIG_MANAGER_DEPLOYMENT,
        ),
        ("config/rbac/kustomization.yaml", templates::CONFIG_RBAC),
        (
            "config/rbac/service_account.yaml",
            templates::CONFIG_SERVICE_ACCOUNT,
        ),
        (
            "config/rbac/role_binding.yaml",
            templates::CONFIG_ROLE_BINDING,
        ),
        (
            "config/rbac/leader_election_role.yaml",
            templates::CONFIG_LEADER_ELECTION_ROLE,
        ),
        (
            "config/rbac/leader_election_role_binding.yaml",
            templates::CONFIG_LEADER_ELECTION_ROLE_BINDING,
        ),
        (
            "config/samples/kustomization.yaml",
            templates::CONFIG_SAMPLES,
        ),
    ] {
        plan.create(dir.join(path), fill(template, &[("project", name)]));
    }
    plan
}

/// The operator's `[dependencies]`: kube-codegen's crates and the registry's,
/// all inherited from the workspace.
fn member_lines(ours: &[ProjectCrate], registry: &[Dependency]) -> String {
    let ours = ours
        .iter()
        .map(|c| format!("# {}\n{} = {{ workspace = true }}", c.why, c.name));
    let registry = registry
        .iter()
        .map(|d| format!("# {}\n{}", d.why, d.inherited_line()));
    ours.chain(registry).collect::<Vec<_>>().join("\n")
}

/// A member's dependencies, each inherited from the workspace.
fn inherited_lines(deps: &[Dependency]) -> String {
    deps.iter()
        .map(|d| format!("# {}\n{}", d.why, d.inherited_line()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The registry crates of `[workspace.dependencies]`.
fn workspace_lines() -> String {
    dependencies::workspace()
        .iter()
        .map(Dependency::toml_line)
        .collect::<Vec<_>>()
        .join("\n")
}

/// What the image build needs of a kube-codegen source tree: the Makefile's
/// `--build-context` flag and the Dockerfile's `COPY` lines, copying the
/// crates to the same absolute path the workspace's path dependencies name.
/// Other sources need nothing (cargo fetches them in the build).
fn image_source(source: &Source) -> (String, String) {
    let Some((root, files)) = source.tree_files() else {
        return (String::new(), String::new());
    };
    let root = root.display().to_string();
    let mut copy = format!(
        "# kube-codegen's crates come from the source tree {root}, which `make\n# docker-build` passes as the build context `kube-codegen`; they are copied to\n# the same path, where the workspace's path dependencies point.\n"
    );
    for file in files {
        let file = file.display();
        copy.push_str(&format!("COPY --from=kube-codegen {file} {root}/{file}\n"));
    }
    (format!("--build-context kube-codegen={root} "), copy)
}

/// What to run after `init` in `dir`.
pub fn next_steps(dir: &Path) -> String {
    let cd = if dir == Path::new(".") {
        String::new()
    } else {
        format!("  cd {}\n", dir.display())
    };
    format!(
        "\nNext:\n{cd}  kube-codegen create api --group <group.example.com> --version v1 --kind <Kind>\n  make manifests install run\n  make help        (every target)\n"
    )
}

/// Checks the names and writes the plan; the caller regenerates after.
pub fn run(dir: &Path, project: &NewProject) -> Result<super::Written, Error> {
    plan(dir, project).write()
}

/// Paths of a plan relative to its directory, for listings.
pub fn relative(plan: &FilePlan, dir: &Path) -> Vec<PathBuf> {
    plan.files
        .iter()
        .map(|f| f.path.strip_prefix(dir).unwrap_or(&f.path).to_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::GitReference;

    fn project(source: Source) -> NewProject {
        NewProject {
            name: "shop".into(),
            source,
        }
    }

    fn file<'a>(plan: &'a FilePlan, path: &str) -> &'a str {
        &plan
            .files
            .iter()
            .find(|f| f.path == Path::new("w").join(path))
            .unwrap_or_else(|| panic!("{path} is not planned"))
            .content
    }

    #[test]
    fn plans_an_operator_workspace() {
        let plan = plan(Path::new("w"), &project(Source::Registry(None)));
        let paths: Vec<String> = relative(&plan, Path::new("w"))
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        for expected in [
            "Cargo.toml",
            "Makefile",
            "Dockerfile",
            "src/main.rs",
            "src/controllers/mod.rs",
            "apis/Cargo.toml",
            "generated/Cargo.toml",
            "hack/update-codegen.sh",
            "config/default/kustomization.yaml",
            "config/manager/manager.yaml",
            "config/rbac/leader_election_role.yaml",
            "config/samples/kustomization.yaml",
        ] {
            assert!(
                paths.contains(&expected.to_owned()),
                "{expected}: {paths:?}"
            );
        }
        let scripts: Vec<_> = plan.files.iter().filter(|f| f.executable).collect();
        assert_eq!(scripts.len(), 2);
        for script in scripts {
            assert!(
                script.content.contains(
                    "\"${KUBE_CODEGEN:-kube-codegen}\" generate --input-dir apis/src --output-dir generated --crd-dir config/crd/bases --rbac-source-dir src --rbac-output config/rbac/role.yaml --webhook-source-dir src --webhook-output config/webhook/manifests.yaml --boilerplate hack/boilerplate.rs.txt \"$@\"",
                ) || script.content.contains("kube-codegen}\" verify --input-dir apis/src"),
                "{}",
                script.content
            );
        }
        assert_eq!(
            file(&plan, "hack/boilerplate.rs.txt"),
            "// Copyright The shop Authors.\n"
        );
        assert!(
            file(&plan, "config/default/kustomization.yaml")
                .contains("namespace: shop-system\nnamePrefix: shop-\n")
        );
    }

    #[test]
    fn versions_are_stated_once_and_inherited() {
        let plan = plan(Path::new("w"), &project(Source::Registry(None)));
        let root = file(&plan, "Cargo.toml");
        assert!(root.contains("name = \"shop\""), "{root}");
        assert!(
            root.contains("\nkube-codegen-runtime = \"0.1\"\n"),
            "{root}"
        );
        assert!(
            root.contains("\nkube-codegen-manager = \"0.1\"\n"),
            "{root}"
        );
        assert!(root.contains(&format!(
            "\nk8s-openapi = {{ workspace = true, features = [\"{}\"] }}\n",
            dependencies::K8S_OPENAPI_VERSION_FEATURE
        )));
        for dep in dependencies::workspace() {
            assert!(root.contains(&format!("\n{}\n", dep.toml_line())), "{root}");
        }
        let generated = file(&plan, "generated/Cargo.toml");
        for dep in dependencies::generated_crate() {
            assert!(
                generated.contains(&format!("\n{} = {{ workspace = true }}\n", dep.name)),
                "{generated}"
            );
        }
        // A library: no Kubernetes version feature of its own.
        assert!(!generated.contains(dependencies::K8S_OPENAPI_VERSION_FEATURE));
        let apis = file(&plan, "apis/Cargo.toml");
        assert!(
            apis.contains(dependencies::K8S_OPENAPI_VERSION_FEATURE),
            "{apis}"
        );
    }

    #[test]
    fn a_git_source_is_written_and_needs_nothing_in_the_image_build() {
        let source = Source::Git {
            url: "https://example.com/kc".into(),
            reference: GitReference::Tag("v0.1.0".into()),
        };
        let plan = plan(Path::new("w"), &project(source));
        let root = file(&plan, "Cargo.toml");
        assert!(
            root.contains("\nkube-codegen-manager = { version = \"0.1\", git = \"https://example.com/kc\", tag = \"v0.1.0\" }\n"),
            "{root}"
        );
        assert!(root.contains("from the git repository https://example.com/kc, tag v0.1.0"));
        assert!(!file(&plan, "Dockerfile").contains("--from=kube-codegen"));
        assert!(file(&plan, "Makefile").contains("\t$(CONTAINER_TOOL) build -t $(IMG) .\n"));
    }

    #[test]
    fn a_source_tree_is_copied_into_the_image_build_at_its_path() {
        let tree = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let source = crate::source::resolve_tree(tree).unwrap();
        let plan = plan(Path::new("w"), &project(source));
        let tree = tree.canonicalize().unwrap();
        let docker = file(&plan, "Dockerfile");
        for dir in ["Cargo.toml", "runtime", "merge", "schema", "conversion"] {
            assert!(
                docker.contains(&format!(
                    "COPY --from=kube-codegen {dir} {}/{dir}\n",
                    tree.display()
                )),
                "{docker}"
            );
        }
        assert!(
            !docker.contains("codegen-cli"),
            "only what the crates need: {docker}"
        );
        assert!(file(&plan, "Makefile").contains(&format!(
            "build --build-context kube-codegen={} -t $(IMG) .",
            tree.display()
        )));
    }

    #[test]
    fn project_names_come_from_the_directory_or_the_flag() {
        assert_eq!(project_name(Path::new("/x/shop"), None).unwrap(), "shop");
        assert_eq!(
            project_name(Path::new("/x/Shop"), Some("shop-operator")).unwrap(),
            "shop-operator"
        );
        let err = project_name(Path::new("/x/My.Shop"), None).unwrap_err();
        assert_eq!(err.help, "name it with `--project-name my-shop`");
    }

    #[test]
    fn refuses_a_directory_with_any_of_the_files_and_names_them() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("Cargo.toml"), "[package]\n").unwrap();
        std::fs::create_dir_all(dir.path().join("hack")).unwrap();
        std::fs::write(dir.path().join("hack/update-codegen.sh"), "").unwrap();
        let err = run(dir.path(), &project(Source::Registry(None)))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(&format!("  {}", dir.path().join("Cargo.toml").display())),
            "{err}"
        );
        assert!(err.contains("hack/update-codegen.sh"), "{err}");
        assert!(!dir.path().join("apis").exists());
    }
}
