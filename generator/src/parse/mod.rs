//! The parser: plain Rust type files with Go-style markers in comments → the
//! [`Api`] model, validated.
//!
//! Input layout: `<input>/<group>/<version>/mod.rs` whose `//!` lines carry
//! `+groupName=...`, plus every other `.rs` file of that directory. Files
//! outside version modules (`lib.rs`, `<group>/mod.rs`) are read but ignored.
//!
//! Each file has one job: `layout` finds the version modules, `comments`
//! attaches comment lines to items, `markers` knows the marker grammar and
//! `marker_values` the value syntax,
//! `marker_registry` the known markers, `types` resolves field types,
//! `serde_attrs` reads serde attributes, [`naming`] pluralises kinds,
//! [`version_priority`] orders versions, and `kind`, `item`, `module` and
//! `version` build the model from all of that.
//!
//! Decisions worth knowing:
//! - The status subresource is on with `+kubebuilder:subresource:status`, or
//!   with `+genclient` (without `noStatus`) on a type that has a `status` field.
//! - A kind that exists in exactly one version of its group is that version's
//!   storage version without `+kubebuilder:storageversion`.
//! - Unknown markers are errors; markers of other Go tools (`+kubebuilder:rbac`,
//!   `+k8s:openapi-gen`, `+protobuf`, ...) and markers attached to nothing are
//!   warnings.
//! - Inside a proc macro, spans only carry real locations under proc-macro2's
//!   fallback implementation (`proc_macro2::fallback::force()`).

pub(crate) mod cel_syntax;
pub mod comments;
mod context;
pub mod conversion;
pub mod crate_types;
mod item;
mod kind;
mod layout;
pub mod marker_registry;
pub mod marker_values;
pub mod markers;
mod module;
pub mod naming;
mod reexports;
mod schema_markers;
pub mod serde_attrs;
mod source;
pub mod suggest;
mod types;
mod uses;
mod version;
pub mod version_priority;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{Api, Group, Location};

pub use item::struct_end_line;

use comments::{CommentStyle, Comments};
use markers::raw_marker;
pub use markers::{MarkerSupport, marker_support};
use source::SourceText;
use version::{LoadedFile, VersionInput};

/// Settings of a parse.
#[derive(Default, Clone, Debug)]
pub struct ParseOptions {
    /// Kind → plural (`Endpoints` → `Endpoints`), like client-gen's
    /// `--plural-exceptions`; compared case-sensitively with the kind, the plural
    /// is lower-cased. `naming::DEFAULT_PLURAL_EXCEPTIONS` apply unless overridden.
    pub plural_exceptions: BTreeMap<String, String>,
}

/// More checks of the model, run once it is assembled and validated, before
/// the diagnostics are sorted and given their source lines: `(model, the
/// diagnostics so far) -> more diagnostics`. The pipeline builds the CRDs here
/// (once), so that one run reports the input's errors and the CRDs' together.
pub type Check<'a> = &'a mut dyn FnMut(&Api, &[Diagnostic]) -> Vec<Diagnostic>;

/// A successful parse.
#[derive(Debug)]
pub struct Parsed {
    /// The model, validated.
    pub api: Api,
    /// Every file read, for `cargo:rerun-if-changed`.
    pub inputs: Vec<PathBuf>,
    /// Warnings (never errors: with an error the parse fails).
    pub warnings: Diagnostics,
}

/// Parses and validates the API under `input_dir`. Locations are
/// `input_dir.join(<relative path>)`. On error, every diagnostic found (errors
/// and warnings, in file order) is returned.
pub fn parse_dir(input_dir: &Path, opts: &ParseOptions) -> Result<Parsed, Diagnostics> {
    parse_dir_with(input_dir, opts, &mut |_, _| Vec::new())
}

/// [`parse_dir`], with `check`'s diagnostics reported too.
pub fn parse_dir_with(
    input_dir: &Path,
    opts: &ParseOptions,
    check: Check<'_>,
) -> Result<Parsed, Diagnostics> {
    let (files, errors) = layout::read_tree(input_dir);
    let inputs = files
        .into_iter()
        .map(|(rel, text)| {
            let path = input_dir.join(&rel);
            (rel, path, text)
        })
        .collect();
    run(inputs, errors, opts, input_dir, check)
}

/// Parses and validates in-memory sources; paths are relative to the input
/// root (`myapp/v1/mod.rs`) and used as given in locations. Touches no files.
pub fn parse_sources(
    files: &[(PathBuf, String)],
    opts: &ParseOptions,
) -> Result<Parsed, Diagnostics> {
    parse_sources_with(files, opts, &mut |_, _| Vec::new())
}

/// [`parse_sources`], with `check`'s diagnostics reported too.
pub fn parse_sources_with(
    files: &[(PathBuf, String)],
    opts: &ParseOptions,
    check: Check<'_>,
) -> Result<Parsed, Diagnostics> {
    let inputs = files
        .iter()
        .map(|(rel, text)| (rel.clone(), rel.clone(), text.clone()))
        .collect();
    run(inputs, Vec::new(), opts, Path::new(""), check)
}

/// [`parse_sources_with`], locations shown as `root.join(<relative path>)`
/// (the input of a git commit, shown where it is in the work tree).
pub fn parse_sources_at(
    root: &Path,
    files: &[(PathBuf, String)],
    opts: &ParseOptions,
    check: Check<'_>,
) -> Result<Parsed, Diagnostics> {
    let inputs = files
        .iter()
        .map(|(rel, text)| (rel.clone(), root.join(rel), text.clone()))
        .collect();
    run(inputs, Vec::new(), opts, Path::new(""), check)
}

/// (relative path, path shown in locations, text).
type Input = (PathBuf, PathBuf, String);

fn run(
    inputs: Vec<Input>,
    mut diags: Vec<Diagnostic>,
    opts: &ParseOptions,
    root: &Path,
    check: Check<'_>,
) -> Result<Parsed, Diagnostics> {
    let loaded: Vec<LoadedFile> = inputs
        .into_iter()
        .map(|(rel, path, text)| {
            let comments = Comments::scan(&text);
            LoadedFile {
                rel,
                src: SourceText::new(path, text),
                comments,
            }
        })
        .collect();
    let rels: Vec<PathBuf> = loaded.iter().map(|f| f.rel.clone()).collect();
    let dirs = layout::version_dirs(&rels);

    let mut parsed = Vec::new();
    let mut in_versions = BTreeSet::new();
    for dir in &dirs {
        let input = VersionInput {
            group_module: &dir.group_module,
            version_module: &dir.version_module,
            files: dir.files.iter().map(|i| &loaded[*i]).collect(),
            module_file: dir.module_file.map(|i| &loaded[i]),
        };
        if !input.files.iter().any(|f| has_group_name(f)) {
            if let Some(d) = missing_group_name(&input) {
                diags.push(d);
            }
            continue;
        }
        in_versions.extend(dir.files.iter().copied());
        let markers = version::module_markers(&input, &mut diags);
        if let Some(v) = version::parse(&input, markers, &opts.plural_exceptions, &mut diags) {
            parsed.push((dir.group_module.clone(), v));
        }
    }
    for (_, f) in loaded
        .iter()
        .enumerate()
        .filter(|(i, _)| !in_versions.contains(i))
    {
        if let Some(loc) = group_name_marker(f) {
            diags.push(
                Diagnostic::error("`+groupName` outside a version module", loc)
                    .with_span("+groupName".len())
                    .with_help("API versions live in `<input>/<group>/<version>/mod.rs`; move the marker there"),
            );
        }
    }

    let api = assemble(parsed, &mut diags);
    // A crate root and nothing below it (`apis/src/lib.rs` of a new
    // workspace) is an API without kinds yet; anything else without a version
    // module is a wrong directory or a layout the user did not mean.
    let only_a_crate_root =
        !loaded.is_empty() && loaded.iter().all(|f| f.rel.components().count() == 1);
    if api.groups.is_empty() && !only_a_crate_root && !diags.iter().any(Diagnostic::is_error) {
        diags.push(
            Diagnostic::error(
                "no API version modules found",
                Location {
                    file: root.to_owned(),
                    line: 0,
                    column: 0,
                },
            )
            .with_help(
                "expected `<group>/<version>/mod.rs` starting with `//! +groupName=<group>`",
            ),
        );
    }
    diags.extend(crate::validate::validate(&api));
    let more = check(&api, &diags);
    diags.extend(more);

    let sources: BTreeMap<&Path, &SourceText> = loaded
        .iter()
        .map(|f| (f.src.path.as_path(), &f.src))
        .collect();
    let mut all = Diagnostics(diags);
    all.fill_source_lines(|path, line| {
        sources
            .get(path)
            .and_then(|s| s.line(line))
            .map(str::to_owned)
    });
    all.sort();
    if all.has_errors() {
        return Err(all);
    }
    Ok(Parsed {
        api,
        inputs: loaded.iter().map(|f| f.src.path.clone()).collect(),
        warnings: all,
    })
}

/// Groups versions by `+groupName`, orders them, and makes a kind that lives in
/// exactly one version of its group that version's storage version.
fn assemble(parsed: Vec<(String, version::ParsedVersion)>, diags: &mut Vec<Diagnostic>) -> Api {
    let mut groups: BTreeMap<String, Group> = BTreeMap::new();
    for (module, pv) in parsed {
        let group = groups
            .entry(pv.group_name.clone())
            .or_insert_with(|| Group {
                name: pv.group_name.clone(),
                module: module.clone(),
                go_name: None,
                versions: Vec::new(),
            });
        if group.module != module {
            diags.push(
                Diagnostic::error(
                    format!(
                        "group `{}` is declared by two modules, `{}` and `{module}`",
                        group.name, group.module
                    ),
                    pv.version.location.clone(),
                )
                .with_span("+groupName".len())
                .with_help(format!(
                    "keep every version of a group in one directory: `{}/<version>/`",
                    group.module
                )),
            );
            continue;
        }
        if let Some(go) = pv.group_go_name {
            match &group.go_name {
                Some(existing) if *existing != go => diags.push(
                    Diagnostic::error(
                        format!("`+groupGoName={go}` contradicts `+groupGoName={existing}` of another version"),
                        pv.version.location.clone(),
                    )
                    .with_help("give every version of the group the same `+groupGoName`"),
                ),
                _ => group.go_name = Some(go),
            }
        }
        group.versions.push(pv.version);
    }
    for group in groups.values_mut() {
        group
            .versions
            .sort_by(|a, b| version_priority::compare(&a.name, &b.name));
        let mut versions_of: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for v in &group.versions {
            for t in v.types().filter(|t| t.kind.is_some()) {
                versions_of
                    .entry(t.name.clone())
                    .or_default()
                    .insert(v.name.clone());
            }
        }
        for v in &mut group.versions {
            for t in v.files.iter_mut().flat_map(|f| f.types.iter_mut()) {
                if let Some(kind) = &mut t.kind
                    && versions_of.get(&t.name).is_some_and(|vs| vs.len() == 1)
                {
                    kind.storage_version = true;
                }
            }
        }
    }
    Api {
        groups: groups.into_values().collect(),
    }
}

/// The markers on own-line comments of a file, with their style.
fn raw_markers(f: &LoadedFile) -> impl Iterator<Item = (CommentStyle, markers::RawMarker)> + '_ {
    f.comments
        .all()
        .filter_map(|c| raw_marker(c, &f.src.path).map(|m| (c.style, m)))
}

fn is_named(text: &str, name: &str) -> bool {
    text.strip_prefix('+')
        .and_then(|t| t.strip_prefix(name))
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(['=', ':']))
}

fn group_name_marker(f: &LoadedFile) -> Option<Location> {
    raw_markers(f)
        .find(|(style, m)| *style == CommentStyle::InnerDoc && is_named(&m.text, "groupName"))
        .map(|(_, m)| m.location)
}

fn has_group_name(f: &LoadedFile) -> bool {
    group_name_marker(f).is_some()
}

/// A directory that declares kinds but no group is a mistake worth an error;
/// one without kinds is just a helper module.
fn missing_group_name(input: &VersionInput<'_>) -> Option<Diagnostic> {
    let (_, m) = input
        .files
        .iter()
        .flat_map(|f| raw_markers(f))
        .find(|(style, m)| {
            *style != CommentStyle::InnerDoc
                && (is_named(&m.text, "genclient") || is_named(&m.text, "kubebuilder:object:root"))
        })?;
    let module_file = input.module_file.map_or_else(
        || format!("{}/{}/mod.rs", input.group_module, input.version_module),
        |f| f.rel.display().to_string(),
    );
    let end = m.text.find([' ', '=']).unwrap_or(m.text.len());
    Some(
        Diagnostic::error(
            format!(
                "version module `{}/{}` has no `+groupName`, but declares kinds (`{}`)",
                input.group_module,
                input.version_module,
                &m.text[..end]
            ),
            m.location.clone(),
        )
        .with_span(m.text.chars().count())
        .with_help(format!(
            "add `//! +groupName=<group>` (such as `{}.example.com`) at the top of `{module_file}`",
            input.group_module
        )),
    )
}
