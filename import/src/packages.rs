//! The Go packages an import reads: those under the directories the user
//! names (API versions and shared packages), and, on demand, any package an
//! API type names, found through the enclosing module's `go.mod` (in the
//! module itself, in a `replace`d directory, or in the Go module cache).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::go_mod::GoMod;
use super::go_model::GoFile;
use super::go_syntax;
use kube_codegen::diag::Diagnostic;
use kube_codegen::model::Location;

/// One Go package: a directory's non-test `.go` files.
#[derive(Debug)]
pub(crate) struct Package {
    pub dir: PathBuf,
    /// The import path, when the directory is in a Go module.
    pub import_path: Option<String>,
    pub name: String,
    /// Sorted by file name.
    pub files: Vec<GoFile>,
}

/// Every package read so far, by directory, and the modules they are in.
#[derive(Default)]
pub(crate) struct Packages {
    pub by_dir: BTreeMap<PathBuf, Package>,
    by_import: BTreeMap<String, PathBuf>,
    modules: Vec<GoMod>,
}

impl Packages {
    /// Reads every package under each of `roots` (skipping `testdata`,
    /// `vendor` and hidden directories); syntax errors are diagnostics.
    pub fn read_roots(roots: &[PathBuf], diags: &mut Vec<Diagnostic>) -> Packages {
        let mut out = Packages::default();
        for root in roots {
            if !root.is_dir() {
                diags.push(
                    Diagnostic::error(
                        "no such directory",
                        Location {
                            file: root.clone(),
                            line: 0,
                            column: 0,
                        },
                    )
                    .with_help(
                        "`--go` takes a directory of Go packages (`api/`, `apis/`, or one package)",
                    ),
                );
                continue;
            }
            if let Some(m) = GoMod::enclosing(root)
                && !out.modules.iter().any(|k| k.dir == m.dir)
            {
                out.modules.push(m);
            }
            for dir in package_dirs(root) {
                out.load(&dir, diags);
            }
        }
        out
    }

    /// The directories of the packages read from the roots, in order.
    pub fn dirs(&self) -> Vec<PathBuf> {
        self.by_dir.keys().cloned().collect()
    }

    /// The package at import path `import`, read on first use; `None` when
    /// no module the import knows holds it.
    pub fn resolve(&mut self, import: &str, diags: &mut Vec<Diagnostic>) -> Option<&Package> {
        if let Some(dir) = self.by_import.get(import) {
            return self.by_dir.get(dir);
        }
        let dir = self
            .modules
            .iter()
            .filter_map(|m| m.locate(import))
            .find(|d| d.is_dir())?;
        self.load(&dir, diags);
        let dir = self.by_import.get(import)?.clone();
        self.by_dir.get(&dir)
    }

    fn load(&mut self, dir: &Path, diags: &mut Vec<Diagnostic>) {
        if self.by_dir.contains_key(dir) {
            return;
        }
        let mut names: Vec<PathBuf> = match std::fs::read_dir(dir) {
            Ok(entries) => entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| is_go_source(p))
                .collect(),
            Err(_) => return,
        };
        names.sort();
        let mut files = Vec::new();
        for path in names {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            match go_syntax::parse(&path, &text) {
                Ok(file) => files.push(file),
                Err(e) => diags.push(
                    Diagnostic::error(
                        "syntax error in Go source",
                        Location {
                            file: path.clone(),
                            line: e.pos.line,
                            column: e.pos.column,
                        },
                    )
                    .with_span(e.width)
                    .with_source_line(text.lines().nth(e.pos.line - 1).unwrap_or_default())
                    .with_help("the package must build with `go build`; fix the Go source first"),
                ),
            }
        }
        // Files of another package in the same directory (`package main`
        // generators behind build tags) are not the package.
        let name = majority_package(&files);
        files.retain(|f| f.package == name);
        if files.is_empty() {
            return;
        }
        let module = self
            .modules
            .iter()
            .find(|m| m.import_path_of(dir).is_some())
            .cloned()
            .or_else(|| GoMod::enclosing(dir));
        let import_path = module.as_ref().and_then(|m| m.import_path_of(dir));
        if let Some(m) = module
            && !self.modules.iter().any(|k| k.dir == m.dir)
        {
            self.modules.push(m);
        }
        if let Some(path) = &import_path {
            self.by_import.insert(path.clone(), dir.to_owned());
        }
        self.by_dir.insert(
            dir.to_owned(),
            Package {
                dir: dir.to_owned(),
                import_path,
                name,
                files,
            },
        );
    }
}

fn majority_package(files: &[GoFile]) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for f in files {
        *counts.entry(f.package.as_str()).or_default() += 1;
    }
    counts
        .into_iter()
        .max_by_key(|(_, n)| *n)
        .map(|(name, _)| name.to_owned())
        .unwrap_or_default()
}

fn is_go_source(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    name.ends_with(".go") && !name.ends_with("_test.go") && !name.starts_with(['.', '_'])
}

/// `root` and every directory below it that holds Go source, in path order.
fn package_dirs(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_owned()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut has_go = false;
        for entry in entries.filter_map(Result::ok) {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if !(name.starts_with(['.', '_']) || name == "testdata" || name == "vendor") {
                    stack.push(path);
                }
            } else if is_go_source(&path) {
                has_go = true;
            }
        }
        if has_go {
            out.push(dir);
        }
    }
    out.sort();
    out
}
