//! What `generate` would change on disk, and how to apply or show it.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::header::carries;

/// One difference between the desired output and the disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The file does not exist yet.
    Create { path: PathBuf, new: String },
    /// The file exists with other content (stale, or edited by hand).
    Update {
        path: PathBuf,
        old: String,
        new: String,
    },
    /// A generated file that the input no longer produces.
    Remove { path: PathBuf, old: String },
}

impl Change {
    pub fn path(&self) -> &Path {
        match self {
            Change::Create { path, .. }
            | Change::Update { path, .. }
            | Change::Remove { path, .. } => path,
        }
    }
}

/// The changes needed to bring the managed directories in line with the output.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    pub changes: Vec<Change>,
    /// Files already up to date.
    pub unchanged: usize,
    roots: Vec<PathBuf>,
}

/// Compares `desired` (path → final content) with the disk. Every generated file
/// (one carrying the marker) under `roots` that is not desired is to be removed;
/// hand-written files there are never touched.
pub fn plan(roots: &[PathBuf], desired: &BTreeMap<PathBuf, String>) -> io::Result<Plan> {
    plan_owned(roots, desired, super::GENERATED_MARKER)
}

/// [`plan`] for files another tool of ours owns: those carrying `marker`
/// (`kube-codegen import`'s files) are replaced and removed, no others.
pub fn plan_owned(
    roots: &[PathBuf],
    desired: &BTreeMap<PathBuf, String>,
    marker: &str,
) -> io::Result<Plan> {
    let is_generated = |text: &str| carries(text, marker);
    let mut plan = Plan {
        roots: roots.to_vec(),
        ..Plan::default()
    };
    for (path, new) in desired {
        match read_if_exists(path)? {
            None => plan.changes.push(Change::Create {
                path: path.clone(),
                new: new.clone(),
            }),
            Some(old) if old == *new => plan.unchanged += 1,
            Some(old) if !is_generated(&old) => {
                return Err(io::Error::other(format!(
                    "{} exists and was not generated (it lacks the `{marker}` line); \
                     refusing to overwrite it: move it away or delete it, then run again",
                    path.display(),
                )));
            }
            Some(old) => plan.changes.push(Change::Update {
                path: path.clone(),
                old,
                new: new.clone(),
            }),
        }
    }
    for root in roots {
        for path in files_under(root)? {
            if desired.contains_key(&path) {
                continue;
            }
            // Binary or unreadable-as-UTF-8 files are never ours.
            if let Ok(old) = fs::read_to_string(&path)
                && is_generated(&old)
            {
                plan.changes.push(Change::Remove { path, old });
            }
        }
    }
    plan.changes.sort_by(|a, b| a.path().cmp(b.path()));
    Ok(plan)
}

impl Plan {
    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }

    /// Applies the plan. Each file is replaced atomically (written to a temporary
    /// file in the same directory, then renamed), so a reader never sees half a file.
    pub fn apply(&self) -> io::Result<()> {
        // Directories are made once, and temporary files named by absolute
        // paths (a relative one costs a `getcwd` per file): a 500-kind crate
        // is 1,258 files in a few dozen directories.
        let cwd = std::env::current_dir()?;
        let mut made = std::collections::BTreeSet::new();
        for change in &self.changes {
            match change {
                Change::Create { path, new } | Change::Update { path, new, .. } => {
                    let dir = path
                        .parent()
                        .filter(|p| !p.as_os_str().is_empty())
                        .unwrap_or(Path::new("."));
                    let dir = cwd.join(dir);
                    if !made.contains(&dir) {
                        fs::create_dir_all(&dir)?;
                        made.insert(dir.clone());
                    }
                    write_atomically(&dir, &cwd.join(path), new)?
                }
                Change::Remove { path, .. } => {
                    fs::remove_file(path)?;
                    self.remove_empty_parents(path)?;
                }
            }
        }
        Ok(())
    }

    /// A unified diff from the disk to the desired output, `git diff` style.
    pub fn unified_diff(&self) -> String {
        let mut out = String::new();
        for change in &self.changes {
            let (old, new, a, b) = match change {
                Change::Create { path, new } => {
                    ("", new.as_str(), "/dev/null".to_owned(), label(path, 'b'))
                }
                Change::Update { path, old, new } => (
                    old.as_str(),
                    new.as_str(),
                    label(path, 'a'),
                    label(path, 'b'),
                ),
                Change::Remove { path, old } => {
                    (old.as_str(), "", label(path, 'a'), "/dev/null".to_owned())
                }
            };
            let diff = similar::TextDiff::from_lines(old, new);
            out.push_str(
                &diff
                    .unified_diff()
                    .context_radius(3)
                    .header(&a, &b)
                    .to_string(),
            );
        }
        out
    }

    fn remove_empty_parents(&self, path: &Path) -> io::Result<()> {
        let mut dir = path.parent();
        while let Some(d) = dir {
            if self.roots.iter().any(|r| r == d) || !self.roots.iter().any(|r| d.starts_with(r)) {
                break;
            }
            if fs::read_dir(d)?.next().is_some() {
                break;
            }
            fs::remove_dir(d)?;
            dir = d.parent();
        }
        Ok(())
    }
}

fn label(path: &Path, side: char) -> String {
    format!("{side}/{}", path.display())
}

fn read_if_exists(path: &Path) -> io::Result<Option<String>> {
    match fs::read(path) {
        Ok(bytes) => Ok(Some(String::from_utf8_lossy(&bytes).into_owned())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Every file below `root`, skipping hidden directories and build output.
fn files_under(root: &Path) -> io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e),
        };
        for entry in entries {
            let entry = entry?;
            let name = entry.file_name();
            let name = name.to_string_lossy();
            let file_type = entry.file_type()?;
            if file_type.is_dir() {
                if !name.starts_with('.') && name != "target" {
                    stack.push(entry.path());
                }
            } else if file_type.is_file() {
                out.push(entry.path());
            }
        }
    }
    out.sort();
    Ok(out)
}

#[cfg(unix)]
fn default_permissions() -> Option<fs::Permissions> {
    use std::os::unix::fs::PermissionsExt;
    Some(fs::Permissions::from_mode(0o644))
}

/// Elsewhere a temporary file already gets the ordinary default mode.
#[cfg(not(unix))]
fn default_permissions() -> Option<fs::Permissions> {
    None
}

/// Writes `path` (in `dir`, which exists) through a temporary file renamed over it.
fn write_atomically(dir: &Path, path: &Path, content: &str) -> io::Result<()> {
    let mut tmp = tempfile::Builder::new()
        .prefix(".kube-codegen-")
        .tempfile_in(dir)?;
    io::Write::write_all(&mut tmp, content.as_bytes())?;
    // Temporary files are created 0600; generated sources are ordinary files, so
    // keep the mode of the file being replaced, or use 0644 for a new one.
    let permissions = match fs::metadata(path) {
        Ok(meta) => Some(meta.permissions()),
        Err(_) => default_permissions(),
    };
    if let Some(permissions) = permissions {
        tmp.as_file().set_permissions(permissions)?;
    }
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const MARK: &str = "// Code generated by kube-codegen. DO NOT EDIT.\n";

    #[test]
    fn creates_updates_and_removes_only_generated_files() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().to_path_buf();
        let same = root.join("src/same.rs");
        let stale = root.join("src/stale.rs");
        let gone = root.join("src/old/gone.rs");
        let hand = root.join("src/hand.rs");
        fs::create_dir_all(root.join("src/old")).unwrap();
        fs::write(&same, format!("{MARK}same\n")).unwrap();
        fs::write(&stale, format!("{MARK}old\n")).unwrap();
        fs::write(&gone, format!("{MARK}gone\n")).unwrap();
        fs::write(&hand, "// mine\n").unwrap();

        let desired = BTreeMap::from([
            (same.clone(), format!("{MARK}same\n")),
            (stale.clone(), format!("{MARK}new\n")),
            (root.join("src/new.rs"), format!("{MARK}fresh\n")),
        ]);
        let plan = plan(std::slice::from_ref(&root), &desired).unwrap();
        assert_eq!(plan.unchanged, 1);
        let kinds: Vec<_> = plan
            .changes
            .iter()
            .map(|c| match c {
                Change::Create { .. } => "create",
                Change::Update { .. } => "update",
                Change::Remove { .. } => "remove",
            })
            .collect();
        assert_eq!(kinds, ["create", "remove", "update"]);
        let diff = plan.unified_diff();
        assert!(diff.contains("-old\n+new\n"), "{diff}");
        assert!(diff.contains("+++ /dev/null"), "{diff}");

        plan.apply().unwrap();
        assert_eq!(fs::read_to_string(&stale).unwrap(), format!("{MARK}new\n"));
        assert!(!gone.exists());
        assert!(
            !root.join("src/old").exists(),
            "empty directory left behind"
        );
        assert_eq!(fs::read_to_string(&hand).unwrap(), "// mine\n");
        let again = super::plan(&[root], &desired).unwrap();
        assert!(again.is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn written_files_are_world_readable_not_temp_file_private() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("src/new.rs");
        let desired = BTreeMap::from([(path.clone(), format!("{MARK}x\n"))]);
        plan(&[dir.path().to_path_buf()], &desired)
            .unwrap()
            .apply()
            .unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o644);
    }

    #[test]
    fn a_hand_written_file_in_the_way_is_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("lib.rs");
        fs::write(&path, "// mine\n").unwrap();
        let desired = BTreeMap::from([(path.clone(), format!("{MARK}x\n"))]);
        let err = plan(&[dir.path().to_path_buf()], &desired).unwrap_err();
        assert!(err.to_string().contains("refusing to overwrite"), "{err}");
        assert_eq!(fs::read_to_string(&path).unwrap(), "// mine\n");
    }
}
