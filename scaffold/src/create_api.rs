//! `kube-codegen create api`: a new kind and its controller, as kubebuilder's
//! `create api` makes them.
//!
//! - The kind (`--resource`, on by default): a marker-annotated type file
//!   wired into the group and version modules of the input directory
//!   (`<input>/<group>/<version>/<kind>.rs`, the layout `parse/layout.rs`
//!   reads), and in an operator's workspace a sample object in
//!   `config/samples` listed in its kustomization.
//! - Its controller (`--controller`, on by default; an operator's workspace
//!   only): `src/controllers/<kind>.rs`, a reconciler with the RBAC markers of
//!   its kind, declared and registered in `src/controllers/mod.rs` at its
//!   marker lines. `--resource=false` writes the controller of a kind that
//!   exists: one of the API's own kinds, or a built-in kind
//!   (`--group apps --version v1 --kind Deployment`, k8s-openapi's type).
//!
//! Nothing is overwritten: a file that exists is refused, and the files that
//! are extended are only added to at their marker lines.

use std::path::{Path, PathBuf};

use heck::ToKebabCase;

use super::builtin::{self, BuiltinKind};
use super::edit::{
    append, declares_module, insert_before_marker, insert_module_before_marker, read_if_exists,
};
use super::layout;
use super::names::{self, NameError};
use super::templates::{self, fill};
use super::{Error, FilePlan, Written};
use kube_codegen::model::{FieldType, TypeBody};

/// What to create.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewApi {
    /// The API group (`cache.example.com`; kubebuilder's `--group` joined with the domain).
    pub group: String,
    /// The API version (`v1alpha1`).
    pub version: String,
    /// The kind (`Memcached`).
    pub kind: String,
    /// Whether its objects live in a namespace (kubebuilder's `--namespaced`).
    pub namespaced: bool,
    /// Write the kind's type (kubebuilder's `--resource`).
    pub resource: bool,
    /// Write its controller (kubebuilder's `--controller`).
    pub controller: bool,
}

impl NewApi {
    /// Checks every name of a kind of the API; the first bad one is the error.
    pub fn check(&self) -> Result<(), NameError> {
        names::check_group(&self.group)?;
        names::check_version(&self.version)?;
        names::check_kind(&self.kind)?;
        let module = names::group_module(&self.group);
        if syn::parse_str::<syn::Ident>(&module).is_err() || module.starts_with(char::is_numeric) {
            return Err(NameError {
                flag: "--group",
                value: self.group.clone(),
                problem: format!(
                    "its first label `{module}` becomes the Rust module of the group, and is not a valid module name (a keyword, or starts with a digit)"
                ),
                help: format!(
                    "choose another first label, such as `--group my{module}.example.com`"
                ),
            });
        }
        let kind_module = names::kind_module(&self.kind);
        if syn::parse_str::<syn::Ident>(&kind_module).is_err() {
            return Err(NameError {
                flag: "--kind",
                value: self.kind.clone(),
                problem: format!("its file and module would be `{kind_module}`, a Rust keyword"),
                help: format!(
                    "choose another name, such as `--kind {}Resource`",
                    self.kind
                ),
            });
        }
        Ok(())
    }
}

/// The kind a controller (or a webhook) is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Target {
    /// A kind of the API in the input directory.
    Own {
        plural: String,
        namespaced: bool,
        /// Its status has `conditions` and `observed_generation` (as the
        /// kind template's has): the controller sets a `Ready` condition.
        conditions: bool,
        status_subresource: bool,
        /// It derives `Default`: the controller's unit test can make one.
        default: bool,
        /// Its versions are converted by webhook
        /// (`+kubebuilder:conversion:strategy=Webhook`).
        conversion: bool,
    },
    Builtin(BuiltinKind),
}

/// What `create api` planned, for its report.
#[derive(Debug)]
pub struct Created {
    /// The files written.
    pub plan: FilePlan,
    /// The kind's type file, when written.
    pub kind_file: Option<PathBuf>,
    /// The controller, when written.
    pub controller_file: Option<PathBuf>,
    /// The workspace has an operator (its manifests are regenerated too).
    pub operator: bool,
}

/// The files to create and extend: the kind under `input_dir`, the
/// controller and sample under `root` (the workspace's root).
pub fn plan(root: &Path, input_dir: &Path, api: &NewApi) -> Result<Created, Error> {
    if !api.resource && !api.controller {
        return Err(Error::Usage {
            message: "--resource=false and --controller=false leave nothing to create".into(),
            help: "drop one of them: `--resource=false` writes only a controller, `--controller=false` only the kind".into(),
        });
    }
    let builtin = if builtin::is_builtin_group(&api.group) {
        Some(builtin_target(api)?)
    } else {
        api.check()?;
        None
    };
    let operator = layout::is_operator(root);
    if api.controller && !operator {
        return Err(Error::Usage {
            message: format!(
                "no operator here to add a controller to: {} does not exist",
                root.join(layout::CONTROLLERS_MOD).display()
            ),
            help: "run `kube-codegen create api` in the root of a workspace made by `kube-codegen init`, or pass `--controller=false` to write only the kind".into(),
        });
    }
    let mut plan = FilePlan::default();
    let mut kind_file = None;
    let target = if let Some(kind) = builtin {
        Target::Builtin(kind)
    } else {
        if api.resource {
            kind_file = Some(plan_kind(&mut plan, input_dir, api)?);
            if operator {
                plan_sample(&mut plan, root, api)?;
            }
            Target::Own {
                plural: kube_codegen::parse::naming::plural(&api.kind, &Default::default()),
                namespaced: api.namespaced,
                conditions: true,
                status_subresource: true,
                default: true,
                conversion: false,
            }
        } else {
            existing_kind(input_dir, &api.group, &api.version, &api.kind, || {
                Error::Usage {
                    message: format!(
                        "no kind `{}` in `{}/{}` in {}",
                        api.kind,
                        api.group,
                        api.version,
                        input_dir.display()
                    ),
                    help: "create the kind first (drop `--resource=false` to write the kind and its controller), or check --group, --version and --kind; built-in kinds are in groups such as `apps` and `core`".to_owned(),
                }
            })?
        }
    };
    let controller_file = if api.controller {
        Some(plan_controller(&mut plan, root, api, &target)?)
    } else {
        None
    };
    Ok(Created {
        plan,
        kind_file,
        controller_file,
        operator,
    })
}

/// The built-in kind a `--resource=false` controller of a built-in group is for.
pub(super) fn builtin_target(api: &NewApi) -> Result<BuiltinKind, Error> {
    let group = if api.group.is_empty() {
        "core"
    } else {
        &api.group
    };
    if api.resource {
        return Err(Error::Usage {
            message: format!(
                "`{group}` is a built-in API group: the types of its kinds come with k8s-openapi"
            ),
            help: format!(
                "to write a controller for a built-in kind, add `--resource=false` (`--group {group} --version {} --kind {} --resource=false`); a kind of your own needs a group of your domain, such as `--group {group}.example.com`",
                api.version, api.kind
            ),
        });
    }
    if let Some(kind) = builtin::find(group, &api.version, &api.kind) {
        return Ok(kind);
    }
    let versions = builtin::versions_of(group, &api.kind);
    let help = if let Some(version) = versions.first() {
        format!("`{}` is in `{version}`: `--version {version}`", api.kind)
    } else {
        let kinds: Vec<String> = builtin::all()
            .iter()
            .filter(|k| k.marker_group() == group)
            .map(|k| format!("{} ({})", k.kind, k.version))
            .collect();
        format!(
            "the kinds of `{group}` a controller can reconcile: {}",
            kinds.join(", ")
        )
    };
    Err(Error::Usage {
        message: format!(
            "`{group}/{}` has no built-in kind `{}`",
            api.version, api.kind
        ),
        help,
    })
}

/// The type file of a new kind and the module lines that declare it.
fn plan_kind(plan: &mut FilePlan, input_dir: &Path, api: &NewApi) -> Result<PathBuf, Error> {
    let group_module = names::group_module(&api.group);
    let kind_module = names::kind_module(&api.kind);
    let group_dir = input_dir.join(&group_module);
    let version_dir = group_dir.join(&api.version);

    let single_file_version = group_dir.join(format!("{}.rs", api.version));
    if single_file_version.exists() {
        return Err(Error::Layout {
            path: single_file_version,
            message: "the version module is a single file; a new kind needs a file of its own"
                .to_owned(),
            help: format!(
                "move it to `{}` and run again",
                version_dir.join("mod.rs").display()
            ),
        });
    }

    let scope_markers = if api.namespaced {
        String::new()
    } else {
        "\n// +genclient:nonNamespaced\n// +kubebuilder:resource:scope=Cluster".to_owned()
    };
    let kind_file = version_dir.join(format!("{kind_module}.rs"));
    plan.create(
        &kind_file,
        fill(
            templates::KIND,
            &[("kind", &api.kind), ("scope_markers", &scope_markers)],
        ),
    );

    let version_mod = version_dir.join("mod.rs");
    match read_if_exists(&version_mod)? {
        None => plan.create(
            &version_mod,
            fill(
                templates::VERSION_MODULE,
                &[
                    ("group", &api.group),
                    ("version", &api.version),
                    ("kind_module", &kind_module),
                ],
            ),
        ),
        Some(text) => {
            check_group_name(&version_mod, &text, &api.group)?;
            if !declares_module(&text, &kind_module) {
                plan.update(
                    &version_mod,
                    append(
                        &text,
                        &format!("mod {kind_module};\n\npub use {kind_module}::*;\n"),
                    ),
                );
            }
        }
    }

    let group_mod = group_dir.join("mod.rs");
    match read_if_exists(&group_mod)? {
        None => plan.create(
            &group_mod,
            fill(
                templates::GROUP_MODULE,
                &[("group", &api.group), ("version", &api.version)],
            ),
        ),
        Some(text) if declares_module(&text, &api.version) => {}
        Some(text) => plan.update(
            &group_mod,
            append(&text, &format!("pub mod {};\n", api.version)),
        ),
    }

    // The crate root: wired when the input directory is a crate's `src`.
    let lib = input_dir.join("lib.rs");
    if let Some(text) = read_if_exists(&lib)?
        && !declares_module(&text, &group_module)
    {
        plan.update(&lib, append(&text, &format!("pub mod {group_module};\n")));
    }
    Ok(kind_file)
}

/// The marker line of `config/samples/kustomization.yaml`.
const SAMPLES_MARKER: &str = "# +kubebuilder:scaffold:manifestskustomizesamples";
/// The marker line of the controllers' module declarations.
pub(super) const MODULES_MARKER: &str = "// kube-codegen:scaffold:modules";
/// The marker line of the controllers' registrations.
const CONTROLLERS_MARKER: &str = "// kube-codegen:scaffold:controllers";

/// A sample object of the new kind, listed in the samples' kustomization.
fn plan_sample(plan: &mut FilePlan, root: &Path, api: &NewApi) -> Result<(), Error> {
    let dir = root.join(layout::SAMPLES_DIR);
    let file = format!(
        "{}_{}_{}.yaml",
        names::group_module(&api.group),
        api.version,
        names::kind_module(&api.kind)
    );
    plan.create(
        dir.join(&file),
        fill(
            templates::SAMPLE,
            &[
                ("api_version", &format!("{}/{}", api.group, api.version)),
                ("kind", &api.kind),
                ("name", &format!("{}-sample", api.kind.to_kebab_case())),
                (
                    "plural",
                    &kube_codegen::parse::naming::plural(&api.kind, &Default::default()),
                ),
            ],
        ),
    );
    let kustomization = dir.join("kustomization.yaml");
    let text = read_if_exists(&kustomization)?.unwrap_or_default();
    let updated = insert_before_marker(&text, SAMPLES_MARKER, &format!("- {file}")).ok_or_else(
        || Error::Layout {
            path: kustomization.clone(),
            message: format!("no `{SAMPLES_MARKER}` line to list the sample at"),
            help: format!("add `- {file}` under `resources:` yourself, and put the marker line back below the list"),
        },
    )?;
    plan.update(&kustomization, updated);
    Ok(())
}

/// The controller of `target`, declared and registered in the controllers' module.
fn plan_controller(
    plan: &mut FilePlan,
    root: &Path,
    api: &NewApi,
    target: &Target,
) -> Result<PathBuf, Error> {
    let module = names::kind_module(&api.kind);
    let with_crds = ".with_crds(generated::crds::all())";
    // The template, its unit test (when the test can make the kind), the
    // type, the markers, the scope, the fake's CRDs.
    let (template, test, type_path, markers, namespaced, crds) = match target {
        Target::Own {
            plural,
            namespaced,
            conditions,
            status_subresource,
            default,
            ..
        } => {
            let (template, test) = if *conditions {
                (templates::CONTROLLER, templates::CONTROLLER_TEST)
            } else {
                (
                    templates::CONTROLLER_PLAIN,
                    templates::CONTROLLER_PLAIN_TEST,
                )
            };
            let path = format!(
                "generated::apis::{}::{}::{}",
                names::group_module(&api.group),
                api.version,
                api.kind
            );
            (
                template,
                default.then_some(test),
                path,
                rbac_markers(&api.group, plural, *status_subresource),
                *namespaced,
                with_crds,
            )
        }
        Target::Builtin(kind) => (
            templates::CONTROLLER_PLAIN,
            Some(templates::CONTROLLER_PLAIN_TEST),
            kind.path.to_owned(),
            rbac_markers(kind.marker_group(), kind.plural, true),
            kind.namespaced,
            "",
        ),
    };
    let (namespace, namespace_line) = if namespaced {
        (
            "default",
            format!("        {module}.metadata.namespace = Some(\"default\".to_owned());\n"),
        )
    } else {
        ("", String::new())
    };
    let mut values = vec![
        ("kind", api.kind.as_str()),
        ("var", module.as_str()),
        ("type_path", type_path.as_str()),
        ("rbac_markers", markers.as_str()),
        ("namespace", namespace),
        ("namespace_line", namespace_line.as_str()),
        ("with_crds", crds),
    ];
    let tests = test.map_or_else(String::new, |test| fill(test, &values));
    values.push(("tests", &tests));
    let file = root
        .join(layout::CONTROLLERS_DIR)
        .join(format!("{module}.rs"));
    plan.create(&file, fill(template, &values));
    let registry = root.join(layout::CONTROLLERS_MOD);
    let text = read_if_exists(&registry)?.unwrap_or_default();
    let declaration = format!("pub mod {module};");
    let registration = format!("{module}::setup(manager);");
    let missing = |marker: &str, line: &str| Error::Layout {
        path: registry.clone(),
        message: format!("no `{marker}` line to add `{line}` at"),
        help: format!(
            "declare and register the controller yourself (`{declaration}` with the modules, `{registration}` in `setup`), or put the marker line back, and run again"
        ),
    };
    let text = if declares_module(&text, &module) {
        text
    } else {
        insert_module_before_marker(&text, MODULES_MARKER, &declaration)
            .ok_or_else(|| missing(MODULES_MARKER, &declaration))?
    };
    let text = insert_before_marker(&text, CONTROLLERS_MARKER, &registration)
        .ok_or_else(|| missing(CONTROLLERS_MARKER, &registration))?;
    plan.update(&registry, text);
    Ok(file)
}

/// kubebuilder's RBAC markers for a controller of a kind.
fn rbac_markers(group: &str, plural: &str, status: bool) -> String {
    let mut lines = vec![format!(
        "// +kubebuilder:rbac:groups={group},resources={plural},verbs=get;list;watch;create;update;patch;delete"
    )];
    if status {
        lines.push(format!(
            "// +kubebuilder:rbac:groups={group},resources={plural}/status,verbs=get;update;patch"
        ));
    }
    lines.push(format!(
        "// +kubebuilder:rbac:groups={group},resources={plural}/finalizers,verbs=update"
    ));
    lines.join("\n")
}

/// The kind `group/version/kind` of the API in `input_dir`, as the
/// generator reads it; `not_found()` when there is none.
pub(super) fn existing_kind(
    input_dir: &Path,
    group: &str,
    version: &str,
    kind: &str,
    not_found: impl Fn() -> Error,
) -> Result<Target, Error> {
    if !input_dir.is_dir() {
        return Err(not_found());
    }
    let parsed =
        kube_codegen::parse::parse_dir(input_dir, &Default::default()).map_err(Error::Input)?;
    let version = parsed
        .api
        .groups
        .iter()
        .filter(|g| g.name == group)
        .flat_map(|g| &g.versions)
        .find(|v| v.name == version)
        .ok_or_else(&not_found)?;
    let types: Vec<_> = version.files.iter().flat_map(|f| &f.types).collect();
    let (def, found) = types
        .iter()
        .find_map(|t| t.kind.as_ref().filter(|_| t.name == kind).map(|k| (t, k)))
        .ok_or_else(&not_found)?;
    let field = |body: &TypeBody, name: &str| match body {
        TypeBody::Struct(s) => s
            .fields
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.ty.clone()),
        _ => None,
    };
    let status_struct = match field(&def.body, "status")
        .as_ref()
        .map(FieldType::unwrap_option)
    {
        Some(FieldType::Local(name)) => types.iter().find(|t| &t.name == name).map(|t| &t.body),
        _ => None,
    };
    let conditions = status_struct.is_some_and(|body| {
        let conditions = matches!(field(body, "conditions"), Some(FieldType::Vec(item))
            if matches!(&*item, FieldType::External(e) if e.name() == "Condition"));
        let generation = matches!(field(body, "observed_generation"), Some(FieldType::Option(inner))
            if matches!(*inner, FieldType::Integer { .. }));
        conditions && generation
    });
    Ok(Target::Own {
        plural: found.plural.clone(),
        namespaced: found.namespaced,
        conditions: conditions && found.status_subresource,
        status_subresource: found.status_subresource,
        default: def.derives.iter().any(|d| d == "Default"),
        conversion: found.conversion.is_some(),
    })
}

/// Plans and writes; returns what was planned and the files written.
pub fn run(root: &Path, input_dir: &Path, api: &NewApi) -> Result<(Created, Written), Error> {
    let created = plan(root, input_dir, api)?;
    let written = created.plan.write()?;
    Ok((created, written))
}

/// What to do after `create api`.
pub fn next_steps(created: &Created, output_dir: &Path) -> String {
    let mut edit = Vec::new();
    if let Some(kind) = &created.kind_file {
        edit.push(format!("{} (the type)", kind.display()));
    }
    if let Some(controller) = &created.controller_file {
        edit.push(format!("{} (its reconcile)", controller.display()));
    }
    if created.operator {
        format!(
            "\nNext:\n  edit {}\n  make manifests install   (regenerate, then install the CRDs)\n  make run                 (the operator, against your kubeconfig's cluster)\n  kubectl apply -k {}     (the samples)\n",
            edit.join(" and "),
            layout::SAMPLES_DIR
        )
    } else {
        format!(
            "\nNext: edit {}, run hack/update-codegen.sh, and install the CRD with `kubectl apply -f {}`.\n",
            edit.join(" and "),
            output_dir.join("crds").display()
        )
    }
}

/// An existing version module must be the same group's.
fn check_group_name(path: &Path, text: &str, group: &str) -> Result<(), Error> {
    let declared = text.lines().find_map(|l| {
        l.split_once("+groupName=")
            .map(|(_, v)| v.trim().to_owned())
    });
    match declared {
        Some(declared) if declared == group => Ok(()),
        Some(declared) => Err(Error::Layout {
            path: path.to_owned(),
            message: format!("this module is the API group `{declared}`, not `{group}`"),
            help: format!(
                "two groups whose first label is the same need different modules; use `--group {declared}` to add the kind to that group, or a group with another first label"
            ),
        }),
        None => Err(Error::Layout {
            path: path.to_owned(),
            message: "the version module has no `//! +groupName=` line".to_owned(),
            help: format!(
                "add `//! +groupName={group}` to its module comment, or remove it and run again"
            ),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn api(group: &str, version: &str, kind: &str) -> NewApi {
        NewApi {
            group: group.into(),
            version: version.into(),
            kind: kind.into(),
            namespaced: true,
            resource: true,
            controller: false,
        }
    }

    /// The plan of the kind alone, in an input directory that is not an
    /// operator's workspace.
    fn plan(dir: &Path, api: &NewApi) -> Result<FilePlan, Error> {
        super::plan(dir, dir, api).map(|created| created.plan)
    }

    fn rel(plan: &FilePlan, root: &Path) -> Vec<(String, bool)> {
        plan.files
            .iter()
            .map(|f| {
                (
                    f.path.strip_prefix(root).unwrap().display().to_string(),
                    f.replaces_existing,
                )
            })
            .collect()
    }

    #[test]
    fn new_group_creates_the_modules_and_wires_the_crate_root() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("lib.rs"), "//! APIs.\n").unwrap();
        let plan = plan(dir.path(), &api("cache.example.com", "v1alpha1", "CronTab")).unwrap();
        assert_eq!(
            rel(&plan, dir.path()),
            [
                ("cache/v1alpha1/cron_tab.rs".to_owned(), false),
                ("cache/v1alpha1/mod.rs".to_owned(), false),
                ("cache/mod.rs".to_owned(), false),
                ("lib.rs".to_owned(), true),
            ]
        );
        let kind = &plan.files[0].content;
        assert!(kind.contains("pub struct CronTab {"), "{kind}");
        assert!(kind.contains("pub spec: CronTabSpec,"));
        assert!(kind.contains("// +genclient\n// +kubebuilder:subresource:status"));
        assert!(!kind.contains("nonNamespaced"));
        assert!(
            plan.files[1]
                .content
                .contains("//! +groupName=cache.example.com\n")
        );
        assert!(
            plan.files[1]
                .content
                .contains("mod cron_tab;\n\npub use cron_tab::*;\n")
        );
        assert_eq!(plan.files[3].content, "//! APIs.\n\npub mod cache;\n");
    }

    #[test]
    fn cluster_scoped_kinds_get_the_scope_markers() {
        let dir = tempfile::tempdir().unwrap();
        let mut new = api("cache.example.com", "v1", "Cluster");
        new.namespaced = false;
        let plan = plan(dir.path(), &new).unwrap();
        assert!(plan.files[0].content.contains(
            "// +genclient\n// +genclient:nonNamespaced\n// +kubebuilder:resource:scope=Cluster\n"
        ));
    }

    #[test]
    fn existing_modules_are_extended_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let v1 = dir.path().join("cache/v1");
        std::fs::create_dir_all(&v1).unwrap();
        std::fs::write(dir.path().join("lib.rs"), "pub mod cache;\n").unwrap();
        std::fs::write(dir.path().join("cache/mod.rs"), "//! G.\n\npub mod v1;\n").unwrap();
        let version_mod =
            "//! V1.\n//! +groupName=cache.example.com\n\nmod memcached;\npub use memcached::*;\n";
        std::fs::write(v1.join("mod.rs"), version_mod).unwrap();

        let plan = plan(dir.path(), &api("cache.example.com", "v1", "Redis")).unwrap();
        assert_eq!(
            rel(&plan, dir.path()),
            [
                ("cache/v1/redis.rs".to_owned(), false),
                ("cache/v1/mod.rs".to_owned(), true)
            ]
        );
        assert_eq!(
            plan.files[1].content,
            format!(
                "{}\n\nmod redis;\n\npub use redis::*;\n",
                version_mod.trim_end()
            )
        );

        let plan2 = self::plan(dir.path(), &api("cache.example.com", "v2", "Redis")).unwrap();
        let group = plan2
            .files
            .iter()
            .find(|f| f.path.ends_with("cache/mod.rs"))
            .unwrap();
        assert_eq!(group.content, "//! G.\n\npub mod v1;\n\npub mod v2;\n");
    }

    #[test]
    fn an_existing_kind_file_is_refused_and_nothing_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let new = api("cache.example.com", "v1", "Redis");
        run(dir.path(), dir.path(), &new).unwrap();
        let before = std::fs::read_to_string(dir.path().join("cache/v1/mod.rs")).unwrap();
        let err = run(dir.path(), dir.path(), &new).unwrap_err().to_string();
        assert!(err.contains("refusing to overwrite"), "{err}");
        assert!(err.contains("cache/v1/redis.rs"), "{err}");
        let after = std::fs::read_to_string(dir.path().join("cache/v1/mod.rs")).unwrap();
        assert_eq!(before, after);
    }

    #[test]
    fn a_module_of_another_group_is_a_layout_error() {
        let dir = tempfile::tempdir().unwrap();
        let v1 = dir.path().join("cache/v1");
        std::fs::create_dir_all(&v1).unwrap();
        std::fs::write(v1.join("mod.rs"), "//! +groupName=cache.other.org\n").unwrap();
        let err = plan(dir.path(), &api("cache.example.com", "v1", "Redis"))
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            format!(
                "{}: this module is the API group `cache.other.org`, not `cache.example.com`\n  = help: two groups whose first label is the same need different modules; use `--group cache.other.org` to add the kind to that group, or a group with another first label",
                v1.join("mod.rs").display()
            )
        );
    }

    #[test]
    fn bad_names_are_refused_before_anything_is_planned() {
        let dir = tempfile::tempdir().unwrap();
        let err = plan(dir.path(), &api("type.example.com", "v1", "Redis"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("invalid --group `type.example.com`"), "{err}");
        assert!(err.contains("`--group mytype.example.com`"), "{err}");
        let err = plan(dir.path(), &api("cache.example.com", "v1", "redis"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("`--kind Redis`"), "{err}");
        let err = plan(dir.path(), &api("cache.example.com", "v1", "Mod"))
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "invalid --kind `Mod`: its file and module would be `mod`, a Rust keyword\n  = help: choose another name, such as `--kind ModResource`"
        );
    }

    /// An operator's workspace as `init` writes it (the files `create api`
    /// extends).
    fn operator() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let write = |path: &str, text: &str| {
            let path = dir.path().join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        write(layout::CONTROLLERS_MOD, templates::CONTROLLERS_MOD);
        write(
            "config/samples/kustomization.yaml",
            templates::CONFIG_SAMPLES,
        );
        write("apis/src/lib.rs", "//! APIs.\n");
        dir
    }

    fn new_api(group: &str, version: &str, kind: &str, resource: bool) -> NewApi {
        NewApi {
            resource,
            controller: true,
            ..api(group, version, kind)
        }
    }

    fn content<'a>(plan: &'a FilePlan, path: &str) -> &'a str {
        &plan
            .files
            .iter()
            .find(|f| f.path.ends_with(path))
            .unwrap_or_else(|| panic!("{path} is not planned"))
            .content
    }

    #[test]
    fn a_kind_and_its_controller_are_registered_at_the_markers() {
        let dir = operator();
        let root = dir.path();
        let created = super::plan(
            root,
            &root.join("apis/src"),
            &new_api("cache.example.com", "v1alpha1", "Memcached", true),
        )
        .unwrap();
        assert!(created.operator);
        assert_eq!(
            created.controller_file.as_deref(),
            Some(root.join("src/controllers/memcached.rs").as_path())
        );
        let plan = &created.plan;
        let controller = content(plan, "src/controllers/memcached.rs");
        for line in [
            "use generated::apis::cache::v1alpha1::Memcached;",
            "// +kubebuilder:rbac:groups=cache.example.com,resources=memcacheds,verbs=get;list;watch;create;update;patch;delete\n",
            "// +kubebuilder:rbac:groups=cache.example.com,resources=memcacheds/status,verbs=get;update;patch\n",
            "// +kubebuilder:rbac:groups=cache.example.com,resources=memcacheds/finalizers,verbs=update\n",
            "impl<C: Interface> Reconciler<Memcached, C> for MemcachedReconciler {",
            "conditions::set_status_condition(&mut status.conditions, ready)",
            "manager.controller::<Memcached>().complete(MemcachedReconciler);",
        ] {
            assert!(controller.contains(line), "{line}\n{controller}");
        }
        assert_eq!(
            content(plan, "src/controllers/mod.rs"),
            templates::CONTROLLERS_MOD
                .replace(
                    "// kube-codegen:scaffold:modules",
                    "pub mod memcached;\n// kube-codegen:scaffold:modules"
                )
                .replace(
                    "    // kube-codegen:scaffold:controllers",
                    "    memcached::setup(manager);\n    // kube-codegen:scaffold:controllers"
                )
        );
        assert_eq!(
            content(plan, "config/samples/cache_v1alpha1_memcached.yaml"),
            "apiVersion: cache.example.com/v1alpha1\nkind: Memcached\nmetadata:\n  name: memcached-sample\nspec:\n  # The fields of MemcachedSpec; `kubectl explain memcacheds.spec` lists them.\n  replicas: 1\n"
        );
        assert!(
            content(plan, "config/samples/kustomization.yaml")
                .ends_with("resources:\n- cache_v1alpha1_memcached.yaml\n# +kubebuilder:scaffold:manifestskustomizesamples\n")
        );
    }

    #[test]
    fn a_controller_of_a_built_in_kind_uses_the_k8s_openapi_type() {
        let dir = operator();
        let root = dir.path();
        let created = super::plan(
            root,
            &root.join("apis/src"),
            &new_api("apps", "v1", "Deployment", false),
        )
        .unwrap();
        assert_eq!(created.kind_file, None);
        let controller = content(&created.plan, "src/controllers/deployment.rs");
        assert!(controller.contains("use k8s_openapi::api::apps::v1::Deployment;"));
        assert!(controller.contains(
            "// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update;patch;delete\n"
        ));
        assert!(controller.contains("tracing::info!("), "{controller}");
        let pod = super::plan(
            root,
            &root.join("apis/src"),
            &new_api("core", "v1", "Pod", false),
        )
        .unwrap();
        assert!(
            content(&pod.plan, "src/controllers/pod.rs")
                .contains("// +kubebuilder:rbac:groups=core,resources=pods,verbs=")
        );
        // Only the controller and its registration: no sample, no type.
        assert_eq!(created.plan.files.len(), 2);
    }

    #[test]
    fn a_controller_of_an_existing_kind_follows_its_status() {
        let dir = operator();
        let root = dir.path();
        let input = root.join("apis/src");
        // The kind from the template: conditions in its status.
        super::plan(
            root,
            &input,
            &NewApi {
                controller: false,
                ..new_api("cache.example.com", "v1", "Memcached", true)
            },
        )
        .unwrap()
        .plan
        .write()
        .unwrap();
        let created = super::plan(
            root,
            &input,
            &new_api("cache.example.com", "v1", "Memcached", false),
        )
        .unwrap();
        let controller = content(&created.plan, "src/controllers/memcached.rs");
        assert!(controller.contains("set_status_condition"), "{controller}");
        // A status without conditions: the plain reconciler.
        let kind_file = input.join("cache/v1/memcached.rs");
        let text = std::fs::read_to_string(&kind_file).unwrap();
        std::fs::write(
            &kind_file,
            text.replace(
                "pub conditions: Vec<Condition>,",
                "pub phases: Vec<Condition>,",
            ),
        )
        .unwrap();
        let created = super::plan(
            root,
            &input,
            &new_api("cache.example.com", "v1", "Memcached", false),
        )
        .unwrap();
        let controller = content(&created.plan, "src/controllers/memcached.rs");
        assert!(!controller.contains("set_status_condition"), "{controller}");
        assert!(
            controller.contains("resources=memcacheds/status"),
            "{controller}"
        );
    }

    fn error(root: &Path, api: &NewApi) -> String {
        super::plan(root, &root.join("apis/src"), api)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn flags_that_make_no_sense_say_what_to_write() {
        let dir = operator();
        let root = dir.path();
        assert_eq!(
            error(
                root,
                &NewApi {
                    resource: false,
                    controller: false,
                    ..api("cache.example.com", "v1", "Memcached")
                }
            ),
            "--resource=false and --controller=false leave nothing to create\n  = help: drop one of them: `--resource=false` writes only a controller, `--controller=false` only the kind"
        );
        assert_eq!(
            error(root, &new_api("apps", "v1", "Deployment", true)),
            "`apps` is a built-in API group: the types of its kinds come with k8s-openapi\n  = help: to write a controller for a built-in kind, add `--resource=false` (`--group apps --version v1 --kind Deployment --resource=false`); a kind of your own needs a group of your domain, such as `--group apps.example.com`"
        );
        assert_eq!(
            error(root, &new_api("batch", "v1beta1", "CronJob", false)),
            "`batch/v1beta1` has no built-in kind `CronJob`\n  = help: `CronJob` is in `v1`: `--version v1`"
        );
        let unknown = error(root, &new_api("apps", "v1", "Deploy", false));
        assert!(
            unknown.starts_with("`apps/v1` has no built-in kind `Deploy`\n  = help: the kinds of `apps` a controller can reconcile: ControllerRevision (v1), DaemonSet (v1), Deployment (v1), ReplicaSet (v1), StatefulSet (v1)"),
            "{unknown}"
        );
        assert_eq!(
            error(
                root,
                &new_api("cache.example.com", "v1", "Memcached", false)
            ),
            format!(
                "no kind `Memcached` in `cache.example.com/v1` in {}\n  = help: create the kind first (drop `--resource=false` to write the kind and its controller), or check --group, --version and --kind; built-in kinds are in groups such as `apps` and `core`",
                root.join("apis/src").display()
            )
        );
        let plain = tempfile::tempdir().unwrap();
        assert_eq!(
            error(
                plain.path(),
                &new_api("cache.example.com", "v1", "Memcached", true)
            ),
            format!(
                "no operator here to add a controller to: {} does not exist\n  = help: run `kube-codegen create api` in the root of a workspace made by `kube-codegen init`, or pass `--controller=false` to write only the kind",
                plain.path().join("src/controllers/mod.rs").display()
            )
        );
    }

    #[test]
    fn edited_files_without_their_marker_lines_are_refused() {
        let dir = operator();
        let root = dir.path();
        let registry = root.join(layout::CONTROLLERS_MOD);
        std::fs::write(
            &registry,
            "pub mod other;\n// kube-codegen:scaffold:modules\npub fn setup() {}\n",
        )
        .unwrap();
        assert_eq!(
            error(root, &new_api("apps", "v1", "Deployment", false)),
            format!(
                "{}: no `// kube-codegen:scaffold:controllers` line to add `deployment::setup(manager);` at\n  = help: declare and register the controller yourself (`pub mod deployment;` with the modules, `deployment::setup(manager);` in `setup`), or put the marker line back, and run again",
                registry.display()
            )
        );
        let samples = root.join("config/samples/kustomization.yaml");
        std::fs::write(&samples, "resources:\n- mine.yaml\n").unwrap();
        assert_eq!(
            error(root, &new_api("cache.example.com", "v1", "Memcached", true)),
            format!(
                "{}: no `# +kubebuilder:scaffold:manifestskustomizesamples` line to list the sample at\n  = help: add `- cache_v1_memcached.yaml` under `resources:` yourself, and put the marker line back below the list",
                samples.display()
            )
        );
    }

    #[test]
    fn an_existing_controller_is_refused_and_nothing_is_written() {
        let dir = operator();
        let root = dir.path();
        let file = root.join("src/controllers/deployment.rs");
        std::fs::write(&file, "// mine\n").unwrap();
        let before = std::fs::read_to_string(root.join(layout::CONTROLLERS_MOD)).unwrap();
        let err = super::run(
            root,
            &root.join("apis/src"),
            &new_api("apps", "v1", "Deployment", false),
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains(&format!("  {}\n", file.display())), "{err}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "// mine\n");
        assert_eq!(
            std::fs::read_to_string(root.join(layout::CONTROLLERS_MOD)).unwrap(),
            before
        );
    }
}
