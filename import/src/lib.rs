//! `kube-codegen import`: a Go API tree (kubebuilder's `api/<version>`,
//! code-generator's `apis/<group>/<version>`, and shared packages) → this
//! project's input, one Rust module per Go file with every doc comment and
//! marker in place, so that `kube-codegen crd` writes the CRDs controller-gen
//! writes for the Go source (`tests/import-parity` checks it on real
//! projects).
//!
//! The stages, one file each: [`go_syntax`] reads Go with tree-sitter's Go
//! grammar into [`go_model`]; [`packages`] finds the packages (through
//! `go.mod`, [`go_mod`], for those of other modules); [`version`] builds a
//! Rust module per API version, [`resolve`] mapping type expressions
//! ([`known`] for Kubernetes' own types), [`fields`] the field rules and
//! [`comments`] the comments; [`render`] writes the text. The Rust is then
//! read back by the generator's own parser and CRD checks before anything is
//! written, so what `import` writes, `generate` takes.

mod comments;
mod conversion;
mod fields;
mod go_mod;
mod go_model;
mod go_syntax;
mod known;
mod naming;
mod packages;
mod render;
mod resolve;
mod rust_model;
mod version;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use kube_codegen::diag::{Diagnostic, Diagnostics};
use kube_codegen::emit::crd::CrdOptions;
use kube_codegen::model::Location;
use kube_codegen::parse::ParseOptions;
use kube_codegen::pipeline::Error;
use kube_codegen::write::{Plan, plan_owned};

pub use render::IMPORTED_MARKER;

/// The line of a scaffolded crate root where module declarations go.
const MODULES_MARKER: &str = "// kube-codegen:scaffold:modules";

/// What to import, and where to.
#[derive(Clone, Debug)]
pub struct ImportOptions {
    /// Directories of Go packages: API trees and shared packages.
    pub go_dirs: Vec<PathBuf>,
    /// The input directory to write (`apis/src`).
    pub output_dir: PathBuf,
    /// The CRD options the imported input is checked with (controller-gen's
    /// `crd:` options of the Go project, such as `allowDangerousTypes`).
    pub crd: CrdOptions,
}

/// The result of an import, not yet on disk.
#[derive(Debug)]
pub struct Imported {
    /// The files under the group directories the import owns.
    pub plan: Plan,
    /// Edits of files the user owns: the crate root's module list and the
    /// crate's dependencies (path, new text), when they need one.
    pub edits: Vec<(PathBuf, String)>,
    /// The generator's warnings about the imported input.
    pub warnings: Diagnostics,
    /// How many Go packages became version modules.
    pub versions: usize,
}

impl Imported {
    /// Whether disk already holds exactly what the import makes.
    pub fn is_up_to_date(&self) -> bool {
        self.plan.is_empty() && self.edits.is_empty()
    }

    /// A unified diff from disk to what the import makes.
    pub fn unified_diff(&self) -> String {
        let mut out = self.plan.unified_diff();
        for (path, new) in &self.edits {
            let old = std::fs::read_to_string(path).unwrap_or_default();
            let a = format!("a/{}", path.display());
            let b = format!("b/{}", path.display());
            out.push_str(
                &similar::TextDiff::from_lines(&old, new)
                    .unified_diff()
                    .context_radius(3)
                    .header(&a, &b)
                    .to_string(),
            );
        }
        out
    }

    /// Writes the plan and the edits (each file atomically).
    pub fn apply(&self) -> Result<(), Error> {
        self.plan.apply().map_err(|source| Error::Io {
            path: PathBuf::from("."),
            source,
        })?;
        for (path, text) in &self.edits {
            std::fs::write(path, text).map_err(|source| Error::Io {
                path: path.clone(),
                source,
            })?;
        }
        Ok(())
    }
}

/// Reads the Go packages, builds the Rust input and checks it with the
/// generator's parser and CRD checks; writes nothing.
pub fn import(options: &ImportOptions) -> Result<Imported, Error> {
    let mut diags = Vec::new();
    let mut packages = packages::Packages::read_roots(&options.go_dirs, &mut diags);
    let roots = packages.dirs();
    load_imports(&mut packages, &mut diags);

    let versions: Vec<(&packages::Package, String)> = roots
        .iter()
        .filter_map(|dir| packages.by_dir.get(dir))
        .filter_map(|p| group_name(p).map(|g| (p, g)))
        .collect();
    if versions.is_empty() && diags.is_empty() {
        diags.push(
            Diagnostic::error(
                "no Go package with a `+groupName` marker",
                Location {
                    file: options.go_dirs.first().cloned().unwrap_or_default(),
                    line: 0,
                    column: 0,
                },
            )
            .with_help(
                "name the API tree: kubebuilder's `api/` (`api/<version>/groupversion_info.go`) or \
                 code-generator's `apis/` (`apis/<group>/<version>/doc.go`), whose packages carry \
                 `// +groupName=<group>`",
            ),
        );
    }
    let group_modules = group_modules(versions.iter().map(|(_, g)| g.as_str()));
    let mut built = Vec::new();
    for (pkg, group) in &versions {
        let (v, more) = version::build(&packages, pkg, group, &group_modules[group]);
        diags.extend(more);
        built.push(v);
    }
    duplicate_versions(&built, &mut diags);
    if diags.iter().any(Diagnostic::is_error) {
        return Err(Error::Input(sorted(diags)));
    }
    let warnings = diags;

    let mut files = render_all(&built);
    let checked = match check(&files, &options.crd) {
        Err(Error::Input(diags)) if !lossy_kinds(&diags).is_empty() => {
            // Versions that differ: the Go project converts them by webhook
            // (kubebuilder patches the CRD with kustomize), which kube-codegen
            // declares with markers on the storage version.
            let kinds = lossy_kinds(&diags);
            for v in &mut built {
                conversion::declare(v, &kinds);
            }
            files = render_all(&built);
            check(&files, &options.crd)?
        }
        other => other?,
    };
    let mut all_warnings = warnings;
    all_warnings.extend(checked.0);

    let desired: BTreeMap<PathBuf, String> = files
        .iter()
        .filter(|(rel, _)| rel.as_path() != Path::new("lib.rs"))
        .map(|(rel, text)| (options.output_dir.join(rel), text.clone()))
        .collect();
    let owned: Vec<PathBuf> = built
        .iter()
        .map(|v| options.output_dir.join(&v.group_module))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let plan = plan_owned(&owned, &desired, IMPORTED_MARKER).map_err(|source| Error::Io {
        path: options.output_dir.clone(),
        source,
    })?;
    let mut edits = Vec::new();
    let groups: BTreeSet<&str> = built.iter().map(|v| v.group_module.as_str()).collect();
    edits.extend(crate_root_edit(&options.output_dir, &groups)?);
    edits.extend(manifest_edit(&options.output_dir, &checked.1)?);
    Ok(Imported {
        plan,
        edits,
        warnings: sorted(all_warnings),
        versions: built.len(),
    })
}

/// Every package the read packages import, transitively through the
/// packages of Go source that are not Kubernetes' own (whose types are
/// k8s-openapi's; only their named strings are read).
fn load_imports(packages: &mut packages::Packages, diags: &mut Vec<Diagnostic>) {
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut queue: Vec<String> = packages
        .by_dir
        .values()
        .flat_map(|p| p.files.iter().flat_map(|f| f.imports.values().cloned()))
        .collect();
    while let Some(import) = queue.pop() {
        if !seen.insert(import.clone())
            || !import.split('/').next().is_some_and(|h| h.contains('.'))
        {
            continue;
        }
        let Some(pkg) = packages.resolve(&import, diags) else {
            continue;
        };
        if import.starts_with("k8s.io/") {
            continue;
        }
        queue.extend(pkg.files.iter().flat_map(|f| f.imports.values().cloned()));
    }
}

/// The `+groupName` of a package, if it is an API version.
fn group_name(pkg: &packages::Package) -> Option<String> {
    version::package_markers(pkg)
        .iter()
        .find_map(|m| m.strip_prefix("+groupName="))
        .map(|g| g.trim().trim_matches('"').to_owned())
}

/// A Rust module per group: the group name's first label, or the whole name
/// where two groups share it.
fn group_modules<'a>(groups: impl Iterator<Item = &'a str>) -> BTreeMap<String, String> {
    let groups: BTreeSet<&str> = groups.collect();
    let first = |g: &str| naming::module_name(g.split('.').next().unwrap_or(g));
    groups
        .iter()
        .map(|g| {
            let shared = groups.iter().filter(|o| first(o) == first(g)).count() > 1;
            let module = if shared {
                naming::module_name(g)
            } else {
                first(g)
            };
            ((*g).to_owned(), module)
        })
        .collect()
}

fn duplicate_versions(built: &[rust_model::VersionOut], diags: &mut Vec<Diagnostic>) {
    let mut seen: BTreeMap<(&str, &str), &Path> = BTreeMap::new();
    for v in built {
        if let Some(first) = seen.insert((&v.group_module, &v.version_module), &v.from) {
            diags.push(
                Diagnostic::error(
                    format!(
                        "`{}` and `{}` are both version `{}` of `{}`",
                        first.display(),
                        v.from.display(),
                        v.version_module,
                        v.group_name
                    ),
                    Location {
                        file: v.from.clone(),
                        line: 0,
                        column: 0,
                    },
                )
                .with_help("import one of them (name its directory with `--go`)"),
            );
        }
    }
}

/// Every file of the input, relative to the output directory, formatted.
fn render_all(built: &[rust_model::VersionOut]) -> BTreeMap<PathBuf, String> {
    let mut out = BTreeMap::new();
    let mut groups: BTreeMap<&str, (Vec<&str>, &str, &Path)> = BTreeMap::new();
    for v in built {
        let dir = PathBuf::from(&v.group_module).join(&v.version_module);
        let defined_in: BTreeMap<String, String> = v
            .files
            .iter()
            .flat_map(|f| {
                f.items
                    .iter()
                    .map(move |i| (i.name().to_owned(), f.stem.clone()))
            })
            .collect();
        for f in &v.files {
            let text = render::file(f, v, &defined_in);
            out.insert(dir.join(format!("{}.rs", f.stem)), text);
        }
        out.insert(dir.join("mod.rs"), render::version_module(v));
        let entry = groups.entry(&v.group_module).or_insert_with(|| {
            (
                Vec::new(),
                &v.group_name,
                v.from.parent().unwrap_or(&v.from),
            )
        });
        entry.0.push(&v.version_module);
    }
    for (module, (mut versions, name, from)) in groups {
        versions.sort_unstable();
        out.insert(
            PathBuf::from(module).join("mod.rs"),
            render::group_module(name, &versions, from),
        );
    }
    let modules: Vec<&str> = out
        .keys()
        .filter_map(|p| p.components().next())
        .filter_map(|c| c.as_os_str().to_str())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut lib = String::from("//! The API types, imported from Go by `kube-codegen import`.\n\n");
    for m in modules {
        lib.push_str(&format!("pub mod {m};\n"));
    }
    out.insert(PathBuf::from("lib.rs"), lib);
    out.into_iter()
        .map(|(path, text)| (path, kube_codegen_scaffold::rustfmt::format(&text)))
        .collect()
}

/// The generator's parse and CRD checks of the imported input: its warnings
/// and the model (for the crate's dependencies), or its errors.
fn check(
    files: &BTreeMap<PathBuf, String>,
    crd: &CrdOptions,
) -> Result<(Vec<Diagnostic>, kube_codegen::model::Api), Error> {
    let sources: Vec<(PathBuf, String)> =
        files.iter().map(|(p, t)| (p.clone(), t.clone())).collect();
    let checked = kube_codegen::pipeline::parse_sources_and_check(
        &sources,
        &ParseOptions::default(),
        Some(crd),
        false,
    )
    .map_err(Error::Input)?;
    Ok((checked.parsed.warnings.0, checked.parsed.api))
}

/// The crate root declaring each group module: written when there is none,
/// else the missing declarations added at `// kube-codegen:scaffold:modules`
/// (or after its last module declaration).
fn crate_root_edit(
    out: &Path,
    groups: &BTreeSet<&str>,
) -> Result<Option<(PathBuf, String)>, Error> {
    let path = out.join("lib.rs");
    let existing = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let mut text =
                String::from("//! The API types, imported from Go by `kube-codegen import`.\n\n");
            for g in groups {
                text.push_str(&format!("pub mod {g};\n"));
            }
            return Ok(Some((path, text)));
        }
        Err(source) => return Err(Error::Io { path, source }),
    };
    let mut text = existing.clone();
    for g in groups {
        let line = format!("pub mod {g};");
        if text
            .lines()
            .any(|l| l.trim() == line || l.trim() == format!("mod {g};"))
        {
            continue;
        }
        text =
            kube_codegen_scaffold::edit::insert_module_before_marker(&text, MODULES_MARKER, &line)
                .unwrap_or_else(|| {
                    let sep = if text.is_empty() || text.ends_with('\n') {
                        ""
                    } else {
                        "\n"
                    };
                    format!("{text}{sep}{line}\n")
                });
    }
    Ok((text != existing).then_some((path, text)))
}

/// The API crate's `Cargo.toml` (above the output directory) with the crates
/// the imported types use added, when it lacks some.
fn manifest_edit(
    out: &Path,
    api: &kube_codegen::model::Api,
) -> Result<Option<(PathBuf, String)>, Error> {
    let Some(path) = out.parent().map(|p| p.join("Cargo.toml")) else {
        return Ok(None);
    };
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(None);
    };
    let inherited = kube_codegen::manifest::workspace_dependencies(&path);
    let added = kube_codegen::manifest_dependencies::add_missing(&text, api, &inherited).map_err(
        |message| Error::Manifest {
            path: path.clone(),
            message,
        },
    )?;
    Ok(added.map(|text| (path, text)))
}

/// The kinds whose versions the generator found to lose data between them
/// (its "converting `Kind` from ..." errors), when those are all its errors.
fn lossy_kinds(diags: &Diagnostics) -> BTreeSet<String> {
    let errors: Vec<&Diagnostic> = diags.iter().filter(|d| d.is_error()).collect();
    let kinds: Vec<Option<&str>> = errors
        .iter()
        .map(|d| {
            d.message
                .strip_prefix("converting `")
                .and_then(|rest| rest.split_once('`'))
                .map(|(kind, _)| kind)
        })
        .collect();
    if kinds.iter().any(Option::is_none) {
        return BTreeSet::new();
    }
    kinds.into_iter().flatten().map(str::to_owned).collect()
}

/// Sorted, each once (a shared package copied into several versions is read
/// for each).
fn sorted(diags: Vec<Diagnostic>) -> Diagnostics {
    let mut all = Diagnostics(diags);
    all.sort();
    all.0.dedup();
    all
}
