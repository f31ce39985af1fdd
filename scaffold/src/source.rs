//! Where a new workspace takes kube-codegen's own crates from (the runtime, the
//! manager, the conversion webhook): a kube-codegen source tree on disk, a git
//! repository, or the registry. `init` writes the choice once, into the root
//! `Cargo.toml`'s `[workspace.dependencies]`, which every crate of the
//! workspace inherits (`kube-codegen-runtime = { workspace = true }`).
//!
//! `--runtime` spells a source the way cargo does:
//!
//! | `--runtime`                                  | writes                                        |
//! |----------------------------------------------|-----------------------------------------------|
//! | `../kube-codegen`, `/src/kube-codegen`       | `{ version = "0.1.0", path = "/src/kube-codegen/runtime" }` |
//! | `git+https://host/kube-codegen?tag=v0.1.0`   | `{ version = "0.1", git = "https://host/kube-codegen", tag = "v0.1.0" }` |
//! | `0.1`, `=0.1.3`                              | `"0.1"`, `"=0.1.3"`                           |
//!
//! A path is anything with a `/` (or `.`, `~`) that is not a URL, a git source
//! a URL (`git+` optional; `?rev=`, `?tag=`, `?branch=` or `#<rev>` pick the
//! commit), a version anything cargo reads as a version requirement.

use std::path::{Path, PathBuf};

use semver::{Version, VersionReq};
use toml_edit::{DocumentMut, InlineTable, Item, Value};

use kube_codegen::dependencies::{PROJECT_CRATES, ProjectCrate};

/// A `--runtime` source as given, before it is checked against the disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SourceArg {
    /// A kube-codegen source tree (the directory holding `runtime/`, `manager/`, ...).
    Path(PathBuf),
    /// A git repository holding the crates.
    Git {
        /// The repository's URL.
        url: String,
        /// Which commit of it.
        reference: GitReference,
    },
    /// The registry: one version requirement for every crate.
    Registry(String),
}

/// Which commit of a git repository.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GitReference {
    /// The default branch's head.
    DefaultBranch,
    /// A branch's head (`?branch=`).
    Branch(String),
    /// A tag (`?tag=`).
    Tag(String),
    /// A commit (`?rev=` or `#<commit>`).
    Rev(String),
}

/// Where the crates come from, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A source tree on disk: each crate's directory and version in it.
    Path {
        /// The tree's root, canonical.
        root: PathBuf,
        /// Each crate, its directory and its version.
        crates: Vec<(ProjectCrate, PathBuf, Version)>,
    },
    /// A git repository, at a reference.
    Git {
        /// The repository's URL.
        url: String,
        /// Which commit of it.
        reference: GitReference,
    },
    /// The registry; `None`: each crate's release series.
    Registry(Option<String>),
}

/// Why a source cannot be used.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SourceError {
    /// `--runtime` is none of a path, a git URL and a version.
    #[error(
        "--runtime `{0}` is not a path, a git URL or a version requirement\n  = help: write a kube-codegen source tree (`../kube-codegen`), a git repository (`git+https://host/kube-codegen?tag=v0.1.0`) or a version (`0.1`)"
    )]
    Unrecognised(String),
    /// A git URL's query names something other than one `rev`, `tag` or `branch`.
    #[error(
        "--runtime `{url}`: `{query}` is not a git reference\n  = help: pick the commit with one of `?rev=<commit>`, `?tag=<tag>`, `?branch=<branch>` (or `#<commit>`), or leave it out for the default branch"
    )]
    GitQuery {
        /// The URL as given.
        url: String,
        /// Its query.
        query: String,
    },
    /// The directory holds none, or not all, of the crates.
    #[error(
        "{}: not a kube-codegen source tree: {} not found in it or the directories right below it\n  = help: give the directory of a kube-codegen checkout (the one holding `runtime/` and `manager/`), or another --runtime source",
        .root.display(),
        .missing.join(", ")
    )]
    NotASourceTree {
        /// The directory given.
        root: PathBuf,
        /// The crates not found in it.
        missing: Vec<&'static str>,
    },
    /// A crate of the source tree is of another release series.
    #[error(
        "{}: {name} is {version}, but this kube-codegen writes code for {name} {series}\n  = help: use the kube-codegen built from that tree, or a source of {name} {series}",
        .manifest.display()
    )]
    OtherSeries {
        /// The crate's `Cargo.toml`.
        manifest: PathBuf,
        /// The crate.
        name: &'static str,
        /// Its version in the tree.
        version: Version,
        /// The series this kube-codegen writes code for.
        series: &'static str,
    },
    /// A registry version that admits no release this kube-codegen writes code for.
    #[error(
        "--runtime `{requirement}`: this kube-codegen writes code for {name} {series}, which `{requirement}` does not admit\n  = help: write `--runtime {series}` (or a requirement within it), or run the kube-codegen release that writes code for the runtime you want"
    )]
    VersionOutsideSeries {
        /// The requirement given.
        requirement: String,
        /// The crate.
        name: &'static str,
        /// The series this kube-codegen writes code for.
        series: &'static str,
    },
    /// A manifest of the tree cannot be read.
    #[error("{}: {message}", .path.display())]
    Manifest {
        /// The `Cargo.toml`.
        path: PathBuf,
        /// Why it cannot be read.
        message: String,
    },
}

impl SourceArg {
    /// Reads a `--runtime` value (see the module docs).
    pub fn parse(arg: &str) -> Result<SourceArg, SourceError> {
        let trimmed = arg.trim();
        if let Some(git) = git_url(trimmed) {
            return parse_git(trimmed, git);
        }
        let looks_like_path = trimmed.contains('/')
            || trimmed.starts_with('.')
            || trimmed.starts_with('~')
            || Path::new(trimmed).is_dir();
        if looks_like_path {
            return Ok(SourceArg::Path(expand_home(trimmed)));
        }
        match VersionReq::parse(trimmed) {
            Ok(_) if !trimmed.is_empty() => Ok(SourceArg::Registry(trimmed.to_owned())),
            _ => Err(SourceError::Unrecognised(arg.to_owned())),
        }
    }

    /// Checks the source: a tree must hold every crate, of the series this
    /// kube-codegen writes code for; a version must admit that series.
    pub fn resolve(self) -> Result<Source, SourceError> {
        match self {
            SourceArg::Path(root) => resolve_tree(&root),
            SourceArg::Git { url, reference } => Ok(Source::Git { url, reference }),
            SourceArg::Registry(requirement) => {
                let req = VersionReq::parse(&requirement)
                    .map_err(|_| SourceError::Unrecognised(requirement.clone()))?;
                for krate in PROJECT_CRATES {
                    if !admits_series(&req, krate.series) {
                        return Err(SourceError::VersionOutsideSeries {
                            requirement,
                            name: krate.name,
                            series: krate.series,
                        });
                    }
                }
                Ok(Source::Registry(Some(requirement)))
            }
        }
    }
}

/// The URL of a git source (`git+` taken off), if `arg` is one.
fn git_url(arg: &str) -> Option<&str> {
    if let Some(rest) = arg.strip_prefix("git+") {
        return Some(rest);
    }
    let schemes = ["https://", "http://", "ssh://", "git://", "file://"];
    (schemes.iter().any(|s| arg.starts_with(s)) || arg.starts_with("git@")).then_some(arg)
}

/// A git URL with cargo's `?rev=`/`?tag=`/`?branch=` query or `#rev` fragment.
fn parse_git(arg: &str, url: &str) -> Result<SourceArg, SourceError> {
    let (url, fragment) = match url.split_once('#') {
        Some((url, rev)) => (url, Some(rev)),
        None => (url, None),
    };
    let (url, query) = match url.split_once('?') {
        Some((url, query)) => (url, Some(query)),
        None => (url, None),
    };
    let from_query = match query {
        None => None,
        Some(query) => {
            let (key, value) = query.split_once('=').unwrap_or((query, ""));
            let value = percent_decode(value);
            match key {
                _ if value.is_empty() || value.contains('&') => None,
                "rev" => Some(GitReference::Rev(value)),
                "tag" => Some(GitReference::Tag(value)),
                "branch" => Some(GitReference::Branch(value)),
                _ => None,
            }
            .map(Some)
            .ok_or_else(|| SourceError::GitQuery {
                url: arg.to_owned(),
                query: format!("?{query}"),
            })?
        }
    };
    // The fragment is the exact commit (cargo's "precise" revision): it wins.
    let reference = match (fragment.filter(|f| !f.is_empty()), from_query) {
        (Some(rev), _) => GitReference::Rev(rev.to_owned()),
        (None, Some(reference)) => reference,
        (None, None) => GitReference::DefaultBranch,
    };
    Ok(SourceArg::Git {
        url: url.to_owned(),
        reference,
    })
}

/// `%2F` → `/` (cargo writes branch names URL-encoded).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn expand_home(path: &str) -> PathBuf {
    match (path.strip_prefix("~/"), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) => PathBuf::from(home).join(rest),
        _ => PathBuf::from(path),
    }
}

/// Whether `req` admits a release of `series` (`"0.1"`).
pub fn admits_series(req: &VersionReq, series: &str) -> bool {
    kube_codegen::runtime_version::admits(req, series)
}

/// Finds every crate in the tree at `root` (in it or one directory below) and
/// checks its version.
pub fn resolve_tree(root: &Path) -> Result<Source, SourceError> {
    let root = std::path::absolute(root).unwrap_or_else(|_| root.to_owned());
    let root = root.canonicalize().unwrap_or(root);
    let mut candidates = vec![root.clone()];
    if let Ok(entries) = std::fs::read_dir(&root) {
        let mut dirs: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.join("Cargo.toml").is_file())
            .collect();
        dirs.sort();
        candidates.extend(dirs);
    }
    let mut found = Vec::new();
    let mut missing = Vec::new();
    for krate in PROJECT_CRATES {
        let mut hit = None;
        for dir in &candidates {
            if let Some(version) = package_version(dir, krate.name, &root)? {
                hit = Some((dir.clone(), version));
                break;
            }
        }
        match hit {
            Some((dir, version)) => {
                let req = VersionReq::parse(&format!("^{}", krate.series))
                    .expect("a series is a version requirement");
                if !req.matches(&version) {
                    return Err(SourceError::OtherSeries {
                        manifest: dir.join("Cargo.toml"),
                        name: krate.name,
                        version,
                        series: krate.series,
                    });
                }
                found.push((krate, dir, version));
            }
            None => missing.push(krate.name),
        }
    }
    if !missing.is_empty() {
        return Err(SourceError::NotASourceTree { root, missing });
    }
    Ok(Source::Path {
        root,
        crates: found,
    })
}

/// The version of the package `name` whose manifest is in `dir`, if it is that
/// package (`version.workspace = true` read from the tree's root manifest).
fn package_version(dir: &Path, name: &str, root: &Path) -> Result<Option<Version>, SourceError> {
    let path = dir.join("Cargo.toml");
    let Some(document) = read_manifest(&path)? else {
        return Ok(None);
    };
    let package = document.get("package");
    if package.and_then(|p| p.get("name")).and_then(Item::as_str) != Some(name) {
        return Ok(None);
    }
    let version = package.and_then(|p| p.get("version"));
    let inherited = version
        .and_then(|v| v.get("workspace"))
        .and_then(Item::as_bool)
        == Some(true);
    let (text, from) = if inherited {
        let root_manifest = root.join("Cargo.toml");
        let root_doc = read_manifest(&root_manifest)?;
        let text = root_doc.as_ref().and_then(|d| {
            d.get("workspace")?
                .get("package")?
                .get("version")?
                .as_str()
                .map(str::to_owned)
        });
        (text, root_manifest)
    } else {
        (
            version.and_then(Item::as_str).map(str::to_owned),
            path.clone(),
        )
    };
    let text = text.ok_or_else(|| SourceError::Manifest {
        path: from.clone(),
        message: format!("{name} states no version"),
    })?;
    Version::parse(&text)
        .map(Some)
        .map_err(|e| SourceError::Manifest {
            path: from,
            message: format!("`{text}` is not a version: {e}"),
        })
}

fn read_manifest(path: &Path) -> Result<Option<DocumentMut>, SourceError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(SourceError::Manifest {
                path: path.to_owned(),
                message: e.to_string(),
            });
        }
    };
    text.parse::<DocumentMut>()
        .map(Some)
        .map_err(|e| SourceError::Manifest {
            path: path.to_owned(),
            message: format!("invalid TOML: {}", e.message()),
        })
}

impl Source {
    /// The `[workspace.dependencies]` value of `krate` (without the name).
    pub fn requirement(&self, krate: &ProjectCrate) -> Value {
        let mut table = InlineTable::new();
        match self {
            Source::Registry(version) => {
                return Value::from(version.as_deref().unwrap_or(krate.series));
            }
            Source::Path { crates, .. } => {
                let (_, dir, version) = crates
                    .iter()
                    .find(|(c, _, _)| c.name == krate.name)
                    .expect("a resolved tree holds every project crate");
                table.insert("version", Value::from(version.to_string()));
                table.insert("path", Value::from(dir.display().to_string()));
            }
            Source::Git { url, reference } => {
                table.insert("version", Value::from(krate.series));
                table.insert("git", Value::from(url.as_str()));
                match reference {
                    GitReference::DefaultBranch => {}
                    GitReference::Branch(b) => {
                        table.insert("branch", Value::from(b.as_str()));
                    }
                    GitReference::Tag(t) => {
                        table.insert("tag", Value::from(t.as_str()));
                    }
                    GitReference::Rev(r) => {
                        table.insert("rev", Value::from(r.as_str()));
                    }
                }
            }
        }
        table.fmt();
        Value::InlineTable(table)
    }

    /// `name = <requirement>` for every project crate, each after a comment
    /// saying what it is for.
    pub fn workspace_dependency_lines(&self) -> String {
        PROJECT_CRATES
            .iter()
            .map(|krate| {
                format!(
                    "# {}\n{} = {}",
                    krate.why,
                    krate.name,
                    self.requirement(krate).to_string().trim()
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// For a source tree: its root and what of it building the crates needs
    /// (their directories, those of their path dependencies in the tree, and
    /// the root manifest they inherit from), relative to the root. The image
    /// build copies these, and nothing else of the tree.
    pub fn tree_files(&self) -> Option<(PathBuf, Vec<PathBuf>)> {
        let Source::Path { root, crates } = self else {
            return None;
        };
        let mut dirs: Vec<PathBuf> = Vec::new();
        let mut todo: Vec<PathBuf> = crates.iter().map(|(_, dir, _)| dir.clone()).collect();
        let root_doc = read_manifest(&root.join("Cargo.toml")).ok().flatten();
        while let Some(dir) = todo.pop() {
            let dir = dir.canonicalize().unwrap_or(dir);
            if dirs.contains(&dir) || !dir.starts_with(root) || &dir == root {
                continue;
            }
            if let Ok(Some(doc)) = read_manifest(&dir.join("Cargo.toml")) {
                for table in ["dependencies", "build-dependencies"] {
                    let Some(deps) = doc.get(table).and_then(Item::as_table_like) else {
                        continue;
                    };
                    for (name, dep) in deps.iter() {
                        let inherited = dep.get("workspace").and_then(Item::as_bool) == Some(true);
                        let path = if inherited {
                            root_doc
                                .as_ref()
                                .and_then(|d| {
                                    d.get("workspace")?
                                        .get("dependencies")?
                                        .get(name)?
                                        .get("path")?
                                        .as_str()
                                })
                                .map(|p| root.join(p))
                        } else {
                            dep.get("path").and_then(Item::as_str).map(|p| dir.join(p))
                        };
                        todo.extend(path);
                    }
                }
            }
            dirs.push(dir);
        }
        let mut files: Vec<PathBuf> = dirs
            .iter()
            .filter_map(|d| d.strip_prefix(root).ok().map(Path::to_owned))
            .collect();
        files.sort();
        files.insert(0, PathBuf::from("Cargo.toml"));
        Some((root.clone(), files))
    }

    /// What the source is, for `init`'s report.
    pub fn describe(&self) -> String {
        match self {
            Source::Path { root, .. } => format!("the source tree {}", root.display()),
            Source::Git { url, reference } => {
                let at = match reference {
                    GitReference::DefaultBranch => "its default branch".to_owned(),
                    GitReference::Branch(b) => format!("branch {b}"),
                    GitReference::Tag(t) => format!("tag {t}"),
                    GitReference::Rev(r) => format!("commit {r}"),
                };
                format!("the git repository {url}, {at}")
            }
            Source::Registry(None) => {
                let list: Vec<String> = PROJECT_CRATES
                    .iter()
                    .map(|c| format!("{} {}", c.name, c.series))
                    .collect();
                format!("the registry: {}", list.join(", "))
            }
            Source::Registry(Some(req)) => format!("the registry, version `{req}`"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn git(url: &str, reference: GitReference) -> SourceArg {
        SourceArg::Git {
            url: url.to_owned(),
            reference,
        }
    }

    #[test]
    fn parses_each_kind_of_source() {
        let parse = |s: &str| SourceArg::parse(s).unwrap();
        assert_eq!(
            parse("../kube-codegen"),
            SourceArg::Path("../kube-codegen".into())
        );
        assert_eq!(parse("/src/kc"), SourceArg::Path("/src/kc".into()));
        assert_eq!(parse("0.1"), SourceArg::Registry("0.1".into()));
        assert_eq!(parse("=0.1.3"), SourceArg::Registry("=0.1.3".into()));
        assert_eq!(
            parse("git+https://example.com/kc?tag=v0.1.0"),
            git("https://example.com/kc", GitReference::Tag("v0.1.0".into()))
        );
        assert_eq!(
            parse("https://example.com/kc.git"),
            git("https://example.com/kc.git", GitReference::DefaultBranch)
        );
        assert_eq!(
            parse("git+https://example.com/kc?branch=feature%2Fx"),
            git(
                "https://example.com/kc",
                GitReference::Branch("feature/x".into())
            )
        );
        // cargo's install record: the query names the branch, the fragment
        // the commit built; the commit wins.
        assert_eq!(
            parse("git+ssh://git@example.com/kc?branch=main#0123abcd"),
            git(
                "ssh://git@example.com/kc",
                GitReference::Rev("0123abcd".into())
            )
        );
    }

    #[test]
    fn bad_sources_say_what_to_write() {
        assert_eq!(
            SourceArg::parse("latest").unwrap_err().to_string(),
            "--runtime `latest` is not a path, a git URL or a version requirement\n  = help: write a kube-codegen source tree (`../kube-codegen`), a git repository (`git+https://host/kube-codegen?tag=v0.1.0`) or a version (`0.1`)"
        );
        assert_eq!(
            SourceArg::parse("git+https://example.com/kc?version=1")
                .unwrap_err()
                .to_string(),
            "--runtime `git+https://example.com/kc?version=1`: `?version=1` is not a git reference\n  = help: pick the commit with one of `?rev=<commit>`, `?tag=<tag>`, `?branch=<branch>` (or `#<commit>`), or leave it out for the default branch"
        );
        assert_eq!(
            SourceArg::parse("0.2")
                .unwrap()
                .resolve()
                .unwrap_err()
                .to_string(),
            "--runtime `0.2`: this kube-codegen writes code for kube-codegen-runtime 0.1, which `0.2` does not admit\n  = help: write `--runtime 0.1` (or a requirement within it), or run the kube-codegen release that writes code for the runtime you want"
        );
    }

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// A tree shaped like this repository: the crates one level down, one of
    /// them inheriting its version from the workspace.
    fn tree(runtime_version: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(
            &root.join("Cargo.toml"),
            "[workspace]\nmembers = [\"runtime\", \"mgr\", \"conversion\"]\n[workspace.package]\nversion = \"0.1.4\"\n",
        );
        write(
            &root.join("runtime/Cargo.toml"),
            &format!(
                "[package]\nname = \"kube-codegen-runtime\"\nversion = \"{runtime_version}\"\n"
            ),
        );
        write(
            &root.join("mgr/Cargo.toml"),
            "[package]\nname = \"kube-codegen-manager\"\nversion.workspace = true\n",
        );
        write(
            &root.join("conversion/Cargo.toml"),
            "[package]\nname = \"kube-codegen-conversion\"\nversion = \"0.1.0\"\n",
        );
        dir
    }

    #[test]
    fn a_tree_gives_path_dependencies_with_the_versions_in_it() {
        let dir = tree("0.1.2");
        let source = SourceArg::Path(dir.path().to_owned()).resolve().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let lines = source.workspace_dependency_lines();
        assert!(
            lines.contains(&format!(
                "kube-codegen-runtime = {{ version = \"0.1.2\", path = \"{}\" }}",
                root.join("runtime").display()
            )),
            "{lines}"
        );
        assert!(
            lines.contains(&format!(
                "kube-codegen-manager = {{ version = \"0.1.4\", path = \"{}\" }}",
                root.join("mgr").display()
            )),
            "{lines}"
        );
        assert_eq!(
            source.describe(),
            format!("the source tree {}", root.display())
        );
    }

    #[test]
    fn a_tree_without_the_crates_or_of_another_series_is_refused() {
        let dir = tree("0.2.0");
        let err = SourceArg::Path(dir.path().to_owned())
            .resolve()
            .unwrap_err()
            .to_string();
        assert!(
            err.ends_with("runtime/Cargo.toml: kube-codegen-runtime is 0.2.0, but this kube-codegen writes code for kube-codegen-runtime 0.1\n  = help: use the kube-codegen built from that tree, or a source of kube-codegen-runtime 0.1"),
            "{err}"
        );
        std::fs::remove_dir_all(dir.path().join("mgr")).unwrap();
        std::fs::remove_dir_all(dir.path().join("runtime")).unwrap();
        let err = SourceArg::Path(dir.path().to_owned())
            .resolve()
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(": not a kube-codegen source tree: kube-codegen-runtime, kube-codegen-manager not found in it or the directories right below it\n"),
            "{err}"
        );
    }

    #[test]
    fn git_and_registry_sources_write_cargo_spelling() {
        let git = Source::Git {
            url: "https://example.com/kc".into(),
            reference: GitReference::Rev("0123abcd".into()),
        };
        assert_eq!(
            git.requirement(&kube_codegen::dependencies::RUNTIME)
                .to_string()
                .trim(),
            r#"{ version = "0.1", git = "https://example.com/kc", rev = "0123abcd" }"#
        );
        assert_eq!(
            Source::Registry(None)
                .requirement(&kube_codegen::dependencies::MANAGER)
                .to_string()
                .trim(),
            r#""0.1""#
        );
        assert_eq!(
            Source::Registry(Some("=0.1.3".into()))
                .requirement(&kube_codegen::dependencies::RUNTIME)
                .to_string()
                .trim(),
            r#""=0.1.3""#
        );
    }
}
