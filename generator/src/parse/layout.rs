//! Which input files form which version module: reading the input directory,
//! and grouping `<group>/<version>/*.rs` (plus `<group>/<version>.rs`, the
//! other way to write a module file) by version.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

use crate::diag::Diagnostic;
use crate::model::Location;

/// Every `.rs` file under `dir` (recursively, skipping hidden directories and
/// `target`), as (path relative to `dir`, text), in path order.
pub(crate) fn read_tree(dir: &Path) -> (Vec<(PathBuf, String)>, Vec<Diagnostic>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    walk(dir, Path::new(""), &mut files, &mut errors);
    files.sort_by(|a, b| a.0.cmp(&b.0));
    (files, errors)
}

fn whole(path: &Path) -> Location {
    Location {
        file: path.to_owned(),
        line: 0,
        column: 0,
    }
}

fn walk(dir: &Path, rel: &Path, files: &mut Vec<(PathBuf, String)>, errors: &mut Vec<Diagnostic>) {
    let here = dir.join(rel);
    let entries = match std::fs::read_dir(&here) {
        Ok(entries) => entries,
        Err(e) => {
            errors.push(
                Diagnostic::error(format!("cannot read directory: {e}"), whole(&here)).with_help(
                    "pass the directory that holds `<group>/<version>/mod.rs`, such as `apis/src`",
                ),
            );
            return;
        }
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name_str = name.to_string_lossy();
        let child_rel = rel.join(&name);
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            if !name_str.starts_with('.') && name_str != "target" {
                walk(dir, &child_rel, files, errors);
            }
        } else if name_str.ends_with(".rs") {
            let path = dir.join(&child_rel);
            match std::fs::read_to_string(&path) {
                Ok(text) => files.push((child_rel, text)),
                Err(e) => errors.push(Diagnostic::error(
                    format!("cannot read file: {e}"),
                    whole(&path),
                )),
            }
        }
    }
}

/// The files of one candidate version module.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct VersionDir {
    pub group_module: String,
    pub version_module: String,
    /// Indices into the file list, in path order.
    pub files: Vec<usize>,
    /// `mod.rs` in the directory, or `<group>/<version>.rs` next to it.
    pub module_file: Option<usize>,
}

fn parts(rel: &Path) -> Vec<String> {
    rel.components()
        .filter_map(|c| match c {
            Component::Normal(s) => Some(s.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect()
}

/// Groups files into candidate version modules: `<g>/<v>/<file>.rs` and
/// `<g>/<v>.rs`. Whether a candidate really is a version is decided by its
/// `+groupName` marker.
pub(crate) fn version_dirs(rels: &[PathBuf]) -> Vec<VersionDir> {
    let mut dirs: BTreeMap<(String, String), VersionDir> = BTreeMap::new();
    for (i, rel) in rels.iter().enumerate() {
        let p = parts(rel);
        let (group, version, is_module_file) = match p.as_slice() {
            [g, v, file] => (g, v.clone(), file == "mod.rs"),
            [g, file] if file != "mod.rs" => match file.strip_suffix(".rs") {
                Some(stem) => (g, stem.to_owned(), true),
                None => continue,
            },
            _ => continue,
        };
        let dir = dirs
            .entry((group.clone(), version.clone()))
            .or_insert_with(|| VersionDir {
                group_module: group.clone(),
                version_module: version,
                files: Vec::new(),
                module_file: None,
            });
        dir.files.push(i);
        // `<v>/mod.rs` wins over `<v>.rs` (having both does not compile anyway).
        if is_module_file && (dir.module_file.is_none() || p.len() == 3) {
            dir.module_file = Some(i);
        }
    }
    let mut out: Vec<VersionDir> = dirs.into_values().collect();
    for d in &mut out {
        d.files.sort_by(|a, b| rels[*a].cmp(&rels[*b]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_files_by_version() {
        let rels: Vec<PathBuf> = [
            "lib.rs",
            "myapp/mod.rs",
            "myapp/v1/app.rs",
            "myapp/v1/mod.rs",
            "myapp/v2.rs",
            "myapp/v2/app.rs",
            "myapp/v1/deep/x.rs",
        ]
        .iter()
        .map(PathBuf::from)
        .collect();
        let dirs = version_dirs(&rels);
        assert_eq!(
            dirs,
            vec![
                VersionDir {
                    group_module: "myapp".into(),
                    version_module: "v1".into(),
                    files: vec![2, 3],
                    module_file: Some(3)
                },
                VersionDir {
                    group_module: "myapp".into(),
                    version_module: "v2".into(),
                    files: vec![5, 4],
                    module_file: Some(4)
                },
            ]
        );
    }
}
