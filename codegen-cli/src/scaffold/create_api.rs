//! `kube-codegen create api`: a marker-annotated type file for a new kind,
//! wired into the group and version modules of the input directory
//! (`<input>/<group>/<version>/<kind>.rs`, the layout `parse/layout.rs` reads).

use std::path::Path;

use super::names::{self, NameError};
use super::templates::{self, fill};
use super::{Error, FilePlan, Written};

/// What to create.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewApi {
    pub group: String,
    pub version: String,
    pub kind: String,
    pub namespaced: bool,
}

impl NewApi {
    /// Checks every name; the first bad one is the error.
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

/// The files to create and the module files to extend under `input_dir`.
pub fn plan(input_dir: &Path, api: &NewApi) -> Result<FilePlan, Error> {
    api.check()?;
    let group_module = names::group_module(&api.group);
    let kind_module = names::kind_module(&api.kind);
    let group_dir = input_dir.join(&group_module);
    let version_dir = group_dir.join(&api.version);
    let mut plan = FilePlan::default();

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
    plan.create(
        version_dir.join(format!("{kind_module}.rs")),
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
    Ok(plan)
}

/// Plans and writes; returns the files created or changed.
pub fn run(input_dir: &Path, api: &NewApi) -> Result<Written, Error> {
    plan(input_dir, api)?.write()
}

/// What to do after `create api` wrote `kind_file`.
pub fn next_steps(kind_file: &Path, output_dir: &Path) -> String {
    format!(
        "\nNext: edit {}, run hack/update-codegen.sh, and install the CRD with `kubectl apply -f {}`.\n",
        kind_file.display(),
        output_dir.join("crds").display()
    )
}

fn read_if_exists(path: &Path) -> Result<Option<String>, Error> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(source) => Err(Error::Io {
            path: path.to_owned(),
            source,
        }),
    }
}

/// Whether `text` has a `mod name;` line (with or without a visibility).
fn declares_module(text: &str, name: &str) -> bool {
    let declaration = format!("mod {name};");
    text.lines().map(str::trim).any(|line| {
        line.strip_suffix(&declaration).is_some_and(|before| {
            let before = before.trim();
            before.is_empty() || before.starts_with("pub")
        })
    })
}

/// `text` with `lines` after it, separated by a blank line.
fn append(text: &str, lines: &str) -> String {
    let body = text.trim_end();
    if body.is_empty() {
        lines.to_owned()
    } else {
        format!("{body}\n\n{lines}")
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
        }
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

        let plan2 = super::plan(dir.path(), &api("cache.example.com", "v2", "Redis")).unwrap();
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
        run(dir.path(), &new).unwrap();
        let before = std::fs::read_to_string(dir.path().join("cache/v1/mod.rs")).unwrap();
        let err = run(dir.path(), &new).unwrap_err().to_string();
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
}
